/**
 * Issue 16: several real replicas act as one server. Each replica is its own
 * process (over stdio or --http) with OUTBOUND_CALLS_REDIS_URL pointing at one
 * real redis-server; all send to one recording upstream. The attacks are those
 * of a retrying client or a manipulated model spreading its requests over the
 * replicas behind a load balancer: identical dials at once, more dials than a
 * cap allows, a one-time token or an approval used on several replicas, a
 * client hopping replicas to escape its rate limit.
 */
import { describe, expect, it } from "vitest";
import { setTimeout as delay } from "node:timers/promises";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { defaultHandler, type Handler } from "../helpers/fake-upstream.js";
import { connectHttpClient, HTTP_TOKEN } from "../helpers/http-server-process.js";
import { approvalIds, decide, inboxPage, signIn } from "../helpers/inbox.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplicas, type Replica, type ReplicaKind } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { posts } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_replicas_4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b";
const CALL = { to: "+14155552671", agent_id: "agt_1", contact_name: "Dana Lee" };

/** The default service, with POSTs answered after 400 ms: concurrent dials overlap at the service. */
const slowPosts: Handler = async (req, res, raw) => {
  if (req.method === "POST") await delay(400);
  return defaultHandler(req, res, raw);
};

const fx = useReplicasOnRedis(slowPosts, "t");

/** Replicas on the shared Redis, each test under a key prefix of its own. */
async function replicas(kinds: ReplicaKind[], extra: Record<string, string | undefined> = {}): Promise<Replica[]> {
  const started = await startReplicas(kinds, { env: fx.env(extra) });
  fx.running.push(...started);
  return started;
}

/** `n` calls spread over the replicas in turn, all at once. */
const spread = (
  rs: Replica[],
  n: number,
  args: (i: number) => Record<string, unknown>,
  tool = "create_call",
): Promise<CallToolResult[]> =>
  Promise.all(Array.from({ length: n }, (_, i) => rs[i % rs.length]!.call(tool, args(i))));

const errors = (results: CallToolResult[]) => results.filter((r) => r.isError).map(textOf);

