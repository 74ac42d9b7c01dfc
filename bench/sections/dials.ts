/**
 * A dial's guard work on Redis against the same server with its guards in memory: one `--http` server, 8 SDK
 * clients dialing at once (create_call only, each dial through the whole pipeline: dedupe claim, caps, POST), the
 * two modes in turns, the order flipping every round. Latencies of every create_call pooled per mode; the ratios are
 * Redis / memory.
 */
import { randomBytes } from "node:crypto";
import { connectClients, startServer } from "../lib/load-driver.mjs";
import { findRedisServer, startRedis } from "../lib/redis.mjs";
import { quantile, round } from "../lib/stats.js";
import type { BenchContext } from "./common.js";

export interface DialModeResult {
  dials: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
  dials_per_second: number;
}

export type DialsResult =
  | { skipped: string }
  | {
      clients: number;
      dials_per_round: number;
      rounds: number;
      memory: DialModeResult;
      redis: DialModeResult;
      ratio_p50: number;
      ratio_p99: number;
    };

async function round_(
  ctx: BenchContext,
  mode: "memory" | "redis",
  redisUrl: string,
  n: number,
): Promise<{ latencies: number[]; errors: number; ms: number }> {
  const token = randomBytes(32).toString("hex");
  const server = startServer(
    ctx.env("sk_test_bench_dials", {
      OUTBOUND_CALLS_HTTP_TOKEN: token,
      OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off",
      ...(mode === "redis"
        ? { OUTBOUND_CALLS_REDIS_URL: redisUrl, OUTBOUND_CALLS_REDIS_PREFIX: `dials${randomBytes(3).toString("hex")}:` }
        : {}),
    }),
  );
  const clients = await connectClients(await server.url, token, ctx.counts.dialClients).catch(async (e: unknown) => {
    await server.stop();
    throw e;
  });
  try {
    const agents = (await clients[0]!.callTool({ name: "list_agents", arguments: {} })).structuredContent as {
      agents: { id: string }[];
    };
    const agentId = agents.agents[0]!.id;
    const dial = (i: number) => ({
      // 100 numbers over and over: repeat_dial says so, so each dial goes through the whole pipeline.
      to: `+1415555${String(300 + (i % 100)).padStart(4, "0")}`,
      agent_id: agentId,
      contact_name: `Dial ${i}`,
      repeat_dial: true,
    });
    // Warm-up: the first dials load the phone metadata and open the connections.
    await Promise.all(clients.map((c, i) => c.callTool({ name: "create_call", arguments: dial(i) })));
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        for (let i = next++; i < n; i = next++) {
          const t = performance.now();
          const result = await client.callTool({ name: "create_call", arguments: dial(i) });
          latencies.push(performance.now() - t);
          if (result.isError) errors++;
        }
      }),
    );
    return { latencies, errors, ms: performance.now() - started };
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await server.stop();
  }
}

export async function dials(ctx: BenchContext): Promise<DialsResult> {
  const binary = findRedisServer();
  if (!binary) return { skipped: "redis-server is not installed (Debian: apt-get install redis-server)" };
  const redis = await startRedis(binary);
  try {
    const n = ctx.counts.dialsPerRound;
    const pooled = {
      memory: { latencies: [] as number[], errors: 0, ms: 0 },
      redis: { latencies: [] as number[], errors: 0, ms: 0 },
    };
    for (let r = 0; r < ctx.counts.dialRounds; r++) {
      for (const mode of r % 2 === 0 ? (["memory", "redis"] as const) : (["redis", "memory"] as const)) {
        const run = await round_(ctx, mode, redis.url, n);
        pooled[mode].latencies.push(...run.latencies);
        pooled[mode].errors += run.errors;
        pooled[mode].ms += run.ms;
      }
    }
    const result = (p: (typeof pooled)["memory"]): DialModeResult => ({
      dials: p.latencies.length,
      errors: p.errors,
      p50_ms: round(quantile(p.latencies, 0.5)),
      p99_ms: round(quantile(p.latencies, 0.99)),
      dials_per_second: round((p.latencies.length / p.ms) * 1000, 0),
    });
    const memory = result(pooled.memory);
    const shared = result(pooled.redis);
    ctx.log(`  dials: memory p50 ${memory.p50_ms} ms, Redis p50 ${shared.p50_ms} ms`);
    return {
      clients: ctx.counts.dialClients,
      dials_per_round: n,
      rounds: ctx.counts.dialRounds,
      memory,
      redis: shared,
      ratio_p50: round(shared.p50_ms / memory.p50_ms, 2),
      ratio_p99: round(shared.p99_ms / memory.p99_ms, 2),
    };
  } finally {
    await redis.stop();
  }
}
