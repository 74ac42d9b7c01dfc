/**
 * Issue 13 over stdio, with a client that cannot ask (no elicitation, like every
 * agent framework): the server opens its approval page through BROWSER, a script
 * that opens it in real Chromium and clicks Approve or Decline by their
 * accessible names. Approve dials exactly once; decline, expiry, a second use, a
 * tampered link and a different request dial nothing; a repeat of a call that
 * ended "pending" picks up the decision. The link and its secret appear nowhere
 * the model can read: not in any message the client received, nor the audit log.
 */
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BrowserServer } from "playwright-core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { BrowserLog, launchChromium, secretOf } from "../helpers/approval.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";

const CALL = {
  to: "+1 (415) 555-2671",
  agent_id: "agt_1",
  contact_name: "Dana Lee",
  company_name: "Acme",
  metadata: [{ key: "service_type", value: "reminder" }],
};
const fx = useSafetyFixture();
let chromium: BrowserServer;
let browser: BrowserLog;

beforeAll(async () => {
  chromium = await launchChromium();
  browser = new BrowserLog(chromium.wsEndpoint());
});
afterAll(async () => {
  await chromium?.close();
});

async function start(env: Record<string, string> = {}): Promise<StartedServer & { audit: string }> {
  const audit = join(tempDir("consent"), "audit.jsonl");
  const server = await startServer({
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      ...browser.env(),
      ...env,
    }),
  });
  fx.servers.push(server);
  return Object.assign(server, { audit });
}

const auditLines = (path: string) =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Everything the model could be shown: every message the client received (stdout), and the audit log. */
function expectNowhereTheModelReads(server: StartedServer & { audit: string }, secret: string): void {
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const received = server.transport.stdoutLines.join("\n");
  expect(received.length).toBeGreaterThan(0);
  expect(received).not.toContain(secret);
  expect(received).not.toContain("/a/");
  expect(readFileSync(server.audit, "utf8")).not.toContain(secret);
}

async function callWithProgress(server: StartedServer, args: Record<string, unknown>, tool = "create_call") {
  const progress: Array<{ progress: number; message?: string }> = [];
  const result = (await server.client.callTool({ name: tool, arguments: args }, undefined, {
    onprogress: (p) => progress.push(p),
    timeout: 60_000,
  })) as CallToolResult;
  return { result, progress };
}

/** A raw POST to the page, as an attacker or a stale tab would send it. */
function postDecision(
  link: string,
  decision: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location?: string | undefined }> {
  const url = new URL(link);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on("error", reject);
    req.end(`decision=${decision}`);
  });
}

