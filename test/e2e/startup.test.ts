/**
 * Start-up through the real process: a bad configuration exits non-zero with one
 * clear line on stderr naming the variable, never the key; stdout stays empty.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CANARY_KEY, ENTRY, serverEnv } from "../helpers/server-process.js";
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
  it.each([
    ["no key", { OUTBOUND_CALLS_BASE_URL: "https://app.example.com" }, /OUTBOUND_CALLS_API_KEY is required/],
    ["no URL", { OUTBOUND_CALLS_API_KEY: CANARY_KEY }, /OUTBOUND_CALLS_BASE_URL is required/],
    ["http to a remote host", { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: "http://app.example.com" }, /OUTBOUND_CALLS_BASE_URL must use https/],
    ["a URL that is not one", { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: `::${CANARY_KEY}` }, /OUTBOUND_CALLS_BASE_URL is not a URL/],
    ["a bad timeout", { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: "https://a.example", OUTBOUND_CALLS_TIMEOUT_MS: "soon" }, /OUTBOUND_CALLS_TIMEOUT_MS must be a whole number/],
    ["the key pasted into the countries", { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: "https://a.example", OUTBOUND_CALLS_ALLOWED_COUNTRIES: CANARY_KEY }, /OUTBOUND_CALLS_ALLOWED_COUNTRIES/],
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

describe("command line", () => {
  it("--version prints the version on stdout", () => {
    const result = run({}, ["--version"]);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(VERSION);
  });

  it("--help lists the flags and variables on stderr, and exits 0", () => {
    const result = run({}, ["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
    for (const word of ["--sandbox", "--read-only", "OUTBOUND_CALLS_API_KEY", "OUTBOUND_CALLS_BASE_URL", "OUTBOUND_CALLS_TIMEOUT_MS"]) {
      expect(result.stderr).toContain(word);
    }
  });

  it("an unknown flag exits 2 with one line", () => {
    const result = run({}, ["--dial-everyone"]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("unknown argument: --dial-everyone");
  });
});
