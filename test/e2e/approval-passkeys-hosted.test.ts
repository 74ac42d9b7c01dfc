/**
 * Issue 23 item 2, hosted passkeys: an inbox reached by a public host name
 * (OUTBOUND_CALLS_PUBLIC_URL=https://calls.test:<port>), two --http replicas on
 * Redis behind a TLS proxy that sends each request to the next replica in turn.
 * The command prints a one-time link; the page the replicas serve makes the
 * passkey for calls.test in real Chromium (its virtual authenticator); Approve
 * in the inbox then checks against that origin and RP ID.
 *
 * Chromium makes passkeys only in a secure context: on http://calls.test it has
 * no navigator.credentials at all (tried: isSecureContext false). So the test
 * speaks https with a certificate made here for calls.test, which Chromium
 * trusts through --ignore-certificate-errors-spki-list (only that key), and
 * --host-resolver-rules maps calls.test to 127.0.0.1 (tried on Chromium 156:
 * WebAuthn works there with the virtual authenticator).
 */
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer as createHttpsServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
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
  type PasskeyBrowser,
} from "../helpers/passkeys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { runCli } from "../helpers/run-cli.js";
import { textOf } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_e2e_hosted_9d8c7b6a5f4e3d2c1b0a9f8e7d6c";
const PREFIX = "pkh:";
const HOST = "calls.test";
const fx = useSafetyFixture();
const dir = tempDir("passkeys-hosted");
let redis: RedisServer;
let chrome: PasskeyBrowser;
let replicas: HttpServerProcess[] = [];
let client: HttpClient;
let proxy: Server;
let origin: string;
/** Every request line the proxy passed on (what an access log would keep). */
const requestLines: string[] = [];
const served: number[] = [0, 0];

const env = () =>
  envFor(fx.upstream, {
    ...GUARDS_OFF,
    OUTBOUND_CALLS_CONFIRM: undefined,
    OUTBOUND_CALLS_APPROVAL_PASSKEY: "required",
    OUTBOUND_CALLS_PASSKEY_FILE: join(dir, "passkeys.json"),
    OUTBOUND_CALLS_REDIS_URL: redis.url,
    OUTBOUND_CALLS_REDIS_PREFIX: PREFIX,
    OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
    OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
    OUTBOUND_CALLS_APPROVAL_WAIT_S: "60",
    OUTBOUND_CALLS_PUBLIC_URL: origin,
  });

