/** Every language read, compiled once when the reader is first used. English comes first: code-switching leans on it. */
import { compileLexicon, type Lexicon, type LexiconSource } from "../lexicon.js";
import { boundedMemo } from "../../../../text/bounded-memo.js";
import { en } from "./en.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import { de } from "./de.js";
import { pt } from "./pt.js";
import { it } from "./it.js";
import { nl } from "./nl.js";
import { pl } from "./pl.js";
import { hiLatn } from "./hi-latn.js";
import { zh } from "./zh.js";
import { ja } from "./ja.js";
import { hi } from "./hi.js";
import { ar } from "./ar.js";

const SOURCES: readonly LexiconSource[] = [en, es, fr, de, pt, it, nl, pl, hiLatn, zh, ja, hi, ar];

let compiled: readonly Lexicon[] | undefined;

export function lexicons(): readonly Lexicon[] {
  compiled ??= SOURCES.map(compileLexicon);
  return compiled;
}

/** The longest stem a marker list uses: a word's first letters up to this many are looked up. */
const LONGEST_STEM = 12;
/** Marker words and stems to the languages (bits, by index in `lexicons()`) they show. */
let markerBits: Map<string, number> | undefined;
let stemBits: Map<string, number> | undefined;

function buildMarkers(all: readonly Lexicon[]): void {
  markerBits = new Map();
  stemBits = new Map();
  all.forEach((l, i) => {
    for (const w of l.markers?.words ?? []) markerBits!.set(w, (markerBits!.get(w) ?? 0) | (1 << i));
    for (const w of l.markers?.stems ?? []) stemBits!.set(w, (stemBits!.get(w) ?? 0) | (1 << i));
  });
}

/** The languages (bits) whose markers a folded text holds. */
function shownBy(text: string): number {
  let bits = 0;
  for (const raw of text.split(/[\s.,!?;:"]+/)) {
    for (const word of raw.includes("'") ? [raw, ...raw.split("'")] : [raw]) {
      if (word.length === 0) continue;
      bits |= markerBits!.get(word) ?? 0;
      for (let n = 3; n <= Math.min(word.length, LONGEST_STEM); n++) bits |= stemBits!.get(word.slice(0, n)) ?? 0;
    }
  }
  return bits;
}

/**
 * The languages a folded text may be in: English always (it is the lingua franca of code-switching), a language of
 * its own script where that script appears, and another Latin-script language where one of its marker words does
 * ("de", "nicht", "llam…"). Reading every line in all nine Latin-script languages cost most of a call's reading.
 * Several readers ask of one text in a reading, so the last answers are kept.
 */
export const lexiconsFor: (text: string) => readonly Lexicon[] = boundedMemo(512, 1_000, languagesOf);

function languagesOf(text: string): readonly Lexicon[] {
  const all = lexicons();
  if (markerBits === undefined) buildMarkers(all);
  let bits: number | undefined;
  return all.filter((l, i) => {
    if (l.script !== undefined) return l.script.test(text);
    if (l.markers === undefined) return true;
    bits ??= shownBy(text);
    return (bits & (1 << i)) !== 0;
  });
}
