/**
 * Lines already read, kept: get_call reads a record's whole transcript each time, and a session reads the same calls
 * again and again. A line's reading is a pure function of its text. Short lines only, and bounded: once full it
 * starts over (no memory for endless text).
 */
import { readLine, type Hit, type LineReading } from "./line.js";
import { foldSpeech } from "./text.js";
import { lexiconsFor } from "./lexicons/index.js";

const MEMO_LONGEST = 1_000;
/** Lines and summaries together hold at most 2,000 texts. */
const LINE_ENTRIES = 1_600;
const SUMMARY_ENTRIES = 400;
const lineMemo = new Map<string, LineReading>();
const summaryMemo = new Map<string, readonly Hit[]>();

/** How many lines the memo holds (tests: it stays bounded). */
export function lineMemoSize(): number {
  return lineMemo.size + summaryMemo.size;
}

function kept<V>(memo: Map<string, V>, most: number, text: string, read: (t: string) => V): V {
  if (text.length > MEMO_LONGEST) return read(text);
  let found = memo.get(text);
  if (found === undefined) {
    found = read(text);
    if (memo.size >= most) memo.clear();
    memo.set(text, found);
  }
  return found;
}

export const readLineKept = (text: string): LineReading => kept(lineMemo, LINE_ENTRIES, text, (t) => readLine(t));

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

export const readSummaryKept = (text: string): readonly Hit[] => kept(summaryMemo, SUMMARY_ENTRIES, text, readSummary);