describe("approve in the browser", () => {
  let server: StartedServer & { audit: string };
  beforeAll(async () => {
    server = await start();
  });
  beforeEach(() => browser.plan({ action: "approve" }));

  it("opens the page, a click on Approve dials exactly once, and the model never sees the link", async () => {
    const { result, progress } = await callWithProgress(server, CALL);
    expect(textOf(result)).toContain("Call placed: call_1");
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ confirmed_by: "page", call: { id: "call_1" } });
    expect(textOf(result)).toContain("A person approved it.");
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(posts(fx.upstream)[0]!.json).toMatchObject({
      to: "+14155552671",
      agent_id: "agt_1",
      contact_name: "Dana Lee",
    });

    const opened = await browser.waitForResult(1);
    expect(opened.error).toBeUndefined();
    // The browser got the link, not the server's variables (the key among them).
    expect(opened.serverVariables).toEqual([]);
    expect(opened.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/a\/[A-Za-z0-9_-]{22}\/[A-Za-z0-9_-]{43}$/);
    // The secret is on no command line and in no environment (issue 23, item 1): the browser was given a file that
    // only this account can read (0600 in a 0700 folder), and read the link from it.
    const secret = secretOf(opened.url);
    expect(opened.launch).toMatch(/approve\.html$/);
    expect(opened.exposure.cmdline).not.toContain(secret);
    expect(opened.exposure.cmdline).not.toContain("/a/");
    expect(opened.exposure.environ).not.toContain(secret);
    expect(opened.exposure.fileMode).toBe(0o600);
    expect(opened.exposure.dirMode).toBe(0o700);
    // What the person read: every field of the preview, and the two buttons by name.
    expect(opened.h1).toBe("Approve this phone call?");
    expect(opened.buttons).toEqual(["Approve", "Decline"]);
    for (const shown of [
      "+1 415 555 2671",
      "United States (US)",
      "+14155552671",
      "Ava",
      "agt_1",
      "Dana Lee",
      "Acme",
      "service_type",
      "reminder",
    ]) {
      expect(opened.text).toContain(shown);
    }
    expect(opened.after).toBe("Approved by local browser");
    // The page keeps to itself.
    expect(opened.headers?.["content-security-policy"]).toContain("default-src 'none'");
    expect(opened.headers?.["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(opened.headers?.["referrer-policy"]).toBe("no-referrer");
    expect(opened.headers?.["x-frame-options"]).toBe("DENY");

    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]!.message).toContain(
      "Waiting for a person to approve or decline on the approval page opened in the browser",
    );
    expectNowhereTheModelReads(server, secretOf(opened.url));
    const line = auditLines(server.audit).at(-1)!;
    expect(line).toMatchObject({ decision: "dialed", confirmation: "page", approver: "local browser" });
  });

  it("a second use of the same link changes nothing, and the next identical call asks again", async () => {
    browser.plan({ action: "approve" }, { action: "decline" });
    await server.call("create_call", CALL);
    expect(posts(fx.upstream)).toHaveLength(1);
    const first = (await browser.waitForResult(1)).url;
    // The stale tab posts again: the approval was used for its one dial.
    const again = await postDecision(first, "approve", { origin: new URL(first).origin });
    expect(again.status).toBe(303);
    // Dedupe is off here: the same call again is a new request that needs a new approval (declined this time).
    const second = await server.call("create_call", CALL);
    expect(second.isError).toBe(true);
    expect(textOf(second)).toContain("The person declined; nothing was dialed.");
    expect(browser.urls()).toHaveLength(2);
    expect(posts(fx.upstream)).toHaveLength(1);
    expectNowhereTheModelReads(server, secretOf(browser.urls()[1]!));
  });

  it("Decline: an isError answer that says the person declined; nothing dialed", async () => {
    browser.plan({ action: "decline" });
    const result = await server.call("create_call", CALL);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toContain("The person declined; nothing was dialed. Do not retry unless the user asks.");
    expect((await browser.waitForResult(1)).after).toBe("Declined by local browser");
    expect(posts(fx.upstream)).toHaveLength(0);
    expect(auditLines(server.audit).at(-1)).toMatchObject({ decision: "declined" });
    expectNowhereTheModelReads(server, secretOf(browser.urls()[0]!));
  });
});

