/**
 * Issue 23 item 2 over --http with the passkeys in Redis: Approve in the
 * approvers' inbox needs a passkey too. An approver signed in with the approver
 * token (as a program that stole it would be) cannot approve without the
 * passkey; with it, the dial goes out once. A credential written straight into
 * Redis (a public key of the attacker's own, with a made-up seal) approves
 * nothing, though the authenticator signs for it; a second enrollment cannot be
 * made without an enrolled passkey vouching for it.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  spawnHttpServer,
  type HttpClient,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";
import {
  assertionInPage,
  credentialInPage,
  openNewestApproval,
  passkeyBrowser,
  postFields,
  submitDecisionForm,
  RECORD_BROWSER,
  RecordedLinks,
  type PasskeyBrowser,
} from "../helpers/passkeys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { runCli } from "../helpers/run-cli.js";
import { textOf } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_e2e_4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e";
const PREFIX = "pk:";
const fx = useSafetyFixture();
const dir = tempDir("passkeys-http");
const links = new RecordedLinks(join(dir, "opened.log"));
let redis: RedisServer;
let chrome: PasskeyBrowser;
let server: HttpServerProcess;
let client: HttpClient;
let base: string;

const env = () =>
  envFor(fx.upstream, {
    ...GUARDS_OFF,
    OUTBOUND_CALLS_CONFIRM: undefined,
    OUTBOUND_CALLS_APPROVAL_PASSKEY: "required",
    // Not used with Redis: a file here would mean the passkeys went to the wrong place.
    OUTBOUND_CALLS_PASSKEY_FILE: join(dir, "never.json"),
    OUTBOUND_CALLS_REDIS_URL: redis.url,
    OUTBOUND_CALLS_REDIS_PREFIX: PREFIX,
    OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
    OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
    OUTBOUND_CALLS_APPROVAL_WAIT_S: "60",
    BROWSER: RECORD_BROWSER,
    RECORD_BROWSER_FILE: links.file,
  });

beforeAll(async () => {
  redis = await startRedisServer();
  chrome = await passkeyBrowser();
  // Enrolled with the command, into Redis.
  const enrolling = runCli(["passkeys", "enroll", "--name", "Dana"], env(), 90_000);
  await chrome.page.goto(await links.next());
  await chrome.page.getByRole("button", { name: "Create passkey" }).click();
  await chrome.page.getByRole("heading", { name: /Passkey enrolled/ }).waitFor();
  const done = await enrolling;
  if (done.code !== 0) throw new Error(`enroll failed: ${done.stdout}${done.stderr}`);
  server = await spawnHttpServer({ env: env() });
  // The inbox on localhost: a passkey is made for a name, and an IP address cannot be one.
  base = `http://localhost:${server.port}`;
  client = await connectHttpClient(server.url);
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
  await chrome?.close();
  await redis?.stop();
});

const dial = (to: string) => {
  const result = client.client.callTool({ name: "create_call", arguments: { to, agent_id: "agt_1" } }, undefined, {
    timeout: 90_000,
  }) as Promise<CallToolResult>;
  result.catch(() => undefined);
  return result;
};

const openNewest = () => openNewestApproval(chrome.page, base, APPROVER_TOKEN);
const submitForm = (decision: string, passkey: string) => submitDecisionForm(chrome.page, decision, passkey);

/** A P-256 key as COSE (EC2, ES256), as a stored passkey holds it. */
function coseKey(jwk: { x?: string; y?: string }): string {
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  return Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    x,
    Buffer.from([0x22, 0x58, 0x20]),
    y,
  ]).toString("base64url");
}

