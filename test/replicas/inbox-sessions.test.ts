/**
 * The approvers' inbox behind a load balancer without sticky sessions: three
 * --http replicas on one Redis behind a round-robin proxy (bench/lib/
 * round-robin.mjs), so consecutive requests of one browser land on different
 * replicas. A session made on one replica works on every other (signed cookie,
 * key from the store's shared secret), its CSRF token too; signing out on one
 * ends it on all; a forged, stretched or foreign cookie works nowhere; while
 * Redis is down the inbox says so (503) and decides nothing, and afterwards the
 * sessions made before work again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chromium as pw, type Browser, type BrowserServer } from "playwright-core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startRoundRobin, type RoundRobin } from "../../bench/lib/round-robin.mjs";
import { approverDecides, launchChromium } from "../helpers/approval.js";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { connectHttpClient, rawRequest } from "../helpers/http-server-process.js";
import { approvalIds, decide, inboxPage, signIn, signOut, type InboxSession } from "../helpers/inbox.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { startReplica, type Replica } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_sessions_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d";
const OTHER_TOKEN = "apr_sessions_ffeeddccbbaa99887766554433221100";
const CALL = { to: "+14155552671", agent_id: "agt_1", contact_name: "Dana Lee" };

let redis: RedisServer;
let upstream: FakeUpstream;
let lb: RoundRobin;
let chromium: BrowserServer;
let browser: Browser;
let env: Record<string, string | undefined>;
const replicas: Replica[] = [];
let numbers = 0;

const base = (r: Replica) => r.http!.base;
/** A fresh number per dial: the dedupe window would otherwise answer a repeat with the first call. */
const nextCall = () => ({ ...CALL, to: `+1415555${String(4000 + numbers++)}` });

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await startFakeUpstream();
  lb = await startRoundRobin();
  env = envFor(upstream, {
    ...GUARDS_OFF,
    OUTBOUND_CALLS_CONFIRM: undefined,
    OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
    OUTBOUND_CALLS_APPROVAL_WAIT_S: "30",
    OUTBOUND_CALLS_REDIS_URL: redis.url,
    // The balancer passes the browser's Host and Origin through, as a public name would be.
    OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS: `127.0.0.1:${lb.port}`,
    OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS: lb.url,
  });
  for (const name of ["A", "B", "C"]) replicas.push(await startReplica(name, "http", { env }));
  lb.setTargets(replicas.map(base));
  chromium = await launchChromium();
  browser = await pw.connect(chromium.wsEndpoint());
});
afterAll(async () => {
  await browser?.close();
  await chromium?.close();
  await lb?.close();
  await Promise.all(replicas.map((r) => r.close()));
  await upstream?.close();
  await redis?.stop();
});
beforeEach(() => {
  upstream.requests.length = 0;
});

/** Starts a dial on `r` that waits for an approver, and returns it with its approval id (seen in `r`'s inbox). */
async function waitingDial(r: Replica, session: InboxSession): Promise<{ call: Promise<CallToolResult>; id: string }> {
  const before = new Set(approvalIds((await inboxPage(base(r), session)).body));
  const call = r.call("create_call", nextCall());
  for (let i = 0; i < 200; i++) {
    const fresh = approvalIds((await inboxPage(base(r), session)).body).filter((id) => !before.has(id));
    if (fresh.length > 0) return { call, id: fresh[0]! };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("no approval appeared in the inbox");
}

/** Signed in on `r`? (The inbox answers with its sign-out banner, not the login form.) */
async function signedInOn(r: Replica, cookie: string): Promise<boolean> {
  const page = await rawRequest(base(r), { path: "/approvals", headers: { cookie } });
  return page.status === 200 && page.body.includes("Signed in as");
}

describe("behind a round-robin balancer, in Chromium", () => {
  it("an approver signs in, finds a dial waiting on one replica and approves it, each page served by another replica: dialed once", async () => {
    const client = await connectHttpClient(`${lb.url}/mcp`);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const before = lb.hits();
      const call = client.client.callTool({ name: "create_call", arguments: nextCall() }, undefined, {
        timeout: 60_000,
      }) as Promise<CallToolResult>;
      expect(await approverDecides(page, lb.url, APPROVER_TOKEN, "Approve")).toBe("Approved by approver:Dana Approver");
      const result = await call;
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ confirmed_by: "page" });
      expect(posts(upstream)).toHaveLength(1);
      // Every replica served part of it: no stickiness helped.
      const after = lb.hits();
      for (const r of replicas) expect((after[base(r)] ?? 0) - (before[base(r)] ?? 0)).toBeGreaterThanOrEqual(2);
    } finally {
      await context.close();
      await client.close();
    }
  });
});

