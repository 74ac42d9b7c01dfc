/**
 * Concepts: the classes of words a request not to be called is made of (a word of stopping, of calling, of removing,
 * of a list…) and the words around one that change what it means (someone else saying it, a quotation, a time, a
 * yes to further calls). Each language lists its words per class (concepts/); a line is tagged once per language it
 * may be in, and the rules (concept-rules.ts) and the context (context.ts) read the tags, not the phrasing, so a
 * request worded unlike every phrase the lexicons spell out is still heard when its parts are there.
 */
import { foldPattern } from "./text.js";

/** Each concept is one bit; a word may carry several ("never" is NEVER and NEG, "no more" NEG and MORE). */
export const C = {
  /** Stop, cease, quit, enough, the last (call): the verb that ends something. */
  STOP: 1 << 0,
  NEG: 1 << 1,
  NEVER: 1 << 2,
  /** Again, anymore, from now on, in future. */
  MORE: 1 << 3,
  /** Call, ring, phone, contact, bother, hear from: reaching the person. */
  CALL: 1 << 4,
  /** Remove, delete, take off, erase, unsubscribe. */
  REMOVE: 1 << 5,
  /** List, database, system, records, file. */
  LIST: 1 << 6,
  /** My number, this number, this phone. */
  NUMBER: 1 << 7,
  /** The speaker as the object: me, us. */
  ME: 1 << 8,
  WANT: 1 << 9,
  CONSENT: 1 << 10,
  WITHDRAW: 1 << 11,
  /** Tired of, fed up, annoying, harassment. */
  ANNOY: 1 << 12,
  /** Every day, five times today, how many times, all the time. */
  REPEAT: 1 << 13,
  /** A complaint, a report, the police, a lawyer: read as annoyance. */
  THREAT: 1 << 12,
  /** A recording: consent to it, or not, is not about calls. */
  RECORD: 1 << 14,
  /** "How did you get my number", "who gave you my number". */
  HOWGOT: 1 << 15,
  /** Already, last week, the other time, before. */
  BEFORE: 1 << 16,
  /** "Not interested" and its kin. */
  NOTINT: 1 << 17,
  /** Say, tell, ask, shout, write: a verb that reports words. */
  SAY: 1 << 18,
  /** Someone else: he, she, my husband, the neighbour, the guy. */
  THIRD: 1 << 19,
  /** An ad, the TV, a letter, a message, a sign: words written or broadcast. */
  MEDIA: 1 << 20,
  /** Another party addressed: them, that company, some company. */
  OTHER: 1 << 21,
  IF: 1 << 22,
  NOW: 1 << 23,
  /** Later, after six, tomorrow, in an hour. */
  LATER: 1 << 24,
  /**
   * Calls accepted: "you can call me", "keep calling", "the calls are fine", "continue"; or this call welcomed after
   * talk of something else ("anyway, what's this about?", "en fin, ¿qué se le ofrece?", "不是说你们").
   */
  OKCALL: 1 << 25,
  /** A word after "call me" that names: sir, ma'am, buddy. */
  NAMING: 1 << 26,
  /** A list or a thing that is not about calls: a waiting list, a group chat, a newsletter, an order, an address. */
  OTHERLIST: 1 << 27,
  /** The addressee: you, your company. */
  YOU: 1 << 28,
  /** Keep, continue, still, further (the agent's "keep receiving these calls?"). */
  KEEP: 1 << 29,
  /** Words taken back: "forget what I said", "never mind". */
  RETRACT: 1 << 30,
  /** Get, receive, be sent: "I'd rather not get these anymore" has no word of calling, but is about them. */
  RECEIVE: 1 << 31,
} as const;

export type ConceptName = keyof typeof C;

/** A language's concept words: [concepts, pattern] in the order tried (phrases before the words they hold). */
export interface ConceptSource {
  lang: string;
  /** How words are told apart: Latin letters at word edges, other scripts by substrings. */
  script: "latin" | "cjk" | "arabic" | "devanagari";
  entries: ReadonlyArray<readonly [string, string]>;
}

export interface Mention {
  bits: number;
  at: number;
  end: number;
  /** Words before it (a Chinese or Japanese character counts half a word), for distances. */
  pos: number;
  /** Sentence index within the line. */
  sentence: number;
  /** Clause index within the line (commas part clauses too). */
  clause: number;
  lang: string;
}

export interface ConceptLexicon {
  lang: string;
  re: RegExp;
  bits: readonly number[];
}

/** `~` in a pattern is "any more letters of the word": a stem. */
const STEM: Record<ConceptSource["script"], string> = {
  latin: "[a-z']*",
  cjk: "",
  arabic: "[\\u0621-\\u064a]*",
  devanagari: "[\\u0900-\\u097f]*",
};

/**
 * Where a word starts and ends. Latin: after a non-letter (an apostrophe too: "m'appelez"), before one or on an
 * elision. Arabic: after a non-letter, an optional "and"/"so" (و ف) and an optional article (ال بال لل: "المكالمات"),
 * before a non-letter (stems run to the word's end). Devanagari: between non-letters. Chinese and Japanese have no spaces: anywhere.
 */
const EDGES: Record<ConceptSource["script"], readonly [string, string]> = {
  latin: ["(?<![a-z0-9])", "(?:(?<=')|(?![a-z0-9]))"],
  arabic: ["(?<![\\u0621-\\u064a])(?:و|ف)?(?:ال|بال|لل)?", "(?![\\u0621-\\u064a])"],
  devanagari: ["(?<![\\u0900-\\u097f])", "(?![\\u0900-\\u097f])"],
  cjk: ["", ""],
};

