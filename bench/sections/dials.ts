/**
 * A dial's guard work on Redis against the same server with its guards in memory: one `--http` server, 8 SDK
 * clients dialing at once (create_call only, each dial through the whole pipeline: dedupe claim, caps, POST), the
 * two modes in turns, the order flipping every round. Latencies of every create_call pooled per mode; the ratios are
 * Redis / memory.
 *
 * Redis per dial: the scripts (EVALSHA) and commands of the timed rounds on Redis, from Redis' own counters; and the
 * round trips of the common dial (one number, unattended, no earlier call of it waiting to be read) and of a redial
 * (the same numbers again, their calls still waiting to be read), measured apart: one client dials one at a time, and
 * Redis counts the read events it processed (each one batch of commands the server wrote at once; one client waiting
 * for each answer makes one per round trip). The server's background work (the opt-out watch's poll every 15 s)
 * falls in that count too.
 */
import { randomBytes } from "node:crypto";
import { connectClients, startServer } from "../lib/load-driver.mjs";
import { findRedisServer, startRedis, statsDelta, type BenchRedis, type RedisDelta } from "../lib/redis.mjs";
import { quantile, round } from "../lib/stats.js";
import type { BenchContext } from "./common.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

export interface DialModeResult {
  dials: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
  dials_per_second: number;
}

export interface ProbePass {
  dials: number;
  round_trips: number;
  scripts: number;
}

/** What Redis did per dial. */
export interface RedisPerDial {
  /** The timed rounds on Redis (8 clients, 100 numbers redialed): scripts and commands per dial. */
  scripts: number;
  commands: number;
  /** One at a time: the common dial (a fresh number), read events per dial (round trips), and its scripts. */
  common: ProbePass;
  /** The same numbers again: each earlier call still waits to be read, and is read first. */
  redial: ProbePass;
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

/** A server (its guards in memory or on Redis) and `count` clients for `body`; both closed after it. */
async function withServer<T>(
  ctx: BenchContext,
  mode: "memory" | "redis",
  redis: BenchRedis,
  count: number,
  body: (clients: Client[], dial: (i: number, to?: string) => Record<string, unknown>) => Promise<T>,
): Promise<T> {
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
    // The server measured: BENCH_REAL_ENTRY (another build, e.g. main's) or this checkout's.
    ctx.realEntry,
  );
  const clients = await connectClients(await server.url, token, count).catch(async (e: unknown) => {
    await server.stop();
    throw e;
  });
  try {
    const agents = (await clients[0]!.callTool({ name: "list_agents", arguments: {} })).structuredContent as {
      agents: { id: string }[];
    };
    const agentId = agents.agents[0]!.id;
    const dial = (i: number, to?: string) => ({
      // 100 numbers over and over: repeat_dial says so, so each dial goes through the whole pipeline.
      to: to ?? `+1415555${String(300 + (i % 100)).padStart(4, "0")}`,
      agent_id: agentId,
      contact_name: `Dial ${i}`,
      repeat_dial: true,
    });
    return await body(clients, dial);
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await server.stop();
  }
}

function round_(
  ctx: BenchContext,
  mode: "memory" | "redis",
  redis: BenchRedis,
  n: number,
): Promise<{ latencies: number[]; errors: number; ms: number; delta?: RedisDelta }> {
  return withServer(ctx, mode, redis, ctx.counts.dialClients, async (clients, dial) => {
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
  });
}

/**
 * One client on Redis, one dial at a time: `n` numbers no dial called before (the common dial), then the same numbers
 * again (each finds its earlier call waiting to be read, and reads it first). Redis per dial of each pass.
 */
function probe(ctx: BenchContext, redis: BenchRedis, n: number): Promise<Pick<RedisPerDial, "common" | "redial">> {
  return withServer(ctx, "redis", redis, 1, async ([client], dial) => {
    const fresh = (i: number) => `+1415${2_100_000 + (i % n)}`;
    await client!.callTool({ name: "create_call", arguments: dial(-1, "+14152099999") });
    const pass = async (from: number) => {
      const before = await redis.stats();
      let errors = 0;
      for (let i = from; i < from + n; i++) {
        if ((await client!.callTool({ name: "create_call", arguments: dial(i, fresh(i)) })).isError) errors++;
      }
      const d = statsDelta(before, await redis.stats());
      if (errors > 0) throw new Error(`the probe's dials were refused ${errors} times`);
      return { dials: n, round_trips: per(d.reads, n), scripts: per(scriptsOf(d), n) };
    };
    const common = await pass(0);
    return { common, redial: await pass(n) };
  });
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
    // The common dial, one at a time, and a redial: their round trips are Redis' read events.
    const passes = await probe(ctx, redis, ctx.counts.dialProbe);
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
      ...passes,
    };
    ctx.log(`  dials: memory p50 ${memory.p50_ms} ms, Redis p50 ${shared.p50_ms} ms`);
    ctx.log(
      `  Redis per dial: ${redisPerDial.scripts} scripts (8 clients, redials); one at a time, the common dial ${redisPerDial.common.round_trips} round trips (${redisPerDial.common.scripts} scripts), a redial ${redisPerDial.redial.round_trips} (${redisPerDial.redial.scripts})`,
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
