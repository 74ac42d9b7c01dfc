/**
 * Lines already read, kept: get_call reads a record's whole transcript each time, and a session reads the same calls
 * again and again. A line's reading is a pure function of its text. Short lines only, and bounded: once full it
 * starts over (no memory for endless text).
 */
import { readLine, type Hit, type LineReading } from "./line.js";
import { foldSpeech } from "./text.js";
import { lexiconsFor } from "./lexicons/index.js";
import { boundedMemo } from "../../../text/bounded-memo.js";

const MEMO_LONGEST = 1_000;
/** Lines and summaries together hold at most 2,000 texts. */
const LINE_ENTRIES = 1_600;
const SUMMARY_ENTRIES = 400;
const lineMemo = boundedMemo(LINE_ENTRIES, MEMO_LONGEST, (t) => readLine(t));
const summaryMemo = boundedMemo(SUMMARY_ENTRIES, MEMO_LONGEST, readSummary);

/** How many lines the memo holds (tests: it stays bounded). */
export function lineMemoSize(): number {
  return lineMemo.size() + summaryMemo.size();
}

export const readLineKept = (text: string): LineReading => lineMemo(text);

/**
 * A summary: the cues of a line (a summary may quote the person), the summary's own reported speech ("asked to be
 * removed", "offered DNC; accepted") and hints ("annoyed by the repeated calls"); none of it when the summary denies
 * an opt-out ("no opt-out was requested", "declined removal").
 */
function readSummary(text: string): readonly Hit[] {
  const folded = foldSpeech(text);
  const langs = lexiconsFor(folded);
  if (langs.some((l) => l.denied?.test(folded))) return [];
  const hits: Hit[] = [...readLine(text, true).hits];
  for (const l of langs) {
    const strong = l.summary?.exec(folded);
    if (strong) hits.push({ tier: "asked", kind: "reported", lang: l.lang, text: strong[0].slice(0, 120) });
    const hint = l.summaryHints?.exec(folded);
    if (hint) hits.push({ tier: "possible", kind: "hedged", lang: l.lang, text: hint[0].slice(0, 120) });
  }
  return hits;
}

export const readSummaryKept = (text: string): readonly Hit[] => summaryMemo(text);
