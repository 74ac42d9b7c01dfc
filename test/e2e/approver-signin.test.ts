/**
 * Issue 25: with OAuth, approvers sign in to the hosted inbox through the same
 * identity provider (a real oidc-provider on loopback): OpenID Connect,
 * authorization code with PKCE. Real Chromium signs in through the provider's
 * login and consent pages and approves (1 POST; the audit line names the
 * approver's subject). By plain HTTP, as an attacker would: a tampered or
 * missing state, a missing or forged sign-in cookie, a wrong nonce, a replayed
 * callback make no session; a person without calls:approve sees nothing and
 * cannot decide; nobody approves their own dial unless the operator allows it;
 * a sign-in started on one replica finishes on another (real Redis).
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chromium as pw, type Browser, type BrowserServer } from "playwright-core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  approverEnv,
  atProvider,
  finishSignIn,
  oidcSignIn,
  registerApproverClient,
  startSignIn,
  type ApproverClient,
} from "../helpers/approver-signin.js";
import { closedPort } from "../helpers/blackhole.js";
import { launchChromium } from "../helpers/approval.js";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { rawRequest, runUntilExit, spawnHttpServer, type HttpServerProcess } from "../helpers/http-server-process.js";
import { approvalIds, decide, type InboxSession } from "../helpers/inbox.js";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { connectWithOAuth, TestOAuthClient, tokenFor, type OAuthConnection } from "../helpers/oauth-client.js";
import { modernHttp } from "../helpers/input-client.js";
import { connectModernHttpClient } from "../helpers/modern-client.js";
import { APPS_CAPABILITIES } from "../helpers/apps-host.js";
import {
  RESOURCE_SCOPES,
  startIdentityProvider,
  type SignIn,
  type TestIdentityProvider,
} from "../helpers/oidc-provider.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { CANARY_KEY } from "../helpers/server-process.js";

const ALL = RESOURCE_SCOPES.split(" ");
const ALICE: SignIn = { sub: "alice", name: "Alice Example", scopes: ALL };
const OLGA: SignIn = { sub: "olga", name: "Olga Approver", scopes: ALL };
/** May read and place calls, but the identity provider does not make her an approver. */
const BOB: SignIn = { sub: "bob", name: "Bob Caller", scopes: ["calls:read", "calls:place"] };

let idp: TestIdentityProvider;
let upstream: FakeUpstream;
const servers: HttpServerProcess[] = [];
const dials = () => upstream.requests.filter((r) => r.method === "POST").length;

interface Hosted {
  server: HttpServerProcess;
  /** What the browser uses (the public URL: http://localhost:PORT, another site than the provider's 127.0.0.1). */
  publicUrl: string;
  audit: string;
}

/** The server with OAuth and the inbox's sign-in through `client`, a person deciding every dial. */
async function startHosted(
  client: ApproverClient,
  port: number,
  env: Record<string, string> = {},
  publicUrl = `http://localhost:${port}`,
): Promise<Hosted> {
  const audit = join(mkdtempSync(join(tmpdir(), "approver-signin-")), "audit.jsonl");
  const server = await spawnHttpServer({
    args: ["--port", String(port)],
    env: {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_OAUTH_ISSUER: idp.issuer,
      OUTBOUND_CALLS_PUBLIC_URL: publicUrl,
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      OUTBOUND_CALLS_TEST_NOW: "2026-11-21T18:00:00Z",
      OUTBOUND_CALLS_CONFIRM: "person",
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      ...approverEnv(client),
      ...env,
    },
  });
  servers.push(server);
  return { server, publicUrl, audit };
}

/** `who` connects through OAuth and asks for a dial to `to`: it waits in the inbox ("pending"). */
async function asks(
  hosted: Hosted,
  who: SignIn,
  to: string,
): Promise<{ connection: OAuthConnection; dial: () => Promise<CallToolResult> }> {
  idp.signIn = who;
  const connection = await connectWithOAuth(`${hosted.publicUrl}/mcp`, idp);
  const dial = async () =>
    (await connection.client.callTool({ name: "create_call", arguments: { to, agent_id: "agt_1" } }, undefined, {
      timeout: 30_000,
    })) as CallToolResult;
  const first = await dial();
  expect(JSON.stringify(first)).toMatch(/pending|waiting/i);
  return { connection, dial };
}

