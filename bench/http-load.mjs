#!/usr/bin/env node
/**
 * Load test of `--http`, two runs (the http_load section of npm run bench):
 *
 * - runHttpLoad: the built server (dist/index.js) as its own process, pointed at
 *   an in-process sandbox (instant calls, no rate limit, a wallet that never runs
 *   dry), driven by N concurrent SDK Streamable HTTP clients making a fixed number
 *   of mixed tool calls. Throughput, latency percentiles, errors, RSS and live
 *   memory after warm-up and at the end.
 * - runReplicaLoad: the same mix through a round-robin balancer (bench/lib/
 *   round-robin.mjs, no sticky sessions) over 3 replicas, twice in one run: with
 *   in-process state (each replica its own guards) and with the guards' state in
 *   one redis-server (OUTBOUND_CALLS_REDIS_URL). The difference per dial, under
 *   load and for sequential dials, is what Redis costs; Redis's own counters say
 *   how many commands, how much server time, keys and memory a dial takes.
 *
 *   npm run bench:http        # both, full counts (writes bench/results.http.json)
 */
import { randomBytes } from "node:crypto";
import { connectClients, latencyStats, mixArguments, rssKb, runMix, startServer } from "./lib/load-driver.mjs";
import { findRedisServer, startRedis, statsDelta } from "./lib/redis.mjs";
import { startRoundRobin } from "./lib/round-robin.mjs";

/** Instant calls, no rate limit, a wallet and plan that never run out. */
const SANDBOX = {
  speed: "instant",
  rateLimit: false,
  startingBalanceCents: Number.MAX_SAFE_INTEGER,
  costPerCallCents: 1,
  monthlyCallLimit: Number.MAX_SAFE_INTEGER,
  maxConcurrentCalls: Number.MAX_SAFE_INTEGER,
};

/** The server's environment: the guards that would refuse thousands of dials are off; the others run as in production. */
function serverEnv(sandboxUrl, token, extra = {}) {
  return {
    PATH: process.env.PATH ?? "",
    OUTBOUND_CALLS_API_KEY: "sk_test_http_load_bench",
    OUTBOUND_CALLS_BASE_URL: sandboxUrl,
    OUTBOUND_CALLS_HTTP_TOKEN: token,
    OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off",
    OUTBOUND_CALLS_CALLING_HOURS: "off",
    // Unattended load: nobody approves thousands of dials.
    OUTBOUND_CALLS_CONFIRM: "never",
    OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "off",
    OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
    // The law of the place called depends on the hour and day too: telemarketing hours would refuse the US numbers
    // at night there; informational calls under the official rules meet none, and every row is still checked.
    OUTBOUND_CALLS_CALL_PURPOSE: "informational",
    OUTBOUND_CALLS_RULES_PROVENANCE: "official",
    // Unattended dials to US numbers need a consent record the law requires for an AI voice; these have none.
    OUTBOUND_CALLS_REQUIRE_CONSENT: "false",
    ...extra,
  };
}

/**
 * @param {{startSandbox: Function, clients?: number, calls?: number, env?: Record<string, string>, log?: (line: string) => void}} options
 */
export async function runHttpLoad(options) {
  const clients = options.clients ?? 50;
  const calls = options.calls ?? 5000;
  const log = options.log ?? (() => undefined);
  // The caller passes the simulated service (src/sandbox): the built server bundles it under a hashed chunk name.
  const sandbox = await options.startSandbox(SANDBOX);
  const token = randomBytes(32).toString("hex");
  const server = startServer(serverEnv(sandbox.url, token, options.env));
  let connected = [];
  let code;
  try {
    const url = await server.url;
    const rss = { start: rssKb(server.child.pid) };
    const heap = { start: await server.heapKb() };
    log(`server at ${url}; connecting ${clients} clients`);
    connected = await connectClients(url, token, clients);
    const args = await mixArguments(connected[0]);
    const warmUpEnd = Math.floor(calls * 0.2);
    const rssSamples = [];
    let heapAtWarmUp;
    const run = await runMix(connected, calls, args, (done) => {
      if (done === warmUpEnd) {
        rss.warm = rssKb(server.child.pid);
        heapAtWarmUp = server.heapKb();
      }
      if (done % Math.max(1, Math.floor(calls / 10)) === 0) rssSamples.push(rssKb(server.child.pid));
    });
    rss.end = rssKb(server.child.pid);
    heap.warm = await heapAtWarmUp;
    heap.end = await server.heapKb();
    return {
      clients,
      calls,
      errors: run.errors,
      errorSamples: run.errorSamples,
      durationMs: Math.round(run.durationMs),
      callsPerSecond: Math.round((calls / run.durationMs) * 1000),
      latencyMs: latencyStats(run.latencies),
      perTool: Object.fromEntries(Object.entries(run.byTool).map(([name, values]) => [name, values.length])),
      rssKb: { start: rss.start, afterWarmUp: rss.warm, end: rss.end, everyTenth: rssSamples },
      rssGrowthAfterWarmUpKb: rss.end !== undefined && rss.warm !== undefined ? rss.end - rss.warm : undefined,
      heapAfterGcKb: { start: heap.start, afterWarmUp: heap.warm, end: heap.end },
      heapGrowthAfterWarmUpKb: heap.end !== undefined && heap.warm !== undefined ? heap.end - heap.warm : undefined,
      node: process.version,
    };
  } finally {
    await Promise.all(connected.map((c) => c.close().catch(() => undefined)));
    code = await server.stop();
    await sandbox.close();
    if (code !== 0) throw new Error(`the server did not exit 0 on SIGTERM (${code})`);
  }
}

