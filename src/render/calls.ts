/**
 * How call records read to a model: one line each in lists, a short block for
 * one call, with transcripts and summaries fenced as call data. Field names are
 * read tolerantly because the service does not publish them.
 */
import { isObject, type CallRecord } from "../service/shapes.js";
import { callAgent, callCreated, callDuration, callOutcome, callRecording, callSummary, callTo, pickString } from "../service/call-fields.js";
import { fence, oneLine } from "../text/untrusted.js";

/** One line per call, for lists. */
export function callLine(c: CallRecord): string {
  const duration = callDuration(c);
  const campaign = pickString(c, "campaign_id");
  // Every field is upstream text on a line of ours: one line each, so none can forge a line of its own.
  const line = (text: string | undefined) => (text === undefined ? undefined : oneLine(text, 120));
  return [
    line(c.id),
    line(c.status) ?? "status unknown",
    line(callTo(c)),
    callAgent(c) && `agent ${line(callAgent(c))}`,
    campaign && `campaign ${line(campaign)}`,
    line(callCreated(c)),
    callOutcome(c) && `outcome ${line(callOutcome(c))}`,
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

const LIST_SUMMARY_CHARS = 200;

/** A call as a list item: long fields summarized, with a pointer to get_call. */
export function listItem(c: CallRecord): CallRecord {
  const { transcript, ...rest } = c;
  const item: CallRecord = { ...rest };
  if (transcript !== undefined && transcript !== null) item.transcript_available = true;
  const summary = callSummary(c);
  if (summary && summary.length > LIST_SUMMARY_CHARS) {
    item.summary = `${summary.slice(0, LIST_SUMMARY_CHARS)}… (get_call ${c.id} for the rest)`;
  }
  return item;
}
