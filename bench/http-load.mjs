#!/usr/bin/env node
/**
 * Load test of `--http`: the built server (dist/index.js) as its own process,
 * pointed at an in-process sandbox (instant calls, no rate limit, a wallet that
 * never runs dry), driven by N concurrent SDK Streamable HTTP clients making a
 * fixed number of tool calls in all. Reports throughput, latency percentiles,
 * errors, and the server's RSS after warm-up and at the end.
 *
 *   npm run bench:http        # 50 clients, 5,000 calls (the http_load section of npm run bench)
 *
 * `runHttpLoad(options)` is the same run as a function, for `npm run bench` and tests.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const ENTRY = fileURLToPath(new URL("../dist/index.js", import.meta.url));
// "../bench/" resolves the same from bench/ and from dist-bench/ (where npm run bench bundles this file).
const HEAP_PROBE = fileURLToPath(new URL("../bench/heap-probe.mjs", import.meta.url));

/** One tool call per slot, in turn: mostly reads, a quarter dials, an occasional batch. */
const MIX = [
  "list_agents", "get_call", "create_call", "list_calls",
  "get_call", "create_call", "list_agents", "get_call",
  "list_calls", "create_call", "get_call", "list_agents",
  "create_call", "get_call", "list_calls", "list_agents",
  "get_call", "create_call", "list_agents", "submit_batch",
];

/** RSS of a process in kB (Linux /proc, else ps); undefined if neither works. */
function rssKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    if (match) return Number(match[1]);
  } catch {
    // not Linux
  }
  return undefined;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

function startServer(env) {
  const child = spawn(process.execPath, ["--expose-gc", "--import", HEAP_PROBE, ENTRY, "--http", "--port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
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
  return { child, url, exited, heapKb, output: () => ({ stdout, stderr }) };
}

/**
 * @param {{startSandbox: Function, clients?: number, calls?: number, env?: Record<string, string>, log?: (line: string) => void}} options
 */
export async function runHttpLoad(options) {
  const clients = options.clients ?? 50;
  const calls = options.calls ?? 5000;
  const log = options.log ?? (() => undefined);
  // The caller passes the simulated service (src/sandbox): the built server bundles it under a hashed chunk name.
  const { startSandbox } = options;
  const sandbox = await startSandbox({
    speed: "instant",
    rateLimit: false,
    startingBalanceCents: Number.MAX_SAFE_INTEGER,
    costPerCallCents: 1,
    monthlyCallLimit: Number.MAX_SAFE_INTEGER,
    maxConcurrentCalls: Number.MAX_SAFE_INTEGER,
  });
  const token = randomBytes(32).toString("hex");
  const server = startServer({
    PATH: process.env.PATH ?? "",
    OUTBOUND_CALLS_API_KEY: "sk_test_http_load_bench",
    OUTBOUND_CALLS_BASE_URL: sandbox.url,
    OUTBOUND_CALLS_HTTP_TOKEN: token,
    OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off",
    // The guards that would refuse thousands of dials are off; the others (validation, duplicate memory,
    // confirmation "auto": an HTTP client cannot be asked) run as in production.
    OUTBOUND_CALLS_CALLING_HOURS: "off",
    // Unattended load: nobody confirms (over HTTP the default would be always, a dry run and a token per dial).
    OUTBOUND_CALLS_CONFIRM: "never",
    OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "off",
    OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
    ...options.env,
  });
  const connected = [];
  try {
    const url = await server.url;
    const rss = { start: rssKb(server.child.pid) };
    const heap = { start: await server.heapKb() };
    log(`server at ${url}; connecting ${clients} clients`);
    for (let i = 0; i < clients; i++) {
      const client = new Client({ name: `load-${i}`, version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      connected.push(client);
    }

    const first = connected[0];
    const agents = (await first.callTool({ name: "list_agents", arguments: {} })).structuredContent.agents;
    const agentId = agents[0].id;
    const seed = await first.callTool({ name: "create_call", arguments: { to: "+14155550100", agent_id: agentId } });
    const callId = seed.structuredContent.call.id;
    const args = {
      list_agents: () => ({}),
      get_call: () => ({ call_id: callId }),
      list_calls: () => ({ limit: 5 }),
      // The load dials 100 numbers over and over on purpose: repeat_dial says so, so every dial goes through the
      // whole pipeline (dedupe claim, caps, POST) instead of being refused as a second call within the window.
      create_call: (i) => ({ to: `+1415555${String(100 + (i % 100)).padStart(4, "0")}`, agent_id: agentId, contact_name: `Load ${i}`, repeat_dial: true }),
      submit_batch: (i) => ({
        repeat_dial: true,
        calls: [
          { to: "+14155550101", agent_id: agentId, contact_name: `Batch ${i}` },
          { to: "+442079460000", agent_id: agentId },
        ],
      }),
    };

    const warmUpEnd = Math.floor(calls * 0.2);
    const latencies = new Float64Array(calls);
    const perTool = {};
    const errorSamples = [];
    const rssSamples = [];
    let heapAtWarmUp;
    let errors = 0;
    let next = 0;
    let done = 0;
    const started = performance.now();
    await Promise.all(
      connected.map(async (client) => {
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
            if (errorSamples.length < 5) errorSamples.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
          }
          latencies[i] = performance.now() - t0;
          perTool[name] = (perTool[name] ?? 0) + 1;
          done++;
          if (done === warmUpEnd) {
            rss.warm = rssKb(server.child.pid);
            heapAtWarmUp = server.heapKb();
          }
          if (done % Math.max(1, Math.floor(calls / 10)) === 0) rssSamples.push(rssKb(server.child.pid));
        }
      }),
    );
    const durationMs = performance.now() - started;
    rss.end = rssKb(server.child.pid);
    heap.warm = await heapAtWarmUp;
    heap.end = await server.heapKb();
    const sorted = Array.from(latencies).sort((a, b) => a - b);
    return {
      clients,
      calls,
      errors,
      errorSamples,
      durationMs: Math.round(durationMs),
      callsPerSecond: Math.round((calls / durationMs) * 1000),
      latencyMs: {
        p50: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted[sorted.length - 1] ?? 0),
      },
      perTool,
      rssKb: { start: rss.start, afterWarmUp: rss.warm, end: rss.end, everyTenth: rssSamples },
      rssGrowthAfterWarmUpKb: rss.end !== undefined && rss.warm !== undefined ? rss.end - rss.warm : undefined,
      heapAfterGcKb: { start: heap.start, afterWarmUp: heap.warm, end: heap.end },
      heapGrowthAfterWarmUpKb: heap.end !== undefined && heap.warm !== undefined ? heap.end - heap.warm : undefined,
      node: process.version,
    };
  } finally {
    await Promise.all(connected.map((c) => c.close().catch(() => undefined)));
    server.child.kill("SIGTERM");
    let timer;
    const code = await Promise.race([server.exited, new Promise((r) => (timer = setTimeout(() => r("timeout"), 20_000)))]);
    clearTimeout(timer);
    if (code !== 0) server.child.kill("SIGKILL");
    await sandbox.close();
    if (server.output().stdout !== "") throw new Error("the server printed on stdout in HTTP mode");
    if (code !== 0) throw new Error(`the server did not exit 0 on SIGTERM (${code})`);
  }
}

function round(ms) {
  return Math.round(ms * 10) / 10;
}