/**
 * @param {{startSandbox: Function, replicas?: number, clients?: number, calls?: number, probeDials?: number, rounds?: number, log?: (line: string) => void}} options
 */
export async function runReplicaLoad(options) {
  const replicas = options.replicas ?? 3;
  const clients = options.clients ?? 50;
  const calls = options.calls ?? 5000;
  const probeDials = options.probeDials ?? 300;
  const rounds = options.rounds ?? 2;
  const log = options.log ?? (() => undefined);
  const binary = findRedisServer();
  if (!binary)
    return {
      skipped:
        "redis-server is not installed (Debian: apt-get install redis-server; or run node scripts/test-parts.mjs as root)",
    };
  const sandbox = await options.startSandbox(SANDBOX);
  const redis = await startRedis(binary);
  const lb = await startRoundRobin();
  try {
    const runs = { memory: [], redis: [], single: [] };
    for (let round = 0; round < rounds; round++) {
      // Alternating, so that neither mode always runs first (on a colder, or a quieter, machine). "single" is one
      // replica with its state in memory behind the same balancer: what the replicas on Redis are weighed against.
      for (const mode of round % 2 === 0 ? ["memory", "redis", "single"] : ["single", "redis", "memory"]) {
        log(
          `round ${round + 1}/${rounds}: ${replicas} replicas, guard state in ${mode}: ${clients} clients, ${calls} calls, then ${probeDials} dials one by one`,
        );
        runs[mode].push(await replicaRun({ mode, round, replicas, clients, calls, probeDials, sandbox, redis, lb }));
      }
    }
    const memory = merged(runs.memory, calls);
    const shared = merged(runs.redis, calls);
    const single = merged(runs.single, calls);
    const dials =
      (shared.perTool.create_call?.count ?? 0) + (shared.perTool.submit_batch?.count ?? 0) + shared.probe.count;
    const rows =
      (shared.perTool.create_call?.count ?? 0) + 2 * (shared.perTool.submit_batch?.count ?? 0) + shared.probe.count;
    const d = shared.redisDelta;
    const diff = (a, b) => Math.round((a - b) * 100) / 100;
    const scripts = (by) => (by.evalsha ?? 0) + (by.eval ?? 0);
    return {
      replicas,
      clients,
      calls,
      probeDials,
      rounds,
      memory,
      redis: shared,
      addedPerDialMs: {
        sequentialMedian: diff(shared.probe.p50, memory.probe.p50),
        sequentialP99: diff(shared.probe.p99, memory.probe.p99),
        underLoadP50: diff(shared.perTool.create_call.p50, memory.perTool.create_call.p50),
        underLoadP99: diff(shared.perTool.create_call.p99, memory.perTool.create_call.p99),
      },
      redisPerDial: {
        dials,
        rows,
        // One script is one round trip and one atomic step; the commands count what the scripts run inside too.
        scripts: Math.round((scripts(d.byCommand) / dials) * 100) / 100,
        // Redis' read events: the batches of commands the replicas wrote (one a round trip for a lone dial).
        batches: Math.round((d.reads / dials) * 100) / 100,
        commands: Math.round((d.calls / dials) * 100) / 100,
        // A script's time includes the commands it runs (which INFO also counts on their own lines).
        serverUs: Math.round((scripts(d.usecByCommand) / dials) * 10) / 10,
        keys: d.held.keys,
        keyBytesPerRow: Math.round(d.held.bytes / rows),
        usedMemoryPerRow: Math.round(d.memoryBytes / rows),
        byCommand: d.byCommand,
      },
      throughputRatio: Math.round((shared.callsPerSecond / memory.callsPerSecond) * 100) / 100,
      single,
      /** Replicas on Redis over one replica in memory, same clients and load. */
      overSingle: {
        throughput: Math.round((shared.callsPerSecond / single.callsPerSecond) * 100) / 100,
        createCallP50: Math.round((shared.perTool.create_call.p50 / single.perTool.create_call.p50) * 100) / 100,
      },
      node: process.version,
    };
  } finally {
    await lb.close();
    await redis.stop();
    await sandbox.close();
  }
}

