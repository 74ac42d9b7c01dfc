/**
 * The parts of the HTTP load test (bench/http-load.mjs): the built server as its
 * own `--http` process (with the heap probe), N SDK Streamable HTTP clients, and
 * the mixed tool calls they make, timed one by one (overall and per tool).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** The checkout: this file runs from bench/lib/ (tests) or bundled into dist-bench/ (npm run bench). */
function checkout() {
  for (let dir = new URL(".", import.meta.url), i = 0; i < 4; i++, dir = new URL("..", dir)) {
    if (existsSync(new URL("bench/heap-probe.mjs", dir))) return dir;
  }
  throw new Error("bench/heap-probe.mjs not found above the load driver");
}
const ROOT = checkout();
/** The server measured: BENCH_REAL_ENTRY (another build, e.g. main's) or this checkout's. */
const ENTRY = process.env.BENCH_REAL_ENTRY ?? fileURLToPath(new URL("dist/index.js", ROOT));
const HEAP_PROBE = fileURLToPath(new URL("bench/heap-probe.mjs", ROOT));

/** One tool call per slot, in turn: mostly reads, a quarter dials, an occasional batch. */
export const MIX = [
  "list_agents",
  "get_call",
  "create_call",
  "list_calls",
  "get_call",
  "create_call",
  "list_agents",
  "get_call",
  "list_calls",
  "create_call",
  "get_call",
  "list_agents",
  "create_call",
  "get_call",
  "list_calls",
  "list_agents",
  "get_call",
  "create_call",
  "list_agents",
  "submit_batch",
];

/** RSS of a process in kB (Linux /proc); undefined elsewhere. */
export function rssKb(pid) {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    if (match) return Number(match[1]);
  } catch {
    // not Linux
  }
  return undefined;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export const round = (ms) => Math.round(ms * 10) / 10;

/** p50/p90/p99/max of latencies (ms), rounded to 0.1 ms. */
export function latencyStats(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * The built server with `--http --port 0` and `env`; resolves `url` once it listens. `entry`: another server that
 * takes the same arguments (the minimal server of dist-bench/).
 */
export function startServer(env, entry = ENTRY) {
  // BENCH_NODE_FLAGS as for the stdio servers (e.g. "--cpu-prof --cpu-prof-dir=prof").
  const flags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(
    process.execPath,
    [...flags, "--expose-gc", "--import", HEAP_PROBE, entry, "--http", "--port", "0"],
    {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (c) => (stdout += c));
  child.stderr.setEncoding("utf8");
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const url = new Promise((resolve, reject) => {
    child.stderr.on("data", (c) => {
      stderr += c;
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  /** The server's live memory (JS heap + external) after a full collection, in kB (bench/heap-probe.mjs); undefined if it does not answer. */
  const heapKb = () =>
    new Promise((resolve) => {
      const before = (stderr.match(/heap-probe \d+/g) ?? []).length;
      const timer = setTimeout(() => resolve(undefined), 5_000);
      const check = () => {
        const lines = stderr.match(/heap-probe (\d+)/g) ?? [];
        if (lines.length > before) {
          clearTimeout(timer);
          child.stderr.off("data", check);
          resolve(Math.round(Number(lines[lines.length - 1].split(" ")[1]) / 1024));
        }
      };
      child.stderr.on("data", check);
      child.kill("SIGUSR2");
    });
  /** SIGTERM, then the exit code (SIGKILL and "timeout" after 20 s). Throws if it printed on stdout. */
  const stop = async () => {
    child.kill("SIGTERM");
    let timer;
    const code = await Promise.race([exited, new Promise((r) => (timer = setTimeout(() => r("timeout"), 20_000)))]);
    clearTimeout(timer);
    if (code !== 0) child.kill("SIGKILL");
    if (stdout !== "") throw new Error("the server printed on stdout in HTTP mode");
    return code;
  };
  return { child, url, exited, heapKb, stop, output: () => ({ stdout, stderr }) };
}

/** `n` SDK clients connected to `url` with the bearer token. */
export async function connectClients(url, token, n) {
  const clients = [];
  for (let i = 0; i < n; i++) {
    const client = new Client({ name: `load-${i}`, version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(client);
  }
  return clients;
}

/** The arguments of each tool in the mix: dials spread over 100 numbers (repeat_dial), reads of one seeded call. */
export async function mixArguments(client) {
  const agents = (await client.callTool({ name: "list_agents", arguments: {} })).structuredContent.agents;
  const agentId = agents[0].id;
  const seed = await client.callTool({ name: "create_call", arguments: { to: "+14155550100", agent_id: agentId } });
  const callId = seed.structuredContent.call.id;
  return {
    list_agents: () => ({}),
    get_call: () => ({ call_id: callId }),
    list_calls: () => ({ limit: 5 }),
    // The load dials 100 numbers over and over on purpose: repeat_dial says so, so every dial goes through the
    // whole pipeline (dedupe claim, caps, POST) instead of being refused as a second call within the window.
    create_call: (i) => ({
      to: `+1415555${String(100 + (i % 100)).padStart(4, "0")}`,
      agent_id: agentId,
      contact_name: `Load ${i}`,
      repeat_dial: true,
    }),
    submit_batch: (i) => ({
      repeat_dial: true,
      calls: [
        { to: "+14155550101", agent_id: agentId, contact_name: `Batch ${i}` },
        { to: "+442079460000", agent_id: agentId },
      ],
    }),
  };
}

/**
 * `calls` tool calls shared by the clients, each taking the next slot of MIX. `onDone(done)` is called after each.
 * Returns the duration, errors (with up to 5 samples), per-call latencies and latencies per tool.
 */
export async function runMix(clients, calls, args, onDone = () => undefined) {
  const latencies = new Float64Array(calls);
  const byTool = {};
  const errorSamples = [];
  let errors = 0;
  let next = 0;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let i = next++; i < calls; i = next++) {
        const name = MIX[i % MIX.length];
        const t0 = performance.now();
        try {
          const result = await client.callTool({ name, arguments: args[name](i) });
          if (result.isError) {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(`${name}: ${result.content?.[0]?.text ?? "?"}`);
          }
        } catch (error) {
          errors++;
          if (errorSamples.length < 5)
            errorSamples.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
        latencies[i] = performance.now() - t0;
        (byTool[name] ??= []).push(latencies[i]);
        onDone(++done);
      }
    }),
  );
  return { durationMs: performance.now() - started, errors, errorSamples, latencies, byTool };
}
