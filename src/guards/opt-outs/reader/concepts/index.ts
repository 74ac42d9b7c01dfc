/** Every language's concept words, compiled once when first used; looked up by the language a line may be in. */
import { compileConcepts, type ConceptLexicon, type ConceptSource } from "../concepts.js";
import type { Lexicon } from "../lexicon.js";
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

const SOURCES: readonly ConceptSource[] = [en, es, fr, de, pt, it, nl, pl, hiLatn, zh, ja, hi, ar];

let compiled: Map<string, ConceptLexicon> | undefined;

/**
 * The concept lexicons of the languages a line may be in (lexicons/index.ts lexiconsFor decides which). A line with
 * kana is Japanese, not Chinese, though it holds Chinese characters: Chinese words read in it would mislead.
 */
export function conceptLexiconsFor(langs: readonly Lexicon[]): ConceptLexicon[] {
  compiled ??= new Map(SOURCES.map((s) => [s.lang, compileConcepts(s)]));
  const japanese = langs.some((l) => l.lang === "ja");
  const out: ConceptLexicon[] = [];
  for (const l of langs) {
    const c = compiled.get(l.lang);
    if (c !== undefined && !(japanese && l.lang === "zh")) out.push(c);
  }
  return out;
}
