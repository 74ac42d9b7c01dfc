/**
 * Cold start: spawn -> `initialize` answered -> `tools/list` answered, timed in
 * this process, real and minimal servers interleaved (the order alternates each
 * round so neither always runs on a warmer machine), medians.
 */
import { StdioRpc } from "../lib/stdio-client.js";
import { median, quantile, ratio, round } from "../lib/stats.js";
import type { BenchContext } from "./common.js";

export interface ColdStartResult {
  runs: number;
  real: ColdStats;
  minimal: ColdStats;
  /** real / minimal, medians of spawn -> tools/list answered. */
  ratio: number;
  ratio_initialize: number;
}

export interface ColdStats {
  initialize_ms: { median: number; min: number; p90: number };
  tools_list_ms: { median: number; min: number; p90: number };
  tools: number;
}

async function once(entry: string, env: Record<string, string>): Promise<{ init: number; list: number; tools: number }> {
  const rpc = new StdioRpc(entry, env);
  try {
    await rpc.initialize();
    const init = performance.now() - rpc.spawnedAt;
    const answer = await rpc.request("tools/list");
    const list = performance.now() - rpc.spawnedAt;
    if (answer.error) throw new Error(`tools/list failed: ${answer.error.message}`);
    const tools = Array.isArray(answer.result?.tools) ? answer.result.tools.length : 0;
    return { init, list, tools };
  } finally {
    await rpc.close();
  }
}

const stats = (values: number[]) => ({ median: round(median(values)), min: round(Math.min(...values)), p90: round(quantile(values, 0.9)) });

export async function coldStart(ctx: BenchContext): Promise<ColdStartResult> {
  const env = ctx.env("sk_test_bench_cold");
  const servers = { real: ctx.realEntry, minimal: ctx.minimalEntry } as const;
  // One untimed start each: the first read of the files from disk is not what a client sees every day.
  for (const entry of Object.values(servers)) await once(entry, env);
  const samples = { real: [] as { init: number; list: number; tools: number }[], minimal: [] as { init: number; list: number; tools: number }[] };
  for (let round = 0; round < ctx.counts.coldRuns; round++) {
    const order = round % 2 === 0 ? (["real", "minimal"] as const) : (["minimal", "real"] as const);
    for (const which of order) samples[which].push(await once(servers[which], env));
  }
  const summarize = (s: { init: number; list: number; tools: number }[]): ColdStats => ({
    initialize_ms: stats(s.map((x) => x.init)),
    tools_list_ms: stats(s.map((x) => x.list)),
    tools: s[0]?.tools ?? 0,
  });
  const real = summarize(samples.real);
  const minimal = summarize(samples.minimal);
  return {
    runs: ctx.counts.coldRuns,
    real,
    minimal,
    ratio: ratio(real.tools_list_ms.median, minimal.tools_list_ms.median),
    ratio_initialize: ratio(real.initialize_ms.median, minimal.initialize_ms.median),
  };
}
