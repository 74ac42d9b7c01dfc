/**
 * Tool-call round trip, for a 2025 client and a 2026-07-28 client in turn: `get_call` of one completed call (with its transcript),
 * sequentially, after a warm-up, against the sandbox; real and minimal servers
 * run side by side and take turns in blocks of 100 calls. Then the resident set
 * size of each, read from /proc after the loop.
 */
import { ERAS, StdioRpc, type Era } from "../lib/stdio-client.js";
import { median, quantile, ratio, round } from "../lib/stats.js";
import { firstAgent, upstream, type BenchContext } from "./common.js";

export interface RoundTripResult {
  calls: number;
  warmup: number;
  real: { median_ms: number; p99_ms: number; mean_ms: number; cpu_us_per_call: number };
  minimal: { median_ms: number; p99_ms: number; mean_ms: number; cpu_us_per_call: number };
  ratio: number;
  /** Server CPU time per call, real / minimal. */
  ratio_cpu: number;
  ratio_p99: number;
  rss: {
    real_mib: number;
    minimal_mib: number;
    real_peak_mib: number;
    minimal_peak_mib: number;
    ratio: number;
  };
}

const BLOCK = 100;

/** One result per era. */
export type RoundTripEras = Record<Era, RoundTripResult>;

export async function roundTrip(ctx: BenchContext): Promise<RoundTripEras> {
  const out: Partial<RoundTripEras> = {};
  for (const era of ERAS) out[era] = await roundTripOf(ctx, era);
  return out as RoundTripEras;
}

async function roundTripOf(ctx: BenchContext, era: Era): Promise<RoundTripResult> {
  const key = "sk_test_bench_round_trip";
  const agent = await firstAgent(ctx, key);
  const created = await upstream(ctx, key, "POST", "/calls", {
    to: "+14155550100",
    agent_id: agent,
    contact_name: "Dana Lee",
    company_name: "Acme Dental",
  });
  const callId = ((created.json as { data?: { id: string } }).data ?? (created.json as { id: string })).id;
  const args = { call_id: callId };

  const servers = {
    real: new StdioRpc(ctx.realEntry, ctx.env(key), [], era),
    minimal: new StdioRpc(ctx.minimalEntry, ctx.env(key), [], era),
  };
  try {
    for (const rpc of Object.values(servers)) await rpc.initialize();
    for (const rpc of Object.values(servers)) {
      for (let i = 0; i < ctx.counts.roundTripWarmup; i++) await rpc.callTool("get_call", args);
    }
    const samples = { real: [] as number[], minimal: [] as number[] };
    const cpu = { real: 0, minimal: 0 };
    let turn = 0;
    while (samples.real.length < ctx.counts.roundTripCalls || samples.minimal.length < ctx.counts.roundTripCalls) {
      const which = turn++ % 2 === 0 ? "real" : "minimal";
      const rpc = servers[which];
      const cpuStart = rpc.preciseCpuMs();
      for (let i = 0; i < BLOCK && samples[which].length < ctx.counts.roundTripCalls; i++) {
        const started = performance.now();
        await rpc.callTool("get_call", args);
        samples[which].push(performance.now() - started);
      }
      cpu[which] += rpc.preciseCpuMs() - cpuStart;
    }
    const summarize = (s: number[], cpuMs: number) => ({
      median_ms: round(median(s), 3),
      p99_ms: round(quantile(s, 0.99), 3),
      mean_ms: round(s.reduce((a, b) => a + b, 0) / s.length, 3),
      cpu_us_per_call: round((cpuMs * 1000) / s.length, 0),
    });
    const real = summarize(samples.real, cpu.real);
    const minimal = summarize(samples.minimal, cpu.minimal);
    const memReal = servers.real.memory();
    const memMinimal = servers.minimal.memory();
    const mib = (kib: number) => round(kib / 1024, 1);
    return {
      calls: ctx.counts.roundTripCalls,
      warmup: ctx.counts.roundTripWarmup,
      real,
      minimal,
      ratio: ratio(real.median_ms, minimal.median_ms),
      ratio_p99: ratio(real.p99_ms, minimal.p99_ms),
      ratio_cpu: ratio(real.cpu_us_per_call, minimal.cpu_us_per_call),
      rss: {
        real_mib: mib(memReal.rssKiB),
        minimal_mib: mib(memMinimal.rssKiB),
        real_peak_mib: mib(memReal.peakKiB),
        minimal_peak_mib: mib(memMinimal.peakKiB),
        ratio: ratio(memReal.rssKiB, memMinimal.rssKiB),
      },
    };
  } finally {
    await Promise.all(Object.values(servers).map((rpc) => rpc.close()));
  }
}
