/**
 * OUTBOUND_CALLS_OPT_OUT_JOURNAL: where this process keeps its append-only
 * journal of opt-outs (src/guards/opt-outs/keeper.ts). Each replica has
 * its own; by default in the XDG state folder, as the passkey file is.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import * as z from "zod";
import type { VariableDocs } from "./variables.js";

export const optOutJournalVariables = {
  OUTBOUND_CALLS_OPT_OUT_JOURNAL: {
    group: "safety",
    unset: "$XDG_STATE_HOME/outbound-calls-mcp/opt-outs.jsonl (~/.local/state/…); none with --sandbox",
    example: "/var/lib/outbound-calls/opt-outs.jsonl",
    summary:
      "this process's append-only journal of opt-outs (0600, each line fsync'd), written back when the store lost them; off: none",
    description:
      "This process's append-only journal of the opt-outs and held numbers it heard, was told or saw in the shared store (created 0600, each line fsync'd). Read back at start, and written back to Redis whenever Redis comes back empty, so the list survives a Redis restarted without persistence, a `FLUSHALL` and replica restarts ([compliance](compliance.md#what-survives-which-fault)). Give each replica its own file on its own disk; `off`: no journal (then only the audit log and Redis keep the list). With `--sandbox` there is none unless this is set: the simulated calls reach nobody, and a stop heard on one must not refuse a real dial later.",
  },
} as const satisfies VariableDocs;

export const optOutJournalEnvShape = {
  OUTBOUND_CALLS_OPT_OUT_JOURNAL: z
    .string()
    .optional()
    .transform((raw) => (raw === undefined || raw.trim() === "" ? undefined : raw.trim())),
};

/** The journal's path (undefined: `off`), the default in the XDG state folder. */
export function optOutJournalPath(raw: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (raw !== undefined) return raw.toLowerCase() === "off" ? undefined : raw;
  const state = env.XDG_STATE_HOME?.trim() || join(env.HOME?.trim() || homedir(), ".local", "state");
  return join(state, "outbound-calls-mcp", "opt-outs.jsonl");
}
