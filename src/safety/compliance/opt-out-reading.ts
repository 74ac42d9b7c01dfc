/**
 * What a call record says about the callee's wish not to be called again, in one value: `asked` (a request, or a
 * flag the service set), `possible` (a weaker cue: the number is held for an operator's review, never dialed and
 * never dropped), or `none`. The tiers, the evidence and what could not be read are decided by the reader; the opt-out
 * desk stores and enforces them.
 */
import type { CallRecord } from "../../service/shapes.js";
import { detectOptOut, type OptOutMatch } from "./opt-out-detector.js";

export type OptOutStatus = "none" | "asked" | "possible";

/** What the reader may know of the calling side, to tell the agent's turns from the callee's. */
export interface CallingSide {
  /** Names and labels the agent goes by: its record's name, a persona, a label the service uses for its turns. */
  agentNames?: readonly string[];
}

export interface OptOutReading {
  status: OptOutStatus;
  /** Why, strongest first: where it was read and what was matched. Empty when `none`. */
  matches: readonly OptOutMatch[];
  /** Parts of the record that could not be read (a transcript of an unknown shape, too long, binary). */
  unreadable: readonly string[];
}

/** Reads a record for an opt-out. Never throws; a record it cannot read says so in `unreadable`. */
export function readOptOut(record: CallRecord, _side: CallingSide = {}): OptOutReading {
  const matches = detectOptOut(record);
  return { status: matches.length > 0 ? "asked" : "none", matches, unreadable: [] };
}
