/**
 * Cold start, for each protocol era: spawn -> handshake answered (`initialize`
 * for a 2025 client, `server/discover` for a 2026-07-28 one) -> `tools/list`
 * answered, timed in
 * this process, real and minimal servers interleaved (the order alternates each
 * round so neither always runs on a warmer machine), medians. The server's CPU
 * time until tools/list is answered is read from /proc beside the wall time.
 *
 * The real server starts as installed: its compile cache (src/cli/compile-cache.ts)
 * is written by the first, untimed start. A second series starts it with the
 * cache removed before every start: the first start after an install or upgrade.
 */
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { ERAS, StdioRpc, type Era } from "../lib/stdio-client.js";
import { median, quantile, ratio, round } from "../lib/stats.js";
import type { BenchContext } from "./common.js";

export interface ColdStartResult {
  runs: number;
  real: ColdStats;
  minimal: ColdStats;
  /** real / minimal, medians of spawn -> tools/list answered. */
  ratio: number;
  ratio_initialize: number;
  /** Server CPU time until tools/list was answered, real / minimal (medians). */
  ratio_cpu: number;
  /** The real server with no compile cache (removed before every start), against the minimal server in the same rounds. */
  first_start: { real: ColdStats; minimal: ColdStats; ratio: number; ratio_cpu: number };
}

/** One result per era, the same rounds measuring both servers. */
export type ColdStartEras = Record<Era, ColdStartResult>;

export interface ColdStats {
  initialize_ms: { median: number; min: number; p90: number };
  tools_list_ms: { median: number; min: number; p90: number };
  /** CPU time of the server process (all threads) until tools/list was answered. */
  cpu_ms: { median: number; min: number; p90: number };
  tools: number;
}

interface Sample {
  init: number;
  list: number;
  cpu: number;
  tools: number;
}

async function once(entry: string, env: Record<string, string>, era: Era): Promise<Sample> {
  const rpc = new StdioRpc(entry, env, [], era);
  try {
    await rpc.initialize();
    const init = performance.now() - rpc.spawnedAt;
    const answer = await rpc.request("tools/list");
    const list = performance.now() - rpc.spawnedAt;
    const cpu = rpc.preciseCpuMs();
    if (answer.error) throw new Error(`tools/list failed: ${answer.error.message}`);
    const tools = Array.isArray(answer.result?.tools) ? answer.result.tools.length : 0;
    return { init, list, cpu, tools };
  } finally {
    await rpc.close();
  }
}

const stats = (values: number[]) => ({
  median: round(median(values)),
  min: round(Math.min(...values)),
  p90: round(quantile(values, 0.9)),
});

const summarize = (s: Sample[]): ColdStats => ({
  initialize_ms: stats(s.map((x) => x.init)),
  tools_list_ms: stats(s.map((x) => x.list)),
  cpu_ms: stats(s.map((x) => x.cpu)),
  tools: s[0]?.tools ?? 0,
});

/** `runs` rounds of one start of each, the order flipping every round; `before` runs before each real start. */
async function series(
  ctx: BenchContext,
  env: Record<string, string>,
  era: Era,
  runs: number,
  before: () => void,
): Promise<{ real: ColdStats; minimal: ColdStats }> {
  const samples = { real: [] as Sample[], minimal: [] as Sample[] };
  for (let round = 0; round < runs; round++) {
    const order = round % 2 === 0 ? (["real", "minimal"] as const) : (["minimal", "real"] as const);
    for (const which of order) {
      if (which === "real") before();
      samples[which].push(await once(which === "real" ? ctx.realEntry : ctx.minimalEntry, env, era));
    }
  }
  return { real: summarize(samples.real), minimal: summarize(samples.minimal) };
}

export async function coldStart(ctx: BenchContext): Promise<ColdStartEras> {
  const out: Partial<ColdStartEras> = {};
  for (const era of ERAS) out[era] = await coldStartOf(ctx, era);
  return out as ColdStartEras;
}

async function coldStartOf(ctx: BenchContext, era: Era): Promise<ColdStartResult> {
  const env = ctx.env("sk_test_bench_cold");
  // Where the bin keeps its compile cache: <package>/.cache/node-compile-cache (dist/index.js is <package>/dist/).
  const cache = join(dirname(dirname(ctx.realEntry)), ".cache", "node-compile-cache");
  // One untimed start each: the first read of the files from disk is not what a client sees every day, and the
  // real server writes its compile cache.
  for (const entry of [ctx.realEntry, ctx.minimalEntry]) await once(entry, env, era);
  const { real, minimal } = await series(ctx, env, era, ctx.counts.coldRuns, () => undefined);
  const first = await series(ctx, env, era, ctx.counts.coldRuns, () => rmSync(cache, { recursive: true, force: true }));
  // Leave the cache as a later start finds it.
  await once(ctx.realEntry, env, era);
  return {
    runs: ctx.counts.coldRuns,
    real,
    minimal,
    ratio: ratio(real.tools_list_ms.median, minimal.tools_list_ms.median),
    ratio_initialize: ratio(real.initialize_ms.median, minimal.initialize_ms.median),
    ratio_cpu: ratio(real.cpu_ms.median, minimal.cpu_ms.median),
    first_start: {
      ...first,
      ratio: ratio(first.real.tools_list_ms.median, first.minimal.tools_list_ms.median),
      ratio_cpu: ratio(first.real.cpu_ms.median, first.minimal.cpu_ms.median),
    },
  };
}
