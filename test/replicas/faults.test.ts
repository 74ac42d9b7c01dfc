/**
 * Issue 16, faults, with real replica processes on one real redis-server:
 * - Redis killed mid-run: every dial is refused with a clear message and nothing
 *   is sent; the reads keep answering (over --http too, under the rate limit);
 *   once Redis is back the same replicas dial again, nothing restarted.
 * - Redis stalled (SIGSTOP: the connection stays open, nothing answers): the
 *   dials are refused while Redis is still stalled, so their wait is bounded by
 *   the server's own timeouts, not by Redis; the reads answer meanwhile.
 * - A replica killed between claiming a dial and sending it (waiting for an
 *   approver), and one killed while its POST was at the service (its answer
 *   lost): the next identical request, on another replica, takes the claim over
 *   once its lease ran out, with the same Idempotency-Key. The sandbox honours
 *   the key: one call in each case, none lost, none doubled, and the caps count
 *   it once. OUTBOUND_CALLS_TEST_LEASE_MS shortens the 60 s lease for the test.
 *   Also: a batch repeated with its rows in another order (the service refuses
 *   the key with another body: an unknown outcome, never a second round), and a
 *   takeover that must ask a person again and ends pending (the claim goes back
 *   with the first key, so the approved repeat still places nothing new), a takeover refused with a 400 (a
 *   Stripe-like reused-key refusal: an unknown outcome), and one whose service is down (it sent nothing: not
 *   "nothing was dialed", and the claim keeps its key for the next repeat).
 * - Redis stalled while a POST was at the service: the placed dial is recorded
 *   when Redis answers again, so its number stays refused after the lease.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { defaultHandler, startFakeUpstream, type Handler } from "../helpers/fake-upstream.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { connectHttpClient, HTTP_TOKEN } from "../helpers/http-server-process.js";
import { approvalIds, decide, inboxPage, signIn } from "../helpers/inbox.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplica, startReplicas, type Replica, type ReplicaKind } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { posts } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_faults_7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d";
const SANDBOX_KEY = "sk_test_replica_faults";
const LEASE_MS = 1_500;
const UNREACHABLE = "the server's shared guard state (Redis) cannot be reached";

const fx = useReplicasOnRedis(defaultHandler, "f");

/** The shared fixture's environment with the dedupe window and the default per-number cap these tests rely on. */
function sharedEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return fx.env({ OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600", OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "3", ...extra });
}

const dial = (n: number) => ({ to: `+1415555${String(5000 + n)}`, agent_id: "agt_1", contact_name: "Dana Lee" });

async function eventually(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("the condition did not hold in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The reads a model uses while it cannot dial: all answer. */
async function readsAnswer(r: Replica): Promise<void> {
  for (const [tool, args] of [
    ["list_agents", {}],
    ["list_calls", { limit: 5 }],
    ["get_call", { call_id: "call_1" }],
  ] as const) {
    const result = await r.call(tool, args);
    expect(result.isError, `${r.name} ${tool}: ${textOf(result)}`).toBeFalsy();
  }
}

describe("Redis killed mid-run", () => {
  it("dials are refused with a clear message and nothing is sent, reads answer, and the same replicas dial again once Redis is back", async () => {
    // The --http replica keeps its default rate limit: while Redis is away it is counted per replica, reads go on.
    const rs = await startReplicas(["http", "stdio"], { env: sharedEnv() });
    fx.running.push(...rs);
    for (const [i, r] of rs.entries()) expect((await r.call("create_call", dial(i))).isError).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(2);

    await fx.redis.kill();
    try {
      for (const [i, r] of rs.entries()) {
        for (const [tool, args] of [
          ["create_call", dial(10 + i)],
          ["create_call", dial(i)],
          ["submit_batch", { calls: [dial(20 + i), dial(30 + i)] }],
        ] as const) {
          const refused = await r.call(tool, args);
          expect(refused.isError).toBe(true);
          expect(textOf(refused)).toContain(UNREACHABLE);
          expect(textOf(refused)).toContain("Nothing was dialed");
        }
        await readsAnswer(r);
      }
      expect(posts(fx.upstream)).toHaveLength(2);
    } finally {
      await fx.redis.restart();
    }

    // Nothing restarted: each replica reconnects by itself and dials again.
    for (const [i, r] of rs.entries()) {
      await eventually(async () => !(await r.call("create_call", dial(40 + i))).isError);
    }
    expect(posts(fx.upstream)).toHaveLength(4);
    for (const r of rs) expect(r.stderr()).toContain("is reachable again");
  });
  it("the HTTP rate limit still holds while Redis is away, counted per replica", async () => {
    const [a] = await startReplicas(["http"], {
      env: sharedEnv({ OUTBOUND_CALLS_HTTP_RATE_LIMIT: "3/60", OUTBOUND_CALLS_HTTP_TRUST_PROXY: "1" }),
    });
    fx.running.push(a!);
    await fx.redis.kill();
    try {
      const client = await connectHttpClient(a!.http!.url, HTTP_TOKEN, { "X-Forwarded-For": "203.0.113.9" });
      try {
        const outcomes: Array<number | "ok"> = [];
        for (let i = 0; i < 4; i++) {
          outcomes.push(
            await client.call("list_agents").then(
              () => "ok" as const,
              (e: unknown) => (e instanceof StreamableHTTPError ? (e.code ?? -1) : -1),
            ),
          );
        }
        expect(outcomes).toEqual(["ok", "ok", "ok", 429]);
      } finally {
        await client.close();
      }
      expect(a!.stderr()).toContain("counting per replica meanwhile");
    } finally {
      await fx.redis.restart();
    }
  });
});

describe("Redis stalled", () => {
  it("while Redis answers nothing, dials are refused (before it resumes: bounded by the server's timeouts) and reads answer", async () => {
    const rs = await startReplicas(["http", "stdio"], { env: sharedEnv() });
    fx.running.push(...rs);
    expect((await rs[0]!.call("create_call", dial(0))).isError).toBeFalsy();
    fx.redis.signal("SIGSTOP");
    let refused: CallToolResult[];
    try {
      // Redis stays stopped until every answer is in: an answer that waited for Redis would never come.
      refused = await Promise.all(
        rs.flatMap((r, i) => [r.call("create_call", dial(50 + i)), r.call("create_call", dial(0))]),
      );
      for (const r of rs) await readsAnswer(r);
    } finally {
      fx.redis.signal("SIGCONT");
    }
    for (const result of refused) {
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(UNREACHABLE);
    }
    expect(posts(fx.upstream)).toHaveLength(1);
    // Back to normal: a refused dial goes once when repeated (its timed-out claim was undone), and the dial made
    // before the stall is still remembered.
    await eventually(async () => !(await rs[1]!.call("create_call", dial(50))).isError);
    expect((await rs[0]!.call("create_call", dial(0))).structuredContent).toMatchObject({ deduplicated: true });
    expect(posts(fx.upstream)).toHaveLength(2);
  });
});

describe("Redis stalled while a POST was at the service", () => {
  it("the placed dial is remembered once Redis answers again: another request to the number is refused after the lease", async () => {
    fx.upstream.handle((req, res, raw) => {
      // The service places the call; Redis stops answering before the replica can record it.
      if (req.method === "POST") fx.redis.signal("SIGSTOP");
      return defaultHandler(req, res, raw);
    });
    const [a] = await startReplicas(["stdio"], { env: sharedEnv({ OUTBOUND_CALLS_TEST_LEASE_MS: "1500" }) });
    fx.running.push(a!);
    const call = { to: "+14155550120", agent_id: "agt_1", contact_name: "Dana Lee" };
    let placed: CallToolResult;
    try {
      placed = await a!.call("create_call", call);
    } finally {
      fx.redis.signal("SIGCONT");
    }
    expect(placed.isError, textOf(placed)).toBeFalsy();
    // Well past the claim's lease: only a settled dial still holds the number now.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const other = await a!.call("create_call", { ...call, contact_name: "Someone Else" });
    expect(other.isError, textOf(other)).toBe(true);
    expect(textOf(other)).toContain("was dialed within the dedupe window");
    expect(posts(fx.upstream)).toHaveLength(1);
  });
});

describe("a replica killed between claiming and sending", () => {
  let sandbox: Sandbox;
  let agentId: string;
  /** Calls the sandbox holds for our key. */
  const sandboxCalls = async (): Promise<Array<{ id: string; to: string }>> => {
    const res = await fetch(`${sandbox.url}/api/v1/calls?limit=100`, {
      headers: { authorization: `Bearer ${SANDBOX_KEY}` },
    });
    return ((await res.json()) as { data: Array<{ id: string; to: string }> }).data;
  };
  /** The recording upstream forwards everything to the sandbox; `onPost` may act on a POST after the sandbox took it. */
  const toSandbox =
    (onPost?: (res: Parameters<Handler>[1]) => Promise<boolean>): Handler =>
    async (req, res, raw) => {
      const headers: Record<string, string> = {};
      for (const name of ["authorization", "content-type", "accept", "idempotency-key"]) {
        const value = req.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const answer = await fetch(`${sandbox.url}${raw.url ?? "/"}`, {
        method: req.method,
        headers,
        ...(req.method === "POST" ? { body: req.text } : {}),
      });
      const body = await answer.text();
      if (req.method === "POST" && onPost && (await onPost(res))) return;
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(body);
    };

  beforeAll(async () => {
    sandbox = await startSandbox({ speed: "instant", rateLimit: false });
    const res = await fetch(`${sandbox.url}/api/v1/agents`, { headers: { authorization: `Bearer ${SANDBOX_KEY}` } });
    agentId = ((await res.json()) as { data: Array<{ id: string }> }).data[0]!.id;
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const env = (extra: Record<string, string | undefined> = {}) =>
    sharedEnv({
      OUTBOUND_CALLS_API_KEY: SANDBOX_KEY,
      OUTBOUND_CALLS_TEST_LEASE_MS: String(LEASE_MS),
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "1",
      ...extra,
    });

  /** Replicas A (--http) and B (stdio unless said) on one Redis; A dies once the service has taken its first POST, before the answer reaches it. */
  const aDiesAtItsPost = async (
    extra: Record<string, string | undefined> = {},
    bKind: ReplicaKind = "stdio",
  ): Promise<{ a: Replica; b: Replica }> => {
    let a: Replica | undefined;
    fx.upstream.handle(
      toSandbox(async (res) => {
        await a!.kill();
        res.destroy();
        fx.upstream.handle(toSandbox());
        return true;
      }),
    );
    const shared = env(extra);
    a = await startReplica("A", "http", { env: shared });
    const b = await startReplica("B", bKind, { env: shared });
    fx.running.push(a, b);
    return { a, b };
  };

  it("killed while its POST was at the service (answer lost): the repeat on another replica takes over with the same key; one call, counted once", async () => {
    const { a, b } = await aDiesAtItsPost();
    const call = { to: "+14155550100", agent_id: agentId, contact_name: "Dana Lee" };
    const lost = await a.call("create_call", call).then(
      () => "answered",
      () => "no answer",
    );
    expect(lost).toBe("no answer");
    expect(await sandboxCalls()).toHaveLength(1);

    const repeat = await b.call("create_call", call);
    expect(repeat.isError, textOf(repeat)).toBeFalsy();
    const sent = posts(fx.upstream);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers["idempotency-key"]).toBe(sent[0]!.headers["idempotency-key"]);
    const calls = await sandboxCalls();
    expect(calls).toHaveLength(1);
    expect((repeat.structuredContent as { call: { id: string } }).call.id).toBe(calls[0]!.id);
    // Settled now: later repeats get the same call, and the number's cap (1 a day) holds it once.
    expect((await b.call("create_call", call)).structuredContent).toMatchObject({ deduplicated: true });
    expect(textOf(await b.call("create_call", { ...call, contact_name: "Someone Else", repeat_dial: true }))).toContain(
      "was dialed 1 time in the last 24 hours",
    );
    expect(await sandboxCalls()).toHaveLength(1);
  });

  it("killed while its POST was at the service: after the lease, another request to the number on another replica is refused (the call may be ringing); repeat_dial lets it go", async () => {
    // The cap (3 a day) alone would let a second dial through.
    const { a, b } = await aDiesAtItsPost({ OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "3" });
    const before = (await sandboxCalls()).length;
    const call = { to: "+14155550130", agent_id: agentId, contact_name: "Dana Lee" };
    const lost = await a.call("create_call", call).then(
      () => "answered",
      () => "no answer",
    );
    expect(lost).toBe("no answer");
    // Well past A's lease: nobody will settle its claim.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 1_000));
    const other = await b.call("create_call", { ...call, contact_name: "Dana" });
    expect(other.isError, textOf(other)).toBe(true);
    expect(textOf(other)).toContain("was never settled");
    expect(textOf(other)).toContain("repeat_dial: true");
    expect((await sandboxCalls()).length).toBe(before + 1);
    const meant = await b.call("create_call", { ...call, contact_name: "Dana", repeat_dial: true });
    expect(meant.isError, textOf(meant)).toBeFalsy();
    expect((await sandboxCalls()).length).toBe(before + 2);
  });

  it("killed while its batch POST was at the service: a repeat with the rows in another order (the same batch) places nothing new, and neither does the next", async () => {
    // The default per-number cap (3 a day): the cap alone does not stop a second round.
    const { a, b } = await aDiesAtItsPost({ OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "3" });
    const before = (await sandboxCalls()).length;
    const rows = [
      { to: "+14155550110", agent_id: agentId, contact_name: "Dana Lee" },
      { to: "+14155550111", agent_id: agentId, contact_name: "Sam Roe" },
    ];
    const lost = await a.call("submit_batch", { calls: rows }).then(
      () => "answered",
      () => "no answer",
    );
    expect(lost).toBe("no answer");
    expect(await sandboxCalls()).toHaveLength(before + 2);

    // The same batch (row order does not make another request): it takes A's claim over, with A's key.
    const repeat = await b.call("submit_batch", { calls: [...rows].reverse() });
    const sent = posts(fx.upstream);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers["idempotency-key"]).toBe(sent[0]!.headers["idempotency-key"]);
    expect(await sandboxCalls(), textOf(repeat)).toHaveLength(before + 2);
    // The service saw the key before: whatever it answers, the model must not read "nothing was placed".
    expect(textOf(repeat)).toMatch(/outcome is unknown|WAS placed|Batch accepted/);
    // Whatever the takeover was told, the dial is not forgotten: the model's next try places nothing.
    await b.call("submit_batch", { calls: rows });
    await b.call("submit_batch", { calls: [...rows].reverse() });
    expect(await sandboxCalls()).toHaveLength(before + 2);
  });

  it("killed while its batch POST was at the service: a service that refuses the reused key with a 400 (Stripe's idempotency_error), not a 409: the takeover is not told 'refused, fix and try again'", async () => {
    const { a, b } = await aDiesAtItsPost({ OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "3" });
    const before = (await sandboxCalls()).length;
    const rows = [
      { to: "+14155550112", agent_id: agentId, contact_name: "Dana Lee" },
      { to: "+14155550113", agent_id: agentId, contact_name: "Sam Roe" },
    ];
    const lost = await a.call("submit_batch", { calls: rows }).then(
      () => "answered",
      () => "no answer",
    );
    expect(lost).toBe("no answer");
    expect(await sandboxCalls()).toHaveLength(before + 2);
    // The sandbox's 409 for the key with another body, spelled the way Stripe spells it.
    const sandboxAnswer = toSandbox();
    fx.upstream.handle(async (req, res, raw) => {
      if (req.method !== "POST") return sandboxAnswer(req, res, raw);
      const proxied = await fetch(`${sandbox.url}${raw.url ?? "/"}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${SANDBOX_KEY}`,
          "content-type": "application/json",
          "idempotency-key": String(req.headers["idempotency-key"]),
        },
        body: req.text,
      });
      const body = await proxied.text();
      const status = proxied.status === 409 ? 400 : proxied.status;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(
        proxied.status === 409
          ? JSON.stringify({
              error: {
                type: "idempotency_error",
                message:
                  "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              },
            })
          : body,
      );
    });
    const repeat = await b.call("submit_batch", { calls: [...rows].reverse() });
    expect(posts(fx.upstream)).toHaveLength(2);
    expect(await sandboxCalls(), textOf(repeat)).toHaveLength(before + 2);
    expect(repeat.isError, textOf(repeat)).toBe(true);
    expect(textOf(repeat)).toMatch(/outcome is unknown/);
    expect(textOf(repeat)).not.toMatch(/Fix the arguments and try again/);
  });

  it("killed while its POST was at the service, and the service is down when the repeat takes over: not told 'nothing was dialed', and the claim keeps its key", async () => {
    const own = await startFakeUpstream(toSandbox());
    const shared = { ...env(), OUTBOUND_CALLS_BASE_URL: own.url };
    const a = await startReplica("A", "http", { env: shared });
    const b = await startReplica("B", "stdio", { env: shared });
    fx.running.push(a, b);
    // B knows the agents (cached) before the service goes away, so its repeat gets as far as the POST.
    const warm = await b.call("create_call", { to: "+14155550141", agent_id: agentId });
    expect(warm.isError, textOf(warm)).toBeFalsy();
    own.handle(
      toSandbox(async (res) => {
        await a.kill();
        res.destroy();
        return true;
      }),
    );
    const call = { to: "+14155550140", agent_id: agentId, contact_name: "Dana Lee" };
    const lost = await a.call("create_call", call).then(
      () => "answered",
      () => "no answer",
    );
    expect(lost).toBe("no answer");
    await own.close();
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 500));
    for (const attempt of [1, 2]) {
      const repeat = await b.call("create_call", call);
      const text = textOf(repeat);
      expect(repeat.isError, text).toBe(true);
      expect(text, `attempt ${attempt}`).toMatch(/could not be reached \(ECONNREFUSED\)/);
      expect(text).not.toMatch(/Nothing was (sent|dialed)|safe to try again/);
      // The claim went back with A's key (not settled as a fresh unknown): the next repeat takes it over again.
      expect(text).toMatch(/may have been placed/);
    }
  });

  it("killed while its approved POST was at the service: the takeover that must ask a person again and is left pending keeps the first key; one call", async () => {
    const consent = {
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "5",
    };
    // The default per-number cap (3 a day): the cap alone does not stop a second call.
    const { a, b } = await aDiesAtItsPost({ ...consent, OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "3" }, "http");
    const before = (await sandboxCalls()).length;
    const call = { to: "+14155550102", agent_id: agentId, contact_name: "Dana Lee" };
    const session = await signIn(b.http!.base, APPROVER_TOKEN);
    const approveNext = async () => {
      let ids: string[] = [];
      await eventually(async () => (ids = approvalIds((await inboxPage(b.http!.base, session)).body)).length > 0);
      expect((await decide(b.http!.base, session, ids[0]!, "approve")).status).toBe(303);
    };
    const lost = a.call("create_call", call).then(
      () => "answered",
      () => "no answer",
    );
    await approveNext();
    expect(await lost).toBe("no answer");
    expect(await sandboxCalls()).toHaveLength(before + 1);

    // The repeat takes A's claim over; A's approval was used, so a person is asked again and nobody answers in time.
    const pending = await b.call("create_call", call);
    expect(pending.isError, textOf(pending)).toBe(true);
    await approveNext();
    const approved = await b.call("create_call", call);
    const sent = posts(fx.upstream);
    expect(
      sent.map((p) => p.headers["idempotency-key"]),
      textOf(approved),
    ).toEqual(sent.map(() => sent[0]!.headers["idempotency-key"]));
    expect(await sandboxCalls()).toHaveLength(before + 1);
  });

  it("killed while a person decided (claimed, not sent): approved on B, the repeat on C takes over with A's key and dials once", async () => {
    fx.upstream.handle(toSandbox());
    const consent = {
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "30",
    };
    const e = env(consent);
    const [a, b, c] = await startReplicas(["http", "http", "http"], { env: e });
    fx.running.push(a!, b!, c!);
    const before = (await sandboxCalls()).length;
    const call = { to: "+14155550101", agent_id: agentId, contact_name: "Dana Lee" };
    const session = await signIn(b!.http!.base, APPROVER_TOKEN);
    const waiting = a!.call("create_call", call).catch(() => undefined);
    let ids: string[] = [];
    await eventually(async () => (ids = approvalIds((await inboxPage(b!.http!.base, session)).body)).length > 0);
    // A holds the claim (its lease renewed while the person decides) and dies.
    const admin = await fx.redis.admin();
    const [claimKey] = await admin.keys(`${e.OUTBOUND_CALLS_REDIS_PREFIX}dial:*`);
    const claimed = await admin.hGetAll(claimKey!);
    expect(claimed).toMatchObject({ kind: "in_flight" });
    await a!.kill();
    await waiting;
    expect((await decide(b!.http!.base, session, ids[0]!, "approve")).status).toBe(303);

    // The repeat waits out A's lease, takes the claim over and uses the approval: one POST, with A's key.
    const repeat = await c!.call("create_call", call);
    expect(repeat.isError, textOf(repeat)).toBeFalsy();
    expect(repeat.structuredContent).toMatchObject({ confirmed_by: "page" });
    const sent = posts(fx.upstream);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers["idempotency-key"]).toBe(claimed.idem);
    expect(await sandboxCalls()).toHaveLength(before + 1);
    expect((await b!.call("create_call", call)).structuredContent).toMatchObject({ deduplicated: true });
    expect(posts(fx.upstream)).toHaveLength(1);
  });
});
