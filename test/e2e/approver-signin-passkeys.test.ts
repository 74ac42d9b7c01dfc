/**
 * The approvers' sign-in through the identity provider composes with passkeys
 * (OUTBOUND_CALLS_APPROVAL_PASSKEY=required, kept in Redis): an approver signed
 * in through the provider's pages in Chromium still cannot approve without the
 * passkey; with it the dial goes out once, and the decision names both the
 * person (name and subject) and the passkey.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { approverEnv, registerApproverClient } from "../helpers/approver-signin.js";
import { closedPort } from "../helpers/blackhole.js";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { GUARDS_OFF, tempDir } from "../helpers/guards.js";
import { spawnHttpServer, type HttpServerProcess } from "../helpers/http-server-process.js";
import { connectWithOAuth, type OAuthConnection } from "../helpers/oauth-client.js";
import { RESOURCE_SCOPES, startIdentityProvider, type TestIdentityProvider } from "../helpers/oidc-provider.js";
import { passkeyBrowser, RECORD_BROWSER, RecordedLinks, type PasskeyBrowser } from "../helpers/passkeys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { runCli } from "../helpers/run-cli.js";
import { CANARY_KEY } from "../helpers/server-process.js";

const ALL = RESOURCE_SCOPES.split(" ");
const dir = tempDir("approver-passkeys");
const links = new RecordedLinks(join(dir, "opened.log"));
let idp: TestIdentityProvider;
let upstream: FakeUpstream;
let redis: RedisServer;
let chrome: PasskeyBrowser;
let server: HttpServerProcess;
let publicUrl: string;
let alice: OAuthConnection;
const dials = () => upstream.requests.filter((r) => r.method === "POST").length;

const baseEnv = (): Record<string, string> => ({
  ...GUARDS_OFF,
  OUTBOUND_CALLS_API_KEY: CANARY_KEY,
  OUTBOUND_CALLS_BASE_URL: upstream.url,
  OUTBOUND_CALLS_TIMEOUT_MS: "5000",
  OUTBOUND_CALLS_CONFIRM: "person",
  OUTBOUND_CALLS_APPROVAL_PASSKEY: "required",
  OUTBOUND_CALLS_PASSKEY_FILE: join(dir, "never.json"),
  OUTBOUND_CALLS_REDIS_URL: redis.url,
  BROWSER: RECORD_BROWSER,
  RECORD_BROWSER_FILE: links.file,
});

beforeAll(async () => {
  [idp, upstream, redis] = await Promise.all([startIdentityProvider(), startFakeUpstream(), startRedisServer()]);
  chrome = await passkeyBrowser();
  const enrolling = runCli(["passkeys", "enroll", "--name", "Dana"], baseEnv(), 90_000);
  const link = await Promise.race([
    links.next(),
    enrolling.then((r) => Promise.reject(new Error(`enroll ended first: ${r.code} ${r.stdout}${r.stderr}`))),
  ]);
  await chrome.page.goto(link);
  await chrome.page.getByRole("button", { name: "Create passkey" }).click();
  await chrome.page.getByRole("heading", { name: /Passkey enrolled/ }).waitFor();
  const done = await enrolling;
  if (done.code !== 0) throw new Error(`enroll failed: ${done.stdout}${done.stderr}`);

  const port = await closedPort();
  // localhost: a passkey is made for a name; and another site than the provider's 127.0.0.1.
  publicUrl = `http://localhost:${port}`;
  const client = await registerApproverClient(idp, [publicUrl]);
  server = await spawnHttpServer({
    args: ["--port", String(port)],
    env: {
      ...baseEnv(),
      OUTBOUND_CALLS_OAUTH_ISSUER: idp.issuer,
      OUTBOUND_CALLS_PUBLIC_URL: publicUrl,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
      ...approverEnv(client),
    },
  });
  idp.signIn = { sub: "alice", name: "Alice Example", scopes: ALL };
  alice = await connectWithOAuth(`${publicUrl}/mcp`, idp);
});
afterAll(async () => {
  await alice?.close();
  await server?.stop();
  await chrome?.close();
  await Promise.all([idp?.close(), upstream?.close(), redis?.stop()]);
});

const dial = async () =>
  (await alice.client.callTool(
    { name: "create_call", arguments: { to: "+14155550177", agent_id: "agt_1" } },
    undefined,
    { timeout: 30_000 },
  )) as CallToolResult;

describe("signed in through the identity provider, with passkeys required", () => {
  it("approves nothing without the passkey; with it the dial goes out once, naming the person and the passkey", async () => {
    expect(JSON.stringify(await dial())).toMatch(/pending|waiting/i);
    const page = chrome.page;
    idp.pages = true;
    idp.people = { olga: { name: "Olga Approver", scopes: ALL } };
    await page.goto(`${publicUrl}/approvals`);
    await page.getByRole("link", { name: "Sign in with the identity provider" }).click();
    await page.locator("#login").fill("olga");
    await page.locator("#signin").click();
    await page.locator("#allow").click();
    await page.getByRole("heading", { name: "Waiting for a decision" }).waitFor();
    await page
      .getByRole("link", { name: /^Review/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Approve", exact: true }).waitFor();

    // The page's own form posted with no passkey answer, as a script holding the session could.
    await page.evaluate(`(() => {
      const form = document.getElementById("passkey-answer").form;
      const i = document.createElement("input"); i.type = "hidden"; i.name = "decision"; i.value = "approve";
      form.append(i); form.submit();
    })()`);
    await page.locator("h1 .status").waitFor();
    expect(await page.locator("h1").textContent()).toContain("Not approved");
    expect(JSON.stringify(await dial())).toMatch(/pending|waiting/i);
    expect(dials()).toBe(0);

    await page.goBack();
    await page.reload();
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.locator("h1 .status").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Approved by approver:Olga Approver (sub olga), passkey Dana");
    expect((await dial()).isError).toBeFalsy();
    expect(dials()).toBe(1);
  });
});