describe("the dedupe ledger is one for all replicas", () => {
  it("21 concurrent identical create_call over 3 replicas (stdio and --http): exactly 1 POST, 20 answered with its call", async () => {
    const rs = await replicas(["http", "stdio", "http"], { OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600" });
    const results = await spread(rs, 21, () => CALL);
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(errors(results)).toEqual([]);
    const deduped = results.filter((r) => (r.structuredContent as { deduplicated?: boolean }).deduplicated);
    expect(deduped).toHaveLength(20);
    for (const r of results) expect((r.structuredContent as { call: { id: string } }).call.id).toBe("call_1");
    // And later, from any replica: still the one call.
    for (const r of rs)
      expect((await r.call("create_call", CALL)).structuredContent).toMatchObject({ deduplicated: true });
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("another request to a number one replica dialed is refused on the others", async () => {
    const [a, b, c] = await replicas(["http", "http", "stdio"], { OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600" });
    expect((await a!.call("create_call", CALL)).isError).toBeFalsy();
    for (const r of [b!, c!]) {
      const other = await r.call("create_call", { ...CALL, contact_name: "Someone Else" });
      expect(other.isError).toBe(true);
      expect(textOf(other)).toContain("was dialed within the dedupe window by another request");
    }
    expect(posts(fx.upstream)).toHaveLength(1);
  });
});

describe("the caps are counted once for all replicas", () => {
  it("a per-number cap of 2: 6 concurrent dials to one number over 3 replicas -> exactly 2 POSTs", async () => {
    const rs = await replicas(["http", "stdio", "http"], {
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "2",
    });
    // Six different requests (a second call to a number within the window must say so: repeat_dial).
    const results = await spread(rs, 6, (i) => ({ ...CALL, contact_name: `Attempt ${i}`, repeat_dial: true }));
    expect(posts(fx.upstream)).toHaveLength(2);
    const refused = errors(results);
    expect(refused).toHaveLength(4);
    for (const text of refused) expect(text).toContain("Refused by the per-number daily cap");
    // Later attempts, on any replica, are refused too.
    const later = await rs[2]!.call("create_call", { ...CALL, contact_name: "Later", repeat_dial: true });
    expect(textOf(later)).toContain(
      "was dialed 2 times in the last 24 hours (cap OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY=2)",
    );
    expect(posts(fx.upstream)).toHaveLength(2);
  });

  it("an hourly cap of 2: 6 concurrent dials to 6 numbers over 3 replicas -> exactly 2 POSTs", async () => {
    const rs = await replicas(["stdio", "http", "http"], {
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600",
      OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "2",
    });
    const results = await spread(rs, 6, (i) => ({ ...CALL, to: `+1415555${String(3000 + i)}` }));
    expect(posts(fx.upstream)).toHaveLength(2);
    const refused = errors(results);
    expect(refused).toHaveLength(4);
    for (const text of refused) expect(text).toContain("Refused by the dials-per-hour cap");
    // A batch row counts as a dial, on any replica.
    const batch = await rs[1]!.call("submit_batch", { calls: [{ to: "+14155553100", agent_id: "agt_1" }] });
    expect(textOf(batch)).toContain("dials-per-hour");
    expect(posts(fx.upstream)).toHaveLength(2);
  });
});

describe("one-time confirmations and approvals work once, on any replica", () => {
  it("a confirmation token issued on A checks out on B, once; used on three replicas at once it dials once", async () => {
    // Without the dedupe window, only the token's one-time mark stands between a replayed token and a second call.
    const [a, b, c] = await replicas(["http", "stdio", "http"], {
      OUTBOUND_CALLS_CONFIRM: "token",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
    });
    const dry = await a!.call("create_call", { ...CALL, dry_run: true });
    const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
    expect(token).toBeTruthy();
    const dialed = await b!.call("create_call", { ...CALL, confirmation_token: token });
    expect(dialed.isError, textOf(dialed)).toBeFalsy();
    expect(dialed.structuredContent).toMatchObject({ confirmed_by: "token" });
    for (const r of [a!, b!, c!])
      expect(textOf(await r.call("create_call", { ...CALL, confirmation_token: token }))).toContain("was already used");
    expect(posts(fx.upstream)).toHaveLength(1);

    const dry2 = await c!.call("create_call", { ...CALL, to: "+14155550123", dry_run: true });
    const token2 = (dry2.structuredContent as { confirmation_token: string }).confirmation_token;
    const at = await spread([a!, b!, c!], 6, () => ({ ...CALL, to: "+14155550123", confirmation_token: token2 }));
    expect(at.filter((r) => !r.isError)).toHaveLength(1);
    for (const text of errors(at)) expect(text).toContain("was already used");
    expect(posts(fx.upstream)).toHaveLength(2);
  });

  it("an approval opened on A, decided in B's inbox, is picked up by a repeat on C and dials once", async () => {
    const [a, b, c] = await replicas(["http", "http", "http"], {
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600",
    });
    const pending = await a!.call("create_call", CALL);
    expect(textOf(pending)).toContain("Waiting for a person");
    expect(posts(fx.upstream)).toHaveLength(0);

    const session = await signIn(b!.http!.base, APPROVER_TOKEN);
    const ids = approvalIds((await inboxPage(b!.http!.base, session)).body);
    expect(ids).toHaveLength(1);
    expect((await decide(b!.http!.base, session, ids[0]!, "approve")).status).toBe(303);
    // C's inbox shows nothing waiting any more.
    expect(approvalIds((await inboxPage(c!.http!.base, await signIn(c!.http!.base, APPROVER_TOKEN))).body)).toEqual([]);

    // The repeat arrives at three replicas at once: one dial, the approval used once.
    const repeats = await spread([c!, a!, b!], 3, () => CALL);
    expect(errors(repeats)).toEqual([]);
    expect(
      repeats.filter((r) => (r.structuredContent as { confirmed_by?: string }).confirmed_by === "page"),
    ).toHaveLength(1);
    expect(repeats.filter((r) => (r.structuredContent as { deduplicated?: boolean }).deduplicated)).toHaveLength(2);
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(posts(fx.upstream)[0]!.headers["idempotency-key"]).toBeTruthy();
  });

  it("a dial waiting on A is declined in B's inbox: A's tool call ends declined at once, nothing is dialed", async () => {
    const [a, b] = await replicas(["http", "http"], {
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "30",
    });
    const waiting = a!.call("create_call", CALL);
    const session = await signIn(b!.http!.base, APPROVER_TOKEN);
    let ids: string[] = [];
    for (let i = 0; i < 100 && ids.length === 0; i++) {
      await delay(100);
      ids = approvalIds((await inboxPage(b!.http!.base, session)).body);
    }
    expect(ids).toHaveLength(1);
    await decide(b!.http!.base, session, ids[0]!, "decline");
    // A polls the shared approvals: the decision made on B ends A's wait.
    expect(textOf(await waiting)).toContain("The person declined; nothing was dialed");
    expect(posts(fx.upstream)).toHaveLength(0);
  });
});

describe("the HTTP rate limit is per client across replicas", () => {
  it("4 per window: a client hopping over 3 replicas gets 4 calls in all; another client keeps its own 4", async () => {
    const rs = await replicas(["http", "http", "http"], {
      OUTBOUND_CALLS_HTTP_RATE_LIMIT: "4/60",
      OUTBOUND_CALLS_HTTP_TRUST_PROXY: "1",
    });
    const as = (ip: string) =>
      Promise.all(rs.map((r) => connectHttpClient(r.http!.url, HTTP_TOKEN, { "X-Forwarded-For": ip })));
    const x = await as("203.0.113.7");
    const y = await as("203.0.113.8");
    try {
      const outcomes: Array<number | "ok"> = [];
      for (let i = 0; i < 6; i++) {
        outcomes.push(
          await x[i % 3]!.call("list_agents").then(
            () => "ok" as const,
            (e: unknown) => (e instanceof StreamableHTTPError ? (e.code ?? -1) : -1),
          ),
        );
      }
      expect(outcomes).toEqual(["ok", "ok", "ok", "ok", 429, 429]);
      for (const client of y) expect((await client.call("list_agents")).isError).toBeFalsy();
    } finally {
      await Promise.all([...x, ...y].map((c) => c.close()));
    }
  });
});