const add = (into, from) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
  return into;
};

/** The rounds of one mode as one result: throughput over all of them, latencies pooled, Redis counters summed. */
function merged(runs, calls) {
  const durationMs = runs.reduce((t, r) => t + r.durationMs, 0);
  const byTool = {};
  for (const r of runs) for (const [name, values] of Object.entries(r.byTool)) (byTool[name] ??= []).push(...values);
  const deltas = runs.map((r) => r.redisDelta).filter(Boolean);
  return {
    errors: runs.reduce((t, r) => t + r.errors, 0),
    errorSamples: runs.flatMap((r) => r.errorSamples).slice(0, 5),
    durationMs: Math.round(durationMs),
    callsPerSecond: Math.round(((calls * runs.length) / durationMs) * 1000),
    roundsCallsPerSecond: runs.map((r) => Math.round((calls / r.durationMs) * 1000)),
    latencyMs: latencyStats(runs.flatMap((r) => Array.from(r.latencies))),
    perTool: Object.fromEntries(
      Object.entries(byTool).map(([name, values]) => [name, { count: values.length, ...latencyStats(values) }]),
    ),
    probe: { count: runs.reduce((t, r) => t + r.probe.length, 0), ...latencyStats(runs.flatMap((r) => r.probe)) },
    requestsPerReplica: runs.map((r) => r.requestsPerReplica).reduce((a, b) => a.map((n, i) => n + (b[i] ?? 0))),
    ...(deltas.length > 0
      ? {
          redisDelta: deltas.reduce((a, b) => ({
            calls: a.calls + b.calls,
            usec: a.usec + b.usec,
            reads: a.reads + b.reads,
            byCommand: add({ ...a.byCommand }, b.byCommand),
            usecByCommand: add({ ...a.usecByCommand }, b.usecByCommand),
            memoryBytes: a.memoryBytes + b.memoryBytes,
            keys: a.keys + b.keys,
            held: { keys: a.held.keys + b.held.keys, bytes: a.held.bytes + b.held.bytes },
          })),
        }
      : {}),
  };
}

/** One mode, one round: fresh replicas behind the balancer, the mix, then the sequential dials. Raw samples. */
async function replicaRun({ mode, round, replicas, clients, calls, probeDials, sandbox, redis, lb }) {
  const token = randomBytes(32).toString("hex");
  const prefix = `bench${round}:`;
  const extra = {
    // The balancer passes the clients' Host through, as a public name would be.
    OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: `127.0.0.1:${lb.port}`,
    ...(mode === "redis" ? { OUTBOUND_CALLS_REDIS_URL: redis.url, OUTBOUND_CALLS_REDIS_PREFIX: prefix } : {}),
  };
  const servers = [];
  let connected = [];
  try {
    const count = mode === "single" ? 1 : replicas;
    for (let i = 0; i < count; i++) servers.push(startServer(serverEnv(sandbox.url, token, extra)));
    const origins = (await Promise.all(servers.map((s) => s.url))).map((u) => new URL(u).origin);
    lb.setTargets(origins);
    const before = mode === "redis" ? await redis.stats() : undefined;
    const hitsBefore = lb.hits();
    connected = await connectClients(`${lb.url}/mcp`, token, clients);
    const args = await mixArguments(connected[0]);
    const run = await runMix(connected, calls, args);
    // The cost of a dial without queueing: one client, one dial at a time.
    const probe = [];
    for (let i = 0; i < probeDials; i++) {
      const t0 = performance.now();
      const result = await connected[0].callTool({
        name: "create_call",
        arguments: { ...args.create_call(calls + i), contact_name: `Probe ${i}` },
      });
      probe.push(performance.now() - t0);
      if (result.isError) run.errors++;
    }
    const after = mode === "redis" ? await redis.stats() : undefined;
    const held = mode === "redis" ? await redis.keyBytes(prefix) : undefined;
    const hits = lb.hits();
    return {
      ...run,
      probe,
      requestsPerReplica: origins.map((o) => (hits[o] ?? 0) - (hitsBefore[o] ?? 0)),
      ...(before && after && held ? { redisDelta: { ...statsDelta(before, after), held } } : {}),
    };
  } finally {
    await Promise.all(connected.map((c) => c.close().catch(() => undefined)));
    const codes = await Promise.all(servers.map((s) => s.stop()));
    if (codes.some((c) => c !== 0)) throw new Error(`a replica did not exit 0 on SIGTERM (${codes.join(", ")})`);
  }
}
