/**
 * A dial's guard work on Redis against the same server with its guards in memory: one `--http` server, 8 SDK
 * clients dialing at once (create_call only, each dial through the whole pipeline: dedupe claim, caps, POST), the
 * two modes in turns, the order flipping every round. Latencies of every create_call pooled per mode; the ratios are
 * Redis / memory.
 *
 * Redis per dial: the scripts (EVALSHA) and commands of the timed rounds on Redis, from Redis' own counters; and the
 * round trips of the common dial (one number, unattended, no earlier call of it waiting to be read), measured
 * apart: one client dials fresh numbers one at a time, and Redis counts the read events it processed (each one batch
 * of commands the server wrote at once; one client waiting for each answer makes one per round trip). The server's
 * background work (the opt-out watch's poll) falls in that count too, a few reads a second at most.
 */
import { randomBytes } from "node:crypto";
import { connectClients, startServer } from "../lib/load-driver.mjs";
import { findRedisServer, startRedis, statsDelta, type BenchRedis, type RedisDelta } from "../lib/redis.mjs";
import { quantile, round } from "../lib/stats.js";
import type { BenchContext } from "./common.js";

export interface DialModeResult {
  dials: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
  dials_per_second: number;
}

/** What Redis did per dial. */
export interface RedisPerDial {
  /** The timed rounds on Redis (8 clients, 100 numbers redialed): scripts and commands per dial. */
  scripts: number;
  commands: number;
  /** The common dial, one at a time: read events per dial (round trips), and its scripts. */
  common: { dials: number; round_trips: number; scripts: number };
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
      redis_per_dial?: RedisPerDial;
    };

const scriptsOf = (d: RedisDelta) => (d.byCommand.evalsha ?? 0) + (d.byCommand.eval ?? 0);
const per = (n: number, dials: number) => round(n / Math.max(1, dials), 2);

async function round_(
  ctx: BenchContext,
  mode: "memory" | "redis",
  redis: BenchRedis,
  n: number,
  how: { clients: number; fresh?: boolean } = { clients: ctx.counts.dialClients },
): Promise<{ latencies: number[]; errors: number; ms: number; delta?: RedisDelta }> {
  const token = randomBytes(32).toString("hex");
  const server = startServer(
    ctx.env("sk_test_bench_dials", {
      OUTBOUND_CALLS_HTTP_TOKEN: token,
      OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off",
      ...(mode === "redis"
        ? {
            OUTBOUND_CALLS_REDIS_URL: redis.url,
            OUTBOUND_CALLS_REDIS_PREFIX: `dials${randomBytes(3).toString("hex")}:`,
          }
        : {}),
    }),
  );
  const clients = await connectClients(await server.url, token, how.clients).catch(async (e: unknown) => {
    await server.stop();
    throw e;
  });
  try {
    const agents = (await clients[0]!.callTool({ name: "list_agents", arguments: {} })).structuredContent as {
      agents: { id: string }[];
    };
    const agentId = agents.agents[0]!.id;
    const dial = (i: number) => ({
      // 100 numbers over and over: repeat_dial says so, so each dial goes through the whole pipeline. Fresh: a
      // number no dial of this server called before (none of its calls waits to be read).
      to: how.fresh ? `+1415${2_100_000 + i}` : `+1415555${String(300 + (i % 100)).padStart(4, "0")}`,
      agent_id: agentId,
      contact_name: `Dial ${i}`,
      repeat_dial: true,
    });
    // Warm-up: the first dials load the phone metadata and open the connections.
    await Promise.all(clients.map((c, i) => c.callTool({ name: "create_call", arguments: dial(n + i) })));
    const before = mode === "redis" ? await redis.stats() : undefined;
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
    const ms = performance.now() - started;
    return { latencies, errors, ms, ...(before ? { delta: statsDelta(before, await redis.stats()) } : {}) };
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
    const onRedis = { scripts: 0, commands: 0 };
    for (let r = 0; r < ctx.counts.dialRounds; r++) {
      for (const mode of r % 2 === 0 ? (["memory", "redis"] as const) : (["redis", "memory"] as const)) {
        const run = await round_(ctx, mode, redis, n);
        pooled[mode].latencies.push(...run.latencies);
        pooled[mode].errors += run.errors;
        pooled[mode].ms += run.ms;
        if (run.delta) {
          onRedis.scripts += scriptsOf(run.delta);
          onRedis.commands += run.delta.calls;
        }
      }
    }
    // The common dial, one at a time: its round trips are Redis' read events.
    const common = await round_(ctx, "redis", redis, ctx.counts.dialProbe, { clients: 1, fresh: true });
    const probe = common.latencies.length;
    const result = (p: (typeof pooled)["memory"]): DialModeResult => ({
      dials: p.latencies.length,
      errors: p.errors,
      p50_ms: round(quantile(p.latencies, 0.5)),
      p99_ms: round(quantile(p.latencies, 0.99)),
      dials_per_second: round((p.latencies.length / p.ms) * 1000, 0),
    });
    const memory = result(pooled.memory);
    const shared = result(pooled.redis);
    const redisPerDial: RedisPerDial = {
      scripts: per(onRedis.scripts, pooled.redis.latencies.length),
      commands: per(onRedis.commands, pooled.redis.latencies.length),
      common: {
        dials: probe,
        round_trips: per(common.delta?.reads ?? 0, probe),
        scripts: per(common.delta ? scriptsOf(common.delta) : 0, probe),
      },
    };
    ctx.log(`  dials: memory p50 ${memory.p50_ms} ms, Redis p50 ${shared.p50_ms} ms`);
    ctx.log(
      `  Redis per dial: ${redisPerDial.scripts} scripts (8 clients, redials); the common dial: ${redisPerDial.common.round_trips} round trips, ${redisPerDial.common.scripts} scripts`,
    );
    return {
      clients: ctx.counts.dialClients,
      dials_per_round: n,
      rounds: ctx.counts.dialRounds,
      memory,
      redis: shared,
      ratio_p50: round(shared.p50_ms / memory.p50_ms, 2),
      ratio_p99: round(shared.p99_ms / memory.p99_ms, 2),
      redis_per_dial: redisPerDial,
    };
  } finally {
    await redis.stop();
  }
}