/** The approval waiting for `to`, as an approver's inbox lists it. */
async function approvalFor(hosted: Hosted, session: InboxSession, to: string): Promise<string> {
  const page = await rawRequest(hosted.server.base, { path: "/approvals", headers: { cookie: session.cookie } });
  // Listed as people read it: +1 415 555 0122.
  const shown = `${to.slice(0, 2)} ${to.slice(2, 5)} ${to.slice(5, 8)} ${to.slice(8)}`;
  const row = page.body.split("<tr>").find((r) => r.includes(shown));
  const id = row && approvalIds(row)[0];
  if (!id) throw new Error(`no approval for ${to} in the inbox (${page.status})`);
  return id;
}

const auditLines = (hosted: Hosted) =>
  readFileSync(hosted.audit, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

let client: ApproverClient;
let port: number;
let hosted: Hosted;

beforeAll(async () => {
  [idp, upstream] = await Promise.all([startIdentityProvider(), startFakeUpstream()]);
  port = await closedPort();
  client = await registerApproverClient(idp, [`http://localhost:${port}`]);
  hosted = await startHosted(client, port);
});
afterAll(async () => {
  for (const server of servers.splice(0)) expect(await server.stop()).toBe(0);
  await Promise.all([idp?.close(), upstream?.close()]);
});
beforeEach(() => {
  idp.pages = false;
});

describe("in Chromium, through the identity provider's login and consent pages", () => {
  let chromium: BrowserServer;
  let browser: Browser;
  beforeAll(async () => {
    chromium = await launchChromium();
    browser = await pw.connect(chromium.wsEndpoint());
  });
  afterAll(async () => {
    await browser?.close();
    await chromium?.close();
  });

  it("login CSRF: a callback the attacker started (their code and state) signs the victim's browser in as nobody, and leaves the victim's own session", async () => {
    // Mallory (calls:place, no calls:approve) starts a sign-in and stops before the callback, to hand its URL to a victim.
    const mallory: SignIn = { sub: "mallory", name: "Mallory", scopes: ["calls:read", "calls:place"] };
    const { authorizationUrl } = await startSignIn(hosted.server.base);
    const trap = `${hosted.publicUrl}${await atProvider(idp, authorizationUrl, mallory)}&return_to=${encodeURIComponent("https://evil.example/")}`;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // A browser with no session: the trap makes none.
      const first = await page.goto(trap);
      expect(first?.status()).toBe(401);
      await page.goto(`${hosted.publicUrl}/approvals`);
      await expect.poll(() => page.getByRole("link", { name: "Sign in with the identity provider" }).count()).toBe(1);
      expect((await context.cookies()).map((c) => c.name)).not.toContain("ocm_approver");
      // Signed in as Olga, with a sign-in of her own under way: the trap neither replaces her session nor finishes as Mallory.
      const olga = await oidcSignIn(hosted.server.base, idp, OLGA);
      const [name, value] = olga.cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: `${hosted.publicUrl}/approvals` }]);
      const own = await startSignIn(hosted.server.base);
      const [signinName, signinValue] = own.cookie.split("=") as [string, string];
      await context.addCookies([{ name: signinName, value: signinValue, url: `${hosted.publicUrl}/approvals` }]);
      expect((await page.goto(trap))?.status()).toBe(401);
      expect(page.url()).toContain(hosted.publicUrl);
      await page.goto(`${hosted.publicUrl}/approvals`);
      expect(await page.locator("header.top").innerText()).toContain("Signed in as Olga Approver");
      expect(hosted.server.stderr).not.toContain("Mallory (sub mallory) signed in");
    } finally {
      await context.close();
    }
  });

  it("an approver signs in, approves, and the dial goes out once with the approver's subject in the audit line", async () => {
    const to = "+14155550111";
    const alice = await asks(hosted, ALICE, to);
    try {
      idp.pages = true;
      idp.people = { olga: { name: OLGA.name!, scopes: ALL } };
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${hosted.publicUrl}/approvals`);
      await page.getByRole("link", { name: "Sign in with the identity provider" }).click();
      await page.locator("#login").fill("olga");
      await page.locator("#signin").click();
      await page.locator("#allow").click();
      // Back on our "Signed in" page, which moves on to the inbox by itself.
      await page.getByRole("heading", { name: "Waiting for a decision" }).waitFor();
      expect(await page.locator("header.top").innerText()).toContain("Signed in as Olga Approver");
      await page.locator("tr", { hasText: "+1 415 555 0111" }).getByRole("link").click();
      await page.getByRole("button", { name: "Approve" }).click();
      await page.getByRole("heading", { name: /Approved/ }).waitFor();
      expect(await page.getByRole("heading", { name: /Approved/ }).innerText()).toContain("sub olga");
      await context.close();

      const before = dials();
      const placed = await alice.dial();
      expect(placed.isError, JSON.stringify(placed)).toBeFalsy();
      expect(dials() - before).toBe(1);
      const sent = auditLines(hosted).filter((l) => l.decision === "dialed" && JSON.stringify(l).includes("0111"));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ person: "alice", approver: "approver:Olga Approver (sub olga)" });
    } finally {
      await alice.connection.close();
    }
  });
});

describe("the callback makes a session only for the sign-in this browser started", () => {
  it("a state changed, or missing, makes no session", async () => {
    const { cookie, authorizationUrl } = await startSignIn(hosted.server.base);
    const callback = await atProvider(idp, authorizationUrl, OLGA);
    const changed = new URL(callback, "http://x");
    changed.searchParams.set("state", `${changed.searchParams.get("state")}x`);
    const missing = new URL(callback, "http://x");
    missing.searchParams.delete("state");
    for (const path of [changed.pathname + changed.search, missing.pathname + missing.search]) {
      const { answer, session } = await finishSignIn(hosted.server.base, path, cookie);
      expect(session).toBeUndefined();
      expect(answer.status).toBe(401);
      expect(answer.body).toContain("state does not match");
    }
  });

  it("a missing, forged or tampered sign-in cookie makes no session", async () => {
    const { cookie, authorizationUrl } = await startSignIn(hosted.server.base);
    const callback = await atProvider(idp, authorizationUrl, OLGA);
    const [body, mac] = cookie.slice("ocm_signin=".length).split(".") as [string, string];
    const forgedMac = `ocm_signin=${body}.${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`;
    // The same fields, with a verifier of the attacker's choosing: the MAC no longer fits.
    const fields = JSON.parse(Buffer.from(body, "base64url").toString()) as unknown[];
    const rewritten = `ocm_signin=${Buffer.from(JSON.stringify([fields[0], fields[1], "attacker-verifier", fields[3]])).toString("base64url")}.${mac}`;
    for (const jar of [undefined, forgedMac, rewritten]) {
      const { answer, session } = await finishSignIn(hosted.server.base, callback, jar);
      expect(session).toBeUndefined();
      expect(answer.status).toBe(401);
    }
  });

  it("an ID token with another nonce than the one this browser's sign-in holds makes no session", async () => {
    const { cookie, authorizationUrl } = await startSignIn(hosted.server.base);
    // The same request (client, redirect, PKCE challenge, state), another nonce: only the nonce check can catch it.
    const other = new URL(authorizationUrl);
    other.searchParams.set("nonce", "a-nonce-this-browser-never-had-0123456789");
    const callback = await atProvider(idp, other, OLGA);
    const { answer, session } = await finishSignIn(hosted.server.base, callback, cookie);
    expect(session).toBeUndefined();
    expect(answer.status).toBe(401);
    // The log line may reach us after the answer (two pipes): wait for it.
    await vi.waitFor(() => expect(hosted.server.stderr).toMatch(/a sign-in was refused: .*\(claim nonce\)/), {
      timeout: 10_000,
    });
  });

  it("an error callback anyone can send logs what it claims in quotes, so it cannot pass for a decision's log line", async () => {
    const forged =
      "outbound-calls-mcp: approvers' inbox: approval FORGEDxx approved by approver:Olga Approver (sub olga)";
    const answer = await rawRequest(hosted.server.base, {
      path: `/approvals/callback?error=access_denied&error_description=${encodeURIComponent(`x\n${forged}`)}`,
    });
    expect(answer.status).toBe(401);
    await vi.waitFor(() => expect(hosted.server.stderr).toContain("FORGEDxx"), { timeout: 10_000 });
    const line = hosted.server.stderr.split("\n").find((l) => l.includes("FORGEDxx"))!;
    expect(line).toContain(`"x${forged}"`);
    expect(hosted.server.stderr.split("\n").filter((l) => l.startsWith(forged))).toEqual([]);
  });

  it("a callback replayed after its sign-in finished makes no second session", async () => {
    const { cookie, authorizationUrl } = await startSignIn(hosted.server.base);
    const callback = await atProvider(idp, authorizationUrl, OLGA);
    const first = await finishSignIn(hosted.server.base, callback, cookie);
    expect(first.session).toBeDefined();
    const again = await finishSignIn(hosted.server.base, callback, cookie);
    expect(again.session).toBeUndefined();
    expect(again.answer.status).toBe(401);
    expect(again.answer.body).toContain("already completed");
  });

  it("the sign-in cookie is SameSite=Lax (it must come back from the provider), the session cookie Strict", async () => {
    const { answer } = await startSignIn(hosted.server.base);
    const signin = (answer.headers["set-cookie"] ?? []).find((c) => c.startsWith("ocm_signin="))!;
    expect(signin).toMatch(/HttpOnly/i);
    expect(signin).toMatch(/SameSite=Lax/i);
    const { cookie, authorizationUrl } = await startSignIn(hosted.server.base);
    const { answer: done } = await finishSignIn(
      hosted.server.base,
      await atProvider(idp, authorizationUrl, OLGA),
      cookie,
    );
    const session = (done.headers["set-cookie"] ?? []).find((c) => c.startsWith("ocm_approver="))!;
    expect(session).toMatch(/SameSite=Strict/i);
    // The shared-token login does not exist in this mode.
    const login = await rawRequest(hosted.server.base, {
      method: "POST",
      path: "/approvals/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=x&token=y",
    });
    expect(login.status).toBe(403);
  });
});

describe("behind a TLS proxy that says nothing of TLS", () => {
  it("with an https:// public URL the sign-in and session cookies are Secure even without X-Forwarded-Proto", async () => {
    const tlsPort = await closedPort();
    const publicUrl = `https://localhost:${tlsPort}`;
    const tlsClient = await registerApproverClient(idp, [publicUrl]);
    // No OUTBOUND_CALLS_HTTP_TRUST_PROXY and no X-Forwarded-Proto: the browser is on https all the same.
    const behind = await startHosted(tlsClient, tlsPort, {}, publicUrl);
    const { answer, cookie, authorizationUrl } = await startSignIn(behind.server.base);
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${publicUrl}/approvals/callback`);
    const signin = (answer.headers["set-cookie"] ?? []).find((c) => c.startsWith("ocm_signin="))!;
    expect(signin).toMatch(/;\s*Secure/i);
    const { answer: done, session } = await finishSignIn(
      behind.server.base,
      await atProvider(idp, authorizationUrl, OLGA),
      cookie,
    );
    expect(session, done.body).toBeDefined();
    for (const set of done.headers["set-cookie"] ?? []) expect(set).toMatch(/;\s*Secure/i);
  });
});

describe("who may decide", () => {
  it("a person the identity provider did not make an approver sees no approval and cannot decide: 0 POSTs", async () => {
    const to = "+14155550122";
    const alice = await asks(hosted, ALICE, to);
    try {
      const olga = await oidcSignIn(hosted.server.base, idp, OLGA);
      const id = await approvalFor(hosted, olga, to);
      const bob = await oidcSignIn(hosted.server.base, idp, BOB);
      expect(bob.inbox.status).toBe(403);
      expect(bob.inbox.body).toContain("not an approver");
      expect(approvalIds(bob.inbox.body)).toEqual([]);
      expect(
        (await rawRequest(hosted.server.base, { path: `/approvals/${id}`, headers: { cookie: bob.cookie } })).status,
      ).toBe(403);
      const csrf = /name="csrf" value="([^"]+)"/.exec(bob.inbox.body)?.[1] ?? "";
      expect(csrf).not.toBe("");
      for (const decision of ["approve", "decline"] as const)
        expect((await decide(hosted.server.base, { cookie: bob.cookie, csrf }, id, decision)).status).toBe(403);
      const before = dials();
      expect(JSON.stringify(await alice.dial())).toMatch(/pending|waiting/i);
      expect(dials()).toBe(before);
      // Sign-out still works for such a session.
      const out = await rawRequest(hosted.server.base, {
        method: "POST",
        path: "/approvals/logout",
        headers: { cookie: bob.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: `csrf=${csrf}`,
      });
      expect(out.status).toBe(303);
      expect(
        (await rawRequest(hosted.server.base, { path: "/approvals", headers: { cookie: bob.cookie } })).body,
      ).toContain("Sign in with the identity provider");
    } finally {
      await alice.connection.close();
    }
  });

  it("an approver cannot approve a dial they asked for themselves: no button, the server refuses, 0 POSTs", async () => {
    const to = "+14155550133";
    const alice = await asks(hosted, ALICE, to);
    try {
      const self = await oidcSignIn(hosted.server.base, idp, ALICE);
      const id = await approvalFor(hosted, self, to);
      const page = await rawRequest(hosted.server.base, { path: `/approvals/${id}`, headers: { cookie: self.cookie } });
      expect(page.body).not.toContain('value="approve"');
      expect(page.body).toContain("You asked for this dial yourself");
      const refused = await decide(hosted.server.base, self, id, "approve");
      expect(refused.status).toBe(403);
      const before = dials();
      expect(JSON.stringify(await alice.dial())).toMatch(/pending|waiting/i);
      expect(dials()).toBe(before);
      // Another approver can.
      const olga = await oidcSignIn(hosted.server.base, idp, OLGA);
      expect((await decide(hosted.server.base, olga, id, "approve")).status).toBe(303);
      expect((await alice.dial()).isError).toBeFalsy();
      expect(dials()).toBe(before + 1);
    } finally {
      await alice.connection.close();
    }
  });

  it("the asker's own client is not asked (its form would be a self-approval): a 2026 client with a form still waits for the inbox, 0 POSTs", async () => {
    idp.signIn = ALICE;
    const token = await tokenFor(idp, `${hosted.publicUrl}/mcp`, "calls:read calls:place");
    const modern = await modernHttp(
      `${hosted.publicUrl}/mcp`,
      { answer: () => ({ action: "accept", content: { confirm: true } }) },
      token,
    );
    try {
      const before = dials();
      const answer = await modern.call("create_call", { to: "+14155550166", agent_id: "agt_1" });
      expect(modern.asked).toEqual([]);
      expect(JSON.stringify(answer)).toMatch(/pending|waiting/i);
      expect(dials()).toBe(before);
    } finally {
      await modern.close();
    }
  });

  it("the asker's MCP Apps client gets no approval card, and approval_card_decide on the inbox's approval decides nothing: 0 POSTs", async () => {
    const to = "+14155550167";
    idp.signIn = ALICE;
    const token = await tokenFor(idp, `${hosted.publicUrl}/mcp`, "calls:read calls:place");
    const apps = await connectModernHttpClient(`${hosted.publicUrl}/mcp`, token, APPS_CAPABILITIES);
    try {
      const before = dials();
      const first = await apps.call("create_call", { to, agent_id: "agt_1" });
      expect(JSON.stringify(first)).not.toContain("approval card");
      expect(JSON.stringify(first)).toMatch(/pending|waiting/i);
      const self = await oidcSignIn(hosted.server.base, idp, ALICE);
      const id = await approvalFor(hosted, self, to);
      const card = await apps.call("approval_card_decide", {
        approval_id: id,
        secret: "x".repeat(43),
        decision: "approve",
        arguments: { to, agent_id: "agt_1" },
      });
      expect(card.isError).toBe(true);
      expect(JSON.stringify(await apps.call("create_call", { to, agent_id: "agt_1" }))).toMatch(/pending|waiting/i);
      expect(dials()).toBe(before);
    } finally {
      await apps.close();
    }
  });

  it("with OUTBOUND_CALLS_ALLOW_SELF_APPROVAL=true an approver may approve their own dial: 1 POST", async () => {
    const selfPort = await closedPort();
    const selfClient = await registerApproverClient(idp, [`http://localhost:${selfPort}`]);
    const lenient = await startHosted(selfClient, selfPort, { OUTBOUND_CALLS_ALLOW_SELF_APPROVAL: "true" });
    const to = "+14155550144";
    const alice = await asks(lenient, ALICE, to);
    try {
      const self = await oidcSignIn(lenient.server.base, idp, ALICE);
      const id = await approvalFor(lenient, self, to);
      expect((await decide(lenient.server.base, self, id, "approve")).status).toBe(303);
      const before = dials();
      expect((await alice.dial()).isError).toBeFalsy();
      expect(dials()).toBe(before + 1);
      expect(auditLines(lenient).find((l) => l.decision === "dialed")).toMatchObject({
        person: "alice",
        approver: "approver:Alice Example (sub alice)",
      });
    } finally {
      await alice.connection.close();
    }
  });
});

