import { describe, expect, it } from "vitest";
import { parseSandboxArgs, runSandboxCli, SandboxUsageError } from "../../src/sandbox/cli.js";

describe("parseSandboxArgs", () => {
  it("returns only the flags given", () => {
    expect(parseSandboxArgs([])).toEqual({});
    expect(parseSandboxArgs(["--speed", "10"])).toEqual({ speed: 10 });
  });

  it("reads every flag, as --flag value or --flag=value", () => {
    expect(
      parseSandboxArgs([
        "--port",
        "9000",
        "--speed=instant",
        "--balance-cents",
        "500",
        "--cost-cents=30",
        "--max-concurrent",
        "4",
        "--monthly-limit",
        "50",
        "--max-batch",
        "10",
        "--agents",
        "5",
        "--rate-limit",
        "10/2",
        "--delay-ms",
        "250",
        "--fail-every",
        "7",
        "--fail-status",
        "502",
      ]),
    ).toEqual({
      port: 9000,
      speed: "instant",
      startingBalanceCents: 500,
      costPerCallCents: 30,
      maxConcurrentCalls: 4,
      monthlyCallLimit: 50,
      maxBatchSize: 10,
      agentsPerAccount: 5,
      rateLimit: { requests: 10, windowMs: 2000 },
      faults: { delayMs: 250, failEvery: 7, failStatus: 502 },
    });
    expect(parseSandboxArgs(["--rate-limit", "off"])).toEqual({ rateLimit: false });
    expect(parseSandboxArgs(["--speed", "0.5"])).toEqual({ speed: 0.5 });
  });

  const bad: [string[], RegExp][] = [
    [["--bogus", "1"], /unknown option: --bogus/],
    [["--help"], /unknown option/],
    [["--port"], /--port needs a value/],
    [["--port", "70000"], /--port needs a whole number from 0 to 65535/],
    [["--port", "-1"], /--port/],
    [["--speed", "0"], /--speed needs a positive number or "instant"/],
    [["--speed", "fast"], /--speed/],
    [["--balance-cents", "1.5"], /--balance-cents/],
    [["--max-concurrent", "0"], /--max-concurrent/],
    [["--rate-limit", "120"], /--rate-limit needs N\/SECONDS/],
    [["--rate-limit", "0/60"], /--rate-limit/],
    [["--fail-status", "404"], /--fail-status/],
    [["9000"], /unknown option: 9000/],
  ];

  it.each(bad)("refuses %j", (argv, message) => {
    expect(() => parseSandboxArgs(argv)).toThrow(SandboxUsageError);
    expect(() => parseSandboxArgs(argv)).toThrow(message);
  });
});

function fakeIo() {
  const lines: string[] = [];
  const exits: number[] = [];
  let stop: (signal: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  return {
    lines,
    exits,
    stop: (signal: string) => stop(signal),
    io: {
      stderr: (line: string) => void lines.push(line),
      exit: (code: number) => void exits.push(code),
      waitForStop: () => stopped,
    },
  };
}

describe("runSandboxCli", () => {
  it("prints usage for --help", async () => {
    const { lines, exits, io } = fakeIo();
    await runSandboxCli(["--help"], io);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("--rate-limit N/S | off");
    expect(exits).toEqual([]);
  });

  it("prints one line and exits 2 on a bad flag", async () => {
    const { lines, exits, io } = fakeIo();
    await runSandboxCli(["--speed", "warp"], io);
    expect(lines).toEqual([
      'outbound-calls-mcp sandbox: --speed needs a positive number or "instant", got "warp" (see --help)',
    ]);
    expect(exits).toEqual([2]);
  });

  it("serves until told to stop, announcing its URL on one line, then exits 0", async () => {
    const { lines, exits, io, stop } = fakeIo();
    const running = runSandboxCli(["sandbox", "--port", "0", "--speed", "instant"], io);
    await expect.poll(() => lines.length).toBe(1);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+) — any key of the form sk_test_… is an account/.exec(
      lines[0] ?? "",
    )?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    const answer = await fetch(`${url}/api/v1/agents`, { headers: { authorization: "Bearer sk_test_cli" } });
    expect(answer.status).toBe(200);
    stop("SIGINT");
    await running;
    expect(exits).toEqual([0]);
    await expect(fetch(`${url}/api/v1/agents`)).rejects.toThrow();
  });

  it("exits 1 with one line when the port is taken", async () => {
    const first = fakeIo();
    const running = runSandboxCli(["--port", "0"], first.io);
    await expect.poll(() => first.lines.length).toBe(1);
    const port = /:(\d+) /.exec(first.lines[0] ?? "")?.[1] ?? "";
    const second = fakeIo();
    await runSandboxCli(["--port", port], second.io);
    expect(second.lines).toEqual([
      `outbound-calls-mcp sandbox: cannot start: port ${port} is in use; pass --port N (0 = any free port)`,
    ]);
    expect(second.exits).toEqual([1]);
    first.stop("SIGTERM");
    await running;
  });
});
