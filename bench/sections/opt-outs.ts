/**
 * The opt-out reader (the callee's "no"), per whole call and under polling:
 * - in this process, the server's own reader (readOptOut) on every call of the evaluation set (test/opt-out-eval/):
 *   each record read once with its lines never seen (the first read of a call), then as a new record of the same lines
 *   (a call the service sends again), each its fastest of several reads (median, p99, the slowest and which item),
 *   and this thread's CPU time per read over them all;
 * - a `--http` server with 100 sessions, each polling `get_call` of its own completed call (with its transcript) once
 *   a second: the server's CPU time over the wall time, as a share of one core; then the minimal server over HTTP
 *   polled the same way for the same calls (the floor of this load on this machine).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { readOptOut } from "../../src/guards/opt-outs/reading.js";
import type { CallRecord } from "../../src/service/shapes.js";
import { loadItems, recordOf } from "../../test/opt-out-eval/evaluate.js";
import { connectClients, startServer } from "../lib/load-driver.mjs";
import { median, quantile, round } from "../lib/stats.js";
import type { BenchContext } from "./common.js";

/** The checkout: this file runs from bench/sections/ or bundled into dist-bench/. */
const ROOTS = [fileURLToPath(new URL("../..", import.meta.url)), fileURLToPath(new URL("..", import.meta.url))];

export interface ReaderPass {
  calls: number;
  median_us: number;
  p99_us: number;
  max_us: number;
  /** This thread's CPU time over every read, per read. */
  cpu_us_per_call: number;
  /** The slowest calls: item id, characters of its record, µs. */
  slowest: Array<{ id: string; chars: number; us: number }>;
}

export interface OptOutResult {
  reader: { items: number; reps: number; first_read: ReaderPass; same_lines_again: ReaderPass };
  /** The real server's figures, and the minimal HTTP server's for the same polls (the floor). */
  polling: PollFigures & {
    sessions: number;
    seconds: number;
    minimal: PollFigures;
    /** Server CPU per poll, real / minimal. */
    ratio: number;
  };
}

/** The directory of the evaluation set (bench/ is run from dist-bench/, so the checkout is found from it). */
function evalDirs(): string[] {
  const root = ROOTS.find((d) => {
    try {
      return statSync(join(d, "test/opt-out-eval")).isDirectory();
    } catch {
      return false;
    }
  });
  if (!root) throw new Error("test/opt-out-eval/ not found");
  const base = join(root, "test/opt-out-eval");
  return readdirSync(base)
    .map((f) => join(base, f))
    .filter((p) => statSync(p).isDirectory());
}

/** CPU time of this thread (the reader runs on it), µs; exact over a pass, too coarse for one call. */
const threadCpuUs = (): number => {
  const use = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
  return use.user + use.system;
};

/** Keys whose strings are what was said (roles and speakers are left alone). */
const SAID = new Set(["text", "content", "message", "summary", "transcript", "said"]);

/** The record with a salt after every line said, so the reader's line memo has never seen them. */
function salted(value: unknown, salt: string, said = false): unknown {
  if (typeof value === "string") return said ? value.replace(/([^\n])(\n|$)/g, `$1 ${salt}$2`) : value;
  if (Array.isArray(value)) return value.map((v) => salted(v, salt, said));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, salted(v, salt, SAID.has(k))]));
  return value;
}

function summary(times: ReadonlyArray<{ id: string; chars: number; us: number }>, cpuUs: number, reads: number) {
  const us = times.map((t) => t.us);
  return {
    calls: times.length,
    median_us: round(median(us), 1),
    p99_us: round(quantile(us, 0.99), 1),
    max_us: round(Math.max(...us), 1),
    cpu_us_per_call: round(cpuUs / reads, 1),
    slowest: [...times]
      .sort((a, b) => b.us - a.us)
      .slice(0, 3)
      .map((t) => ({ ...t, us: round(t.us, 1) })),
  };
}

/**
 * Each call of the set read `reps` times, each time with new lines (a new salt) and then again as a new record of the
 * same lines. A call's time is its fastest of the reps: on a shared machine a read may be preempted, and the
 * fastest is what the reader costs. The CPU per call is this thread's over all the reads.
 */
function readerTiming(reps: number): OptOutResult["reader"] {
  const items = loadItems(evalDirs());
  const make = (salt: string) => items.map((item) => salted(recordOf(item), salt) as CallRecord);
  // Warm-up on other lines: the lexicons compile once, and V8 optimises the reader.
  for (const record of make(`w${randomBytes(3).toString("hex")}`)) readOptOut(record);
  const first = items.map(() => Number.POSITIVE_INFINITY);
  const again = items.map(() => Number.POSITIVE_INFINITY);
  let firstCpu = 0;
  let againCpu = 0;
  const time = (record: CallRecord) => {
    const t = performance.now();
    readOptOut(record);
    return (performance.now() - t) * 1000;
  };
  for (let rep = 0; rep < reps; rep++) {
    const salt = `f${rep}${randomBytes(3).toString("hex")}`;
    const fresh = make(salt);
    const copies = make(salt);
    let cpu = threadCpuUs();
    fresh.forEach((record, i) => (first[i] = Math.min(first[i]!, time(record))));
    firstCpu += threadCpuUs() - cpu;
    cpu = threadCpuUs();
    copies.forEach((record, i) => (again[i] = Math.min(again[i]!, time(record))));
    againCpu += threadCpuUs() - cpu;
  }
  const chars = items.map((item) => JSON.stringify(recordOf(item)).length);
  const rows = (us: number[]) => us.map((u, i) => ({ id: items[i]!.id, chars: chars[i]!, us: u }));
  return {
    items: items.length,
    reps,
    first_read: summary(rows(first), firstCpu, items.length * reps),
    same_lines_again: summary(rows(again), againCpu, items.length * reps),
  };
}

