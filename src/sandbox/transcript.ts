import type { Persona } from "./personas.js";
import type { Timeline } from "./lifecycle.js";
import { OPT_OUT_SCRIPTS } from "./opt-out-scripts.js";

export interface TranscriptLine {
  speaker: "agent" | "contact";
  text: string;
  offset_seconds: number;
}

export interface CallResult {
  summary: string;
  transcript: TranscriptLine[];
}

function fill(text: string, contactName: string | undefined, companyName: string | undefined): string {
  return text
    .replaceAll("{, name}", contactName ? `, ${contactName}` : "")
    .replaceAll("{ name}", contactName ? ` ${contactName}` : "")
    .replaceAll("{name}", contactName ?? "the account holder")
    .replaceAll("{company}", companyName ? ` at ${companyName}` : "");
}

/** The words of a finished call: the persona's script, spread over the talk time. Empty when nothing was said. */
export function callResult(
  persona: Persona,
  timeline: Timeline,
  contactName: string | undefined,
  companyName: string | undefined,
): CallResult | undefined {
  const talkS = timeline.talkS ?? 0;
  if (timeline.speech === "voicemail") {
    return {
      summary: `Left a voicemail for ${contactName ?? "the contact"} (${persona.purpose.toLowerCase()}).`,
      transcript: [{ speaker: "agent", text: fill(persona.voicemail, contactName, companyName), offset_seconds: 2 }],
    };
  }
  if (timeline.speech !== "conversation") return undefined;
  const script = timeline.optOut ? OPT_OUT_SCRIPTS[timeline.optOut] : persona;
  const lines = script.conversation;
  // Even spacing keeps offsets inside the call and in order, whatever its length.
  const step = talkS / (lines.length + 1);
  return {
    summary: script.summary.replaceAll("{who}", contactName ?? "The contact"),
    transcript: lines.map((line, i) => ({
      speaker: line.speaker,
      text: fill(line.text, contactName, companyName),
      offset_seconds: Math.round(step * i + 1),
    })),
  };
}
