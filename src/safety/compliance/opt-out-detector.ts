/**
 * Reads a call record for a person's request not to be called again: the
 * transcript (the callee's turns; every turn when speakers are not labelled),
 * the summary, and any field the service sets for it (`opt_out`, `do_not_call`,
 * an outcome such as "do_not_call"). It errs toward suppressing and says what it
 * matched, so a person can see why a number was listed.
 */
import { isObject, type CallRecord, type JsonObject } from "../../service/shapes.js";
import { callOutcome, callSummary } from "../../service/call-fields.js";
import { OPT_OUT_PHRASES } from "./opt-out-phrases.js";
import { foldText } from "../../text/fold.js";
import { derivedOnce } from "../../text/shared-values.js";

export interface OptOutMatch {
  /** Where it was read: "transcript", "summary", or the field's name. */
  where: string;
  /** What was matched, as folded text (at most 120 characters). */
  text: string;
  lang?: string;
}

/** Turns spoken by the calling side: an opt-out phrase there is the agent's script, not the person's request. */
const AGENT_SPEAKERS = /^(?:agent|assistant|ai|bot|system|caller|operator|voice ?agent|model)$/i;
/** Fields some services set when the person opted out. */
const FLAG_KEYS =
  /^(?:opt_?out|opted_?out|do_?not_?call|dnc|unsubscribed?|optout_requested|opt_out_requested|do_not_contact)$/i;
const FLAG_VALUES =
  /\b(?:do[ _-]?not[ _-]?(?:call|contact)|dnc|opt(?:ed)?[ _-]?out|unsubscribe[sd]?|remove[ _-]from[ _-]list)\b/i;
const MAX_TEXT = 200_000;

/** The text lines of a transcript that the callee (or an unnamed speaker) said. */
function calleeLines(raw: unknown): string[] {
  if (typeof raw === "string") {
    // "Agent: …" lines are the agent's; anything else (unlabelled, "User:", "Customer:") is read.
    return raw
      .slice(0, MAX_TEXT)
      .split(/\r?\n/)
      .filter((line) => {
        const label = /^\s*([A-Za-z ]{1,20}):/.exec(line)?.[1]?.trim();
        return label === undefined || !AGENT_SPEAKERS.test(label);
      });
  }
  if (!Array.isArray(raw)) return [];
  const lines: string[] = [];
  for (const turn of raw.slice(0, 5_000)) {
    if (typeof turn === "string") lines.push(turn);
    else if (isObject(turn)) {
      const who = [turn.speaker, turn.role, turn.from].find((v) => typeof v === "string") as string | undefined;
      if (who !== undefined && AGENT_SPEAKERS.test(who.trim())) continue;
      const text = [turn.text, turn.content, turn.message].find((v) => typeof v === "string");
      if (typeof text === "string") lines.push(text);
    }
  }
  return lines;
}

/**
 * What a line matched (null: nothing), for lines already read: get_call reads a record's whole transcript each time,
 * and a session reads the same calls again and again; folding and trying every phrase costs tens of µs a record. A
 * pure function of the text. Short lines only, and bounded: once full it starts over (no memory for endless text).
 */
const MEMO_LONGEST = 1_000;
const MEMO_ENTRIES = 2_000;
const lineMemo = new Map<string, Omit<OptOutMatch, "where"> | null>();

/** How many lines the memo holds (tests: it stays bounded). */
export function optOutMemoSize(): number {
  return lineMemo.size;
}

function matchText(where: string, text: string): OptOutMatch | undefined {
  if (text.length > MEMO_LONGEST) {
    const found = matchFolded(text);
    return found && { where, ...found };
  }
  let found = lineMemo.get(text);
  if (found === undefined) {
    found = matchFolded(text) ?? null;
    if (lineMemo.size >= MEMO_ENTRIES) lineMemo.clear();
    lineMemo.set(text, found);
  }
  return found === null ? undefined : { where, ...found };
}

function matchFolded(text: string): Omit<OptOutMatch, "where"> | undefined {
  const folded = foldText(text.slice(0, MAX_TEXT));
  for (const phrase of OPT_OUT_PHRASES) {
    const m = phrase.pattern.exec(folded);
    if (m) return { text: m[0].slice(0, 120), lang: phrase.lang };
  }
  return undefined;
}

/** Where a key sits. Key names are the service's: shown only as identifiers, short. Built only when shown or descended into. */
function whereOf(path: string, key: string): string {
  return (path ? `${path}.${key}` : key).replace(/[^\w.]/g, "_").slice(0, 60);
}

/** A flag the service set (`opt_out: true`, `outcome: "do_not_call"`), at most three levels deep. */
function flagMatch(o: JsonObject, path: string, depth: number): OptOutMatch | undefined {
  for (const [key, value] of Object.entries(o)) {
    if (
      FLAG_KEYS.test(key) &&
      (value === true || value === 1 || (typeof value === "string" && /^(?:true|yes|1|y)$/i.test(value.trim())))
    ) {
      return { where: whereOf(path, key), text: `set to ${value === true || value === 1 ? "true" : "yes"}` };
    }
    if (isObject(value) && depth < 3 && key !== "transcript") {
      const inner = flagMatch(value, whereOf(path, key), depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * Every reason to believe the person asked not to be called again; empty when none. Read once per record the service
 * layer shares (a polled call sent again; src/text/shared-values.ts): what is found is frozen.
 */
export const detectOptOut: (record: CallRecord) => readonly OptOutMatch[] = derivedOnce(optOutsIn);

function optOutsIn(record: CallRecord): OptOutMatch[] {
  const found: OptOutMatch[] = [];
  const flag = flagMatch(record, "", 0);
  if (flag) found.push(flag);
  const outcome = callOutcome(record);
  // Only what the pattern matched is shown: the rest of the service's text is not ours to repeat.
  const flagged = outcome ? FLAG_VALUES.exec(outcome) : null;
  if (flagged) found.push({ where: "outcome", text: flagged[0] });
  for (const line of calleeLines(record.transcript)) {
    const m = matchText("transcript", line);
    if (m) {
      found.push(m);
      break;
    }
  }
  const summary = callSummary(record);
  const fromSummary = summary
    ? (matchText("summary", summary) ??
      (FLAG_VALUES.test(summary) ? { where: "summary", text: FLAG_VALUES.exec(summary)![0] } : undefined))
    : undefined;
  if (fromSummary) found.push(fromSummary);
  return found;
}

/** One line for people: what was matched and where. */
export function matchesText(matches: readonly OptOutMatch[]): string {
  return matches.map((m) => `${m.where}: "${m.text}"`).join("; ");
}
