/**
 * How call records read to a model: one line each in lists, a short block for
 * one call, with transcripts and summaries fenced as call data — in the text
 * and in structuredContent alike, since some clients forward only the latter.
 * Field names are read tolerantly because the service does not publish them.
 */
import { isObject, type CallRecord } from "../service/shapes.js";
import { callAgent, callCreated, callDuration, callOutcome, callRecording, callSummary, callTo, pickString } from "../service/call-fields.js";
import { FREE_TEXT, oneLine } from "../text/clean.js";
import { fence } from "../text/fence.js";
import { callIdText, statusText, wordText } from "./values.js";

/** One line per call, for lists. Every field is already one line (cleaned once); here it is capped. */
export function callLine(c: CallRecord): string {
  const duration = callDuration(c);
  const campaign = pickString(c, "campaign_id");
  const line = (text: string | undefined) => (text === undefined ? undefined : oneLine(text, 120));
  return [
    callIdText(c.id),
    c.status === undefined ? "status unknown" : statusText(c.status),
    line(callTo(c)),
    callAgent(c) && `agent ${line(callAgent(c))}`,
    campaign && `campaign ${line(campaign)}`,
    line(callCreated(c)),
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

/** The compact block `get_call` shows. */
export function callDetail(c: CallRecord): string {
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

/**
 * The record for structuredContent: call content (transcript, summary, notes) as fenced
 * text, so a client that forwards only structuredContent still shows it marked as data.
 */
export function withFencedContent<T extends CallRecord>(c: T): T {
  const out: Record<string, unknown> = { ...c };
  for (const key of FREE_TEXT) {
    const value = c[key];
    if (value === undefined || value === null) continue;
    const text = key === "transcript" ? transcriptText(value) : typeof value === "string" ? value : JSON.stringify(value);
    if (text) out[key] = fence(key, text, key === "transcript" ? 10_000 : 2_000);
    else delete out[key];
  }
  return out as T;
}

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
