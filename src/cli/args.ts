/**
 * The command line: argv in, a plain description of what to run out. Pure, so
 * every flag is unit-tested without spawning a process.
 */
export type Command =
  | { kind: "help"; topic?: "doctor" }
  | { kind: "version" }
  | { kind: "sandbox-service"; argv: string[] }
  | { kind: "doctor"; sandbox: boolean; sandboxArgs: string[] }
  | { kind: "serve"; sandbox: boolean; readOnly: boolean; sandboxArgs: string[]; http?: HttpListen };

/** Serve MCP over Streamable HTTP instead of stdio (`--http`). */
export interface HttpListen {
  host: string;
  /** 0 = any free port (the chosen one is printed on stderr). */
  port: number;
}

export const HTTP_DEFAULT_HOST = "127.0.0.1";
export const HTTP_DEFAULT_PORT = 8808;

export class UsageError extends Error {
  override readonly name = "UsageError";
}

export function parseArgs(argv: string[]): Command {
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
    }
    else if (/^--sandbox-[a-z-]+$/.test(arg)) {
      // Options of the embedded simulated service, passed on as its own flags.
      const value = argv[++i];
      if (value === undefined || value.startsWith("--")) throw new UsageError(`${arg} needs a value`);
      sandboxArgs.push(`--${arg.slice("--sandbox-".length)}`, value);
    } else throw new UsageError(`unknown argument: ${arg} (see --help)`);
  }
  if (sandboxArgs.length > 0 && !sandbox) throw new UsageError("--sandbox-* options need --sandbox");
  if ((host !== undefined || port !== undefined) && !http) throw new UsageError("--host and --port need --http");
  if (!http) return { kind: "serve", sandbox, readOnly, sandboxArgs };
  return { kind: "serve", sandbox, readOnly, sandboxArgs, http: { host: host ?? HTTP_DEFAULT_HOST, port: port ?? HTTP_DEFAULT_PORT } };
}

export const DOCTOR_HELP = `outbound-calls-mcp doctor: check the configuration, the service and the key, the way the server would use them.

Usage:
  outbound-calls-mcp doctor                     check the live configuration (OUTBOUND_CALLS_* variables)
  outbound-calls-mcp doctor --sandbox [--sandbox-<flag> <value>]   check against the built-in simulated service

It reads the same variables as the server (see outbound-calls-mcp --help), reports every configuration problem
at once, then asks the service for the agents (GET /agents) and reports: the settings in force, whether the service
was reached and how fast, whether the key was accepted, the agents. Each failing line says what to fix. The report
goes to stdout; the key is never printed. Exit code 0 when every check passed, 1 otherwise (2 for an unknown flag).
`;

