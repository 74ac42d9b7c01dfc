/**
 * `outbound-calls-mcp doctor` in-process (runDoctor with the argv and the
 * environment the CLI would give it, against real services on 127.0.0.1): the
 * report on stdout, exit 0 when everything works and 1 with the fix on the
 * failing line otherwise, and the key in no output, whatever the service sends
 * back. Through the process (exit codes, stderr, the flags): test/e2e/cli/doctor.test.ts.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { sendJson, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { CANARY_KEY } from "../helpers/server-process.js";
import type { CliResult } from "../helpers/run-cli.js";
import { VERSION } from "../../src/config/version.js";
import { doctorInProcess } from "../helpers/doctor.js";

const runCli = doctorInProcess;

/** A key the sandbox refuses (live keys answer 401 there). */
const LIVE_KEY = "sk_live_CANARY_d0c70r_4e1f";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ speed: "instant", rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

function expectClean(result: CliResult, ...keys: string[]) {
  for (const key of [CANARY_KEY, LIVE_KEY, ...keys]) {
    expect(result.stdout).not.toContain(key);
    expect(result.stderr).not.toContain(key);
  }
  expect(result.stderr).toBe("");
}

const line = (result: CliResult, label: string) =>
  result.stdout.split("\n").find((l) => l.includes(` ${label} `) || l.endsWith(` ${label}`)) ?? "";
const fixAfter = (result: CliResult, label: string) => {
  const lines = result.stdout.split("\n");
  const i = lines.findIndex(
    (l) => l.includes(`] ${label}`) || l.includes(`]${label}`) || new RegExp(`^\\[\\w+\\]\\s+${label}`).test(l),
  );
  return lines[i + 1] ?? "";
};

