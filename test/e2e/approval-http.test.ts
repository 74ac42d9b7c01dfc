/**
 * Issue 13 over --http: the approvers' inbox at /approvals. An approver signs in
 * with OUTBOUND_CALLS_APPROVER_TOKEN in real Chromium, finds the waiting dial
 * and approves or declines it; the client's tool call waits and ends dialed
 * (once) or declined. Refused: the pages without the credential, a post without
 * a session, a bad CSRF token, a foreign Origin or Host, the client token as
 * the approver's and the approver's as the client's. At start, an approver token
 * that equals or contains the client token or the key is refused.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium as pw, type Browser, type BrowserServer, type Page } from "playwright-core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { approverDecides, launchChromium } from "../helpers/approval.js";
import { CANARY_KEY, textOf } from "../helpers/server-process.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  mcpHeaders,
  rawRequest,
  runUntilExit,
  spawnHttpServer,
  type HttpClient,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";
import { envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_e2e_9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a";
const CALL = { to: "+14155552671", agent_id: "agt_1", contact_name: "Dana Lee", company_name: "Acme" };
const fx = useSafetyFixture();
let chromium: BrowserServer;
let browser: Browser;
let server: HttpServerProcess;
let client: HttpClient;
const audit = join(tempDir("consent-http"), "audit.jsonl");

beforeAll(async () => {
  chromium = await launchChromium();
  browser = await pw.connect(chromium.wsEndpoint());
  server = await spawnHttpServer({
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "20",
      OUTBOUND_CALLS_AUDIT_LOG: audit,
    }),
  });
  client = await connectHttpClient(server.url);
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
  await browser?.close();
  await chromium?.close();
});

const dial = (args: Record<string, unknown> = CALL) =>
  client.client.callTool({ name: "create_call", arguments: args }, undefined, {
    timeout: 60_000,
  }) as Promise<CallToolResult>;

/** The approval ids the server logged, newest last. */
const loggedIds = () =>
  [...server.stderr.matchAll(/approval ([A-Za-z0-9_-]{22}) waits in the approvers' inbox/g)].map((m) => m[1]!);

async function waitForNewId(before: number): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const ids = loggedIds();
    if (ids.length > before) return ids.at(-1)!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no approval was opened");
}

/** A signed-in session by plain HTTP, as a script (or an attacker holding the token) would do it. */
async function signIn(
  token = APPROVER_TOKEN,
): Promise<{ status: number; cookie?: string; csrf?: string; setCookie?: string[] }> {
  const form = await rawRequest(server.base, { path: "/approvals" });
  const loginCookie = (form.headers["set-cookie"] ?? []).find((c) => c.startsWith("ocm_login="))!.split(";")[0]!;
  const loginCsrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
  const answer = await rawRequest(server.base, {
    method: "POST",
    path: "/approvals/login",
    headers: { cookie: loginCookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf: loginCsrf, name: "Script Approver", token }).toString(),
  });
  const setCookie = answer.headers["set-cookie"] ?? [];
  const session = setCookie
    .find((c) => c.startsWith("ocm_approver=") && !c.startsWith("ocm_approver=;"))
    ?.split(";")[0];
  if (!session) return { status: answer.status, setCookie };
  const inbox = await rawRequest(server.base, { path: "/approvals", headers: { cookie: session } });
  return {
    status: answer.status,
    cookie: session,
    csrf: /name="csrf" value="([^"]+)"/.exec(inbox.body)![1]!,
    setCookie,
  };
}

const decide = (id: string, headers: Record<string, string>, body: Record<string, string>) =>
  rawRequest(server.base, {
    method: "POST",
    path: `/approvals/${id}`,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body).toString(),
  });