export const HELP = `outbound-calls-mcp: an MCP server (stdio, or Streamable HTTP with --http) to place and track outbound phone calls.

Usage:
  outbound-calls-mcp                 serve over stdio against OUTBOUND_CALLS_BASE_URL with OUTBOUND_CALLS_API_KEY
  outbound-calls-mcp --sandbox       serve over stdio against a built-in simulated service (no key, no real call)
  outbound-calls-mcp --http [--host H] [--port N]   serve MCP over Streamable HTTP at http://H:N/mcp (stateless)
  outbound-calls-mcp sandbox [--port N] [...]   run the simulated service alone on 127.0.0.1 (see: sandbox --help)
  outbound-calls-mcp doctor [--sandbox]         check the configuration, the service and the key; report on stdout, exit 1 on a problem
  outbound-calls-mcp --help | --version

Options:
  --sandbox                   use the built-in simulated calling service on an ephemeral 127.0.0.1 port
  --sandbox-<flag> <value>    pass a flag to the simulated service, e.g. --sandbox-speed 10, --sandbox-balance-cents 100
  --read-only                 register only list_agents, list_calls and get_call (also OUTBOUND_CALLS_READ_ONLY=true)
  --http                      serve over Streamable HTTP at /mcp instead of stdio; health check at GET /healthz
  --host <address>            with --http: address to bind (default 127.0.0.1; non-loopback needs OUTBOUND_CALLS_HTTP_TOKEN)
  --port <n>                  with --http: port to bind (default 8808; 0 = any free port, printed on stderr)

Environment:
  OUTBOUND_CALLS_API_KEY             required (not with --sandbox): the service's API key; sent only to the base URL
  OUTBOUND_CALLS_BASE_URL            required (not with --sandbox): the account's application host; https unless loopback
  OUTBOUND_CALLS_TIMEOUT_MS          total deadline of one tool call, retries included (default 15000)
  OUTBOUND_CALLS_ALLOWED_COUNTRIES   ISO 3166 codes that may be dialed, e.g. US,CA (default: any)
  OUTBOUND_CALLS_BLOCKED_TYPES       number types refused (default PREMIUM_RATE,SHARED_COST,PERSONAL_NUMBER,PAGER,UAN,VOICEMAIL; "none")
  OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE  file of international prefixes never dialed (e.g. high-risk ranges), one a line
  OUTBOUND_CALLS_MAX_BATCH_SIZE      most rows in one submit_batch (default 1000)
  OUTBOUND_CALLS_MAX_WAITS_PER_CLIENT  get_calls waiting (wait_seconds) at once per client (default 4)
  OUTBOUND_CALLS_MAX_WAITS           get_calls waiting at once in the process, all clients (default 64)
  OUTBOUND_CALLS_MAX_RESPONSE_BYTES  largest answer read from the service (default 1048576)
  OUTBOUND_CALLS_SANDBOX             "true" does what --sandbox does (for clients that set variables more easily than args)

Safety (see docs/safety.md and docs/consent.md):
  OUTBOUND_CALLS_CONFIRM             who says yes to a dial: person (default: the client's dialog or link, else the approval page),
                                     token (the model's dry-run token; weaker), never (unattended dialing)
  OUTBOUND_CALLS_APPROVAL_WAIT_S     how long a tool call waits for the person's decision before answering "pending" (default 50)
  OUTBOUND_CALLS_APPROVAL_TTL_S      how long an approval can be decided, then used once (default 600)
  BROWSER                            the command that opens the approval page (given the URL; none = no browser; default: the system's)
  OUTBOUND_CALLS_DEDUPE_WINDOW_S     within this many seconds an identical dial is not dialed again, and another dial to the
                                     same number is refused unless repeat_dial is true; 0 = off (default 600)
  OUTBOUND_CALLS_DO_NOT_CALL_FILE    file of numbers never to dial, one a line, any format; a bad line stops the start
  OUTBOUND_CALLS_DEFAULT_COUNTRY     ISO 3166 code for do-not-call lines written without + (e.g. US)
  OUTBOUND_CALLS_CALLING_HOURS       HH:MM-HH:MM in the callee's local time, or off (default 08:00-21:00; off in the sandbox)
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR  dials in any hour, batch rows counted, or off (default 60)
  OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY  dials to one number in any 24 hours, or off (default 3)
  OUTBOUND_CALLS_READ_ONLY           true: register only the reading tools (default false)
  OUTBOUND_CALLS_AUDIT_LOG           file for one JSON line per write attempt (created 0600); without Redis, caps and dedupe survive restarts
  OUTBOUND_CALLS_TEST_NOW            tests only: start the clock at this UTC time; only with a loopback base URL
  OUTBOUND_CALLS_TEST_LEASE_MS       tests only: the lease of a dial claim in ms (default 60000); only with a loopback base URL

Environment with --http:
  OUTBOUND_CALLS_HTTP_TOKEN           bearer token clients send, 32+ chars of A-Za-z0-9-._~+/, nothing of the API key; required off loopback
  OUTBOUND_CALLS_APPROVER_TOKEN       approvers sign in with it to the inbox at /approvals; 32+ chars, not the client token nor the key
  OUTBOUND_CALLS_OAUTH_ISSUER         OAuth instead of the token: the issuer URL of the identity provider whose JWT access tokens are accepted
  OUTBOUND_CALLS_PUBLIC_URL           with OAuth: this server's public https:// URL (the resource tokens must be issued for), e.g. https://calls.example.com
  OUTBOUND_CALLS_HTTP_RATE_LIMIT      requests reaching the service per client per window, CALLS/SECONDS, or off (default 60/60)
  OUTBOUND_CALLS_HTTP_TRUST_PROXY     proxies in front whose X-Forwarded-For names the client (default 0: the socket address)
  OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS   more Host values accepted, e.g. mcp.example.com (always: bound address, localhost:port)
  OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS more Origin values accepted from browsers, e.g. https://app.example.com

Environment for several replicas (stdio or --http):
  OUTBOUND_CALLS_REDIS_URL            redis:// or rediss:// (TLS), user:password@ and /db allowed: the guard state every replica shares
  OUTBOUND_CALLS_REDIS_PREFIX         prefix of every Redis key (default obc:; a {hash tag} allowed)
`;