describe("passkeys in the inbox, kept in Redis", () => {
  it("keeps the enrolled passkey in Redis, sealed", async () => {
    const admin = await redis.admin();
    const stored = JSON.parse((await admin.get(`${PREFIX}passkeys:set`))!) as { passkeys: unknown[] };
    expect(stored).toMatchObject({
      v: 2,
      generation: expect.any(Number),
      seal: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(stored.passkeys).toEqual([expect.objectContaining({ name: "Dana", rpId: "localhost" })]);
  });

  it("a signed-in approver without the passkey approves nothing; with it the dial goes out once", async () => {
    const result = dial("+14155552671");
    await openNewest();
    expect(await submitForm("approve", "")).toContain("Not approved");
    expect(posts(fx.upstream)).toHaveLength(0);
    await chrome.page.goBack();
    await chrome.page.reload();
    await chrome.page.getByRole("button", { name: "Approve", exact: true }).click();
    await chrome.page.locator("h1 .status").waitFor();
    expect(await chrome.page.locator("h1").textContent()).toBe("Approved by approver:Dana Approver, passkey Dana");
    expect((await result).isError, textOf(await result)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("a credential written into Redis approves nothing, though the authenticator signs for it", async () => {
    // The attacker's own key pair, put into the browser's authenticator and its public key into Redis.
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credentialId = randomBytes(16);
    await chrome.cdp.send("WebAuthn.addCredential", {
      authenticatorId: chrome.authenticatorId,
      credential: {
        credentialId: credentialId.toString("base64"),
        isResidentCredential: false,
        rpId: "localhost",
        privateKey: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
        signCount: 0,
      },
    });
    const id = credentialId.toString("base64url");
    const forged = {
      id,
      name: "Mallory",
      publicKey: coseKey(publicKey.export({ format: "jwk" })),
      counter: 0,
      transports: [],
      rpId: "localhost",
      createdAt: Date.now(),
    };
    // Added to the sealed set in Redis (the seal left as it was: the attacker cannot make one).
    const admin = await redis.admin();
    const set = JSON.parse((await admin.get(`${PREFIX}passkeys:set`))!) as { passkeys: unknown[] };
    set.passkeys.push(forged);
    await admin.set(`${PREFIX}passkeys:set`, JSON.stringify(set));

    const result = dial("+14155552672");
    await openNewest();
    const answer = await assertionInPage(chrome.page, { allow: [id] });
    expect(JSON.parse(answer).id).toBe(id);
    expect(await submitForm("approve", answer)).toContain("Not approved");
    expect(await chrome.page.locator("main").innerText()).toContain("not from an enrolled passkey");
    expect(server.stderr).toContain("does not carry this server's seal");
    // The forged one is not offered to the browser either.
    await chrome.page.goBack();
    await chrome.page.reload();
    expect(await chrome.page.locator("#passkey-options").textContent()).not.toContain(id);
    expect(await submitForm("decline", "")).toContain("Declined");
    expect(textOf(await result)).toMatch(/declined/i);
    expect(posts(fx.upstream)).toHaveLength(0);
    const listed = await runCli(["passkeys", "list"], env());
    expect(listed.stdout).toContain("Dana");
    expect(listed.stdout).not.toContain("Mallory");
  });

  it("a second passkey is enrolled only with an enrolled one vouching for it", async () => {
    const enrolling = runCli(["passkeys", "enroll", "--name", "Eve"], env(), 90_000);
    const link = await links.next();
    await chrome.page.goto(link);
    // A program that runs the command makes its own credential and posts it without an enrolled passkey's answer.
    const created = await credentialInPage(chrome.page, { exclude: false });
    await postFields(chrome.page, { decision: "enroll", created });
    await chrome.page.locator("h1 .status").waitFor();
    expect(await chrome.page.locator("h1").textContent()).toBe("No passkey was enrolled");
    expect(await chrome.page.locator("main").innerText()).toContain("an enrolled passkey must vouch for a new one");
    // The person, through the page as it is: their passkey first, then the new one, on a second authenticator (a
    // security key: the page excludes the authenticators that hold an enrolled passkey already).
    await chrome.cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "usb",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await chrome.page.goto(link);
    await chrome.page.getByRole("button", { name: "Create passkey" }).click();
    await chrome.page.getByRole("heading", { name: /Passkey enrolled/ }).waitFor();
    expect((await enrolling).code).toBe(0);
    expect(
      (JSON.parse((await (await redis.admin()).get(`${PREFIX}passkeys:set`))!) as { passkeys: unknown[] }).passkeys,
    ).toHaveLength(2);
    const listed = await runCli(["passkeys", "list"], env());
    expect(listed.stdout.split("\n").filter(Boolean)).toHaveLength(2);
  });
});
