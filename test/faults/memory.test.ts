/**
 * 1,000 hostile answers in a row (5xx, resets, bodies cut at the size cap,
 * truncated and non-JSON bodies, key echoes) must not make the server's memory
 * grow: RSS of the child process, read from /proc after a warm-up, grows by
 * less than 50 MB (after as many calls of warm-up). Every call must still get an isError answer.
 *
 * Besides RSS (what the issue asks for; it includes garbage V8 has not collected
 * yet, so it is a loose measure), a tighter leak check: heap used + external
 * memory after a forced full GC (a preload exposes gc on SIGUSR2), before and
 * after the run.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { faults, startFaultServer, type Fault, type FaultServer } from "../helpers/fault-server.js";
import {
  CANARY_KEY,
  startServer,
  textOf,
  type StartedServer,
  GUARDS_OFF_FOR_FAULT_TESTS,
} from "../helpers/server-process.js";
import { testOutput } from "../helpers/test-output.js";

const MiB = 1024 * 1024;
/**
 * As many calls as are measured: the warm-up takes V8's spaces and the allocator's arenas to the high-water mark the
 * same load reaches (higher on a busy machine, where more calls overlap), so what grows afterwards is what calls keep.
 */
const WARM_UP = 1_000;
const CALLS = 1_000;
/** Measured rounds at most (see the test). */
const ROUNDS = 3;
const PARALLEL = 20;
const GC_PRELOAD = fileURLToPath(new URL("../helpers/gc-preload.mjs", import.meta.url));

let upstream: FaultServer;
let server: StartedServer;

/** The hostile answers, by kind; each call picks one by its index. */
const POST_FAULTS: Fault[] = [
  faults.answer(503, { error: { message: `overloaded ${"z".repeat(5_000)}` } }),
  faults.resetAfterRead(),
  faults.truncatedJson(),
];
const GET_FAULTS: Fault[] = [
  faults.answer(200, `<html>${"<p>login</p>".repeat(2_000)}</html>`, { "content-type": "text/html" }),
  faults.huge(8 * MiB),
  faults.partialJson(),
  faults.answer(200, { data: { no_id: true, echo: CANARY_KEY, blob: "q".repeat(50_000) } }),
  faults.answer(500, "down", { "retry-after": "120" }),
];

beforeAll(async () => {
  upstream = await startFaultServer();
  // POST /calls: the kind is carried in contact_name ("k0".."k2").
  upstream.inject({ method: "POST", path: "/api/v1/calls" }, async (ctx) => {
    await ctx.readBody();
    const kind = Number(String((ctx.recorded.json as { contact_name?: string }).contact_name).slice(1));
    return POST_FAULTS[kind % POST_FAULTS.length]!(ctx);
  });
  // GET /calls/m<kind>_<n>
  upstream.inject({ method: "GET", path: /^\/api\/v1\/calls\/m\d+_\d+$/ }, (ctx) => {
    const kind = Number(/\/m(\d+)_/.exec(ctx.recorded.path)![1]);
    return GET_FAULTS[kind % GET_FAULTS.length]!(ctx);
  });
  server = await startServer({
    env: {
      ...GUARDS_OFF_FOR_FAULT_TESTS,
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      NODE_OPTIONS: `--import ${GC_PRELOAD}`,
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return kb / 1024;
}

/** Forces a full GC in the child; resolves with what it still retains (MiB of heap used + external). */
async function retainedMiB(): Promise<number> {
  const readings = () => [...server.transport.stderr.matchAll(/gc-preload: retained (\d+)/g)].map((m) => Number(m[1]));
  const before = readings().length;
  server.transport.child!.kill("SIGUSR2");
  const t0 = Date.now();
  while (readings().length === before && Date.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 10));
  const bytes = readings()[before];
  expect(bytes, "the child did not report its retained memory").toBeDefined();
  return bytes! / MiB;
}

async function hostileCall(i: number): Promise<void> {
  const kinds = POST_FAULTS.length + GET_FAULTS.length;
  const kind = i % kinds;
  const result =
    kind < POST_FAULTS.length
      ? await server.call("create_call", { to: "+14155552671", agent_id: "agt_1", contact_name: `k${kind}` })
      : await server.call("get_call", { call_id: `m${kind - POST_FAULTS.length}_${i}` });
  if (result.isError !== true)
    throw new Error(`call ${i} (kind ${kind}) did not fail: ${textOf(result).slice(0, 200)}`);
}

async function run(from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i += PARALLEL) {
    await Promise.all(Array.from({ length: Math.min(PARALLEL, from + count - i) }, (_, j) => hostileCall(i + j)));
  }
}

it.skipIf(process.platform !== "linux")(
  `${CALLS} hostile answers in a row grow RSS by less than 50 MB`,
  async () => {
    const pid = server.transport.child!.pid!;
    await run(0, WARM_UP);
    // RSS is read right after a full GC each time, so garbage V8 has yet to collect (more of it on a busy machine,
    // where GC runs at other moments) is not counted as growth: only what the process still holds.
    // A leak grows RSS in every round of CALLS; the allocator's high-water mark grows it once, when a busier moment
    // overlaps more calls than the warm-up did (a run at a load of 14-21 went past the bound while the heap kept after
    // a full GC did not grow). So a round
    // that grows past the bound is measured again, up to ROUNDS: a leak of 50 MB per round fails every one of them.
    const growths: number[] = [];
    let keptGrowth = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      const keptBefore = await retainedMiB();
      const rssBefore = rssMiB(pid);
      const t0 = performance.now();
      await run(WARM_UP + round * CALLS, CALLS);
      const seconds = (performance.now() - t0) / 1000;
      const keptAfter = await retainedMiB();
      const rssAfter = rssMiB(pid);
      testOutput(
        `\nmemory: ${CALLS} hostile answers after ${WARM_UP + round * CALLS} earlier calls, in ${seconds.toFixed(1)} s (${upstream.requests.length} upstream requests): ` +
          `RSS ${rssBefore.toFixed(1)} -> ${rssAfter.toFixed(1)} MiB (growth ${(rssAfter - rssBefore).toFixed(1)} MiB); ` +
          `retained after full GC ${keptBefore.toFixed(1)} -> ${keptAfter.toFixed(1)} MiB (growth ${(keptAfter - keptBefore).toFixed(1)} MiB)\n`,
      );
      growths.push(rssAfter - rssBefore);
      keptGrowth = Math.min(keptGrowth, keptAfter - keptBefore);
      if (rssAfter - rssBefore < 50) break;
    }
    expect(
      Math.min(...growths),
      `RSS growth per round: ${growths.map((g) => g.toFixed(1)).join(", ")} MiB`,
    ).toBeLessThan(50);
    // Nothing per call survives a GC: 1,000 calls keeping even 10 KB each would show here.
    expect(keptGrowth).toBeLessThan(5);
    // Still serving.
    const next = await server.call("list_agents");
    expect(next.isError, textOf(next)).toBeFalsy();
  },
  180_000,
);
