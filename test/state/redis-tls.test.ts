/**
 * rediss:// with a password against a real redis-server serving TLS only,
 * with a certificate made for the test. The client runs in its own process so
 * that NODE_EXTRA_CA_CERTS (how Node trusts a private CA) applies. Without the
 * CA the connection is refused (fail closed); the password never shows.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePart } from "../helpers/parts.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";

const PASSWORD = "tls-Pa55-word-xyz";
let dir: string;
let server: RedisServer;
let script: string;

beforeAll(async () => {
  const openssl = requirePart("openssl");
  dir = await mkdtemp(join(tmpdir(), "obc-tls-"));
  execFileSync(
    openssl,
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  server = await startRedisServer({
    password: PASSWORD,
    tls: { certFile: join(dir, "cert.pem"), keyFile: join(dir, "key.pem") },
  });
  script = join(dir, "claim-once.mjs");
  await build({
    entryPoints: ["test/state/fixtures/claim-once.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: script,
    logLevel: "silent",
    banner: { js: 'import { createRequire as __r } from "node:module"; const require = __r(import.meta.url);' },
  });
});

afterAll(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function claimIn(
  settings: object,
  env: Record<string, string> = {},
): { ok: boolean; error?: string; message?: string; result?: unknown; log: string[]; raw: string } {
  const run = spawnSync(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? "", STORE_SETTINGS: JSON.stringify(settings), ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
  const raw = `${run.stdout}\n${run.stderr}`;
  return { ...JSON.parse(run.stdout.trim().split("\n").pop() ?? "{}"), raw };
}

describe("Redis over TLS with a password", () => {
  it("rediss:// with the certificate's CA trusted: the claim goes through", () => {
    const out = claimIn(server.settings({ connectTimeoutMs: 3_000, commandTimeoutMs: 3_000 }), {
      NODE_EXTRA_CA_CERTS: join(dir, "cert.pem"),
    });
    expect(out).toMatchObject({ ok: true, result: { kind: "claimed" } });
    expect(out.raw).not.toContain(PASSWORD);
  });

  it("an untrusted certificate is refused: StoreUnavailableError, nothing claimed, no password in any output", () => {
    const out = claimIn(server.settings({ connectTimeoutMs: 1_000, commandTimeoutMs: 1_000 }));
    expect(out).toMatchObject({ ok: false, error: "StoreUnavailableError" });
    expect(out.log.join("\n")).toMatch(/certificate/i);
    expect(out.raw).not.toContain(PASSWORD);
  });

  it("plain redis:// to the TLS port gets no answer it trusts: StoreUnavailableError", () => {
    const settings = server.settings({ connectTimeoutMs: 1_000, commandTimeoutMs: 1_000 });
    const out = claimIn(
      { ...settings, url: settings.url.replace("rediss://", "redis://"), tls: false },
      { NODE_EXTRA_CA_CERTS: join(dir, "cert.pem") },
    );
    expect(out).toMatchObject({ ok: false, error: "StoreUnavailableError" });
    expect(out.raw).not.toContain(PASSWORD);
  });
});
