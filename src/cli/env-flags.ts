/**
 * Switches read from the environment by the command line (not by the server's
 * config): for clients that can set variables more easily than arguments, such
 * as an MCPB bundle's settings.
 */
import { ConfigurationError } from "../config/errors.js";
import { parseSwitch } from "../config/switch.js";
import type { VariableDocs } from "../config/variables.js";

/** As --help and docs/configuration.md describe it (src/config/variables.ts). */
export const sandboxVariable = {
  OUTBOUND_CALLS_SANDBOX: {
    group: "service",
    default: "false",
    summary: '"true" does what --sandbox does, for clients that set variables more easily than arguments',
    description:
      '`true` (or `1`) does what `--sandbox` does: the built-in simulated service, no key needed. For clients that set variables more easily than arguments (the MCPB bundle\'s "Sandbox mode" switch).',
  },
} as const satisfies VariableDocs;

/** OUTBOUND_CALLS_SANDBOX=true (or 1) does what --sandbox does; false, 0 or unset does nothing. */
export function sandboxFromEnv(env: NodeJS.ProcessEnv): boolean {
  const value = parseSwitch(env.OUTBOUND_CALLS_SANDBOX);
  if (value === "unset") return false;
  if (typeof value === "boolean") return value;
  throw new ConfigurationError('OUTBOUND_CALLS_SANDBOX must be "true" or "false" (or 1 / 0)');
}

/**
 * Removes the server's own variables (the API key, the HTTP and approver tokens, every OUTBOUND_CALLS_*) from the
 * process's environment once they are read, so no process the server starts inherits them: not the system's
 * browser opener (the `open` library takes no environment of its own), not anything that opener starts.
 */
export function forgetOwnVariables(env: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(env)) if (name.startsWith("OUTBOUND_CALLS_")) delete env[name];
}
