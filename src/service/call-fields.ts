/**
 * The fields of a call record, read tolerantly: the service does not publish
 * its field names, so each reader tries the names seen in the wild.
 */
import type { JsonObject } from "./shapes.js";

export const pickString = (o: JsonObject, ...keys: string[]): string | undefined => {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "string" && v.length > 0) return v;
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
  }
  return undefined;
};

const pickNumber = (o: JsonObject, ...keys: string[]): number | undefined => {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "number" && Number.isFinite(v)) return v;
  }
  return undefined;
};

export const callTo = (c: JsonObject) => pickString(c, "to", "to_number", "phone_number", "phone");
export const callCreated = (c: JsonObject) => pickString(c, "created_at", "createdAt", "date", "queued_at");
export const callDuration = (c: JsonObject) => pickNumber(c, "duration_seconds", "duration", "duration_s");
export const callOutcome = (c: JsonObject) => pickString(c, "outcome", "result", "disposition");
export const callAgent = (c: JsonObject) => pickString(c, "agent_name", "agent_id", "agent");
export const callSummary = (c: JsonObject) => pickString(c, "summary", "call_summary");
export const callRecording = (c: JsonObject) => pickString(c, "recording_url", "recording", "recording_id");