describe("one session, every replica", () => {
  it("a login on A works on B and C; its CSRF token decides on C a dial waiting on B", async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const session = await signIn(base(a), APPROVER_TOKEN, "Ana Approver");
    expect(await signedInOn(b, session.cookie)).toBe(true);
    expect(await signedInOn(c, session.cookie)).toBe(true);
    const { call, id } = await waitingDial(b, session);
    expect((await decide(base(c), session, id, "approve")).status).toBe(303);
    const result = await call;
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts(upstream)).toHaveLength(1);
  });

  it("signing out on B ends the session on A and C, even for a copy of the cookie", async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const session = await signIn(base(a), APPROVER_TOKEN);
    const copy = session.cookie;
    expect((await signOut(base(b), session)).status).toBe(303);
    for (const r of [a, b, c]) expect(await signedInOn(r, copy)).toBe(false);
    // A post with the ended session decides nothing.
    const fresh = await signIn(base(c), APPROVER_TOKEN);
    const { call, id } = await waitingDial(a, fresh);
    expect((await decide(base(a), session, id, "approve")).status).toBe(403);
    expect((await decide(base(b), fresh, id, "decline")).status).toBe(303);
    expect(textOf(await call)).toContain("The person declined");
    expect(posts(upstream)).toHaveLength(0);
  });

  it("another session's CSRF token, a forged name, a stretched expiry or a foreign mac work on no replica", async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const mine = await signIn(base(a), APPROVER_TOKEN, "Ana Approver");
    const theirs = await signIn(base(b), APPROVER_TOKEN, "Ben Approver");
    const { call, id } = await waitingDial(c, mine);
    for (const r of [a, b, c])
      expect((await decide(base(r), { cookie: mine.cookie, csrf: theirs.csrf }, id, "approve")).status).toBe(403);

    const [, value] = /^ocm_approver=(.*)$/.exec(mine.cookie)!;
    const [sid, expiry, name, mac] = value!.split(".") as [string, string, string, string];
    const forged = [
      `${sid}.${expiry}.${Buffer.from("Mallory", "utf8").toString("base64url")}.${mac}`,
      `${sid}.${(parseInt(expiry, 36) + 3_600_000).toString(36)}.${name}.${mac}`,
      `${sid}.${expiry}.${name}.${mac.slice(0, -2)}AA`,
      `${theirs.cookie.split("=")[1]!.split(".")[0]}.${expiry}.${name}.${mac}`,
      sid,
    ];
    for (const cookie of forged)
      for (const r of [a, b, c]) expect(await signedInOn(r, `ocm_approver=${cookie}`)).toBe(false);
    expect((await decide(base(b), mine, id, "decline")).status).toBe(303);
    expect(textOf(await call)).toContain("The person declined");
  });

  it("a replica with another approver token on the same Redis accepts none of these sessions, nor they its", async () => {
    const other = await startReplica("D", "http", { env, extra: { OUTBOUND_CALLS_APPROVER_TOKEN: OTHER_TOKEN } });
    try {
      const ours = await signIn(base(replicas[0]!), APPROVER_TOKEN);
      const theirs = await signIn(base(other), OTHER_TOKEN);
      expect(await signedInOn(other, ours.cookie)).toBe(false);
      for (const r of replicas) expect(await signedInOn(r, theirs.cookie)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("a session outlives the replica it was made on (rolling restart): a new replica accepts it", async () => {
    const session = await signIn(base(replicas[1]!), APPROVER_TOKEN);
    const fresh = await startReplica("E", "http", { env });
    try {
      expect(await signedInOn(fresh, session.cookie)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe("Redis down", () => {
  it("the inbox answers 503 and decides nothing; once Redis is back the sessions made before work again", async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const session = await signIn(base(a), APPROVER_TOKEN);
    await redis.kill();
    try {
      for (const r of [a, b, c]) {
        const page = await inboxPage(base(r), session);
        expect(page.status).toBe(503);
        expect(page.body).toContain("cannot be reached");
        expect((await decide(base(r), session, "AAAAAAAAAAAAAAAAAAAAAA", "approve")).status).toBe(503);
      }
    } finally {
      await redis.restart();
    }
    // Redis came back empty: the replicas give it their secret again, so the old cookie checks out everywhere.
    for (const r of [a, b, c]) {
      let ok = false;
      for (let i = 0; i < 100 && !ok; i++) {
        ok = await signedInOn(r, session.cookie);
        if (!ok) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ok, `replica ${r.name}`).toBe(true);
    }
    // A replica started after the restart gets the same secret from Redis (the others offered theirs again).
    for (const r of [a, b, c]) expect(r.stderr()).toContain("is reachable again");
    const late = await startReplica("F", "http", { env });
    try {
      expect(await signedInOn(late, session.cookie)).toBe(true);
    } finally {
      await late.close();
    }
  });
});