describe("pending, expiry, tampering, another request (a one-second wait)", () => {
  let server: StartedServer & { audit: string };
  beforeAll(async () => {
    // A short wait and a short life, so "pending" and "expired" are reached quickly.
    server = await start({ OUTBOUND_CALLS_APPROVAL_WAIT_S: "1", OUTBOUND_CALLS_APPROVAL_TTL_S: "60" });
  });

  it("no decision in time: pending; a repeat of the same call picks up the later approval without asking again", async () => {
    browser.plan({ action: "approve", delayMs: 1_500 });
    const first = await server.call("create_call", CALL);
    expect(first.isError).toBe(true);
    expect(textOf(first)).toContain("Waiting for a person");
    expect(textOf(first)).toContain("call create_call again with exactly the same arguments");
    expect(posts(fx.upstream)).toHaveLength(0);
    expect(auditLines(server.audit).at(-1)).toMatchObject({ decision: "pending" });
    expect((await browser.waitForResult(1)).after).toBe("Approved by local browser");

    const repeat = await server.call("create_call", CALL);
    expect(repeat.isError).toBeFalsy();
    expect(repeat.structuredContent).toMatchObject({ confirmed_by: "page" });
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(browser.urls()).toHaveLength(1);
    // And only once: the approval is used.
    browser.plan({ action: "decline" });
    expect((await server.call("create_call", CALL)).isError).toBe(true);
    expect(posts(fx.upstream)).toHaveLength(1);
    expectNowhereTheModelReads(server, secretOf((await browser.waitForResult(1)).url));
  });

  it("an approval is for exactly that request: approving A never dials B, and A still dials once", async () => {
    const a = { ...CALL, to: "+14155550111" };
    const b = { ...CALL, to: "+14155550111", contact_name: "Someone Else" };
    browser.plan({ action: "approve", delayMs: 1_500 }, { action: "look" });
    expect(textOf(await server.call("create_call", a))).toContain("Waiting for a person");
    await browser.waitForResult(1);
    const other = await server.call("create_call", b);
    expect(other.isError).toBe(true);
    expect(textOf(other)).toContain("Waiting for a person");
    // B's page was opened too (the opener may still be starting when the tool call's wait ends on a loaded machine).
    await browser.waitForResult(2);
    expect(browser.urls()).toHaveLength(2);
    expect(posts(fx.upstream)).toHaveLength(0);
    const again = await server.call("create_call", a);
    expect(again.isError).toBeFalsy();
    expect(posts(fx.upstream).map((p) => (p.json as { contact_name: string }).contact_name)).toEqual(["Dana Lee"]);
  });

  it("a tampered secret or id opens nothing that can approve; posts with them are refused", async () => {
    browser.plan({ action: "look", tamper: "secret" });
    const result = await server.call("create_call", { ...CALL, to: "+14155550122" });
    expect(textOf(result)).toContain("Waiting for a person");
    const looked = await browser.waitForResult(1);
    expect(looked.status).toBe(404);
    expect(looked.h1).toBe("This approval link is not valid");
    expect(looked.buttons).toEqual([]);
    const link = looked.url;
    const origin = new URL(link).origin;
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith("A") ? "B" : "A");
    const parts = new URL(link).pathname.split("/");
    const wrongSecret = `${origin}/a/${parts[2]}/${flip(parts[3]!)}`;
    const wrongId = `${origin}/a/${flip(parts[2]!)}/${parts[3]}`;
    expect((await postDecision(wrongSecret, "approve", { origin })).status).toBe(404);
    expect((await postDecision(wrongId, "approve", { origin })).status).toBe(404);
    // Another site cannot post even with the right link (Origin and Sec-Fetch-Site), nor a rebinding Host.
    expect((await postDecision(link, "approve", { origin: "http://evil.example" })).status).toBe(403);
    expect((await postDecision(link, "approve", { origin, "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await postDecision(link, "approve", { host: "evil.example" })).status).toBe(403);
    // Still pending: nothing was decided by any of them.
    expect(textOf(await server.call("create_call", { ...CALL, to: "+14155550122" }))).toContain("Waiting for a person");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("expiry: an approval nobody decided runs out; nothing dialed, and the page says so", async () => {
    const short = await start({ OUTBOUND_CALLS_APPROVAL_WAIT_S: "10", OUTBOUND_CALLS_APPROVAL_TTL_S: "2" });
    browser.plan({ action: "look" });
    const result = await short.call("create_call", CALL);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(
      "The approval ran out (nobody decided before the approval ran out of time); nothing was dialed.",
    );
    const link = (await browser.waitForResult(1)).url;
    // Too late to approve it now.
    expect((await postDecision(link, "approve", { origin: new URL(link).origin })).status).toBe(303);
    expect(posts(fx.upstream)).toHaveLength(0);
    expect(auditLines(short.audit).at(-1)).toMatchObject({ decision: "declined" });
  });
});

describe("a batch on the page", () => {
  it("shows the totals, countries and agents, and every row in pages of 50; Approve sends the batch once", async () => {
    const server = await start();
    const calls = [
      { to: "+14155552671", agent_id: "agt_1", contact_name: "Dana Lee" },
      { to: "+442079460000", agent_id: "agt_2", company_name: "Acme UK" },
      ...Array.from({ length: 58 }, (_, i) => ({ to: `+1415555${String(3000 + i)}`, agent_id: "agt_1" })),
    ];
    browser.plan({ action: "approve" });
    const result = await server.call("submit_batch", { calls });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ confirmed_by: "page" });
    const opened = await browser.waitForResult(1);
    expect(opened.h1).toBe("Approve these 60 phone calls?");
    expect(opened.text).toContain("United States (US) × 59");
    expect(opened.text).toContain("United Kingdom (GB) × 1");
    expect(opened.text).toContain("Rows 1–50 of 60 (page 1 of 2)");
    expect(opened.text).toContain("Approve places all 60 calls");
    expect(opened.rowsShown).toBe(50);
    expect(posts(fx.upstream).map((p) => p.path)).toEqual(["/api/v1/calls/batch"]);
    expectNowhereTheModelReads(server, secretOf(opened.url));
  });
});
