/**
 * The command line (src/cli/command-line.ts) and the help texts, which list
 * every variable (their docs come from the configuration's modules, so the help
 * is not part of what the bin loads before it answers a client).
 */
import { helpSections } from "./variables-text.js";
import { variables } from "./variables.js";

export {
  HTTP_DEFAULT_HOST,
  HTTP_DEFAULT_PORT,
  parseArgs,
  UsageError,
  type Command,
  type HttpListen,
} from "./command-line.js";

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
  outbound-calls-mcp opt-outs list | remove <number> --by <name>   the opt-out list (see: opt-outs --help)
  outbound-calls-mcp passkeys enroll --name <person> | list | remove <name>   passkeys for Approve (see: passkeys --help)
  outbound-calls-mcp --help | --version

Options:
  --sandbox                   use the built-in simulated calling service on an ephemeral 127.0.0.1 port
  --sandbox-<flag> <value>    pass a flag to the simulated service, e.g. --sandbox-speed 10, --sandbox-balance-cents 100
  --read-only                 no tool that dials: list_agents, list_calls, get_call, add_do_not_call (also OUTBOUND_CALLS_READ_ONLY=true)
  --http                      serve over Streamable HTTP at /mcp instead of stdio; health check at GET /healthz
  --host <address>            with --http: address to bind (default 127.0.0.1; non-loopback needs OUTBOUND_CALLS_HTTP_TOKEN)
  --port <n>                  with --http: port to bind (default 8808; 0 = any free port, printed on stderr)

${helpSections(variables)}
`;