describe("when everything works", () => {
  it("--sandbox: every check passes, exit 0 (also through the process: test/e2e/cli/doctor.test.ts)", async () => {
    const result = await runCli(["doctor", "--sandbox"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`outbound-calls-mcp ${VERSION} doctor`);
    expect(result.stdout).toMatch(
      /^\[ok\]\s+configuration\s+built-in sandbox at http:\/\/127\.0\.0\.1:\d+ \(simulated: no real call\)/m,
    );
    expect(result.stdout).toMatch(
      /^\[ok\]\s+reachable\s+GET \/api\/v1\/agents answered HTTP 200 in \d+ ms \(request req_\w+\)/m,
    );
    expect(result.stdout).toMatch(/^\[ok\]\s+key accepted\s+yes/m);
    expect(result.stdout).toMatch(/^\[ok\]\s+agents\s+3: agt_\w+ \(Ava — Appointment reminders\), /m);
    expect(result.stdout.trim().endsWith("All checks passed.")).toBe(true);
    expectClean(result);
  });

  it("OUTBOUND_CALLS_SANDBOX=true does what --sandbox does", async () => {
    const result = await runCli(["doctor"], { OUTBOUND_CALLS_SANDBOX: "true" });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/built-in sandbox/);
    expectClean(result);
  });

  it("live mode: shows the origin and that a key is set, the settings, and the agents; never the key", async () => {
    const result = await runCli(["doctor"], {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: sandbox.url,
      OUTBOUND_CALLS_ALLOWED_COUNTRIES: "US,CA",
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
    });
    expect(result.code).toBe(0);
    expect(line(result, "configuration")).toContain(
      `service at ${sandbox.url}; API ${sandbox.url}/api/v1; API key set`,
    );
    expect(result.stdout).toMatch(
      /timeout 5000 ms · countries US,CA · blocked number types PREMIUM_RATE,SHARED_COST,PERSONAL_NUMBER,PAGER,UAN,VOICEMAIL · max batch 1000/,
    );
    expect(result.stdout).toMatch(/^\[ok\]\s+agents\s+3: /m);
    // It asked the service with the key: the doctor's request is the server's request.
    const req = sandbox.requests.at(-1)!;
    expect(req).toMatchObject({ method: "GET", path: "/api/v1/agents", status: 200 });
    expect(req.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
    expectClean(result);
  });
});

describe("when something is wrong: exit 1 and the fix on the failing line", () => {
  it("a key the service refuses (401)", async () => {
    const result = await runCli(["doctor"], { OUTBOUND_CALLS_API_KEY: LIVE_KEY, OUTBOUND_CALLS_BASE_URL: sandbox.url });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^\[ok\]\s+reachable\s+GET \/api\/v1\/agents answered HTTP 401/m);
    expect(result.stdout).toMatch(
      /^\[FAIL\]\s+key accepted\s+no: key refused \(HTTP 401\): fix OUTBOUND_CALLS_API_KEY/m,
    );
    expect(fixAfter(result, "key accepted")).toMatch(/^\s+fix: copy the key again .* into OUTBOUND_CALLS_API_KEY/);
    expect(result.stdout).toMatch(/^\[skip\]\s+agents/m);
    expect(result.stdout).toMatch(/1 problem found/);
    expectClean(result);
  });

  it("a service that cannot be reached (nothing listens on the port)", async () => {
    const port = await freePort();
    const result = await runCli(["doctor"], {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: `http://127.0.0.1:${port}`,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(`^\\[FAIL\\]\\s+reachable\\s+no answer from http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`, "m"),
    );
    expect(fixAfter(result, "reachable")).toMatch(/fix: check OUTBOUND_CALLS_BASE_URL/);
    expect(result.stdout).toMatch(/^\[skip\]\s+key accepted\s+not checked \(the service was not reached\)/m);
    expectClean(result);
  });

  it("a service that does not answer within OUTBOUND_CALLS_TIMEOUT_MS", async () => {
    // Accepts connections and requests, and never answers.
    const silent = await startFakeUpstream(() => undefined);
    try {
      const result = await runCli(["doctor"], {
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: silent.url,
        OUTBOUND_CALLS_TIMEOUT_MS: "1000",
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^\[FAIL\]\s+reachable\s+no answer from .*did not answer within the 1 s deadline/m);
      expect(result.ms).toBeLessThan(8_000);
      expectClean(result);
    } finally {
      await silent.close();
    }
  });

  it("a base URL that is not the application host (404)", async () => {
    const result = await runCli(["doctor"], {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: `${sandbox.url}/dashboard`,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^\[FAIL\]\s+reachable\s+GET \/dashboard\/api\/v1\/agents answered HTTP 404 .*: no calling API at that address/m,
    );
    expect(fixAfter(result, "reachable")).toMatch(
      /fix: set OUTBOUND_CALLS_BASE_URL to your account's application host only/,
    );
    expectClean(result);
  });

  it.each([
    [
      "no key",
      { OUTBOUND_CALLS_BASE_URL: "https://app.example.com" },
      "OUTBOUND_CALLS_API_KEY",
      /OUTBOUND_CALLS_API_KEY is required/,
    ],
    [
      "no base URL",
      { OUTBOUND_CALLS_API_KEY: CANARY_KEY },
      "OUTBOUND_CALLS_BASE_URL",
      /OUTBOUND_CALLS_BASE_URL is required/,
    ],
    [
      "plain http to a remote host",
      { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: "http://app.example.com" },
      "OUTBOUND_CALLS_BASE_URL",
      /must use https/,
    ],
    [
      "a bad timeout",
      {
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: "https://a.example",
        OUTBOUND_CALLS_TIMEOUT_MS: "fast",
      },
      "OUTBOUND_CALLS_TIMEOUT_MS",
      /whole number/,
    ],
    ["a bad sandbox switch", { OUTBOUND_CALLS_SANDBOX: "maybe" }, "OUTBOUND_CALLS_SANDBOX", /"true" or "false"/],
  ])("a configuration with %s: names the variable, checks nothing else", async (_label, env, variable, message) => {
    const result = await runCli(["doctor"], env);
    expect(result.code).toBe(1);
    expect(line(result, "configuration")).toMatch(/^\[FAIL\]/);
    expect(line(result, "configuration")).toMatch(message);
    expect(fixAfter(result, "configuration")).toContain(`fix: set ${variable} in the "env" block`);
    expect(result.stdout).toMatch(/^\[skip\]\s+reachable/m);
    expectClean(result);
  });

  it("the opt-out model's key pasted into a variable that quotes what it did not understand: never printed", async () => {
    const modelKey = "sk-model-CANARY-d0c70r-5a2b";
    const result = await runCli(["doctor"], {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: "https://a.example",
      OUTBOUND_CALLS_OPT_OUT_MODEL_KEY: modelKey,
      OUTBOUND_CALLS_ALLOWED_COUNTRIES: modelKey,
    });
    expect(result.code).toBe(1);
    expect(line(result, "configuration")).toMatch(/OUTBOUND_CALLS_ALLOWED_COUNTRIES/);
    expect(`${result.stdout}${result.stderr}`.toUpperCase()).not.toContain(modelKey.toUpperCase());
  });

  it("reports every missing or wrong variable in one run, one line and one fix each", async () => {
    const result = await runCli(["doctor"], { OUTBOUND_CALLS_TIMEOUT_MS: "fast", OUTBOUND_CALLS_CONFIRM: "sometimes" });
    expect(result.code).toBe(1);
    const failed = result.stdout.split("\n").filter((l) => /^\[FAIL\]\s+configuration /.test(l));
    expect(failed.map((l) => /OUTBOUND_CALLS_[A-Z_]+/.exec(l)?.[0])).toEqual([
      "OUTBOUND_CALLS_API_KEY",
      "OUTBOUND_CALLS_BASE_URL",
      "OUTBOUND_CALLS_TIMEOUT_MS",
      "OUTBOUND_CALLS_CONFIRM",
    ]);
    for (const variable of [
      "OUTBOUND_CALLS_API_KEY",
      "OUTBOUND_CALLS_BASE_URL",
      "OUTBOUND_CALLS_TIMEOUT_MS",
      "OUTBOUND_CALLS_CONFIRM",
    ]) {
      expect(result.stdout).toContain(`fix: set ${variable} in the "env" block`);
    }
    expect(result.stdout).toContain("4 problems found");
    expectClean(result);
  });

  describe("against a scripted service", () => {
    let upstream: FakeUpstream;
    beforeAll(async () => {
      upstream = await startFakeUpstream();
    });
    afterAll(async () => {
      await upstream?.close();
    });
    const env = () => ({
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "3000",
    });

    it("a key with no agent", async () => {
      upstream.handle((_req, res) => sendJson(res, 200, { data: [] }));
      const result = await runCli(["doctor"], env());
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^\[ok\]\s+key accepted/m);
      expect(result.stdout).toMatch(/^\[FAIL\]\s+agents\s+none/m);
      expect(fixAfter(result, "agents")).toMatch(/fix: create an agent/);
      expectClean(result);
    });

    it("a web page instead of the API", async () => {
      upstream.handle((_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>Sign in</html>");
      });
      const result = await runCli(["doctor"], env());
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^\[FAIL\]\s+reachable\s+GET \/api\/v1\/agents answered HTTP 200 .*not JSON/m);
      expect(fixAfter(result, "reachable")).toMatch(/OUTBOUND_CALLS_BASE_URL/);
      expectClean(result);
    });

    it("a failing service that echoes the key (as text and as the request id)", async () => {
      upstream.handle((_req, res) =>
        sendJson(res, 500, { error: { message: `internal: ${CANARY_KEY}` } }, { "x-request-id": CANARY_KEY }),
      );
      const result = await runCli(["doctor"], env());
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /^\[ok\]\s+reachable\s+GET \/api\/v1\/agents answered HTTP 500 .*\(request \[redacted\]\), after 3 attempts/m,
      );
      expect(result.stdout).toMatch(
        /^\[FAIL\]\s+agents\s+The calling service failed \(HTTP 500\)\. The service said: internal: \[redacted\]/m,
      );
      expectClean(result);
    });

    it("a plan that does not allow it (403)", async () => {
      upstream.handle((_req, res) =>
        sendJson(res, 403, { error: { code: "plan_no_api", message: "API access needs the Pro plan" } }),
      );
      const result = await runCli(["doctor"], env());
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^\[ok\]\s+key accepted/m);
      expect(result.stdout).toMatch(/^\[FAIL\]\s+agents\s+The account's plan does not allow this/m);
      expectClean(result);
    });
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
