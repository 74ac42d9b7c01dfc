/** Every language read, compiled once when the reader is first used. English comes first: code-switching leans on it. */
import { compileLexicon, type Lexicon, type LexiconSource } from "../lexicon.js";
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

/** The languages a text may be in: those without a script of their own, and those whose script it uses. */
export function lexiconsFor(text: string): Lexicon[] {
  return lexicons().filter((l) => l.script === undefined || l.script.test(text));
}
