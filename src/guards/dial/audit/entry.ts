/**
 * The audit line of one write tool call: what the pipeline learned on the way
 * (numbers, agents, request key, how it was confirmed, what the service
 * answered), and how it ended (the decision and rule of the error that ended it).
 */
import type { Person } from "../../../service/call-scope.js";
import { ApiError, OutcomeUnknownError } from "../../../service/errors.js";
import { BatchValidationError, UserInputError } from "../../../validation/errors.js";
import type { AuditEntry } from "./log.js";
import { ApprovalPendingError, DuplicateOfUnknownError, UserDeclinedError } from "../refusals.js";

export type AuditDraft = Partial<Omit<AuditEntry, "time" | "tool" | "latency_ms" | "numbers" | "agents">> & {
  numbers: string[];
  agents: string[];
};

const CARRIED = [
  "request_key",
  "repeat_dial",
  "confirmation",
  "approver",
  "consent",
  "law_exceptions",
  "law_rules",
  "consent_law",
  "call_ids",
  "batch_id",
  "campaign_id",
  "duplicate_of",
  "upstream_status",
  "request_id",
  "idempotency_key",
] as const;

/** `person`: who asked (the call scope's identity), on every line of the tool call, `sending` included. */
export function auditEntry(
  draft: AuditDraft,
  base: Pick<AuditEntry, "time" | "tool" | "latency_ms"> & { person?: Person | undefined },
  error: unknown,
): AuditEntry {
  const { person, ...fixed } = base;
  const entry: AuditEntry = {
    ...fixed,
    decision: draft.decision ?? "failed",
    numbers: draft.numbers,
    agents: draft.agents,
  };
  if (person)
    Object.assign(
      entry,
      person.name === undefined ? { person: person.sub } : { person: person.sub, person_name: person.name },
    );
  for (const field of CARRIED) if (draft[field] !== undefined) Object.assign(entry, { [field]: draft[field] });
  if (draft.rule !== undefined) entry.rule = draft.rule;
  if (draft.reason !== undefined) entry.reason = draft.reason;
  if (error !== undefined) {
    const ended = classify(error);
    // The service accepted the POST (2xx): what failed after it (an answer of unexpected types) does not undo the dial.
    Object.assign(entry, draft.decision === "dialed" ? { reason: ended.reason } : ended);
  }
  return entry;
}

/** The audit decision and rule for an error that ended a write tool call. */
function classify(error: unknown): Pick<AuditEntry, "decision" | "rule" | "reason" | "upstream_status" | "request_id"> {
  const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 300);
  const upstream =
    error instanceof ApiError
      ? {
          ...(error.status ? { upstream_status: error.status } : {}),
          ...(error.requestId ? { request_id: error.requestId } : {}),
        }
      : {};
  if (error instanceof UserDeclinedError) return { decision: "declined", reason };
  if (error instanceof ApprovalPendingError) return { decision: "pending", reason };
  if (error instanceof DuplicateOfUnknownError) return { decision: "deduplicated", reason };
  if (error instanceof OutcomeUnknownError) return { decision: "outcome_unknown", reason, ...upstream };
  if (error instanceof BatchValidationError) {
    const rules = new Set(error.problems.map((p) => p.rule ?? (p.field === "agent_id" ? "agent" : "validation")));
    return { decision: "refused", rule: [...rules].sort().join("+"), reason };
  }
  if (error instanceof UserInputError) {
    return { decision: "refused", rule: error.rule ?? (error.field === "agent_id" ? "agent" : "validation"), reason };
  }
  if (error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500) {
    return { decision: "refused", rule: "service", reason, ...upstream };
  }
  return { decision: "failed", reason, ...upstream };
}