export function compileConcepts(src: ConceptSource): ConceptLexicon {
  const stem = STEM[src.script];
  const bits: number[] = [];
  const alternatives = src.entries.map(([names, pattern], i) => {
    bits.push(
      names.split(/\s+/).reduce((acc, n) => {
        const bit = C[n as ConceptName];
        if (bit === undefined) throw new Error(`opt-out concepts (${src.lang}): unknown concept ${n}`);
        return acc | bit;
      }, 0),
    );
    return `(${foldPattern(pattern).replace(/~/g, stem)})`;
  });
  const body = alternatives.join("|");
  const source = `${EDGES[src.script][0]}(?:${body})${EDGES[src.script][1]}`;
  const re = new RegExp(source, "g");
  // Entry i is group i + 1 (numbered groups cost less than named ones): no entry may hold a group of its own.
  if (new RegExp(`${source}|`).exec("")!.length !== bits.length + 1) {
    throw new Error(`opt-out concepts (${src.lang}): an entry holds a capturing group`);
  }
  return { lang: src.lang, re, bits };
}

const [SPACE, COMMA, STOP, BANG, ASK, SEMI] = [" ", ",", ".", "!", "?", ";"].map((c) => c.charCodeAt(0));
/** Kana and the CJK ideographs: each counts half a word. */
const isCjk = (ch: number) => (ch >= 0x3040 && ch <= 0x30ff) || (ch >= 0x3400 && ch <= 0x9fff);

/** The mentions of one language's concepts in a folded (and masked) text, in order. */
export function tagText(text: string, lex: ConceptLexicon, out: Mention[]): void {
  const re = lex.re;
  re.lastIndex = 0;
  let words = 0;
  let halves = 0;
  let sentence = 0;
  let clause = 0;
  let scanned = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    // Character codes, not one-letter strings: this loop runs over every character of every line read.
    for (; scanned < m.index; scanned++) {
      const ch = text.charCodeAt(scanned);
      if (ch === SPACE) words++;
      else if (ch === COMMA) clause++;
      else if (ch === STOP || ch === BANG || ch === ASK || ch === SEMI) {
        sentence++;
        clause++;
      } else if (isCjk(ch)) halves++;
    }
    let bits = lex.bits[0]!;
    for (let i = 1; i < m.length; i++) {
      if (m[i] !== undefined) {
        bits = lex.bits[i - 1]!;
        break;
      }
    }
    out.push({
      bits,
      at: m.index,
      end: m.index + m[0].length,
      pos: words + (halves >> 1),
      sentence,
      clause,
      lang: lex.lang,
    });
  }
}

/** Spans the lexicons set aside (other lists, naming, times, recordings: lexicon.ts `exempt`), masked with this mark. */
const MASKED: ConceptLexicon = { lang: "", re: /~+/g, bits: [C.OTHERLIST | C.NAMING | C.RECORD] };

/** The bits of the mentions `keep` picks (every one without it), together: what a stretch of text is about. */
export function bitsOf(mentions: readonly Mention[], keep?: (m: Mention) => boolean): number {
  let bits = 0;
  for (const m of mentions) if (keep === undefined || keep(m)) bits |= m.bits;
  return bits;
}

/**
 * Every language's mentions together, in text order (a code-switched line mixes them). A masked span is a mention
 * too: what a word of removing or calling governs there is another list or a name, not this caller's calls.
 */
export function tagAll(text: string, lexicons: readonly ConceptLexicon[]): Mention[] {
  const out: Mention[] = [];
  for (const lex of lexicons) tagText(text, lex, out);
  if (text.includes("~")) tagText(text, MASKED, out);
  if (out.length > 1) out.sort((a, b) => a.at - b.at || b.end - a.end);
  deniedAcceptance(text, out);
  return lexicons.length > 1 ? heldByWelcome(out) : out;
}

/**
 * A phrase that welcomes the calls, or says words were not meant for them, holds its words in every language the
 * line is read in: "stop, you make me laugh — sorry, that's my son" is one mention, not also another language's "stop".
 */
function heldByWelcome(mentions: Mention[]): Mention[] {
  let end = -1;
  let held = false;
  for (const m of mentions) {
    if (m.at < end) held = true;
    else if (m.bits & C.OKCALL) end = m.end;
  }
  if (!held) return mentions;
  end = -1;
  return mentions.filter((m) => {
    if (m.at < end) return false;
    if (m.bits & C.OKCALL) end = m.end;
    return true;
  });
}

/** Every mention a negation; a word read as more in one language and as a no in another is one ("nie": de "never"). */
export function onlyNegations(mentions: readonly Mention[]): boolean {
  return mentions.every((m) => (m.bits & ~C.NEG) === 0 || mentions.some((n) => n.at === m.at && n.bits === C.NEG));
}

/** "No" said as an answer before a clause, not a negation of it. */
const ANSWER_WORD = /^(?:nope|nah|nein|nee|neen|non)$/;

/**
 * A yes to the calls that is denied ("not sure I need these calls", "ich will die Anrufe nicht mehr") is a wish
 * not to get them: a word of calling and of wanting, beside its negation, instead of a yes.
 */
function deniedAcceptance(text: string, mentions: Mention[]): void {
  for (let i = 1; i < mentions.length; i++) {
    const m = mentions[i]!;
    if (!(m.bits & C.OKCALL)) continue;
    for (let j = i - 1; j >= 0 && m.pos - mentions[j]!.pos <= 3; j--) {
      const n = mentions[j]!;
      if (n.clause !== m.clause) break;
      const word = text.slice(n.at, n.end);
      if (!(n.bits & (C.NEG | C.NEVER)) || n.bits & C.SAY || ANSWER_WORD.test(word)) continue;
      if (word === "no" && n.lang === "en") continue;
      mentions[i] = { ...m, bits: (m.bits & ~C.OKCALL) | C.CALL | C.WANT };
      break;
    }
  }
}
