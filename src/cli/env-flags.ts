/**
 * Switches read from the environment by the command line (not by the server's
 * config): for clients that can set variables more easily than arguments, such
 * as an MCPB bundle's settings.
 */
import { ConfigurationError } from "../errors.js";

/** OUTBOUND_CALLS_SANDBOX=true (or 1) does what --sandbox does; false, 0 or unset does nothing. */
export function sandboxFromEnv(env: NodeJS.ProcessEnv): boolean {
  const raw = env.OUTBOUND_CALLS_SANDBOX?.trim().toLowerCase() ?? "";
  if (raw === "" || raw === "false" || raw === "0") return false;
  if (raw === "true" || raw === "1") return true;
  throw new ConfigurationError('OUTBOUND_CALLS_SANDBOX must be "true" or "false" (or 1 / 0)');
}
