/**
 * The review of held numbers in the approvers' inbox (/approvals/opt-outs, over --http), in real Chromium: numbers
 * held for review (a weaker cue of an opt-out, here from the server's journal) are refused with opt_out_review and
 * no POST; an approver signed in with the approver token sees each with its call and what was heard, clears one
 * (the next dial to it goes: one POST) and confirms the other (then refused as opted_out); each decision is an audit
 * line naming the approver. By plain HTTP, as an attacker would: no session, no CSRF token, another Origin: nothing
 * changes.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium as pw, type Browser, type BrowserServer } from "playwright-core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { launchChromium } from "../helpers/approval.js";
import { textOf } from "../helpers/server-process.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  rawRequest,
  spawnHttpServer,
  type HttpClient,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";
import { auditLines, envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";
import { csrfOf, signIn } from "../helpers/inbox.js";

const APPROVER_TOKEN = "apr_e2e_0a1b2c3d4e5f60718293a4b5c6d7e8f9";
const CLEARED = "+14155550101";
const CONFIRMED = "+14155550102";
const fx = useSafetyFixture();
let chromium: BrowserServer;
let browser: Browser;
let server: HttpServerProcess;
let client: HttpClient;
const dir = tempDir("opt-out-review");
const audit = join(dir, "audit.jsonl");
const journal = join(dir, "opt-outs.jsonl");

const held = (number: string, call: string) =>
  JSON.stringify({
    time: "2026-11-20T10:00:00.000Z",
    tool: "opt_out_watch",
    decision: "opt_out_held",
    numbers: [number],
    agents: [],
    call_ids: [call],
    reason: 'transcript: "not interested in these"',
    latency_ms: 0,
  });

beforeAll(async () => {
  writeFileSync(journal, `${held(CLEARED, "call_0101")}\n${held(CONFIRMED, "call_0102")}\n`, { mode: 0o600 });
  chromium = await launchChromium();
  browser = await pw.connect(chromium.wsEndpoint());
  server = await spawnHttpServer({
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      OUTBOUND_CALLS_OPT_OUT_JOURNAL: journal,
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

const dial = (to: string) =>
  client.client.callTool({ name: "create_call", arguments: { to, agent_id: "agt_1" } }, undefined, {
    timeout: 60_000,
  }) as Promise<CallToolResult>;

describe("the inbox's review of held numbers", () => {
  it("held numbers are refused; an attacker without a session, a CSRF token or our Origin changes nothing", async () => {
    for (const to of [CLEARED, CONFIRMED]) expect(textOf(await dial(to))).toContain("Refused (opt_out_review)");
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const body = new URLSearchParams({ number: CLEARED, decision: "clear" }).toString();
    const anonymous = await rawRequest(server.base, {
      method: "POST",
      path: "/approvals/opt-outs",
      headers: form,
      body,
    });
    expect(anonymous.status).toBe(403);
    const session = await signIn(server.base, APPROVER_TOKEN);
    const noCsrf = await rawRequest(server.base, {
      method: "POST",
      path: "/approvals/opt-outs",
      headers: { ...form, cookie: session.cookie },
      body,
    });
    expect(noCsrf.status).toBe(403);
    const foreign = await rawRequest(server.base, {
      method: "POST",
      path: "/approvals/opt-outs",
      headers: { ...form, cookie: session.cookie, origin: "https://evil.example" },
      body: `${body}&csrf=${session.csrf}`,
    });
    expect(foreign.status).toBe(403);
    const page = await rawRequest(server.base, { path: "/approvals/opt-outs", headers: { cookie: session.cookie } });
    expect(csrfOf(page.body)).toBeDefined();
    expect(page.body).toContain(CLEARED);
    expect(textOf(await dial(CLEARED))).toContain("Refused (opt_out_review)");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("in Chromium: an approver clears one (it is dialed) and confirms the other (opted_out); audit lines name them", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.base}/approvals`);
    await page.getByLabel("Your name (recorded with every decision)").fill("Lee");
    await page.getByLabel("Approver token").fill(APPROVER_TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Numbers held for review" }).click();
    await page.getByRole("heading", { name: "Numbers held for review" }).waitFor();
    const cleared = page.locator("li.held", { hasText: CLEARED });
    await expect.poll(() => cleared.textContent()).toContain("call_0101");
    await cleared.getByRole("button", { name: "Clear: may be dialed" }).click();
    await page.locator("li.held", { hasText: CLEARED }).waitFor({ state: "detached" });
    await page.locator("li.held", { hasText: CONFIRMED }).getByRole("button", { name: "Confirm opt-out" }).click();
    await page.getByText("No number is held for review.").waitFor();
    await context.close();

    expect((await dial(CLEARED)).isError).toBeFalsy();
    expect(textOf(await dial(CONFIRMED))).toContain("Refused (opted_out)");
    expect(posts(fx.upstream).map((p) => (p.json as { to: string }).to)).toEqual([CLEARED]);
    const lines = auditLines(audit);
    expect(lines).toContainEqual(
      expect.objectContaining({ decision: "opt_out_cleared", numbers: [CLEARED], approver: "approver:Lee" }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ decision: "opted_out", numbers: [CONFIRMED], approver: "approver:Lee" }),
    );
  });
});
