/**
 * What the law of the place called adds to a big `submit_batch`: the same rows (bench/lib/numbers.ts: California, UK
 * and Australian numbers in turn) under `telemarketing` (every rule, every tier) against `informational` under the
 * official rules (none applies to these numbers), at a fixed instant (OUTBOUND_CALLS_TEST_NOW):
 * - by day (Tuesday 10:00 in California): every row allowed, the batch sent to the sandbox;
 * - at night (Wednesday 00:00 in California): every Californian row refused under telemarketing, nothing sent.
 * The baseline at night is the informational batch, sent. A batch over the sandbox's body limit (100,000 rows) is a
 * dry run in both. Each timed call runs on a fresh server warmed by one 1,000-row call of the same case; the cases
 * take turns. The ratio is telemarketing over informational, on the server's CPU time and on the wall time.
 */
import { MAX_BODY_BYTES } from "../../src/sandbox/read-body.js";
import { batchNumbers } from "../lib/numbers.js";
import { StdioRpc } from "../lib/stdio-client.js";
import { median, round } from "../lib/stats.js";
import { firstAgent, type BenchContext } from "./common.js";

/** Tuesday 10:00 in California: inside every Californian rule for the whole span of a 10,000-row batch. */
const DAY = "2026-11-24T18:00:00Z";
/** Wednesday 00:00 in California: outside the federal and the state hours. */
const NIGHT = "2026-11-25T08:00:00Z";

const CASES = {
  day_informational: { at: DAY, purpose: "informational" },
  day_telemarketing: { at: DAY, purpose: "telemarketing" },
  night_informational: { at: NIGHT, purpose: "informational" },
  night_telemarketing: { at: NIGHT, purpose: "telemarketing" },
} as const;
type CaseName = keyof typeof CASES;

export interface LawTiming {
  wall_ms: number;
  cpu_ms: number;
  /** What the call answered: sent (count), a dry run, or refused (the refusal's first line). */
  outcome: string;
  /** Bytes of the answer's text. */
  text_bytes: number;
}

export interface LawSize {
  rows: number;
  dry_run: boolean;
  reps: number;
  cases: Record<CaseName, LawTiming>;
  /** telemarketing / informational, server CPU and wall medians. */
  allowed_ratio_cpu: number;
  allowed_ratio_wall: number;
  refused_ratio_cpu: number;
  refused_ratio_wall: number;
  /** Server CPU per row of the refused batch (telemarketing at night: nothing sent at any size), µs. */
  refused_cpu_us_per_row: number;
}

export interface LawResult {
  sizes: LawSize[];
  /** refused_cpu_us_per_row at the largest size over that at 10,000 rows (1 = linear). */
  linearity: number | undefined;
}

interface Sample {
  wall: number;
  cpu: number;
  outcome: string;
  textBytes: number;
}

