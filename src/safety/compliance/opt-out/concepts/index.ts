/** Every language's concept words, compiled once when first used; looked up by the language a line may be in. */
import { compileConcepts, type ConceptLexicon, type ConceptSource } from "../concepts.js";
import type { Lexicon } from "../lexicon.js";
import { en } from "./en.js";

const SOURCES: readonly ConceptSource[] = [en];

let compiled: Map<string, ConceptLexicon> | undefined;

/** The concept lexicons of the languages a line may be in (lexicons/index.ts lexiconsFor decides which). */
export function conceptLexiconsFor(langs: readonly Lexicon[]): ConceptLexicon[] {
  compiled ??= new Map(SOURCES.map((s) => [s.lang, compileConcepts(s)]));
  const out: ConceptLexicon[] = [];
  for (const l of langs) {
    const c = compiled.get(l.lang);
    if (c !== undefined) out.push(c);
  }
  return out;
}
