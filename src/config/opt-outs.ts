/**
 * The variables of opt-outs: how often the calls this server placed are read for a person who said stop
 * (src/guards/opt-outs/watch.ts), and where this process keeps its append-only journal of them
 * (src/guards/opt-outs/keeper.ts). Each replica has its own journal; by default in the XDG state folder, as the
 * passkey file is.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { seconds, text } from "./parsers.js";
import { declareVariables } from "./variables.js";

export const optOutVariables = declareVariables({
  OUTBOUND_CALLS_OPT_OUT_POLL_S: {
    group: "safety",
    // Reads every placed call until final; 15 s keeps an opt-out within about a minute of the call's end.
    default: "15",
    example: "5",
    summary: "how often placed calls are read for an opt-out until they end, 1-60 s",
    description:
      "How often each call this server placed is read until it ends, to find a person who said stop ([compliance](opt-outs.md#opt-outs)); 15 s keeps an opt-out within about a minute of the call's end.",
    parse: seconds(1, 60),
  },
  OUTBOUND_CALLS_OPT_OUT_JOURNAL: {
    group: "safety",
    unset: "$XDG_STATE_HOME/outbound-calls-mcp/opt-outs.jsonl (~/.local/state/…); none with --sandbox",
    example: "/var/lib/outbound-calls/opt-outs.jsonl",
    summary:
      "this process's append-only journal of opt-outs (0600, each line fsync'd), written back when the store lost them; off: none",
    description:
      "This process's append-only journal of the opt-outs and held numbers it heard, was told or saw in the shared store (created 0600, each line fsync'd). Read back at start, and written back to Redis whenever Redis comes back empty, so the list survives a Redis restarted without persistence, a `FLUSHALL` and replica restarts ([compliance](opt-outs.md#what-survives-which-fault)). Give each replica its own file on its own disk; `off`: no journal (then only the audit log and Redis keep the list). With `--sandbox` there is none unless this is set: the simulated calls reach nobody, and a stop heard on one must not refuse a real dial later.",
    parse: text,
  },
});

/** The journal's path (undefined: `off`), the default in the XDG state folder. */
export function optOutJournalPath(raw: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (raw !== undefined) return raw.toLowerCase() === "off" ? undefined : raw;
  const state = env.XDG_STATE_HOME?.trim() || join(env.HOME?.trim() || homedir(), ".local", "state");
  return join(state, "outbound-calls-mcp", "opt-outs.jsonl");
}
