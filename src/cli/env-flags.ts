/**
 * Switches read from the environment by the command line (not by the server's
 * config): for clients that can set variables more easily than arguments, such
 * as an MCPB bundle's settings.
 */
import { withDefault } from "../config/parsers.js";
import { parseSwitch } from "../config/switch.js";
import { declareVariables, readVariable } from "../config/variables.js";

export const sandboxVariable = declareVariables({
  OUTBOUND_CALLS_SANDBOX: {
    group: "service",
    default: "false",
    summary: '"true" does what --sandbox does, for clients that set variables more easily than arguments',
    description:
      '`true` (or `1`) does what `--sandbox` does: the built-in simulated service, no key needed. For clients that set variables more easily than arguments (the MCPB bundle\'s "Sandbox mode" switch).',
    parse: withDefault((raw, fail) => {
      const value = parseSwitch(raw);
      if (typeof value === "boolean") return value;
      return fail('OUTBOUND_CALLS_SANDBOX must be "true" or "false" (or 1 / 0)');
    }),
  },
});

/** OUTBOUND_CALLS_SANDBOX=true (or 1) does what --sandbox does; false, 0 or unset does nothing. */
export function sandboxFromEnv(env: NodeJS.ProcessEnv): boolean {
  return readVariable(sandboxVariable.OUTBOUND_CALLS_SANDBOX, env);
}

/**
 * Removes the server's own variables (the API key, the HTTP and approver tokens, every OUTBOUND_CALLS_*) from the
 * process's environment once they are read, so no process the server starts inherits them: not the system's
 * browser opener (the `open` library takes no environment of its own), not anything that opener starts.
 */
export function forgetOwnVariables(env: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(env)) if (name.startsWith("OUTBOUND_CALLS_")) delete env[name];
}