describe("the approvers' inbox in a browser", () => {
  it("an approver signs in, approves the waiting dial, and it is dialed exactly once", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const before = loggedIds().length;
    const call = dial();
    await waitForNewId(before);
    const heading = await approverDecides(page, server.base, APPROVER_TOKEN, "Approve");
    const result = await call;
    expect(heading).toBe("Approved by approver:Dana Approver");
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ confirmed_by: "page" });
    expect(posts(fx.upstream)).toHaveLength(1);
    const line = JSON.parse(readFileSync(audit, "utf8").trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(line).toMatchObject({ decision: "dialed", confirmation: "page", approver: "approver:Dana Approver" });
    // The inbox is empty again; the approval page now says it was used.
    await page.goto(`${server.base}/approvals`);
    expect(await page.getByText("Nothing is waiting.").count()).toBe(1);
    await context.close();
    expect(JSON.stringify(result)).not.toContain(APPROVER_TOKEN);
    expect(server.stderr).not.toContain(APPROVER_TOKEN);
  });

  it("Decline in the inbox: the tool call ends declined and nothing is dialed", async () => {
    const context = await browser.newContext();
    const before = loggedIds().length;
    const call = dial({ ...CALL, to: "+14155550123" });
    await waitForNewId(before);
    expect(await approverDecides(await context.newPage(), server.base, APPROVER_TOKEN, "Decline")).toBe(
      "Declined by approver:Dana Approver",
    );
    const result = await call;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("The person declined; nothing was dialed.");
    expect(posts(fx.upstream)).toHaveLength(0);
    await context.close();
  });
});

