/**
 * Memory after many calls: the real server after 10,000 `create_call`s (each a new number, so every guard keeps what
 * a dial leaves: the dedupe ledger, the per-person history, the call watcher's reads) against the minimal server after
 * 10,000 calls of its one tool, both over stdio against the same sandbox; resident memory (and its peak) from /proc,
 * then the live heap after a full collection (bench/heap-probe.mjs, loaded into both), which is what the calls left
 * behind without the garbage V8 has not collected yet.
 */
import { fileURLToPath } from "node:url";
import { StdioRpc } from "../lib/stdio-client.js";
import { ratio, round } from "../lib/stats.js";
import { firstAgent, upstream, type BenchContext } from "./common.js";

export interface MemoryResult {
  calls: number;
  real_mib: number;
  real_peak_mib: number;
  minimal_mib: number;
  minimal_peak_mib: number;
  ratio: number;
  /** Live heap and memory outside it after a full collection, once the calls are done. */
  real_live_mib?: number;
  minimal_live_mib?: number;
  /** What each call left in the live heap, from the warm-up's end (its first 1 %) to the last call. */
  real_bytes_per_call?: number;
  minimal_bytes_per_call?: number;
}

/** Bundled into dist-bench/run.js: the probe is in bench/, beside it. */
const HEAP_PROBE = ["--expose-gc", "--import", fileURLToPath(new URL("../bench/heap-probe.mjs", import.meta.url))];

export async function memory(ctx: BenchContext): Promise<MemoryResult> {
  const key = "sk_test_bench_memory";
  const agent = await firstAgent(ctx, key);
  const created = await upstream(ctx, key, "POST", "/calls", { to: "+14155550100", agent_id: agent });
  const callId = ((created.json as { data?: { id: string } }).data ?? (created.json as { id: string })).id;
  const n = ctx.counts.memoryCalls;
  const real = new StdioRpc(ctx.realEntry, ctx.env(key), [], undefined, HEAP_PROBE);
  const minimal = new StdioRpc(ctx.minimalEntry, ctx.env(key), [], undefined, HEAP_PROBE);
  try {
    await real.initialize();
    await minimal.initialize();
    const warmUp = Math.ceil(n / 100);
    let liveAtWarmUp: [number, number] = [0, 0];
    for (let i = 0; i < n; i++) {
      // Both read alike (the probe collects garbage in each), once the code and data of a first dial are loaded.
      if (i === warmUp) liveAtWarmUp = [await real.liveKiB(), await minimal.liveKiB()];
      // Distinct valid numbers: San Francisco 415 2xx xxxx (none a sandbox test ending).
      const to = `+1415${String(3_000_000 + i * 7).padStart(7, "0")}`;
      await real.callTool("create_call", { to, agent_id: agent, contact_name: `Memory ${i}` });
      await minimal.callTool("get_call", { call_id: callId });
    }
    const r = real.memory();
    const m = minimal.memory();
    const mib = (kib: number) => round(kib / 1024, 1);
    // After the RSS: the collection the probe runs gives memory back.
    const [realLive, minimalLive] = [await real.liveKiB(), await minimal.liveKiB()];
    return {
      calls: n,
      real_mib: mib(r.rssKiB),
      real_peak_mib: mib(r.peakKiB),
      minimal_mib: mib(m.rssKiB),
      minimal_peak_mib: mib(m.peakKiB),
      ratio: ratio(r.rssKiB, m.rssKiB),
      real_live_mib: mib(realLive),
      minimal_live_mib: mib(minimalLive),
      real_bytes_per_call: Math.round(((realLive - liveAtWarmUp[0]) * 1024) / (n - warmUp)),
      minimal_bytes_per_call: Math.round(((minimalLive - liveAtWarmUp[1]) * 1024) / (n - warmUp)),
    };
  } finally {
    await Promise.all([real.close(), minimal.close()]);
  }
}