/** CPU time of a process so far, every thread, ms (/proc/<pid>/task/<tid>/schedstat, Linux). */
function cpuMsOf(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return ns / 1e6;
}

/** One server polled: its CPU time over the wall time and the polls' latencies. */
export interface PollFigures {
  polls: number;
  errors: number;
  /** Server CPU time over the wall time of the polling, % of one core. */
  cpu_percent_of_core: number;
  /** Server CPU per get_call, µs (every thread, including the call watcher's reads). */
  cpu_us_per_poll: number;
  p50_ms: number;
  p99_ms: number;
}

type Poller = Awaited<ReturnType<typeof connectClients>>[number];

/** Each client polls get_call of its own call once a second for `seconds`, spread over the second. */
async function poll(pid: number, clients: Poller[], callIds: string[], seconds: number): Promise<PollFigures> {
  const sessions = clients.length;
  // One untimed poll each: the first read of every call is not what a poll a second costs.
  await Promise.all(clients.map((c, i) => c.callTool({ name: "get_call", arguments: { call_id: callIds[i] } })));
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, i) => {
      // Spread over the second, as sessions started at different times are.
      await new Promise((r) => setTimeout(r, (i * 1000) / sessions));
      for (let s = 0; s < seconds; s++) {
        const due = started + (i * 1000) / sessions + s * 1000;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        const t = performance.now();
        const result = await client.callTool({ name: "get_call", arguments: { call_id: callIds[i] } });
        latencies.push(performance.now() - t);
        if (result.isError) errors++;
      }
    }),
  );
  const wall = performance.now() - started;
  const cpu = cpuMsOf(pid) - cpuBefore;
  return {
    polls: latencies.length,
    errors,
    cpu_percent_of_core: round((cpu / wall) * 100, 2),
    cpu_us_per_poll: round((cpu * 1000) / latencies.length, 0),
    p50_ms: round(median(latencies), 2),
    p99_ms: round(quantile(latencies, 0.99), 2),
  };
}

/** A server started with `--http`, `sessions` clients connected to it, `use` run, then all stopped. */
async function withServer<T>(
  server: ReturnType<typeof startServer>,
  token: string,
  sessions: number,
  use: (clients: Poller[], pid: number) => Promise<T>,
): Promise<T> {
  const clients = await connectClients(await server.url, token, sessions).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  try {
    return await use(clients, server.child.pid!);
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await server.stop();
  }
}

/**
 * The real server's sessions each dial a call and poll it; then the minimal server (bench/minimal-server.ts over
 * HTTP: one McpServer per request, the GET passed on) is polled for the same calls by as many sessions: the floor of
 * this load on this machine in the same run.
 */
async function polling(ctx: BenchContext): Promise<OptOutResult["polling"]> {
  const sessions = ctx.counts.pollSessions;
  const seconds = ctx.counts.pollSeconds;
  const token = randomBytes(32).toString("hex");
  const key = "sk_test_bench_polling";
  const real = startServer(
    ctx.env(key, { OUTBOUND_CALLS_HTTP_TOKEN: token, OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off" }),
    ctx.realEntry,
  );
  const { figures, callIds } = await withServer(real, token, sessions, async (clients, pid) => {
    const agents = (await clients[0]!.callTool({ name: "list_agents", arguments: {} })).structuredContent as {
      agents: { id: string }[];
    };
    const agentId = agents.agents[0]!.id;
    const ids = await Promise.all(
      clients.map(async (client, i) => {
        const to = `+1415555${String(2000 + i).padStart(4, "0")}`;
        const created = await client.callTool({ name: "create_call", arguments: { to, agent_id: agentId } });
        return (created.structuredContent as { call: { id: string } }).call.id;
      }),
    );
    return { figures: await poll(pid, clients, ids, seconds), callIds: ids };
  });
  const minimal = await withServer(startServer(ctx.env(key), ctx.minimalEntry), token, sessions, (clients, pid) =>
    poll(pid, clients, callIds, seconds),
  );
  return {
    sessions,
    seconds,
    ...figures,
    minimal,
    ratio: round(figures.cpu_us_per_poll / minimal.cpu_us_per_poll, 2),
  };
}

export async function optOuts(ctx: BenchContext): Promise<OptOutResult> {
  const reader = readerTiming(ctx.counts.readerReps);
  ctx.log(
    `  reader: ${reader.items} calls, first read median ${reader.first_read.median_us} µs, p99 ${reader.first_read.p99_us} µs`,
  );
  const poll = await polling(ctx);
  ctx.log(`  polling: ${poll.sessions} sessions, ${poll.cpu_percent_of_core}% of a core`);
  return { reader, polling: poll };
}
