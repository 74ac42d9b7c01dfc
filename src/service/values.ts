/**
 * Values the service chose, placed in the server's own sentences. They are one
 * line already (cleaned once, in src/service/); an id or a status that does not
 * look like one is shown as quoted, untrusted text — never bare, and never in an
 * instruction such as `get_call {"call_id": …}`.
 */
import { oneLine } from "../text/clean.js";
import { AGENT_ID, CALL_ID } from "../validation/ids.js";

const STATUS = /^[a-z_]{1,32}$/;

/** Quoted and short: clearly the service's text, not ours. */
export function quoted(text: string, max = 60): string {
  return JSON.stringify(oneLine(text, max));
}

export const isCallId = (id: string | undefined): id is string => id !== undefined && CALL_ID.test(id);

export function callIdText(id: string | undefined): string {
  if (id === undefined) return "(no id)";
  return isCallId(id) ? id : `(not a valid call id: ${quoted(id)})`;
}

export function agentIdText(id: string): string {
  return AGENT_ID.test(id) ? id : `(not a valid agent id: ${quoted(id)})`;
}

/** Other ids the service gives (batch, campaign): the agent-id charset, or quoted. */
export function otherIdText(id: string): string {
  return AGENT_ID.test(id) ? id : `(not a valid id: ${quoted(id)})`;
}

/** A name the service chose (an agent's): bare when it reads as a plain name, otherwise quoted as its text. */
const PLAIN_NAME = /^[\p{L}\p{N}][\p{L}\p{N} '’&_-]{0,59}$/u;
export function nameText(name: string): string {
  return PLAIN_NAME.test(name) ? name : quoted(name, 80);
}

/** A time the service wrote: bare when it reads as an ISO 8601 date or instant, otherwise quoted as its text. */
const TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
export const timeText = (text: string): string => (TIME.test(text) ? text : quoted(text));

/** A phone number the service wrote: bare when it reads as one (digits and the usual separators), otherwise quoted. */
const NUMBER = /^\+?[0-9][0-9 ().\/-]{2,39}$/;
export const numberText = (text: string): string => (NUMBER.test(text) ? text : quoted(text));

export function statusText(status: string | undefined): string {
  if (status === undefined) return "unknown";
  return STATUS.test(status) ? status : `(unrecognized status ${quoted(status, 32)})`;
}

/** A code word the service chose (an outcome, a disposition): bare when it looks like one, quoted otherwise. */
export function wordText(word: string): string {
  return STATUS.test(word) ? word : quoted(word, 120);
}

/** `get_call {"call_id": "…"}` when the id can be read back; otherwise where to look instead. */
export function followCall(id: string | undefined): string {
  return isCallId(id)
    ? `Follow it with get_call {"call_id": "${id}"}.`
    : "Find it with list_calls (the id the service sent is not a valid call id).";
}