async function timedCall(ctx: BenchContext, key: string, name: CaseName, n: number): Promise<Sample> {
  const { at, purpose } = CASES[name];
  const agentId = await firstAgent(ctx, key);
  const numbers = batchNumbers(n);
  const rowsOf = (count: number) =>
    numbers.slice(0, count).map((to, i) => ({ to, agent_id: agentId, contact_name: `Contact ${i}` }));
  const rows = rowsOf(n);
  const dryRun = Buffer.byteLength(JSON.stringify({ calls: rows })) > MAX_BODY_BYTES;
  const rpc = new StdioRpc(
    ctx.realEntry,
    ctx.env(key, {
      OUTBOUND_CALLS_MAX_BATCH_SIZE: String(n),
      OUTBOUND_CALLS_TEST_NOW: at,
      OUTBOUND_CALLS_CALL_PURPOSE: purpose,
      OUTBOUND_CALLS_RULES_PROVENANCE: purpose === "telemarketing" ? "all" : "official",
      // A batch of 10,000 rows at one second a row rings for under three hours: inside California's day.
      OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW: "1",
    }),
  );
  try {
    await rpc.initialize();
    const args = (calls: unknown[]) => ({ calls, repeat_dial: true, ...(dryRun ? { dry_run: true } : {}) });
    await rpc.request("tools/call", { name: "submit_batch", arguments: args(rowsOf(1_000)) });
    const cpuBefore = rpc.preciseCpuMs();
    const started = performance.now();
    const answer = await rpc.request("tools/call", { name: "submit_batch", arguments: args(rows) });
    const wall = performance.now() - started;
    const cpu = rpc.preciseCpuMs() - cpuBefore;
    if (answer.error) throw new Error(`submit_batch (${name}, ${n} rows) failed: ${answer.error.message}`);
    const result = answer.result ?? {};
    const text = ((result.content as { text?: string }[] | undefined) ?? []).map((c) => c.text ?? "").join("\n");
    const count = (result.structuredContent as { count?: number } | undefined)?.count;
    const outcome =
      result.isError === true
        ? `refused: ${text.split("\n")[0]?.slice(0, 160)}`
        : dryRun
          ? "dry run, allowed"
          : `sent, count ${String(count)}`;
    if (result.isError !== true && !dryRun && count !== n) throw new Error(`${name}: count ${String(count)}`);
    return { wall, cpu, outcome, textBytes: Buffer.byteLength(text) };
  } finally {
    await rpc.close();
  }
}

export async function law(ctx: BenchContext): Promise<LawResult> {
  const sizes: LawSize[] = [];
  let keys = 0;
  for (const n of ctx.counts.lawSizes) {
    const reps = n >= 100_000 ? 1 : ctx.counts.lawReps;
    const samples = new Map<CaseName, Sample[]>();
    for (let rep = 0; rep < reps; rep++) {
      // The cases take turns, the order flipping every round, so a busy spell of the machine falls on each.
      const names = Object.keys(CASES) as CaseName[];
      for (const name of rep % 2 === 0 ? names : names.reverse()) {
        const sample = await timedCall(ctx, `sk_test_bench_law_${++keys}`, name, n);
        samples.set(name, [...(samples.get(name) ?? []), sample]);
      }
    }
    const cases = Object.fromEntries(
      [...samples].map(([name, list]) => [
        name,
        {
          wall_ms: round(median(list.map((s) => s.wall))),
          cpu_ms: round(median(list.map((s) => s.cpu))),
          outcome: list[0]!.outcome,
          text_bytes: list[0]!.textBytes,
        },
      ]),
    ) as Record<CaseName, LawTiming>;
    const r = (a: number, b: number) => round(a / b, 2);
    const size: LawSize = {
      rows: n,
      dry_run: cases.day_informational.outcome.startsWith("dry run"),
      reps,
      cases,
      allowed_ratio_cpu: r(cases.day_telemarketing.cpu_ms, cases.day_informational.cpu_ms),
      allowed_ratio_wall: r(cases.day_telemarketing.wall_ms, cases.day_informational.wall_ms),
      refused_ratio_cpu: r(cases.night_telemarketing.cpu_ms, cases.night_informational.cpu_ms),
      refused_ratio_wall: r(cases.night_telemarketing.wall_ms, cases.night_informational.wall_ms),
      refused_cpu_us_per_row: round((cases.night_telemarketing.cpu_ms * 1000) / n, 2),
    };
    sizes.push(size);
    ctx.log(
      `  law ${n}: allowed ${size.allowed_ratio_cpu} (CPU), refused ${size.refused_ratio_cpu} (CPU); ${JSON.stringify(cases)}`,
    );
  }
  const base = sizes.find((s) => s.rows === 10_000);
  const last = sizes[sizes.length - 1];
  const linearity =
    base && last && last !== base ? round(last.refused_cpu_us_per_row / base.refused_cpu_us_per_row, 2) : undefined;
  return { sizes, linearity };
}
