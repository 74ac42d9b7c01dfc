/**
 * Issue 23 item 2 over stdio: with OUTBOUND_CALLS_APPROVAL_PASSKEY=required,
 * Approve on the approval page needs a WebAuthn assertion with user
 * verification from a passkey enrolled with `passkeys enroll`. Real Chromium
 * with its virtual authenticator makes the passkey and the assertions; the
 * server checks them. Approve with the passkey dials exactly once; no answer, a
 * wrong signature, an answer made for another approval, one without user
 * verification, or whose signature counter did not move on dial nothing. A client that
 * could approve in its own dialog is not asked there.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { rawRequest } from "../helpers/http-server-process.js";
import {
  assertionInPage,
  passkeyBrowser,
  RECORD_BROWSER,
  RecordedLinks,
  withBadSignature,
  type PasskeyBrowser,
} from "../helpers/passkeys.js";
import { runCli } from "../helpers/run-cli.js";
import { CANARY_KEY, startServer, textOf, type StartedServer } from "../helpers/server-process.js";
import { PasskeyRegistry } from "../../src/approval/passkeys/registry.js";
import { watermarkFile } from "../../src/approval/passkeys/watermark.js";
import { FilePasskeyShelf } from "../../src/state/passkey-shelf.js";
import { deriveStateKey } from "../../src/state/state-key.js";
import { auditLines, envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";
import { APPS_CAPABILITIES, CARD_META_KEY } from "../helpers/apps-host.js";

const fx = useSafetyFixture();
let chrome: PasskeyBrowser;
const dir = tempDir("passkeys");
const links = new RecordedLinks(join(dir, "opened.log"));
const audit = join(dir, "audit.jsonl");
const passkeyFile = join(dir, "state", "passkeys.json");

const env = (extra: Record<string, string | undefined> = {}) =>
  envFor(fx.upstream, {
    ...GUARDS_OFF,
    OUTBOUND_CALLS_CONFIRM: undefined,
    OUTBOUND_CALLS_APPROVAL_PASSKEY: "required",
    OUTBOUND_CALLS_PASSKEY_FILE: passkeyFile,
    OUTBOUND_CALLS_AUDIT_LOG: audit,
    OUTBOUND_CALLS_APPROVAL_WAIT_S: "60",
    BROWSER: RECORD_BROWSER,
    RECORD_BROWSER_FILE: links.file,
    ...extra,
  });

const call = (to: string) => ({ to, agent_id: "agt_1", contact_name: "Dana Lee" });

beforeAll(async () => {
  chrome = await passkeyBrowser();
});
afterAll(async () => {
  await chrome?.close();
});

/** A raw form post to the page, as a script holding the link would send it (to 127.0.0.1, Host localhost). */
function post(link: string, fields: Record<string, string>) {
  const url = new URL(link);
  return rawRequest(`http://127.0.0.1:${url.port}`, {
    method: "POST",
    path: url.pathname,
    headers: { host: url.host, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Starts a create_call that waits for its approval; returns the call and the approval link. */
async function dialWaiting(
  server: StartedServer,
  to: string,
): Promise<{ result: Promise<CallToolResult>; link: string }> {
  const result = server.client.callTool({ name: "create_call", arguments: call(to) }, undefined, {
    timeout: 90_000,
  }) as Promise<CallToolResult>;
  result.catch(() => undefined);
  return { result, link: await links.next() };
}

describe("passkeys over stdio", () => {
  let server: StartedServer;

  it("refuses a dial while no passkey is enrolled, and says how to enroll one", async () => {
    const s = await startServer({ env: env() });
    fx.servers.push(s);
    const result = await s.call("create_call", call("+14155552671"));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("outbound-calls-mcp passkeys enroll --name");
    expect(textOf(result)).toContain("Nothing was dialed");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("enrolls a passkey on the one-time page the command opens", async () => {
    const enrolling = runCli(["passkeys", "enroll", "--name", "Dana"], env(), 90_000);
    const link = await links.next();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/enroll\/[A-Za-z0-9_-]{43}$/);
    await chrome.page.goto(link);
    await chrome.page.getByRole("button", { name: "Create passkey" }).click();
    await chrome.page.getByRole("heading", { name: /Passkey enrolled/ }).waitFor();
    const done = await enrolling;
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain("Enrolled a passkey for Dana");
    expect(statSync(passkeyFile).mode & 0o777).toBe(0o600);
    // The link works once: the page is gone with the command.
    const again = await chrome.page.goto(link).catch(() => undefined);
    expect(again?.status() ?? 0).not.toBe(200);
    const listed = await runCli(["passkeys", "list"], env());
    expect(listed.stdout).toMatch(/^Dana .* for localhost {2}id [A-Za-z0-9_-]+$/m);
  });

  it("Approve with the passkey dials exactly once, and the audit line names the passkey", async () => {
    server = await startServer({ env: env() });
    fx.servers.push(server);
    const { result, link } = await dialWaiting(server, "+14155552671");
    expect(link).toMatch(/^http:\/\/localhost:\d+\/a\//);
    const page = await chrome.page.goto(link);
    expect(page?.headers()["content-security-policy"]).toMatch(/script-src 'sha256-/);
    await chrome.page.getByRole("button", { name: "Approve", exact: true }).click();
    await chrome.page.locator("h1 .status").waitFor();
    expect(await chrome.page.locator("h1").textContent()).toBe("Approved by local browser, passkey Dana");
    const answer = await result;
    expect(answer.isError, textOf(answer)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(auditLines(audit).at(-1)).toMatchObject({
      decision: "dialed",
      confirmation: "page",
      approver: "local browser, passkey Dana",
    });
  });

  it("refuses Approve without a passkey answer, with a wrong signature, and without user verification: nothing is dialed", async () => {
    const { result, link } = await dialWaiting(server, "+14155552672");
    expect((await post(link, { decision: "approve" })).status).toBe(403);
    await chrome.page.goto(link);
    const good = await assertionInPage(chrome.page);
    const wrong = await post(link, { decision: "approve", passkey: withBadSignature(good) });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toContain("did not check out");
    // The authenticator asked not to verify the person: its answer carries no UV flag.
    await chrome.cdp.send("WebAuthn.setUserVerified", {
      authenticatorId: chrome.authenticatorId,
      isUserVerified: false,
    });
    try {
      const unverified = await assertionInPage(chrome.page, { uv: "discouraged" });
      const refused = await post(link, { decision: "approve", passkey: unverified });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatch(/verif/i);
    } finally {
      await chrome.cdp.send("WebAuthn.setUserVerified", {
        authenticatorId: chrome.authenticatorId,
        isUserVerified: true,
      });
    }
    expect(posts(fx.upstream)).toHaveLength(0);
    // Decline needs no passkey.
    expect((await post(link, { decision: "decline" })).status).toBe(303);
    expect(textOf(await result)).toMatch(/declined/i);
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("an answer made for one approval decides no other, and is not taken twice", async () => {
    const first = await dialWaiting(server, "+14155552673");
    const second = await dialWaiting(server, "+14155552674");
    await chrome.page.goto(first.link);
    const forFirst = await assertionInPage(chrome.page);
    const crossed = await post(second.link, { decision: "approve", passkey: forFirst });
    expect(crossed.status).toBe(403);
    expect(posts(fx.upstream)).toHaveLength(0);
    // Used where it belongs, it approves that one dial; sent again, to either, it approves nothing more.
    expect((await post(first.link, { decision: "approve", passkey: forFirst })).status).toBe(303);
    expect((await first.result).isError).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    expect((await post(second.link, { decision: "approve", passkey: forFirst })).status).toBe(403);
    expect((await post(second.link, { decision: "decline" })).status).toBe(303);
    await second.result;
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("an answer whose signature counter did not move on (a cloned authenticator) approves nothing", async () => {
    // The stored counter moved past the authenticator's, sealed as the server seals it (the test holds the API key).
    const registry = new PasskeyRegistry({
      shelf: async () => new FilePasskeyShelf(passkeyFile),
      key: deriveStateKey(CANARY_KEY, "passkeys"),
      watermarkFile: watermarkFile(passkeyFile),
      now: Date.now,
      log: () => undefined,
    });
    const [dana] = await registry.list();
    expect(dana?.name).toBe("Dana");
    await registry.setCounter(dana!, 1_000_000);
    const { result, link } = await dialWaiting(server, "+14155552676");
    await chrome.page.goto(link);
    const refused = await post(link, { decision: "approve", passkey: await assertionInPage(chrome.page) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatch(/counter/i);
    expect((await post(link, { decision: "decline" })).status).toBe(303);
    await result;
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("a client that could approve in its own dialog is not asked there: the page asks, with the passkey", async () => {
    let asked = 0;
    const s = await startServer({ env: env(), capabilities: { elicitation: { form: {} } } });
    fx.servers.push(s);
    s.client.setRequestHandler((await import("@modelcontextprotocol/sdk/types.js")).ElicitRequestSchema, async () => {
      asked += 1;
      return { action: "accept", content: { confirm: true } };
    });
    const { result, link } = await dialWaiting(s, "+14155552675");
    expect((await post(link, { decision: "approve" })).status).toBe(403);
    expect((await post(link, { decision: "decline" })).status).toBe(303);
    await result;
    expect(asked).toBe(0);
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("an MCP Apps host gets no approval card (it cannot ask for a passkey): the page asks, and the card's tool decides nothing", async () => {
    const s = await startServer({ env: env(), capabilities: APPS_CAPABILITIES as never });
    fx.servers.push(s);
    const { result, link } = await dialWaiting(s, "+14155552676");
    expect((await post(link, { decision: "approve" })).status).toBe(403);
    const listed = await s.client.listTools();
    expect(listed.tools.map((t) => t.name)).not.toContain("approval_card_decide");
    expect(JSON.stringify(listed.tools)).not.toContain("ui://");
    expect((await post(link, { decision: "decline" })).status).toBe(303);
    const answer = await result;
    expect(JSON.stringify(answer._meta ?? {})).not.toContain(CARD_META_KEY);
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("refuses to start with passkeys required but a confirmation mode in which no person says yes", async () => {
    const r = await runCli([], env({ OUTBOUND_CALLS_CONFIRM: "token" }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("OUTBOUND_CALLS_APPROVAL_PASSKEY=required needs OUTBOUND_CALLS_CONFIRM=person");
  });
});
