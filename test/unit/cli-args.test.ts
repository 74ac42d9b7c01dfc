import { describe, expect, it } from "vitest";
import { UsageError, parseArgs, type Command } from "../../src/cli/args.js";
import { servesStdio } from "../../src/cli/command-line.js";

const serve = (over: Partial<Extract<Command, { kind: "serve" }>> = {}): Command => ({
  kind: "serve",
  sandbox: false,
  readOnly: false,
  sandboxArgs: [],
  ...over,
});

describe("parseArgs: accepted command lines", () => {
  it.each<[string[], Command]>([
    [[], serve()],
    [["--sandbox"], serve({ sandbox: true })],
    [["--read-only"], serve({ readOnly: true })],
    [["--read-only", "--sandbox"], serve({ sandbox: true, readOnly: true })],
    [["--sandbox", "--sandbox"], serve({ sandbox: true })],
    [["--help"], { kind: "help" }],
    [["-h"], { kind: "help" }],
    [["--version"], { kind: "version" }],
    [["-v"], { kind: "version" }],
    // The first of --help / --version wins, and both win over everything after them.
    [["--sandbox", "--help", "--bogus"], { kind: "help" }],
    [["--version", "--help"], { kind: "version" }],
    [["sandbox"], { kind: "sandbox-service", argv: [] }],
    [["sandbox", "--port", "8080", "--help"], { kind: "sandbox-service", argv: ["--port", "8080", "--help"] }],
    [["--sandbox", "--sandbox-speed", "10"], serve({ sandbox: true, sandboxArgs: ["--speed", "10"] })],
    [
      ["--sandbox-balance-cents", "100", "--sandbox", "--sandbox-speed", "5"],
      serve({ sandbox: true, sandboxArgs: ["--balance-cents", "100", "--speed", "5"] }),
    ],
    [["--sandbox", "--sandbox-note", ""], serve({ sandbox: true, sandboxArgs: ["--note", ""] })],
  ])("%j", (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it("does not change its input", () => {
    const argv = ["--sandbox", "--sandbox-speed", "10"];
    parseArgs(argv);
    expect(argv).toEqual(["--sandbox", "--sandbox-speed", "10"]);
  });
});

describe("parseArgs: refused command lines", () => {
  it.each<[string[], RegExp]>([
    [["--bogus"], /^unknown argument: --bogus \(see --help\)$/],
    [["serve"], /unknown argument: serve/],
    [["--sandbox", "sandbox"], /unknown argument: sandbox/],
    [["--readonly"], /unknown argument: --readonly/],
    [["--sandbox-speed=10", "--sandbox"], /unknown argument: --sandbox-speed=10/],
    [["--sandbox-Speed", "1", "--sandbox"], /unknown argument: --sandbox-Speed/],
    [["--HELP"], /unknown argument: --HELP/],
    [["-x"], /unknown argument: -x/],
    [[""], /unknown argument: /],
    [["--sandbox", "--sandbox-speed"], /^--sandbox-speed needs a value$/],
    [["--sandbox-speed", "10"], /^--sandbox-\* options need --sandbox$/],
  ])("%j", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });

  it("UsageError is named", () => {
    try {
      parseArgs(["--nope"]);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).name).toBe("UsageError");
    }
  });
});

describe("parseArgs: a flag is never a value", () => {
  it("a flag is not the value of --sandbox-speed", () => {
    expect(() => parseArgs(["--sandbox", "--sandbox-speed", "--read-only"])).toThrow(UsageError);
  });
});

describe("servesStdio: what the bin and zod's start mode read before the bundle loads", () => {
  it("is true for a server over stdio, with or without the sandbox and read-only", () => {
    for (const argv of [[], ["--sandbox"], ["--read-only"], ["--sandbox", "--sandbox-speed", "fast"]])
      expect(servesStdio(argv), argv.join(" ")).toBe(true);
  });
  it("is false for --http, every other command, and a wrong command line", () => {
    for (const argv of [
      ["--http"],
      ["--http", "--port", "0"],
      ["--help"],
      ["--version"],
      ["doctor"],
      ["sandbox"],
      ["opt-outs", "list"],
      ["passkeys", "list"],
      ["--no-such-flag"],
      ["--port", "1"],
    ]) {
      expect(servesStdio(argv), argv.join(" ")).toBe(false);
    }
  });
});