describe("a name chosen at the identity provider cannot pass for another person", () => {
  it('an asker named "Alice Example (alice)" (and a long tail) is shown to approvers with their own sub, never cut off', async () => {
    // Mallory may place calls; her profile name copies Alice's as the inbox used to show it, padded so a cut loses the rest.
    const mallory: SignIn = {
      sub: "mallory",
      name: `Alice Example (alice)${" ".repeat(220)}.`,
      scopes: ["calls:read", "calls:place"],
    };
    const to = "+14155550177";
    const asked = await asks(hosted, mallory, to);
    try {
      const olga = await oidcSignIn(hosted.server.base, idp, OLGA);
      const inbox = await rawRequest(hosted.server.base, { path: "/approvals", headers: { cookie: olga.cookie } });
      const row = inbox.body.split("<tr>").find((r) => r.includes("+1 415 555 0177"))!;
      expect(row).toContain("(sub mallory)");
      expect(row).not.toContain("(alice)");
      const id = approvalIds(row)[0]!;
      const page = await rawRequest(hosted.server.base, { path: `/approvals/${id}`, headers: { cookie: olga.cookie } });
      expect(page.body).toContain("(sub mallory)");
      expect(page.body).not.toContain("(alice)");
    } finally {
      await asked.connection.close();
    }
  });

  it('an approver named "Olga Approver (olga)" is logged and recorded with their own sub', async () => {
    const to = "+14155550178";
    const alice = await asks(hosted, ALICE, to);
    try {
      const mole = await oidcSignIn(hosted.server.base, idp, {
        sub: "mole",
        name: "Olga Approver (olga)",
        scopes: ALL,
      });
      const id = await approvalFor(hosted, mole, to);
      expect((await decide(hosted.server.base, mole, id, "approve")).status).toBe(303);
      const page = await rawRequest(hosted.server.base, { path: `/approvals/${id}`, headers: { cookie: mole.cookie } });
      expect(page.body).toContain("sub mole");
      await vi.waitFor(() => expect(hosted.server.stderr).toContain(`approval ${id} approved by`), { timeout: 10_000 });
      const line = hosted.server.stderr.split("\n").find((l) => l.includes(`approval ${id} approved by`))!;
      expect(line).toContain("(sub mole)");
    } finally {
      await alice.connection.close();
    }
  });
});

