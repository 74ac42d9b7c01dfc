/**
 * What a call record says about the callee's wish not to be called again, in one value: `asked` (a request, or a
 * flag the service set), `possible` (a weaker cue: the number is held for an operator's review, never dialed and
 * never dropped), or `none`. The tiers, the evidence and what could not be read are decided by the reader
 * (opt-out/reader.ts); the opt-out desk stores and enforces them.
 */
import type { CallRecord } from "../../service/shapes.js";
import { derivedOnce, isShared, share } from "../../text/shared-values.js";
import { readCall } from "./reader/reader.js";
import { learnedMatch } from "./reader/learned.js";

export type OptOutStatus = "none" | "asked" | "possible";

export interface OptOutMatch {
  /** Where it was read: "transcript", "summary", or the field's name. */
  where: string;
  /** What was matched, as folded text (at most 120 characters), or what happened ("yes to the agent's question"). */
  text: string;
  lang?: string;
  /** The tier this match alone gives. */
  tier?: "asked" | "possible";
  /** Why it counts: direct, removal, revocation, indirect, partial, third-party, hedged, reported, question-answer, hang-up, confirmed, flag, learned (the learned reader). */
  category?: string;
  /** The transcript turn (0-based) it was heard in. */
  turn?: number;
}

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

function reading(record: CallRecord, agentNames: readonly string[]): OptOutReading {
  try {
    const { matches, unreadable, view } = readCall(record, agentNames);
    // Where the rules heard nothing, the learned reader may hold the number for review (`possible`), never more.
    const learned = matches.length === 0 ? learnedMatch(record, agentNames, unreadable, view) : undefined;
    if (learned !== undefined) matches.push(learned);
    const status = matches.length === 0 ? "none" : matches[0]!.tier === "asked" ? "asked" : "possible";
    return { status, matches, unreadable };
  } catch (error) {
    // A reader fault is not a "no": the record is said to be unread, and nothing is concluded from it.
    return {
      status: "none",
      matches: [],
      unreadable: [`record: the reader failed (${(error as Error)?.name ?? "error"})`],
    };
  }
}

const plain = derivedOnce((record: CallRecord) => reading(record, []));
const withNames = new WeakMap<object, Map<string, OptOutReading>>();

/** Reads a record for an opt-out. Never throws; a record it cannot read says so in `unreadable`. */
export function readOptOut(record: CallRecord, side: CallingSide = {}): OptOutReading {
  const names = side.agentNames?.filter((n) => typeof n === "string" && n.length > 0) ?? [];
  if (names.length === 0) return plain(record);
  if (!isShared(record)) return reading(record, names);
  // Read once per shared record and set of names (a polled call is read with the same agent each time).
  const key = names.join("\u0000");
  let kept = withNames.get(record);
  if (kept === undefined) withNames.set(record, (kept = new Map()));
  let found = kept.get(key);
  if (found === undefined) {
    if (kept.size >= 8) kept.clear();
    kept.set(key, (found = share(reading(record, names))));
  }
  return found;
}