describe("what the inbox refuses", () => {
  let id: string;
  let pending: Promise<CallToolResult>;
  beforeAll(async () => {
    const before = loggedIds().length;
    pending = dial({ ...CALL, to: "+14155550199" });
    id = await waitForNewId(before);
  });
  afterAll(async () => {
    // Let the waiting call end: decline it properly.
    const s = await signIn();
    await decide(id, { cookie: s.cookie! }, { csrf: s.csrf!, decision: "decline" });
    await pending;
  });

  it("without the approver credential: only the sign-in form, no details, no decision", async () => {
    const inbox = await rawRequest(server.base, { path: "/approvals" });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toContain("Sign in to approve calls");
    expect(inbox.body).not.toContain("+1 415 555 0199");
    const one = await rawRequest(server.base, { path: `/approvals/${id}` });
    expect(one.status).toBe(401);
    expect(one.body).not.toContain("+1 415 555 0199");
    const post = await decide(id, {}, { decision: "approve" });
    expect(post.status).toBe(403);
    // The client's bearer token opens neither the pages nor a session.
    expect(
      (await rawRequest(server.base, { path: `/approvals/${id}`, headers: { authorization: `Bearer ${HTTP_TOKEN}` } }))
        .status,
    ).toBe(401);
    expect((await signIn(HTTP_TOKEN)).status).toBe(401);
    expect((await signIn("x".repeat(40))).status).toBe(401);
    // The approver's token does not open /mcp.
    const mcp = await rawRequest(server.base, {
      method: "POST",
      headers: mcpHeaders(APPROVER_TOKEN),
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(mcp.status).toBe(401);
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("a session cookie is HttpOnly, SameSite=Strict, scoped to /approvals, short-lived; not Secure on plain loopback", async () => {
    const s = await signIn();
    expect(s.status).toBe(303);
    const cookie = s.setCookie!.find((c) => c.startsWith("ocm_approver="))!;
    expect(cookie).toMatch(/; Max-Age=1800/);
    expect(cookie).toMatch(/; Path=\/approvals/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("a bad or missing CSRF token is refused, and the dial stays undecided", async () => {
    const s = await signIn();
    // One character changed (a token already ending in A would otherwise be sent unchanged: 1 in 16).
    const wrong = `${s.csrf!.slice(0, -1)}${s.csrf!.endsWith("A") ? "E" : "A"}`;
    expect((await decide(id, { cookie: s.cookie! }, { csrf: wrong, decision: "approve" })).status).toBe(403);
    expect((await decide(id, { cookie: s.cookie! }, { decision: "approve" })).status).toBe(403);
    // Another session's token does not fit this session.
    const other = await signIn();
    expect((await decide(id, { cookie: s.cookie! }, { csrf: other.csrf!, decision: "approve" })).status).toBe(403);
    const page = await rawRequest(server.base, { path: `/approvals/${id}`, headers: { cookie: s.cookie! } });
    expect(page.body).toContain("Approve this phone call?");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("a foreign Origin, a rebinding Host or a cross-site post is refused even with a valid session and token", async () => {
    const s = await signIn();
    const body = { csrf: s.csrf!, decision: "approve" };
    expect((await decide(id, { cookie: s.cookie!, origin: "http://evil.example" }, body)).status).toBe(403);
    expect((await decide(id, { cookie: s.cookie!, host: "evil.example" }, body)).status).toBe(403);
    expect((await decide(id, { cookie: s.cookie!, "sec-fetch-site": "cross-site" }, body)).status).toBe(403);
    expect((await decide(id, { cookie: s.cookie!, origin: "null" }, body)).status).toBe(403);
    expect(posts(fx.upstream)).toHaveLength(0);
  });
});

describe("pending over HTTP", () => {
  it("a call that ends pending is picked up by its repeat once an approver decided", async () => {
    const quick = await spawnHttpServer({
      env: envFor(fx.upstream, {
        ...GUARDS_OFF,
        OUTBOUND_CALLS_CONFIRM: undefined,
        OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
        OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
        OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
      }),
    });
    const c = await connectHttpClient(quick.url);
    try {
      const first = await c.call("create_call", CALL);
      expect(first.isError).toBe(true);
      expect(textOf(first)).toContain("Waiting for a person");
      const id = /approval ([A-Za-z0-9_-]{22}) waits/.exec(quick.stderr)![1]!;
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${quick.base}/approvals`);
      await page.getByLabel("Your name (recorded with every decision)").fill("Lee");
      await page.getByLabel("Approver token").fill(APPROVER_TOKEN);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.goto(`${quick.base}/approvals/${id}`);
      await page.getByRole("button", { name: "Approve", exact: true }).click();
      await page.locator("h1 .status").waitFor();
      await context.close();
      expect(posts(fx.upstream)).toHaveLength(0);
      const repeat = await c.call("create_call", CALL);
      expect(repeat.isError, textOf(repeat)).toBeFalsy();
      expect(posts(fx.upstream)).toHaveLength(1);
      // Used: a third identical call needs a new approval (dedupe is off here).
      expect(textOf(await c.call("create_call", CALL))).toContain("Waiting for a person");
      expect(posts(fx.upstream)).toHaveLength(1);
    } finally {
      await c.close();
      await quick.stop();
    }
  });
});

describe("the approver credential at start", () => {
  it.each([
    [
      "equal to the client token, in another case",
      HTTP_TOKEN.toUpperCase(),
      "must differ from OUTBOUND_CALLS_HTTP_TOKEN",
    ],
    ["containing the client token", `${HTTP_TOKEN}xyz`, "must differ from OUTBOUND_CALLS_HTTP_TOKEN"],
    [
      "containing the key, upper-cased",
      `pre_${CANARY_KEY.toUpperCase()}_post_padding`,
      "must not be (or contain) the API key",
    ],
    ["too short", "short", "OUTBOUND_CALLS_APPROVER_TOKEN must be 32 to 512 characters"],
  ])("%s: refused", async (_label, token, said) => {
    const { code, stderr } = await runUntilExit(
      ["--http", "--port", "0"],
      envFor(fx.upstream, { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN, OUTBOUND_CALLS_APPROVER_TOKEN: token }),
    );
    expect(code).toBe(1);
    expect(stderr).toContain(said);
    expect(stderr).not.toContain(token);
  });

  it("behind a trusted TLS proxy the session cookie is Secure; without the token there is no inbox", async () => {
    const proxied = await spawnHttpServer({
      env: envFor(fx.upstream, {
        OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
        OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
        OUTBOUND_CALLS_HTTP_TRUST_PROXY: "1",
      }),
    });
    const none = await spawnHttpServer({ env: envFor(fx.upstream, { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN }) });
    try {
      const form = await rawRequest(proxied.base, { path: "/approvals", headers: { "x-forwarded-proto": "https" } });
      expect((form.headers["set-cookie"] ?? [])[0]).toMatch(/; Secure/);
      expect((await rawRequest(none.base, { path: "/approvals" })).status).toBe(404);
    } finally {
      await proxied.stop();
      await none.stop();
    }
  });
});
