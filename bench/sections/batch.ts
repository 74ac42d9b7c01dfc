/**
 * `submit_batch` at 100 / 1,000 / 10,000 / 100,000 rows (the last in the full run only):
 * - local validation, in this process, with the server's own code: the tool's
 *   input schema (zod, what the SDK runs before the handler) and checkBatchRows
 *   (every number parsed with the max metadata, policy, duplicates);
 * - the whole tool call through the real server against the sandbox, and the
 *   same rows POSTed straight to the sandbox, so the server's share shows. A
 *   batch whose body the sandbox would refuse (over its 1 MiB: 100,000 rows)
 *   is submitted as a dry run: the server parses, validates and guards every
 *   row and sends nothing, which is the server's whole share of it.
 * Timings are medians after a warm-up; per-row times show whether it is linear.
 */
import { submitBatch } from "../../src/tools/submit-batch.js";
import { MAX_BODY_BYTES } from "../../src/sandbox/read-body.js";
import { checkBatchRows } from "../../src/validation/batch.js";
import { batchNumbers } from "../lib/numbers.js";
import { StdioRpc } from "../lib/stdio-client.js";
import { median, round } from "../lib/stats.js";
import { firstAgent, upstream, type BenchContext } from "./common.js";

export interface BatchRow {
  rows: number;
  schema_ms: number;
  check_ms: number;
  /** schema + checkBatchRows: all local validation (medians). */
  validation_ms: number;
  /** The same, fastest run: what the code does when nothing else competes for the CPU. */
  validation_min_ms: number;
  /** CPU time of the validation (median), and per row: the linearity measure. */
  validation_cpu_ms: number;
  validation_cpu_us_per_row: number;
  /** Runs behind the medians (more for small batches, so each size gets a similar total time). */
  validation_reps: number;
  validation_us_per_row: number;
  tool_call_ms: number;
  tool_call_us_per_row: number;
  /** The tool call was a dry run (the rows are more than the sandbox accepts in one body): nothing was sent. */
  dry_run: boolean;
  /** The same rows POSTed to the sandbox directly: the upstream's own share of the tool call (not for a dry run). */
  upstream_ms: number | undefined;
}

export interface BatchResult {
  sizes: BatchRow[];
  /** The first submit_batch (100 rows) of a fresh server: includes loading the phone metadata. */
  first_call_100_ms: number;
  /** Per-row validation CPU time at the largest size over that at the size before it (1 = perfectly linear). */
  linearity: number;
  /** The two sizes `linearity` compares: [the size before the largest, the largest]. */
  linearity_rows: [number, number];
  /** The same from the smallest size to the largest. */
  linearity_from_smallest: number;
  /** Resident set size (and peak) of the server after its largest batch, phone metadata loaded: MiB. */
  largest_server_rss_mib: number;
  largest_server_peak_mib: number;
}

/** A full collection, when the process runs with --expose-gc (npm run bench); nothing otherwise. */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

const POLICY = { allowedCountries: undefined, blockedTypes: new Set(["PREMIUM_RATE", "SHARED_COST"] as const) };

/**
 * `reps` runs: wall-clock median and fastest, and the median of the CPU time
 * this process spent (process.cpuUsage), in ms. CPU time is what the per-row
 * linearity is judged on: on a shared machine a 200 ms run is preempted where a
 * 1 ms run is not, which would make wall time look worse than linear.
 */
function timeIt(fn: () => void, reps: number): { median: number; min: number; cpu: number } {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < reps; i++) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { median: median(times), min: Math.min(...times), cpu: median(cpu) };
}

