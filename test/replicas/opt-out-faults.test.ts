/**
 * Issue 34, item 7: the callee's "no" kept through every fault, with three replicas of the built server on one real
 * redis-server. Stops are heard on one replica; a replica that placed a call is killed before it reads it (another
 * replica reads it from the shared store); Redis is flushed (FLUSHALL: no connection drops, so only the epoch key
 * checked at each dial and tick tells); Redis is restarted without persistence; the killed replica comes back. After
 * each fault, a dial to every stopped number through every replica is refused, and the recording upstream received
 * zero POSTs for them: each replica's journal wrote the list back. A number nobody stopped is still dialed (the
 * refusals are the list's, not a blanket refusal). And a batch answered in reverse order lists the right number.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultHandler, sendJson, type Handler } from "../helpers/fake-upstream.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplica, type Replica } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { posts, tempDir } from "../helpers/guards.js";

const AGENT = "agt_1";
const STOPS = ["+14155550101", "+14155550102", "+14155550103"];
const INNOCENT = ["+14155550104", "+14155550105"];
const id = (to: string) => `call_${to.slice(-4)}`;

/** Calls are call_<last four digits>; a batch is answered in reverse order; the stopped numbers' people said stop. */
const service: Handler = (req, res, raw) => {
  if (req.method === "POST" && req.path === "/api/v1/calls") {
    const body = req.json as { to: string };
    return sendJson(res, 201, { data: { id: id(body.to), status: "queued", ...body } });
  }
  if (req.method === "POST" && req.path === "/api/v1/calls/batch") {
    const calls = ((req.json as { calls?: Array<{ to: string }> }).calls ?? [])
      .map((c) => ({ id: id(c.to), status: "queued", to: c.to }))
      .reverse();
    return sendJson(res, 202, { data: { batch_id: "bat_1", status: "accepted", calls } });
  }
  const call = /^\/api\/v1\/calls\/call_(\d{4})$/.exec(req.path);
  if (req.method === "GET" && call) {
    const to = `+1415555${call[1]}`;
    const says = STOPS.includes(to) ? "Stop calling me. Take me off your list." : "Tuesday works, thanks.";
    return sendJson(res, 200, {
      data: {
        id: `call_${call[1]}`,
        status: "completed",
        to,
        transcript: [
          { role: "assistant", text: "Hello, this is an AI assistant from Acme." },
          { role: "user", text: says },
        ],
      },
    });
  }
  return defaultHandler(req, res, raw);
};

const fx = useReplicasOnRedis(service, "oof");

/** POSTs that dialed `to` (a create_call's body, or a batch's rows). */
const dialsTo = (to: string) =>
  posts(fx.upstream).filter((p) => {
    const body = p.json as { to?: string; calls?: Array<{ to: string }> };
    return body.to === to || (body.calls ?? []).some((c) => c.to === to);
  }).length;

/** A dial of `to` through `r`: its refusal's rule, or "dialed". */
async function dial(r: Replica, to: string, dryRun = false): Promise<string> {
  const answer = await r.call("create_call", { to, agent_id: AGENT, ...(dryRun ? { dry_run: true } : {}) });
  return /Refused \((\w+)\)/.exec(textOf(answer))?.[1] ?? (answer.isError ? textOf(answer) : "dialed");
}

/**
 * Every stopped number through every replica: refused (opted out; the list being written back; or the store not
 * answering yet, right after Redis restarted), and not one POST to any of them.
 */
async function noneDialed(rs: Replica[], stops: string[]): Promise<void> {
  for (const r of rs) for (const to of stops) expect(await dial(r, to), `${r.name} ${to}`).not.toBe("dialed");
  for (const to of stops) expect(dialsTo(to), to).toBe(1);
}

/** Until every replica refuses every stopped number as opted out (the list is whole again there). */
async function listedEverywhere(rs: Replica[], stops: string[]): Promise<void> {
  for (const r of rs)
    for (const to of stops)
      await expect.poll(() => dial(r, to, true), { timeout: 60_000, interval: 250 }).toBe("opted_out");
}

describe("three replicas, every fault: no stopped number is dialed", () => {
  it("heard on one, read by another after its placer died, FLUSHALL, Redis restarted empty, a replica restarted", async () => {
    const dir = tempDir("opt-out-faults");
    const env = fx.env({ OUTBOUND_CALLS_OPT_OUT_POLL_S: "1" });
    const journal = (name: string) => ({ OUTBOUND_CALLS_OPT_OUT_JOURNAL: join(dir, `${name}.jsonl`) });
    const a = await startReplica("A", "stdio", { env, extra: journal("A") });
    // B's own watch would not read for a minute: its call is read by another replica, from the shared store.
    const bExtra = { ...journal("B"), OUTBOUND_CALLS_OPT_OUT_POLL_S: "60" };
    let b = await startReplica("B", "http", { env, extra: bExtra });
    const c = await startReplica("C", "stdio", { env, extra: journal("C") });
    fx.running.push(a, b, c);

    // Heard on A: two calls A placed.
    for (const to of STOPS.slice(0, 2)) expect(await dial(a, to)).toBe("dialed");
    // B places one and dies before it reads it.
    expect(await dial(b, STOPS[2]!)).toBe("dialed");
    await b.kill();
    await listedEverywhere([a, c], STOPS);
    await noneDialed([a, c], STOPS);

    // FLUSHALL: nothing drops a connection; the next dial's script sees the epoch gone.
    await (await fx.redis.admin()).flushAll();
    await noneDialed([a, c], STOPS);
    await listedEverywhere([a, c], STOPS);

    // Redis restarted without persistence.
    await fx.redis.restart();
    await noneDialed([a, c], STOPS);
    await listedEverywhere([a, c], STOPS);

    // B comes back (its journal), and is refused too.
    b = await startReplica("B", "http", { env, extra: bExtra });
    fx.running.push(b);
    await listedEverywhere([a, b, c], STOPS);
    await noneDialed([a, b, c], STOPS);

    // The refusals are the list's: a number nobody stopped is dialed through every replica.
    expect(await dial(a, INNOCENT[0]!)).toBe("dialed");
    expect(await dial(b, INNOCENT[1]!, true)).not.toMatch(/opted_out|opt_out/);
    expect(posts(fx.upstream)).toHaveLength(STOPS.length + 1);
  });
});

describe("a batch answered in reverse order", () => {
  it("lists the number whose person said stop, on every replica; the others stay dialable", async () => {
    const env = fx.env({ OUTBOUND_CALLS_OPT_OUT_POLL_S: "1" });
    const a = await startReplica("A", "http", { env });
    const b = await startReplica("B", "stdio", { env });
    fx.running.push(a, b);
    const rows = [STOPS[0]!, ...INNOCENT].map((to) => ({ to, agent_id: AGENT }));
    expect((await a.call("submit_batch", { calls: rows })).isError).toBeFalsy();
    await expect.poll(() => dial(b, STOPS[0]!, true), { timeout: 60_000, interval: 250 }).toBe("opted_out");
    for (const to of INNOCENT) expect(await dial(b, to)).toBe("dialed");
    expect(dialsTo(STOPS[0]!)).toBe(1);
  });
});