/** A server with OAuth and no OUTBOUND_CALLS_APPROVER_CLIENT_ID: no inbox, so no other person can approve. */
async function bareServer(
  env: Record<string, string> = {},
): Promise<{ url: string; server: HttpServerProcess; port: number }> {
  const port = await closedPort();
  const bare = await spawnHttpServer({
    args: ["--port", String(port)],
    env: {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_OAUTH_ISSUER: idp.issuer,
      OUTBOUND_CALLS_PUBLIC_URL: `http://localhost:${port}`,
      OUTBOUND_CALLS_TEST_NOW: "2026-11-21T18:00:00Z",
      OUTBOUND_CALLS_CONFIRM: "person",
      ...env,
    },
  });
  servers.push(bare);
  return { url: `http://localhost:${port}/mcp`, server: bare, port };
}

describe("without an approvers' client", () => {
  it("the start note and a refused dial name OUTBOUND_CALLS_APPROVER_CLIENT_ID, and the shared approver token is refused at start", async () => {
    const { server: bare, port } = await bareServer();
    expect(bare.stderr).toContain("OUTBOUND_CALLS_APPROVER_CLIENT_ID is not set");
    idp.signIn = ALICE;
    const connection = await connectWithOAuth(`http://localhost:${port}/mcp`, idp);
    try {
      const refused = (await connection.client.callTool({
        name: "create_call",
        arguments: { to: "+14155550188", agent_id: "agt_1" },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused)).toContain("set OUTBOUND_CALLS_APPROVER_CLIENT_ID so that approvers decide");
    } finally {
      await connection.close();
    }
    const withToken = await runUntilExit(["--http", "--port", "0"], {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_OAUTH_ISSUER: idp.issuer,
      OUTBOUND_CALLS_PUBLIC_URL: "http://localhost:8808",
      OUTBOUND_CALLS_APPROVER_TOKEN: "apr_e2e_9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a",
    });
    expect(withToken.code).toBe(1);
    expect(withToken.stderr).toContain("OUTBOUND_CALLS_APPROVER_TOKEN is not used with OUTBOUND_CALLS_OAUTH_ISSUER");
  });
});

describe("no self-approval without an approvers' client either", () => {
  it("the asker's own 2026 client is not asked: its form's yes would be a self-approval, so the dial is refused, 0 POSTs", async () => {
    const { url } = await bareServer();
    idp.signIn = ALICE;
    const modern = await modernHttp(
      url,
      { answer: () => ({ action: "accept", content: { confirm: true } }) },
      await tokenFor(idp, url, "calls:read calls:place"),
    );
    try {
      const before = dials();
      const answer = await modern.call("create_call", { to: "+14155550199", agent_id: "agt_1" });
      expect(modern.asked).toEqual([]);
      expect(JSON.stringify(answer)).toContain("OUTBOUND_CALLS_APPROVER_CLIENT_ID");
      expect(dials()).toBe(before);
    } finally {
      await modern.close();
    }
  });

  it("with OUTBOUND_CALLS_ALLOW_SELF_APPROVAL=true the asker's own form decides: 1 POST", async () => {
    const { url } = await bareServer({ OUTBOUND_CALLS_ALLOW_SELF_APPROVAL: "true" });
    idp.signIn = ALICE;
    const modern = await modernHttp(
      url,
      { answer: () => ({ action: "accept", content: { confirm: true } }) },
      await tokenFor(idp, url, "calls:read calls:place"),
    );
    try {
      const before = dials();
      const answer = await modern.call("create_call", { to: "+14155550198", agent_id: "agt_1" });
      expect(modern.asked.length).toBeGreaterThan(0);
      expect(JSON.stringify(answer)).not.toContain("Refused");
      expect(dials()).toBe(before + 1);
    } finally {
      await modern.close();
    }
  });
});

describe("an identity provider that lets a client choose pairwise subjects", () => {
  it("gives the asker a second sub, so the server cannot see a self-approval: it says so on the first sign-in", async () => {
    const pairwiseIdp = await startIdentityProvider({ pairwise: true });
    const saved = idp;
    idp = pairwiseIdp;
    try {
      const p = await closedPort();
      const inboxClient = await registerApproverClient(idp, [`http://localhost:${p}`]);
      const server = await startHosted(inboxClient, p);
      const url = `${server.publicUrl}/mcp`;
      // Alice's own MCP client registers with pairwise subjects: its tokens name her by another sub than "alice".
      class PairwiseClient extends TestOAuthClient {
        override get clientMetadata() {
          return { ...super.clientMetadata, subject_type: "pairwise" };
        }
      }
      idp.signIn = ALICE;
      const metadata = JSON.stringify({
        resource: url,
        authorization_servers: [idp.issuer],
        scopes_supported: ["calls:read", "calls:place"],
      });
      const fetchFn: typeof fetch = async (input, init) =>
        new URL(input instanceof Request ? input.url : String(input)).pathname.startsWith(
          "/.well-known/oauth-protected-resource",
        )
          ? new Response(metadata, { headers: { "content-type": "application/json" } })
          : fetch(input, init);
      const oauth = new PairwiseClient(idp);
      expect(await auth(oauth, { serverUrl: url, fetchFn })).toBe("REDIRECT");
      expect(await auth(oauth, { serverUrl: url, authorizationCode: await oauth.code(), fetchFn })).toBe("AUTHORIZED");
      const to = "+14155550191";
      const alice = await connectModernHttpClient(url, oauth.accessToken());
      try {
        expect(JSON.stringify(await alice.call("create_call", { to, agent_id: "agt_1" }))).toMatch(/pending|waiting/i);
        const self = await oidcSignIn(server.server.base, idp, ALICE);
        const id = await approvalFor(server, self, to);
        // The residual the docs name: her own approval goes through under her second sub.
        const page = await rawRequest(server.server.base, {
          path: `/approvals/${id}`,
          headers: { cookie: self.cookie },
        });
        expect(page.body).not.toContain("(sub alice)");
        expect(page.body).toContain('value="approve"');
        expect((await decide(server.server.base, self, id, "approve")).status).toBe(303);
        await vi.waitFor(() => expect(server.server.stderr).toContain("offers pairwise subjects"), { timeout: 10_000 });
      } finally {
        await alice.close();
      }
    } finally {
      idp = saved;
      await pairwiseIdp.close();
    }
  });
});

describe("replicas on one Redis", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("a sign-in started on one replica finishes on another, which then decides: 1 POST", async () => {
    const [p1, p2] = [await closedPort(), await closedPort()];
    const shared = await registerApproverClient(idp, [`http://localhost:${p1}`]);
    // One public URL, as behind a load balancer; each replica on its own port here.
    const env = { OUTBOUND_CALLS_REDIS_URL: redis.url };
    const one = await startHosted(shared, p1, env);
    const two = await startHosted(shared, p2, env, one.publicUrl);
    const to = "+14155550155";
    const alice = await asks(one, ALICE, to);
    try {
      const { cookie, authorizationUrl } = await startSignIn(one.server.base);
      const callback = await atProvider(idp, authorizationUrl, OLGA);
      const { answer, session } = await finishSignIn(two.server.base, callback, cookie);
      expect(answer.status, answer.body).toBe(200);
      expect(session).toBeDefined();
      const inbox = await rawRequest(two.server.base, { path: "/approvals", headers: { cookie: session! } });
      const olga = { cookie: session!, csrf: /name="csrf" value="([^"]+)"/.exec(inbox.body)![1]! };
      const id = await approvalFor(two, olga, to);
      expect((await decide(two.server.base, olga, id, "approve")).status).toBe(303);
      const before = dials();
      expect((await alice.dial()).isError).toBeFalsy();
      expect(dials()).toBe(before + 1);
      // The callback cannot be finished again on the first replica either.
      expect((await finishSignIn(one.server.base, callback, cookie)).session).toBeUndefined();
    } finally {
      await alice.connection.close();
    }
  });
});