export async function batch(ctx: BenchContext): Promise<BatchResult> {
  const key = "sk_test_bench_batch";
  const agent = await firstAgent(ctx, key);
  const largest = Math.max(...ctx.counts.batchSizes);
  const numbers = batchNumbers(largest);
  // Agent ids derive from the key in the sandbox: every account has its own.
  const rowsOf = (n: number, agentId = agent) =>
    numbers.slice(0, n).map((to, i) => ({ to, agent_id: agentId, contact_name: `Contact ${i}` }));

  // Every generated number must pass the server's own check, or the timings would be of refusals.
  checkBatchRows(rowsOf(largest), POLICY, false);
  // Warm-up of the in-process code paths (JIT) at a middle size.
  for (let i = 0; i < 3; i++) {
    submitBatch.inputSchema.safeParse({ calls: rowsOf(1_000) });
    checkBatchRows(rowsOf(1_000), POLICY, false);
  }

  let keys = 0;
  /** A fresh sandbox account per submission: the sandbox's own checks grow with the calls an account holds. */
  const freshKey = () => `${key}_${++keys}`;
  const serverFor = async (accountKey: string) => {
    const agentId = await firstAgent(ctx, accountKey);
    const rpc = new StdioRpc(ctx.realEntry, ctx.env(accountKey, { OUTBOUND_CALLS_MAX_BATCH_SIZE: String(largest) }));
    await rpc.initialize();
    return { rpc, agentId, close: () => rpc.close() };
  };

  // The first submit_batch of a fresh server loads the phone metadata.
  let firstCall: number;
  {
    const server = await serverFor(freshKey());
    try {
      const started = performance.now();
      await server.rpc.callTool("submit_batch", { calls: rowsOf(100, server.agentId), repeat_dial: true });
      firstCall = performance.now() - started;
    } finally {
      await server.close();
    }
  }

  const sizes: BatchRow[] = [];
  let memory = { rssKiB: Number.NaN, peakKiB: Number.NaN };
  // Local validation of every size first, each from a collected heap (when run with --expose-gc, as npm run bench
  // does): later, this process also holds the sandbox's records of every batch submitted, and collecting them would
  // be billed to whichever size ran last.
  const local = new Map<
    number,
    { schemaMs: ReturnType<typeof timeIt>; checkMs: ReturnType<typeof timeIt>; reps: number }
  >();
  for (const n of ctx.counts.batchSizes) {
    const rows = rowsOf(n);
    const reps = Math.max(ctx.counts.batchValidationReps, Math.round(ctx.counts.batchValidationRows / n));
    collectGarbage();
    const schemaMs = timeIt(() => {
      const parsed = submitBatch.inputSchema.safeParse({ calls: rows });
      if (!parsed.success) throw new Error("schema refused the generated rows");
    }, reps);
    collectGarbage();
    const checkMs = timeIt(() => checkBatchRows(rows, POLICY, false), reps);
    local.set(n, { schemaMs, checkMs, reps });
  }

  for (const n of ctx.counts.batchSizes) {
    const rows = rowsOf(n);
    const { schemaMs, checkMs, reps } = local.get(n)!;
    const toolTimes: number[] = [];
    const upstreamTimes: number[] = [];
    const dryRun = Buffer.byteLength(JSON.stringify({ calls: rows })) > MAX_BODY_BYTES;
    // One timed tool call at 100,000 rows (it takes seconds).
    const toolReps = n >= 100_000 ? 1 : ctx.counts.batchToolCallReps;
    for (let rep = 0; rep < toolReps; rep++) {
      // A server (and account) of its own, warmed up with three 1,000-row batches, then the timed submission.
      const server = await serverFor(freshKey());
      try {
        // The benchmark dials the same numbers on purpose: repeat_dial says so (a second call to a number is refused otherwise).
        for (let i = 0; i < 3; i++)
          await server.rpc.callTool("submit_batch", { calls: rowsOf(1_000, server.agentId), repeat_dial: true });
        const ownRows = rowsOf(n, server.agentId);
        const started = performance.now();
        const result = await server.rpc.callTool("submit_batch", {
          calls: ownRows,
          repeat_dial: true,
          ...(dryRun ? { dry_run: true } : {}),
        });
        toolTimes.push(performance.now() - started);
        const count = (result.structuredContent as { count?: number } | undefined)?.count;
        if (count !== n) throw new Error(`submit_batch of ${n} rows answered count ${String(count)}`);
        memory = server.rpc.memory();
      } finally {
        await server.close();
      }
      if (dryRun) continue;
      const direct = freshKey();
      const directAgent = await firstAgent(ctx, direct);
      for (let i = 0; i < 3; i++)
        await upstream(ctx, direct, "POST", "/calls/batch", { calls: rowsOf(1_000, directAgent) });
      const directRows = rowsOf(n, directAgent);
      const started = performance.now();
      await upstream(ctx, direct, "POST", "/calls/batch", { calls: directRows });
      upstreamTimes.push(performance.now() - started);
    }
    const validation = schemaMs.median + checkMs.median;
    const tool = median(toolTimes);
    sizes.push({
      rows: n,
      schema_ms: round(schemaMs.median),
      check_ms: round(checkMs.median),
      validation_ms: round(validation),
      validation_min_ms: round(schemaMs.min + checkMs.min),
      validation_cpu_ms: round(schemaMs.cpu + checkMs.cpu),
      validation_cpu_us_per_row: round(((schemaMs.cpu + checkMs.cpu) * 1000) / n, 1),
      validation_reps: reps,
      validation_us_per_row: round((validation * 1000) / n, 1),
      tool_call_ms: round(tool),
      tool_call_us_per_row: round((tool * 1000) / n, 1),
      dry_run: dryRun,
      upstream_ms: upstreamTimes.length > 0 ? round(median(upstreamTimes)) : undefined,
    });
    ctx.log(
      `  batch ${n}: validation ${round(validation)} ms, tool call ${round(tool)} ms${dryRun ? " (dry run)" : ""}`,
    );
  }
  const first = sizes[0];
  const before = sizes[sizes.length - 2];
  const last = sizes[sizes.length - 1];
  const perRow = (a: BatchRow | undefined, b: BatchRow | undefined) =>
    a && b ? round(b.validation_cpu_us_per_row / a.validation_cpu_us_per_row, 2) : Number.NaN;
  return {
    sizes,
    first_call_100_ms: round(firstCall),
    largest_server_rss_mib: round(memory.rssKiB / 1024, 1),
    largest_server_peak_mib: round(memory.peakKiB / 1024, 1),
    linearity: perRow(before, last),
    linearity_rows: [before?.rows ?? Number.NaN, last?.rows ?? Number.NaN],
    linearity_from_smallest: perRow(first, last),
  };
}
