/**
 * Start-up through the real process: a bad configuration exits non-zero with one
 * clear line on stderr naming the variable, never the key; stdout stays empty.
 * So does a safety file that cannot be used (found after the variables were
 * read). --read-only from argv. The messages themselves: test/unit/config.test.ts,
 * test/unit/safety/settings.test.ts, test/in-process/safety/.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CANARY_KEY, ENTRY, serverEnv, startServer } from "../helpers/server-process.js";
import { runToExit, tempDir } from "../helpers/guards.js";
import { VERSION } from "../../src/config/version.js";

function run(env: Record<string, string>, args: string[] = []) {
  return spawnSync(process.execPath, [ENTRY, ...args], {
    env: serverEnv(env),
    encoding: "utf8",
    input: "",
    timeout: 10_000,
  });
}

describe("a bad configuration stops the server with one line naming the variable", () => {
  // Every variable's refusal and its message: test/unit/config.test.ts and test/unit/safety/settings.test.ts.
  // Here, that the process turns one into exit 1 and one line on stderr, never the key, in both paths.
  it.each([
    ["no key", { OUTBOUND_CALLS_BASE_URL: "https://app.example.com" }, /OUTBOUND_CALLS_API_KEY is required/],
    [
      "the key pasted into the countries",
      {
        OUTBOUND_CALLS_API_KEY: CANARY_KEY,
        OUTBOUND_CALLS_BASE_URL: "https://a.example",
        OUTBOUND_CALLS_ALLOWED_COUNTRIES: CANARY_KEY,
      },
      /OUTBOUND_CALLS_ALLOWED_COUNTRIES/,
    ],
    [
      "the opt-out model's key pasted into the countries",
      {
        OUTBOUND_CALLS_API_KEY: "sk_test_the_service_key",
        OUTBOUND_CALLS_BASE_URL: "https://a.example",
        OUTBOUND_CALLS_OPT_OUT_MODEL_KEY: CANARY_KEY,
        OUTBOUND_CALLS_ALLOWED_COUNTRIES: CANARY_KEY,
      },
      /OUTBOUND_CALLS_ALLOWED_COUNTRIES/,
    ],
  ])("%s", (_label, env, message) => {
    const result = run(env);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(result.stderr.toUpperCase()).not.toContain(CANARY_KEY.toUpperCase());
  });
});

describe("the opt-out model's key set while the model is off", () => {
  it("pasted into the public URL of --http, which quotes what is not a URL: never printed", () => {
    const result = run(
      {
        OUTBOUND_CALLS_API_KEY: "sk_test_the_service_key",
        OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:9",
        OUTBOUND_CALLS_OPT_OUT_MODEL_KEY: CANARY_KEY,
        OUTBOUND_CALLS_PUBLIC_URL: CANARY_KEY,
      },
      ["--http", "--port", "0"],
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/OUTBOUND_CALLS_PUBLIC_URL/);
    expect(result.stderr.toUpperCase()).not.toContain(CANARY_KEY.toUpperCase());
  });
});

describe("command line", () => {
  it("--version prints the version on stdout", () => {
    const result = run({}, ["--version"]);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(VERSION);
  });

  it("--help lists the flags and variables on stdout, and exits 0", () => {
    const result = run({}, ["--help"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    for (const word of [
      "--sandbox",
      "--read-only",
      "OUTBOUND_CALLS_API_KEY",
      "OUTBOUND_CALLS_BASE_URL",
      "OUTBOUND_CALLS_TIMEOUT_MS",
    ]) {
      expect(result.stdout).toContain(word);
    }
  });

  it("an unknown flag exits 2 with one line", () => {
    const result = run({}, ["--dial-everyone"]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("unknown argument: --dial-everyone");
  });
});

describe("a safety file that cannot be used stops the server at start, naming the variable", () => {
  // The other files and values: test/in-process/safety/ (audit log, do-not-call) and test/unit/safety/settings.test.ts.
  const base = { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:9" };
  const dir = tempDir("startup");

  it("a do-not-call line that cannot be read", async () => {
    const file = join(dir, "bad.txt");
    writeFileSync(file, "+14155552671\n\n+1 415 555\n");
    const run = await runToExit({ ...base, OUTBOUND_CALLS_DO_NOT_CALL_FILE: file });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      'OUTBOUND_CALLS_DO_NOT_CALL_FILE: line 3 ("+1 415 555") is not a possible phone number',
    );
    expect(run.stderr).not.toContain(CANARY_KEY);
  });
});

describe("--read-only", () => {
  it("(even with OUTBOUND_CALLS_READ_ONLY=false) lists only the reading tools, and offers daily_report but not place_call", async () => {
    const server = await startServer({
      args: ["--sandbox", "--read-only"],
      env: { OUTBOUND_CALLS_READ_ONLY: "false" },
    });
    try {
      expect((await server.client.listTools()).tools.map((t) => t.name).sort()).toEqual([
        "add_do_not_call",
        "get_call",
        "list_agents",
        "list_calls",
      ]);
      const { prompts } = await server.client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(["daily_report"]);
      const { contents } = (await server.client.readResource({ uri: "agents://list" })) as {
        contents: { text?: string }[];
      };
      expect(contents[0]!.text).toMatch(/^\[SANDBOX: simulated service/);
    } finally {
      await server.close();
    }
  });
});

describe("who approves dials, said at start (OUTBOUND_CALLS_CONFIRM; the modes themselves: test/in-process/safety/confirmation.test.ts)", () => {
  const base = { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:9" };

  it.each([
    ["token", ["OUTBOUND_CALLS_CONFIRM=token", "weaker than the default"]],
    ["never", ["OUTBOUND_CALLS_CONFIRM=never: UNATTENDED DIALING"]],
  ])("%s: says so on stderr", async (mode, said) => {
    const server = await startServer({ env: { ...base, OUTBOUND_CALLS_CONFIRM: mode } });
    try {
      await server.client.ping();
      for (const words of said) expect(server.transport.stderr).toContain(words);
    } finally {
      await server.close();
    }
  });

  it.each([
    ["auto", "OUTBOUND_CALLS_CONFIRM=auto was removed"],
    ["always", "OUTBOUND_CALLS_CONFIRM=always was renamed token"],
  ])("the retired value %s: the server refuses to start and says what to set", async (value, said) => {
    const { code, stderr } = await runToExit({ ...base, OUTBOUND_CALLS_CONFIRM: value });
    expect(code).toBe(1);
    expect(stderr).toContain(said);
  });
});
