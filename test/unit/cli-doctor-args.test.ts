import { describe, expect, it } from "vitest";
import { parseArgs, UsageError, type Command } from "../../src/cli/args.js";
import { sandboxFromEnv } from "../../src/cli/env-flags.js";
import { ConfigurationError } from "../../src/config/errors.js";

describe("parseArgs: doctor", () => {
  it.each<[string[], Command]>([
    [["doctor"], { kind: "doctor", sandbox: false, sandboxArgs: [] }],
    [["doctor", "--sandbox"], { kind: "doctor", sandbox: true, sandboxArgs: [] }],
    [["doctor", "--sandbox", "--sandbox-speed", "5"], { kind: "doctor", sandbox: true, sandboxArgs: ["--speed", "5"] }],
    [["doctor", "--help"], { kind: "help", topic: "doctor" }],
    [["doctor", "--sandbox", "-h"], { kind: "help", topic: "doctor" }],
    [["doctor", "--version"], { kind: "version" }],
  ])("%j", (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it.each<[string[], RegExp]>([
    [["doctor", "--bogus"], /unknown argument: --bogus/],
    [["doctor", "sandbox"], /unknown argument: sandbox/],
    [["doctor", "doctor"], /unknown argument: doctor/],
    [["doctor", "--sandbox-speed", "5"], /--sandbox-\* options need --sandbox/],
    [["--sandbox", "doctor"], /unknown argument: doctor/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

describe("OUTBOUND_CALLS_SANDBOX", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    [" FALSE ", false],
    ["true", true],
    ["1", true],
    ["True", true],
  ])("%j -> %s", (value, expected) => {
    expect(sandboxFromEnv({ OUTBOUND_CALLS_SANDBOX: value })).toBe(expected);
  });

  it.each(["yes", "on", "sandbox", "2"])("refuses %j, naming the variable", (value) => {
    expect(() => sandboxFromEnv({ OUTBOUND_CALLS_SANDBOX: value })).toThrow(ConfigurationError);
    expect(() => sandboxFromEnv({ OUTBOUND_CALLS_SANDBOX: value })).toThrow(
      /^OUTBOUND_CALLS_SANDBOX must be "true" or "false"/,
    );
  });
});
