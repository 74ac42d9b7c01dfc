/**
 * A language's way of saying "do not call me", as data: the cues (strong and weak), what looks like one and is not
 * (idioms, other lists, naming), what denies or reports one, yes and no, and the agent's questions. Each language's
 * file (lexicons/) writes the patterns over folded text (text.ts); this file compiles them once.
 */
import { foldPattern } from "./text.js";

export type Tier = "asked" | "possible";
/** Why a cue is an opt-out; the evaluation counts by these. */
export type Kind = "direct" | "removal" | "revocation" | "indirect" | "partial" | "third-party" | "hedged" | "reported";
export type Cue = readonly [Kind, string];

/** A cue found in a line. */
export interface Hit {
  tier: Tier;
  kind: Kind;
  lang: string;
  /** The words matched, folded (at most 120 characters). */
  text: string;
  /** Found only after correcting mis-heard words. */
  asr?: true;
  /** Where in the (folded) text it was found, for reading its context. */
  at?: number;
  end?: number;
}

export interface LexiconSource {
  lang: string;
  /** A character class of the script, for languages not written in Latin letters: other text is not read in them. */
  script?: string;
  /**
   * Words and stems (ending in *) of the language, for a Latin-script language other than English: a line with none
   * of them is not read in it (English and code-switched lines are read in every language that shows a marker).
   */
  markers?: string;
  /** Named pieces, written `{NAME}` in the patterns below. */
  macros?: Record<string, string>;
  asked: readonly Cue[];
  possible: readonly Cue[];
  /** Spans that look like a cue and are not (idioms, other lists, naming someone): masked before cues are tried. */
  exempt: readonly string[];
  /** Just before a cue: it is denied, hypothetical or someone's instruction ("I'm not asking you to"). */
  negated: readonly string[];
  /** Anywhere before a cue in its clause: someone else's words ("my friend said"). */
  reported: readonly string[];
  /** Right after a cue: taken back ("but I didn't", "just kidding"). */
  retracted: readonly string[];
  /** Words an answer may start with before its yes or no ("honestly, no"). */
  lead?: string;
  /** How an answer starts when it says yes, no, or not sure. */
  yes: string;
  no: string;
  unsure: string;
  /** The agent offers to stop or remove (a yes is an opt-out). */
  offer: readonly string[];
  /** The agent asks whether to keep calling (a no is an opt-out). */
  keep: readonly string[];
  /** A condition of nothing but the callee's wish ("if you'd prefer"): a removal stated with it is an offer. */
  courtesy?: string;
  /** The agent asks about the callee's past ("have you ever"): a survey's question, never an offer. */
  past?: string;
  /** The agent says the person was or will be removed. */
  confirm: readonly string[];
  /** The agent introduces itself; group 1 is the name. */
  intro: readonly string[];
  /** Words speech recognition mangles that matter here (corrected within a small edit distance). */
  keys: readonly string[];
  /** Summaries: the opt-out denied ("no opt-out requested", "declined removal"). */
  denied?: readonly string[];
  /** Summaries, read whole: reported opt-outs (asked) and hints (possible) that only a summary words this way. */
  summary?: readonly Cue[];
  summaryHints?: readonly Cue[];
  /** Words that make a request tentative ("maybe", "I guess"): a cue near them is only possible. */
  hedges?: string;
  /** Exact mis-hearings of key words ("cal" for "call"). */
  aliases?: Record<string, string>;
}

export interface CompiledCue {
  kind: Kind;
  re: RegExp;
}

export interface Lexicon {
  lang: string;
  markers: { words: ReadonlySet<string>; stems: ReadonlySet<string> } | undefined;
  script: RegExp | undefined;
  asked: RegExp;
  askedCues: readonly CompiledCue[];
  possible: RegExp | undefined;
  possibleCues: readonly CompiledCue[];
  exempt: RegExp | undefined;
  negated: RegExp | undefined;
  reported: RegExp | undefined;
  retracted: RegExp | undefined;
  yes: RegExp;
  no: RegExp;
  unsure: RegExp;
  offer: RegExp | undefined;
  keep: RegExp | undefined;
  courtesy: RegExp | undefined;
  past: RegExp | undefined;
  confirm: RegExp | undefined;
  intro: RegExp | undefined;
  denied: RegExp | undefined;
  keys: readonly string[];
  hedges: RegExp | undefined;
  summary: RegExp | undefined;
  summaryHints: RegExp | undefined;
  aliases: Record<string, string>;
  /** Every word the patterns spell out: never "corrected" into another. */
  words: ReadonlySet<string>;
}

