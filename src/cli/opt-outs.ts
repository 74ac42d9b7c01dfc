/**
 * `outbound-calls-mcp opt-outs list` and `opt-outs remove <number> --by <name>`:
 * the operator's hand on the opt-out list. Only here can a number come off it,
 * and each removal writes an audit line naming who. It reads the same variables
 * as the server: the same Redis (replicas see the removal at once) or, without
 * Redis, the same audit log (a running server sees it at its next start).
 */
import { loadConfig } from "../config/env.js";
import { ConfigurationError } from "../config/errors.js";
import { openGuardStore } from "../state/open-store.js";
import { MemoryStore } from "../state/memory-store.js";
import { AuditLog, AUDIT_VARIABLE } from "../safety/audit-log.js";
import { readDoNotCallLine } from "../safety/do-not-call.js";
import { readOptOutHistory } from "../safety/compliance/opt-out-history.js";
import { Redactor } from "../text/redact.js";
import { oneLine } from "../text/clean.js";

export type OptOutCommand =
  { kind: "opt-outs"; action: "list" } | { kind: "opt-outs"; action: "remove"; number: string; by: string };

export const OPT_OUTS_HELP = `outbound-calls-mcp opt-outs: the numbers whose owners asked not to be called again.

Usage:
  outbound-calls-mcp opt-outs list                          the listed numbers, newest first, with the call and what was matched
  outbound-calls-mcp opt-outs remove <number> --by <name>   take a number off the list (an operator's decision, written to ${AUDIT_VARIABLE})

It reads the server's variables: OUTBOUND_CALLS_REDIS_URL (the list replicas share) or, without Redis, ${AUDIT_VARIABLE}
(the list a server without Redis rebuilds at start; it sees a removal when it restarts). remove needs ${AUDIT_VARIABLE}.
`;

export async function runOptOuts(
  command: OptOutCommand,
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  log: (line: string) => void,
): Promise<number> {
  const config = loadConfig(env);
  const path = config.safety.auditLog;
  if (command.action === "remove" && !path)
    throw new ConfigurationError(
      `opt-outs remove needs ${AUDIT_VARIABLE}: every removal is written there with who made it`,
    );
  const store = await openGuardStore(config, log);
  try {
    if (store instanceof MemoryStore && path) store.optOuts.seed(readOptOutHistory(path));
    if (command.action === "list") {
      const entries = await store.optOuts.list(10_000);
      if (entries.length === 0) out("No number is on the opt-out list.");
      for (const e of entries) {
        const when = e.at > 0 ? new Date(e.at).toISOString() : "time unknown";
        out(`${e.number}  ${when}  ${e.source}${e.callId ? ` call ${e.callId}` : ""}  ${oneLine(e.evidence, 200)}`);
      }
      return 0;
    }
    const read = readDoNotCallLine(command.number, config.safety.defaultCountry);
    if ("problem" in read) {
      out(`${command.number} ${read.problem}; nothing was changed.`);
      return 1;
    }
    const [held] = await store.optOuts.get([read.e164]);
    if (!held) {
      out(`${read.e164} is not on the opt-out list; nothing was changed.`);
      return 1;
    }
    const audit = AuditLog.open(path!, new Redactor([config.apiKey]), log);
    const by = oneLine(command.by, 100);
    const unwritten = audit.write({
      time: new Date().toISOString(),
      tool: "opt-out-cli",
      decision: "opt_out_removed",
      numbers: [read.e164],
      agents: [],
      approver: `operator:${by}`,
      reason: `removed by ${by}; listed ${held.at > 0 ? new Date(held.at).toISOString() : ""}${held.callId ? ` from call ${held.callId}` : ""}`,
      latency_ms: 0,
    });
    audit.close();
    // The line first: a removal nobody can trace is not made.
    if (unwritten !== undefined) {
      out(`${AUDIT_VARIABLE} cannot be written (${unwritten}); nothing was changed.`);
      return 1;
    }
    await store.optOuts.remove(read.e164);
    const where =
      store.kind === "redis"
        ? "every replica sharing this Redis dials it again from now"
        : "a server without Redis sees this when it restarts";
    out(`${read.e164} is off the opt-out list (by ${by}, written to ${AUDIT_VARIABLE}); ${where}.`);
    return 0;
  } finally {
    await store.close();
  }
}
