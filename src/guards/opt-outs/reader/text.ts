/**
 * Text made ready for reading what a person said: the same words however they were written or transcribed. Case,
 * accents, letter variants (Arabic alef forms, Polish ł), apostrophes and the many quotation marks are folded;
 * sentence marks of every script become . , ? ! so clauses can be told apart; fillers ("uh", "euh", "えーと") and a
 * word said twice in a row ("stop stop calling") are dropped, as speech recognition leaves them.
 */
import { boundedMemo } from "../../../text/bounded-memo.js";

const LETTERS: Record<string, string> = {
  ł: "l",
  ø: "o",
  đ: "d",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ı: "i",
  أ: "ا",
  إ: "ا",
  آ: "ا",
  ٱ: "ا",
  ى: "ي",
  ة: "ه",
  ؤ: "و",
  ئ: "ي",
  "。": ".",
  "．": ".",
  "！": "!",
  "？": "?",
  "；": ";",
  "，": ",",
  "、": ",",
  "،": ",",
  "؟": "?",
  "؛": ";",
  "।": ".",
  "¿": " ",
  "¡": " ",
  "…": ".",
};
const LETTER_RE = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");

/** Marks that carry no meaning here: Latin accents, the Devanagari nukta, Arabic vowel marks and the tatweel. */
const MARKS = /[\u0300-\u036f\u093c\u064b-\u065f\u0670\u0640]/g;
/** Double quotation marks of every language, and the CJK corner brackets. */
const QUOTES = /["\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a\u300c\u300d\u300e\u300f\uff02]/g;
const APOSTROPHES = /[\u2018\u2019\u02bc\u00b4`\u2032]/g;
/**
 * A single-quoted span ('stop calling'), told from an apostrophe (don't) by the space before it; an apostrophe inside
 * a word ('stop calling, I'm never selling.') does not close it, one after a sentence mark does.
 */
const SINGLE_QUOTED = /(^|[\s,:;])'((?:[^'\n]|'(?=\p{L})){2,120}?)'(?=[\s,.!?;:]|$)/gu;
/** What is kept: letters and digits of every script, spaces, the apostrophe, quotes and sentence marks. */
const OTHER = /[^\p{L}\p{M}\p{N}\s'".,!?;:-]+/gu;
/**
 * A capitalised word right after a verb that both names and calls ("stop calling me Bob", "no me llames Lupita",
 * "ne m'appelle pas Bobby", "non chiamarmi Dottore", "não me chame de Dona") is a form of address: it is quoted, so
 * it reads as a name. Days and months are capitalised too, and stay times ("don't call me Monday").
 */
const NAMED_AFTER_CALL =
  /\b((?:call|calls|calling|called) (?:me|him|her|us)|llam(?:es|en|ar|ando|ado|e)(?:me|nos)?|m'appel(?:le|lez|er)(?: pas)?|chiam(?:armi|ami|atemi|i|ate|arci)|cham(?:e|a|ar|em)(?:-me)?(?: de)?)\s+(?!(?:I|I'\p{L}+|Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)(?:day)?\b|(?:January|February|March|April|May|June|July|August|September|October|November|December|Please|Again|Ever|Anymore|Ok|Okay|Now|Back|Here|There|Today|Tomorrow|Tonight)\b)(\p{Lu}\p{Ll}+)(?![\p{L}'])/gu;

const FILLERS = new Set([
  "uh",
  "uhh",
  "uhm",
  "um",
  "umm",
  "er",
  "erm",
  "ehm",
  "ah",
  "ahh",
  "ahm",
  "eh",
  "hmm",
  "hm",
  "euh",
  "oh",
  "yyy",
  "eee",
  "mmm",
  "ehh",
  "eto",
  "えーと",
  "えっと",
  "えー",
  "あの",
  "あのー",
  "嗯",
  "呃",
  "啊",
  "अं",
  "उम",
  "امم",
  "اه",
  "ايه",
]);

function unicodeFolded(text: string): string {
  return text
    .normalize("NFKD")
    .replace(MARKS, "")
    .toLowerCase()
    .replace(LETTER_RE, (c) => LETTERS[c] ?? c)
    .replace(APOSTROPHES, "'");
}

/**
 * The folded text: lower case, no accents, one space between words, sentence marks kept. A reading folds a line
 * several times (to tell the speakers, to read it, for the learned reader), so the last texts folded are kept.
 */
export const foldSpeech: (text: string) => string = boundedMemo(512, 1_000, foldNow);

function foldNow(text: string): string {
  // Plain ASCII (most English calls) has nothing to decompose nor to map.
  const ascii = /^[\x20-\x7e]*$/.test(text);
  const named = text.replace(NAMED_AFTER_CALL, '$1 "$2"');
  const folded = (ascii ? named.toLowerCase() : unicodeFolded(named))
    .replace(QUOTES, ' " ')
    .replace(SINGLE_QUOTED, '$1 " $2 " ')
    .replace(OTHER, " ")
    // "uh-huh" and "mm-hmm" are a yes, not fillers.
    .replace(/\b(?:uh[ -]?huh|mm[ -]?hmm|m+[ -]?hm+)\b/g, "mhm")
    // Hyphens join words ("do-not-call", "retirez-moi"): a space reads the same.
    .replace(/-+/g, " ")
    // Sentence marks stand apart from words. A match starts where a run of spaces does: tried from inside a long run,
    // it would scan the run again at each space.
    .replace(/(?<!\s)\s*([.,!?;:])[.,!?;:\s]*/g, "$1 ");
  const words = folded.split(/\s+/);
  const kept: string[] = [];
  let last = "";
  for (const word of words) {
    if (word.length === 0 || FILLERS.has(word)) continue;
    if (/[.,!?;:]$/.test(word) && FILLERS.has(word.replace(/[.,!?;:]+$/, ""))) continue;
    // "stop stop calling", "i i i don't": a word said again at once is said once. Not marks, not CJK runs.
    if (word === last && word.length < 12 && /^[\p{L}']+$/u.test(word)) continue;
    kept.push(word);
    last = word;
  }
  return kept.join(" ");
}

/** Clauses of a folded text: split at sentence marks and semicolons (commas stay inside a clause). */
export function sentencesOf(folded: string): string[] {
  return folded.split(/(?<=[.!?;])\s+/).filter((s) => s.length > 0);
}

/** A pattern written with accents or letter variants, folded as the text it is tried on is (case is left alone). */
export function foldPattern(source: string): string {
  return source
    .normalize("NFKD")
    .replace(MARKS, "")
    .replace(/[łøđæœßıأإآٱىةؤئ]/g, (c) => LETTERS[c] ?? c);
}
