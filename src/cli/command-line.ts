/**
 * The command line: argv in, a plain description of what to run out. Pure, so
 * every flag is unit-tested without spawning a process. A leaf: the bin
 * (src/bin.ts) reads the command with it before anything else is loaded, so it
 * imports nothing at run time (the help text and its variables are args.ts's).
 */
import type { HttpListen } from "../http/config.js";

export type { HttpListen };

export type Command =
  | { kind: "help"; topic?: "doctor" }
  | { kind: "version" }
  | { kind: "sandbox-service"; argv: string[] }
  | { kind: "doctor"; sandbox: boolean; sandboxArgs: string[] }
  | { kind: "serve"; sandbox: boolean; readOnly: boolean; sandboxArgs: string[]; http?: HttpListen }
  | { kind: "opt-outs-help" }
  | { kind: "opt-outs"; action: "list" }
  | { kind: "opt-outs"; action: "remove"; number: string; by: string }
  | { kind: "opt-outs"; action: "review" }
  | { kind: "opt-outs"; action: "confirm" | "clear"; number: string; by: string }
  | { kind: "passkeys-help" }
  | { kind: "passkeys"; action: "list" }
  | { kind: "passkeys"; action: "enroll"; name: string }
  | { kind: "passkeys"; action: "remove"; which: string };

/** Serve MCP over Streamable HTTP instead of stdio (`--http`). */

export const HTTP_DEFAULT_HOST = "127.0.0.1";
export const HTTP_DEFAULT_PORT = 8808;

export class UsageError extends Error {
  override readonly name = "UsageError";
}

/**
 * Whether the command line asks for a server over stdio: false for any other command, and for a wrong command line
 * (src/index.ts says what is wrong). Read before the bundle loads, by the bin (src/bin.ts) and src/cli/zod-jitless.ts.
 */
export function servesStdio(argv: string[]): boolean {
  try {
    const command = parseArgs(argv);
    return command.kind === "serve" && command.http === undefined;
  } catch {
    return false;
  }
}

export function parseArgs(argv: string[]): Command {
  if (argv[0] === "opt-outs") return parseOptOuts(argv.slice(1));
  if (argv[0] === "passkeys") return parsePasskeys(argv.slice(1));
  if (argv[0] === "sandbox") return { kind: "sandbox-service", argv: argv.slice(1) };
  if (argv[0] === "doctor") {
    // The same flags as serving (--sandbox, --sandbox-<flag> v); --help and --version win as usual.
    const rest = argv[1] === "sandbox" || argv[1] === "doctor" ? undefined : parseArgs(argv.slice(1));
    if (rest === undefined) throw new UsageError(`unknown argument: ${argv[1]} (see --help)`);
    if (rest.kind === "help") return { kind: "help", topic: "doctor" };
    if (rest.kind !== "serve") return rest;
    return { kind: "doctor", sandbox: rest.sandbox, sandboxArgs: rest.sandboxArgs };
  }
  let sandbox = false;
  let readOnly = false;
  const sandboxArgs: string[] = [];
  let http = false;
  let host: string | undefined;
  let port: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") return { kind: "help" };
    if (arg === "--version" || arg === "-v") return { kind: "version" };
    if (arg === "--sandbox") sandbox = true;
    else if (arg === "--read-only") readOnly = true;
    else if (arg === "--http") http = true;
    else if (arg === "--host" || arg === "--port") {
      const value = argv[++i];
      if (value === undefined || value.startsWith("--") || value === "") throw new UsageError(`${arg} needs a value`);
      if (arg === "--host") host = value;
      else if (/^\d{1,5}$/.test(value) && Number(value) <= 65535) port = Number(value);
      else throw new UsageError(`--port needs a whole number from 0 to 65535, got "${value}"`);
    } else if (/^--sandbox-[a-z-]+$/.test(arg)) {
      // Options of the embedded simulated service, passed on as its own flags.
      const value = argv[++i];
      if (value === undefined || value.startsWith("--")) throw new UsageError(`${arg} needs a value`);
      sandboxArgs.push(`--${arg.slice("--sandbox-".length)}`, value);
    } else throw new UsageError(`unknown argument: ${arg} (see --help)`);
  }
  if (sandboxArgs.length > 0 && !sandbox) throw new UsageError("--sandbox-* options need --sandbox");
  if ((host !== undefined || port !== undefined) && !http) throw new UsageError("--host and --port need --http");
  if (!http) return { kind: "serve", sandbox, readOnly, sandboxArgs };
  return {
    kind: "serve",
    sandbox,
    readOnly,
    sandboxArgs,
    http: { host: host ?? HTTP_DEFAULT_HOST, port: port ?? HTTP_DEFAULT_PORT },
  };
}

/**
 * `opt-outs list` | `opt-outs remove <number> --by <name>` | `opt-outs review [confirm|clear <number> --by <name>]`:
 * the operator's commands for the opt-out list.
 */
function parseOptOuts(argv: string[]): Command {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h")) return { kind: "opt-outs-help" };
  if (argv[0] === "list" && argv.length === 1) return { kind: "opt-outs", action: "list" };
  if (argv[0] === "review" && argv.length === 1) return { kind: "opt-outs", action: "review" };
  if (argv[0] === "review" && (argv[1] === "confirm" || argv[1] === "clear")) {
    const { number, by } = numberBy(argv.slice(2), `opt-outs review ${argv[1]}`);
    return { kind: "opt-outs", action: argv[1], number, by };
  }
  if (argv[0] !== "remove") throw new UsageError(`unknown opt-outs command: ${argv.join(" ")} (see opt-outs --help)`);
  return { kind: "opt-outs", action: "remove", ...numberBy(argv.slice(1), "opt-outs remove") };
}

/** `<number> --by <name>`, and nothing else: the audit line names who changed the list. */
function numberBy(argv: string[], what: string): { number: string; by: string } {
  const number = argv[0];
  if (number === undefined || number.startsWith("--"))
    throw new UsageError(`${what} needs the number, e.g. ${what} +14155550123 --by alice`);
  const byAt = argv.indexOf("--by");
  const by = byAt > 0 ? argv[byAt + 1] : undefined;
  if (by === undefined || by.trim() === "" || by.startsWith("--"))
    throw new UsageError(`${what} needs --by <name>: the audit line names who changed the list`);
  if (argv.length !== 3) throw new UsageError(`${what} takes <number> --by <name> and nothing else`);
  return { number, by };
}

/** `passkeys enroll --name <person>` | `passkeys list` | `passkeys remove <name or id>`. */
function parsePasskeys(argv: string[]): Command {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h")) return { kind: "passkeys-help" };
  if (argv[0] === "list" && argv.length === 1) return { kind: "passkeys", action: "list" };
  if (argv[0] === "enroll") {
    const name = argv[1] === "--name" ? argv[2] : undefined;
    if (name === undefined || name.trim() === "" || name.startsWith("--") || argv.length !== 3)
      throw new UsageError("passkeys enroll needs --name <person> and nothing else, e.g. passkeys enroll --name alice");
    return { kind: "passkeys", action: "enroll", name: name.trim() };
  }
  if (argv[0] === "remove") {
    const which = argv[1];
    if (which === undefined || which.startsWith("--") || argv.length !== 2)
      throw new UsageError("passkeys remove needs the name or the id of a passkey (see passkeys list)");
    return { kind: "passkeys", action: "remove", which };
  }
  throw new UsageError(`unknown passkeys command: ${argv[0]} (see passkeys --help)`);
}
