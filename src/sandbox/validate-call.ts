import type { StoredAgent } from "./agents.js";
import type { Metadata } from "./call-record.js";
import type { FieldIssue } from "./errors.js";
import { checkDestination } from "./phone-check.js";

/** A call request that passed every field check. */
export interface CallInput {
  to: string;
  agent: StoredAgent;
  contactName?: string;
  companyName?: string;
  metadata?: Metadata;
}

const CALL_FIELDS = new Set(["to", "agent_id", "contact_name", "company_name", "metadata"]);
const METADATA_MAX_KEYS = 50;
const METADATA_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const METADATA_MAX_STRING = 1000;
// C0/C1 control characters have no place in a name read aloud by an agent.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkName(field: string, value: unknown): string | undefined {
  if (typeof value !== "string") return `${field} must be a string of 1 to 200 characters.`;
  if (value.trim().length === 0) return `${field} must not be empty.`;
  if (value.length > 200) return `${field} must be at most 200 characters (got ${value.length}).`;
  if (CONTROL.test(value)) return `${field} must not contain control characters.`;
  return undefined;
}

function checkMetadata(value: unknown): string | undefined {
  if (!isPlainObject(value)) return "metadata must be an object of key/value pairs.";
  const keys = Object.keys(value);
  if (keys.length > METADATA_MAX_KEYS)
    return `metadata has ${keys.length} keys; at most ${METADATA_MAX_KEYS} are allowed.`;
  for (const key of keys) {
    if (!METADATA_KEY.test(key))
      return `metadata key ${JSON.stringify(key.slice(0, 80))} must be 1 to 64 of A-Z a-z 0-9 _ . -`;
    const item = value[key];
    if (typeof item === "string") {
      if (item.length > METADATA_MAX_STRING) return `metadata.${key} is longer than ${METADATA_MAX_STRING} characters.`;
    } else if (!(item === null || typeof item === "number" || typeof item === "boolean")) {
      return `metadata.${key} must be a string, number, boolean or null (metadata is flat).`;
    }
  }
  return undefined;
}

/**
 * Checks one call (a POST /calls body or a batch row) against this account. Returns every problem found, each
 * tagged with `index` when given, or the accepted input.
 */
export function validateCall(
  raw: unknown,
  agents: ReadonlyMap<string, StoredAgent>,
  index?: number,
): { issues: FieldIssue[]; input?: CallInput } {
  const issues: FieldIssue[] = [];
  const add = (field: string, message: string): void => {
    issues.push(index === undefined ? { field, message } : { index, field, message });
  };
  if (!isPlainObject(raw)) {
    add(
      index === undefined ? "body" : "calls",
      index === undefined ? "The request body must be a JSON object." : `Row ${index} must be an object.`,
    );
    return { issues };
  }
  let to: string | undefined;
  if (raw.to === undefined) add("to", "to is required: the destination number in E.164 format (e.g. +14155552671).");
  else {
    const checked = checkDestination(raw.to);
    if (checked.ok) to = checked.e164;
    else add("to", checked.message);
  }

  let agent: StoredAgent | undefined;
  if (raw.agent_id === undefined) add("agent_id", "agent_id is required: one of the ids from GET /api/v1/agents.");
  else if (typeof raw.agent_id !== "string") add("agent_id", "agent_id must be a string.");
  else {
    agent = agents.get(raw.agent_id);
    // Same words for a malformed id, an unknown one and another account's: nothing about other accounts leaks.
    if (agent === undefined) add("agent_id", "agent_id is not an agent of this account; see GET /api/v1/agents.");
  }

  const names: Partial<Record<"contact_name" | "company_name", string>> = {};
  for (const field of ["contact_name", "company_name"] as const) {
    if (raw[field] === undefined) continue;
    const problem = checkName(field, raw[field]);
    if (problem !== undefined) add(field, problem);
    else names[field] = raw[field] as string;
  }

  if (raw.metadata !== undefined) {
    const problem = checkMetadata(raw.metadata);
    if (problem !== undefined) add("metadata", problem);
  }

  for (const key of Object.keys(raw)) {
    if (!CALL_FIELDS.has(key))
      add(key, `Unknown field ${JSON.stringify(key.slice(0, 80))}; allowed: ${[...CALL_FIELDS].join(", ")}.`);
  }

  if (issues.length > 0 || to === undefined || agent === undefined) return { issues };
  const input: CallInput = { to, agent };
  if (names.contact_name !== undefined) input.contactName = names.contact_name;
  if (names.company_name !== undefined) input.companyName = names.company_name;
  if (raw.metadata !== undefined) input.metadata = { ...(raw.metadata as Metadata) };
  return { issues, input };
}