function expand(source: string, macros: Record<string, string>, depth = 0): string {
  const out = source.replace(/\{([A-Z_0-9]+)\}/g, (whole, name: string) => {
    const value = macros[name];
    if (value === undefined) throw new Error(`opt-out lexicon: unknown macro ${whole}`);
    return depth < 3 ? expand(value, macros, depth + 1) : value;
  });
  return foldPattern(out);
}

/** Latin text is read word by word: a cue starts and ends at a word's edge. Other scripts have no spaces to lean on. */
const edged = (src: string, latin: boolean) => (latin ? `\\b(?:${src})(?![a-z0-9])` : `(?:${src})`);

/** Many patterns as one, the word edges written once around them all (the engine then tries far fewer starts). */
function combined(sources: readonly string[], macros: Record<string, string>, latin: boolean, flags = "g") {
  if (sources.length === 0) return undefined;
  return new RegExp(edged(sources.map((s) => `(?:${expand(s, macros)})`).join("|"), latin), flags);
}

export function compileLexicon(src: LexiconSource): Lexicon {
  const m = src.macros ?? {};
  const latin = src.script === undefined;
  // Sticky: a cue is asked only whether it starts where the combined pattern matched, never to search on.
  const cues = (list: readonly Cue[]) =>
    list.map(([kind, s]) => ({ kind, re: new RegExp(edged(expand(s, m), latin), "y") }));
  const anchoredEnd = (list: readonly string[]) =>
    list.length === 0 ? undefined : new RegExp(`(?:${list.map((s) => expand(s, m)).join("|")})[\\s,"]*$`);
  const lead = src.lead === undefined ? "" : `(?:(?:${expand(src.lead, m)})[\\s,.!]+)*`;
  const anchoredStart = (s: string) => new RegExp(`^[\\s,."]*${lead}(?:${expand(s, m)})(?![a-z0-9])`);
  const marks = src.markers?.split(/\s+/).filter((w) => w.length > 0) ?? [];
  return {
    lang: src.lang,
    markers:
      src.markers === undefined
        ? undefined
        : {
            words: new Set(marks.filter((w) => !w.endsWith("*")).map(foldPattern)),
            stems: new Set(marks.filter((w) => w.endsWith("*")).map((w) => foldPattern(w.slice(0, -1)))),
          },
    script: src.script === undefined ? undefined : new RegExp(src.script),
    asked: combined(
      src.asked.map(([, s]) => s),
      m,
      latin,
    )!,
    askedCues: cues(src.asked),
    possible: combined(
      src.possible.map(([, s]) => s),
      m,
      latin,
    ),
    possibleCues: cues(src.possible),
    exempt: combined(src.exempt, m, latin),
    negated: anchoredEnd(src.negated),
    reported: combined(src.reported, m, latin, ""),
    retracted:
      src.retracted.length === 0
        ? undefined
        : new RegExp(`^[\\s,"]*(?:${src.retracted.map((s) => expand(s, m)).join("|")})`),
    yes: anchoredStart(src.yes),
    no: anchoredStart(src.no),
    unsure: anchoredStart(src.unsure),
    offer: combined(src.offer, m, latin, ""),
    keep: combined(src.keep, m, latin, ""),
    courtesy: src.courtesy === undefined ? undefined : combined([src.courtesy], m, latin, ""),
    past: src.past === undefined ? undefined : combined([src.past], m, latin, ""),
    confirm: combined(src.confirm, m, latin, ""),
    intro: src.intro.length === 0 ? undefined : new RegExp(src.intro.map((s) => expand(s, m)).join("|")),
    denied: combined(src.denied ?? [], m, latin, ""),
    keys: src.keys,
    hedges: src.hedges === undefined ? undefined : new RegExp(edged(expand(src.hedges, m), latin)),
    summary: combined(
      (src.summary ?? []).map(([, s]) => s),
      m,
      latin,
      "",
    ),
    summaryHints: combined(
      (src.summaryHints ?? []).map(([, s]) => s),
      m,
      latin,
      "",
    ),
    aliases: src.aliases ?? {},
    words: new Set(
      [src.asked, src.possible]
        .flatMap((list) => list.map(([, s]) => expand(s, m)))
        .concat(src.exempt.map((s) => expand(s, m)))
        .flatMap((s) => s.match(/[a-z']{3,}/g) ?? []),
    ),
  };
}
