import { startSandbox, type SandboxOptions } from "./index.js";

/** A bad flag or value: the command line's fault, exit code 2. */
export class SandboxUsageError extends Error {
  override readonly name = "SandboxUsageError";
}

/** The standalone command listens on a fixed port so a client's base URL can stay the same between runs. */
export const SANDBOX_CLI_DEFAULT_PORT = 8787;

export const SANDBOX_USAGE = `outbound-calls-mcp sandbox: run the simulated calling service on 127.0.0.1.

Usage: outbound-calls-mcp sandbox [options]

  --port N                 port to listen on (default ${SANDBOX_CLI_DEFAULT_PORT}; 0 = any free port)
  --speed X|instant        clock multiplier: 1 = realistic (default), 10 = ten times faster, instant = final at once
  --balance-cents N        starting wallet of each account (default 2000 = $20.00)
  --cost-cents N           price of one call (default 25)
  --max-concurrent N       plan: calls in progress at once per account (default 25)
  --monthly-limit N        plan: calls per account per calendar month (default 1000)
  --max-batch N            plan: rows per batch (default 1000)
  --rate-limit N/S | off   requests per key per window of S seconds (default 120/60)
  --agents N               agents per account (default 3)
  --delay-ms N             delay every answer by N ms (default 0)
  --fail-every N           answer every Nth request with --fail-status and do nothing (default off)
  --fail-status N          status of injected failures, 500-599 (default 503)
  --help                   show this help

Any key of the form sk_test_<letters, digits, _> is an account of its own. The API is under <url>/api/v1.
`;

type Setter = (options: SandboxOptions, value: string, flag: string) => void;

function wholeNumber(flag: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = /^[0-9]{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new SandboxUsageError(`${flag} needs a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

const FLAGS: Record<string, Setter> = {
  "--port": (o, v, f) => (o.port = wholeNumber(f, v, 0, 65535)),
  "--speed": (o, v, f) => {
    if (v === "instant") o.speed = "instant";
    else {
      const speed = /^[0-9]+(\.[0-9]+)?$/.test(v) ? Number(v) : Number.NaN;
      if (!(speed > 0)) throw new SandboxUsageError(`${f} needs a positive number or "instant", got "${v}"`);
      o.speed = speed;
    }
  },
  "--balance-cents": (o, v, f) => (o.startingBalanceCents = wholeNumber(f, v, 0)),
  "--cost-cents": (o, v, f) => (o.costPerCallCents = wholeNumber(f, v, 0)),
  "--max-concurrent": (o, v, f) => (o.maxConcurrentCalls = wholeNumber(f, v, 1)),
  "--monthly-limit": (o, v, f) => (o.monthlyCallLimit = wholeNumber(f, v, 1)),
  "--max-batch": (o, v, f) => (o.maxBatchSize = wholeNumber(f, v, 1)),
  "--agents": (o, v, f) => (o.agentsPerAccount = wholeNumber(f, v, 1, 50)),
  "--rate-limit": (o, v, f) => {
    if (v === "off") {
      o.rateLimit = false;
      return;
    }
    const match = /^([0-9]{1,9})\/([0-9]{1,7})$/.exec(v);
    const requests = Number(match?.[1]);
    const seconds = Number(match?.[2]);
    if (!match || requests < 1 || seconds < 1)
      throw new SandboxUsageError(`${f} needs N/SECONDS (e.g. 120/60) or "off", got "${v}"`);
    o.rateLimit = { requests, windowMs: seconds * 1000 };
  },
  "--delay-ms": (o, v, f) => (o.faults = { ...o.faults, delayMs: wholeNumber(f, v, 0, 600_000) }),
  "--fail-every": (o, v, f) => (o.faults = { ...o.faults, failEvery: wholeNumber(f, v, 0) }),
  "--fail-status": (o, v, f) => (o.faults = { ...o.faults, failStatus: wholeNumber(f, v, 500, 599) }),
};

/**
 * The sandbox flags (`--flag value` or `--flag=value`) as options. Only the flags given appear in the result, so a
 * caller's own defaults survive a spread. Throws SandboxUsageError on an unknown flag or a bad value.
 */
export function parseSandboxArgs(argv: readonly string[]): SandboxOptions {
  const options: SandboxOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const setter = FLAGS[flag];
    if (setter === undefined) throw new SandboxUsageError(`unknown option: ${arg.slice(0, 80)}`);
    const value = eq > 0 && flag !== arg ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new SandboxUsageError(`${flag} needs a value`);
    setter(options, value, flag);
  }
  return options;
}

export interface SandboxCliIo {
  stderr(line: string): void;
  exit(code: number): void;
  /** Resolves when the process is asked to stop. */
  waitForStop(): Promise<string>;
}

const processIo: SandboxCliIo = {
  stderr: (line) => void process.stderr.write(`${line}\n`),
  exit: (code) => process.exit(code),
  waitForStop: () =>
    new Promise((resolve) => {
      const stop = (signal: string): void => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        resolve(signal);
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    }),
};

/** `outbound-calls-mcp sandbox [flags]`: argv is what follows `sandbox`. Everything it prints goes to stderr. */
export async function runSandboxCli(argv: string[], io: Partial<SandboxCliIo> = {}): Promise<void> {
  const { stderr, exit, waitForStop } = { ...processIo, ...io };
  const args = argv[0] === "sandbox" ? argv.slice(1) : argv;
  if (args.includes("--help") || args.includes("-h")) {
    stderr(SANDBOX_USAGE.trimEnd());
    return;
  }
  let options: SandboxOptions;
  try {
    options = { port: SANDBOX_CLI_DEFAULT_PORT, ...parseSandboxArgs(args) };
  } catch (error) {
    if (!(error instanceof SandboxUsageError)) throw error;
    stderr(`outbound-calls-mcp sandbox: ${error.message} (see --help)`);
    exit(2);
    return;
  }

  let sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    const why = inUse ? `port ${options.port} is in use; pass --port N (0 = any free port)` : (error as Error).message;
    stderr(`outbound-calls-mcp sandbox: cannot start: ${why}`);
    exit(1);
    return;
  }
  const speed = options.speed ?? 1;
  stderr(
    `sandbox listening on ${sandbox.url} — any key of the form sk_test_… is an account; base URL ${sandbox.url} (API under /api/v1), speed ${speed}; Ctrl-C to stop`,
  );
  await waitForStop();
  await sandbox.close();
  exit(0);
}