/** A TLS proxy on 127.0.0.1 for calls.test, passing each request to the next replica (round robin). */
async function startProxy(key: Buffer, cert: Buffer): Promise<Server> {
  let next = 0;
  const server = createHttpsServer({ key, cert }, (req, res) => {
    requestLines.push(`${req.method} ${req.url}`);
    const index = next++ % replicas.length;
    served[index]! += 1;
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: replicas[index]!.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-proto": "https" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

beforeAll(async () => {
  redis = await startRedisServer();
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      "2",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-subj",
      `/CN=${HOST}`,
      "-addext",
      `subjectAltName=DNS:${HOST}`,
    ],
    { stdio: "ignore" },
  );
  const cert = readFileSync(join(dir, "cert.pem"));
  const spki = createHash("sha256")
    .update(new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" }))
    .digest("base64");
  proxy = await startProxy(readFileSync(join(dir, "key.pem")), cert);
  origin = `https://${HOST}:${(proxy.address() as AddressInfo).port}`;
  chrome = await passkeyBrowser([
    `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    `--ignore-certificate-errors-spki-list=${spki}`,
  ]);
  replicas = await Promise.all([spawnHttpServer({ env: env() }), spawnHttpServer({ env: env() })]);
  client = await connectHttpClient(replicas[0]!.url);
});
afterAll(async () => {
  await client?.close();
  for (const r of replicas) await r.stop();
  await chrome?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await redis?.stop();
});

const LINK = /^ {2}(https:\/\/calls\.test:\d+\/approvals\/passkeys\/enroll\/([A-Za-z0-9_-]{22})#([A-Za-z0-9_-]{43}))$/m;

/** `passkeys enroll --name <name>` in hosted mode: the link it prints (and nothing opened, nothing waited for). */
async function enrollLink(name: string): Promise<{ link: string; ticket: string; secret: string }> {
  const r = await runCli(["passkeys", "enroll", "--name", name], env());
  expect(r.code, r.stdout + r.stderr).toBe(0);
  const m = LINK.exec(r.stdout);
  if (!m) throw new Error(`no link in: ${r.stdout}`);
  return { link: m[1]!, ticket: m[2]!, secret: m[3]! };
}

const storedSet = async () =>
  JSON.parse((await (await redis.admin()).get(`${PREFIX}passkeys:set`)) ?? "null") as {
    generation: number;
    passkeys: Array<{ id: string; name: string; rpId: string }>;
  } | null;
const stderrOfAll = () => replicas.map((r) => r.stderr).join("\n");

const dial = (to: string) => {
  const result = client.client.callTool({ name: "create_call", arguments: { to, agent_id: "agt_1" } }, undefined, {
    timeout: 90_000,
  }) as Promise<CallToolResult>;
  result.catch(() => undefined);
  return result;
};

const openNewest = () => openNewestApproval(chrome.page, origin, APPROVER_TOKEN);
const submitForm = (decision: string, passkey: string) => submitDecisionForm(chrome.page, decision, passkey);

/** A second virtual authenticator, as a security key. */
async function addSecurityKey(): Promise<string> {
  const { authenticatorId } = await chrome.cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "usb",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

describe("passkeys for an inbox reached at a public host name", () => {
  let dana: { link: string; secret: string };
  let securityKey = "";

  it("the command prints a one-time link; the replicas' own page makes the passkey there, for calls.test", async () => {
    expect(await storedSet()).toBeNull();
    dana = await enrollLink("Dana");
    await chrome.page.goto(dana.link);
    expect(await chrome.page.locator("h1").textContent()).toBe("Enroll a passkey for Dana");
    await chrome.page.getByRole("button", { name: "Create passkey" }).click();
    await chrome.page.getByRole("heading", { name: /Passkey enrolled/ }).waitFor();
    expect((await storedSet())?.passkeys).toEqual([expect.objectContaining({ name: "Dana", rpId: HOST })]);
    // The page came from one replica and the post went to the other.
    expect(served.every((n) => n > 0)).toBe(true);
    // The secret travelled in the fragment and the form body: no request line (an access log) holds it.
    expect(requestLines.join("\n")).not.toContain(dana.secret);
    expect(stderrOfAll()).toContain("enrolled a passkey for Dana");
  });

  it("Approve in the inbox at the public origin with that passkey dials exactly once", async () => {
    const result = dial("+14155552681");
    await openNewest();
    await chrome.page.getByRole("button", { name: "Approve", exact: true }).click();
    await chrome.page.locator("h1 .status").waitFor();
    expect(await chrome.page.locator("h1").textContent()).toBe("Approved by approver:Dana Approver, passkey Dana");
    expect((await result).isError, textOf(await result)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("a link works once: opened again, or posted again with a challenge of an earlier load, it enrolls nothing", async () => {
    await chrome.page.goto(dana.link);
    expect(await chrome.page.locator("h1").textContent()).toBe("This enrollment link is not valid");

    const eve = await enrollLink("Eve");
    // Eve's own authenticator (a security key): the page excludes the one that holds Dana's passkey.
    securityKey = await addSecurityKey();
    await chrome.page.goto(eve.link);
    const earlier = JSON.parse((await chrome.page.locator("#passkey-options").textContent())!) as { create: unknown };
    await chrome.page.reload();
    await chrome.page.getByRole("button", { name: "Create passkey" }).click();
    await chrome.page.getByRole("heading", { name: /Passkey enrolled/ }).waitFor();
    // (From another document: a link that differs from the address shown only after # would not be loaded again.)
    await chrome.page.goto("about:blank");
    await chrome.page.goto(eve.link);
    expect(await chrome.page.locator("h1").textContent()).toBe("This enrollment link is not valid");
    // A second passkey made with the earlier load's challenge, posted from this origin with the link's secret.
    const again = await credentialInPage(chrome.page, { create: earlier.create, exclude: false });
    await postFields(chrome.page, { decision: "enroll", created: again, grant: "#" });
    await chrome.page.waitForURL((url) => url.hash === "");
    await chrome.page.locator("h1 .status").waitFor();
    expect(await chrome.page.locator("h1").textContent()).toMatch(
      /^(This enrollment link is not valid|No passkey was enrolled)$/,
    );
    expect((await storedSet())?.passkeys.map((p) => p.name)).toEqual(["Dana", "Eve"]);
  });

  it("a link without its secret, or with another one, enrolls nothing", async () => {
    const frank = await enrollLink("Frank");
    for (const fragment of ["", `#${"A".repeat(43)}`]) {
      await chrome.page.goto("about:blank");
      await chrome.page.goto(frank.link.replace(/#.*$/, fragment));
      if ((await chrome.page.locator("#passkey-options").count()) === 0)
        throw new Error(await chrome.page.locator("body").innerText());
      // The page's own form, posted with whatever the fragment gave (a credential is not even looked at).
      await postFields(chrome.page, { decision: "enroll", created: "{}", grant: "#" });
      await chrome.page.locator("h1 .status").waitFor();
      expect(await chrome.page.locator("main").innerText()).toContain("the link's secret did not come with the form");
    }
    // The link itself still works for Frank, once.
    await chrome.page.goto("about:blank");
    await chrome.page.goto(frank.link);
    expect(await chrome.page.locator("h1").textContent()).toBe("Enroll a passkey for Frank");
    expect((await storedSet())?.passkeys.map((p) => p.name)).toEqual(["Dana", "Eve"]);
  });

  it("a person removed by name enrolls nothing with a link made before the removal, even one open in the browser meanwhile", async () => {
    const gina = await enrollLink("Gina");
    await chrome.page.goto("about:blank");
    await chrome.page.goto(gina.link);
    expect(await chrome.page.locator("h1").textContent()).toBe("Enroll a passkey for Gina");
    // Her passkey, made on the page with its own options (on an authenticator that holds one already: not excluded).
    const created = await credentialInPage(chrome.page, { exclude: false });
    // The operator removes Gina meanwhile (she has no passkey yet: her link is what is left of her).
    const removed = await runCli(["passkeys", "remove", "Gina"], env());
    expect(removed.stdout).toContain("enrollment links made for Gina before now no longer work");
    await postFields(chrome.page, { decision: "enroll", created, grant: "#" });
    await chrome.page.waitForURL((url) => url.hash === "");
    await chrome.page.locator("h1 .status").waitFor();
    expect(await chrome.page.locator("h1").textContent()).toMatch(
      /^(This enrollment link is not valid|No passkey was enrolled)$/,
    );
    expect((await storedSet())?.passkeys.map((p) => p.name)).toEqual(["Dana", "Eve"]);
    await chrome.page.goto("about:blank");
    await chrome.page.goto(gina.link);
    expect(await chrome.page.locator("h1").textContent()).toBe("This enrollment link is not valid");
    // A link made for her after the removal works (the operator took her back).
    const again = await enrollLink("Gina");
    await chrome.page.goto("about:blank");
    await chrome.page.goto(again.link);
    expect(await chrome.page.locator("h1").textContent()).toBe("Enroll a passkey for Gina");
    // The authenticator that made it forgets the credential made above (the next test counts on what they hold).
    const credentialId = Buffer.from((JSON.parse(created) as { id: string }).id, "base64url").toString("base64");
    for (const authenticatorId of [chrome.authenticatorId, securityKey]) {
      const { credentials } = await chrome.cdp.send("WebAuthn.getCredentials", { authenticatorId });
      if (credentials.some((c) => c.credentialId === credentialId))
        await chrome.cdp.send("WebAuthn.removeCredential", { authenticatorId, credentialId });
    }
  });

  it("a removed passkey put back (the old sealed set written into Redis) approves nothing; the rollback is reported and undone", async () => {
    const admin = await redis.admin();
    const withEve = (await admin.get(`${PREFIX}passkeys:set`))!;
    const eveId = (await storedSet())!.passkeys.find((p) => p.name === "Eve")!.id;
    const removed = await runCli(["passkeys", "remove", "Eve"], env());
    expect(removed.code, removed.stdout).toBe(0);
    const withoutEve = (await storedSet())!;
    await admin.set(`${PREFIX}passkeys:set`, withEve);

    const result = dial("+14155552682");
    await openNewest();
    expect(await chrome.page.locator("#passkey-options").textContent()).not.toContain(eveId);
    expect(await submitForm("approve", await assertionInPage(chrome.page, { allow: [eveId] }))).toContain(
      "Not approved",
    );
    expect(await chrome.page.locator("main").innerText()).toContain("not from an enrolled passkey");
    expect(stderrOfAll()).toMatch(
      /passkeys: ROLLBACK: Redis holds the passkey set of generation \d+, older than generation \d+/,
    );
    expect((await storedSet())!.generation).toBeGreaterThanOrEqual(withoutEve.generation);
    expect((await storedSet())!.passkeys.map((p) => p.name)).toEqual(["Dana"]);
    await chrome.page.goBack();
    await chrome.page.reload();
    expect(await submitForm("decline", "")).toContain("Declined");
    expect(textOf(await result)).toMatch(/declined/i);
    expect(posts(fx.upstream)).toHaveLength(0);

    // doctor, on this machine, tells the operator.
    const doctor = await runCli(["doctor"], env());
    expect(doctor.stdout).toMatch(/passkeys\s+required; 1 enrolled \(1 for calls\.test\) in Redis/);
    expect(doctor.stdout).toMatch(/passkeys\s+a rollback was noticed at .*generation \d+ was expected; refused/);
  });

  it("the next-passkey page is for a signed-in approver: without a session it lists no credential id and enrolls nothing", async () => {
    const danaId = (await storedSet())!.passkeys[0]!.id;
    const ask = (method: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port: replicas[0]!.port,
            method,
            path: "/approvals/passkeys/add",
            headers: { host: new URL(origin).host, origin, "content-type": "application/x-www-form-urlencoded" },
          },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (body += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on("error", reject);
        req.end(method === "POST" ? "decision=enroll&ticket=AAAAAAAAAAAAAAAAAAAAAA" : undefined);
      });
    const page = await ask("GET");
    expect(page.status).toBe(401);
    expect(page.body).not.toContain(danaId);
    expect(page.body).not.toContain("passkey-options");
    expect((await ask("POST")).status).toBe(403);
    expect((await storedSet())?.passkeys.map((p) => p.name)).toEqual(["Dana"]);
  });

  it("a person's next passkey is added at /approvals/passkeys/add only with one of theirs vouching for it", async () => {
    await chrome.page.goto(`${origin}/approvals/passkeys/add`);
    // A credential made with the page's own options and posted without an enrolled passkey's answer.
    await postFields(chrome.page, { decision: "enroll", created: await credentialInPage(chrome.page) });
    await chrome.page.locator("h1 .status").waitFor();
    expect(await chrome.page.locator("h1").textContent()).toBe("No passkey was enrolled");
    expect(await chrome.page.locator("main").innerText()).toContain(
      "one of your enrolled passkeys must vouch for the new one",
    );
    expect((await storedSet())?.passkeys.map((p) => p.name)).toEqual(["Dana"]);

    // With Dana's passkey vouching: her answer to the page's request, then the new passkey made on another
    // authenticator (the one that holds hers stays out of the creation: it is excluded, and answers first if asked).
    await chrome.page.goto("about:blank");
    await chrome.page.goto(`${origin}/approvals/passkeys/add`);
    // (Chromium ends a request when a security key without the credential answers, so Eve's key leaves first.)
    await chrome.cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: securityKey });
    const vouch = await assertionInPage(chrome.page);
    securityKey = await addSecurityKey();
    await chrome.cdp.send("WebAuthn.setAutomaticPresenceSimulation", {
      authenticatorId: chrome.authenticatorId,
      enabled: false,
    });
    try {
      await postFields(chrome.page, {
        decision: "enroll",
        passkey: vouch,
        created: await credentialInPage(chrome.page),
      });
      await chrome.page.getByRole("heading", { name: /Passkey enrolled/ }).waitFor();
    } finally {
      await chrome.cdp.send("WebAuthn.setAutomaticPresenceSimulation", {
        authenticatorId: chrome.authenticatorId,
        enabled: true,
      });
    }
    const set = (await storedSet())!;
    expect(set.passkeys.map((p) => [p.name, p.rpId])).toEqual([
      ["Dana", HOST],
      ["Dana", HOST],
    ]);
    expect(stderrOfAll()).toMatch(/enrolled a passkey for Dana .* vouched for by passkey/);
  });
});
