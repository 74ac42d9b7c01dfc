/**
 * How call records read to a model: one line each in lists, a short block for
 * one call, with transcripts and summaries fenced as call data — in the text
 * and in structuredContent alike, since some clients forward only the latter.
 * Field names are read tolerantly because the service does not publish them.
 */
import { isObject, type CallRecord, type JsonObject } from "../service/shapes.js";
import {
  callAgent,
  callCreated,
  callDuration,
  callOutcome,
  callRecording,
  callSummary,
  callTo,
  pickString,
} from "../service/call-fields.js";
import { defineData, FREE_TEXT, MAX_JSON_DEPTH, oneLine } from "../text/clean.js";
import { fence } from "../text/fence.js";
import { derivedOnce } from "../text/shared-values.js";
import { callIdText, nameText, numberText, otherIdText, statusText, timeText, wordText } from "../service/values.js";

/** One line per call, for lists. Every field is already one line (cleaned once); here it is capped. */
export function callLine(c: CallRecord): string {
  const duration = callDuration(c);
  const campaign = pickString(c, "campaign_id");
  const to = callTo(c);
  const agent = callAgent(c);
  const created = callCreated(c);
  // Every value is the service's: bare only when it reads as what it should be (a number, a name, a time).
  return [
    callIdText(c.id),
    c.status === undefined ? "status unknown" : statusText(c.status),
    to && numberText(to),
    agent && `agent ${nameText(agent)}`,
    campaign && `campaign ${otherIdText(campaign)}`,
    created && timeText(created),
    callOutcome(c) && `outcome ${wordText(callOutcome(c)!)}`,
    duration !== undefined && `${duration} s`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The transcript as speaker-labelled lines, whatever its shape. */
export function transcriptText(raw: unknown): string | undefined {
  if (typeof raw === "string") return raw.trim() || undefined;
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  const lines = raw.map((turn) => {
    if (typeof turn === "string") return turn;
    if (!isObject(turn)) return "";
    const who = pickString(turn, "speaker", "role", "from") ?? "?";
    const text = pickString(turn, "text", "content", "message") ?? "";
    return `${who}: ${text}`;
  });
  return lines.filter(Boolean).join("\n") || undefined;
}

/**
 * The compact block `get_call` shows. Made once per record the service layer shares (a polled call sent again;
 * src/text/shared-values.ts): its fences' nonces were drawn after the service wrote that text, so showing the same text
 * with the same nonces again tells its author nothing they could have used; a changed record is a new one, fenced anew.
 */
export const callDetail: (c: CallRecord) => string = derivedOnce(detailOf);

function detailOf(c: CallRecord): string {
  const lines = [`Call ${callLine(c)}`];
  const contact = [pickString(c, "contact_name"), pickString(c, "company_name")].filter(Boolean).join(", ");
  if (contact) lines.push(`Contact: ${oneLine(contact, 300)}`);
  const ended = pickString(c, "ended_at", "completed_at");
  if (ended) lines.push(`Ended: ${oneLine(ended, 60)}`);
  const recording = callRecording(c);
  if (recording) lines.push(`Recording: ${oneLine(recording, 500)}`);
  const summary = callSummary(c);
  if (summary) lines.push(fence("summary", summary, 1_000));
  const transcript = transcriptText(c.transcript);
  if (transcript) lines.push(fence("transcript", transcript));
  return lines.join("\n");
}

/** Call content (the value of a FREE_TEXT key) as one fenced text. */
function fencedContent(key: string, value: unknown): string | undefined {
  const text = key === "transcript" ? transcriptText(value) : typeof value === "string" ? value : JSON.stringify(value);
  return text ? fence(key, text, key === "transcript" ? 10_000 : 2_000) : undefined;
}

/** The value with every FREE_TEXT key's value fenced, at any depth (the outermost such key holds the fence). */
function fenceDeep(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object" || depth > MAX_JSON_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => fenceDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!FREE_TEXT.has(key)) defineData(out, key, fenceDeep(v, depth + 1));
    else if (v !== undefined && v !== null) {
      const text = fencedContent(key, v);
      if (text !== undefined) defineData(out, key, text);
    }
  }
  return out;
}

/**
 * A record from the service for structuredContent (or a resource's JSON): call content (transcript, summary,
 * notes) as fenced text wherever it sits in the record, so a client that forwards only structuredContent still
 * shows it marked as data. Cleaning keeps line breaks only below those keys (src/text/clean.ts), so no string
 * with a line break is left outside a fence.
 */
export function withFencedContent<T extends JsonObject>(c: T): T {
  return fencedOnce(c) as T;
}

/** Once per shared record, as callDetail (frozen). */
const fencedOnce = derivedOnce((c: JsonObject) => fenceDeep(c, 0));

const LIST_SUMMARY_CHARS = 200;

/** A call as a list item: the transcript left out, long summaries cut with a pointer to get_call, call content fenced. */
export function listItem(c: CallRecord): CallRecord {
  const { transcript, ...rest } = c;
  const item: CallRecord = { ...rest };
  if (transcript !== undefined && transcript !== null) item.transcript_available = true;
  const summary = callSummary(c);
  if (summary && summary.length > LIST_SUMMARY_CHARS) {
    const pointer = `(get_call ${callIdText(c.id)} for the rest)`;
    if ("summary" in item) item.summary = `${summary.slice(0, LIST_SUMMARY_CHARS)}… ${pointer}`;
    else item.call_summary = `${summary.slice(0, LIST_SUMMARY_CHARS)}… ${pointer}`;
  }
  return withFencedContent(item);
}
