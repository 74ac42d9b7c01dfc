/**
 * The older entry to the reader, for callers that want only the evidence: every reason to believe the person asked
 * not to be called again (or may have: `possible` matches are evidence too), empty when none. The reading itself,
 * with its tiers and what could not be read, is `readOptOut` (opt-out-reading.ts).
 */
import type { CallRecord } from "../../service/shapes.js";
import { readOptOut, type OptOutMatch } from "./reading.js";
import { lineMemoSize } from "./reader/line-memo.js";

export type { OptOutMatch } from "./reading.js";

/** How many lines the reader's memo holds (tests: it stays bounded). */
export function optOutMemoSize(): number {
  return lineMemoSize();
}

/** The evidence, at most one match per place it was read (the strongest), strongest first. */
export function detectOptOut(record: CallRecord): readonly OptOutMatch[] {
  const seen = new Set<string>();
  return readOptOut(record).matches.filter((m) => !seen.has(m.where) && seen.add(m.where));
}

/** One line for people: what was matched and where. */
export function matchesText(matches: readonly OptOutMatch[]): string {
  return matches.map((m) => `${m.where}: "${m.text}"`).join("; ");
}
