/**
 * One line read alone: the cues a callee's words hold (after idioms and other lists are set aside, and denied,
 * reported or retracted requests are dropped), how the line answers a question (yes, no, not sure), and what it does
 * when the agent says it (offers removal, asks to keep calling, confirms removal, introduces itself). Context (who
 * speaks, which question came before) is the reader's (reader.ts); this is a pure function of the text, kept per line.
 */
import { foldSpeech, sentencesOf } from "./text.js";
import type { Kind, Lexicon, Tier } from "./lexicon.js";
import { lexicons, lexiconsFor } from "./lexicons/index.js";
import { makeCorrector, type Corrector } from "./asr.js";

export interface Hit {
  tier: Tier;
  kind: Kind;
  lang: string;
  /** The words matched, folded (at most 120 characters). */
  text: string;
  /** Found only after correcting mis-heard words. */
  asr?: true;
}

export type Answer = "yes" | "no" | "unsure";

export interface LineReading {
  hits: readonly Hit[];
  answer: Answer | undefined;
  /** Said by the agent: offers to stop or remove, as a question. */
  offer: boolean;
  /** Said by the agent: asks whether to keep calling. */
  keep: boolean;
  /** Said by the agent: the person is or will be removed. */
  confirm: boolean;
  /** A name the speaker introduced themself by ("this is Maya from Acme"). */
  intro: string | undefined;
  /** Nothing said, or a note that the line went dead ("[hangs up]"). */
  silent: boolean;
}

const HANG_UP =
  /^(?:(?:the )?(?:customer |caller |callee |user |contact )?(?:hangs? up|hung up|disconnect(?:s|ed)?|call (?:ended|dropped|disconnected)|silence|no (?:answer|response|reply)|end of call|line (?:goes )?dead|click|dial tone|cuelga|colgo|raccroche|legt auf|aufgelegt|desliga|desligou|riattacca|hangt op|rozlacza sie|rozlaczyl sie|挂断|挂了|电话挂断|電話を切る|切断|通話終了|फ़ोन काट दिया|phone kaat diya|يغلق الخط|اغلق الخط|انتهت المكالمه)[ .!]*)?$/;
/** Words that make the agent's sentence hypothetical: "if you ever want us to stop calling". */
const CONDITIONAL =
  /(?<![a-z])(?:if|whenever|any ?time|at any time|should you|just (?:say|tell)|si|siempre que|cuando quiera|s'il|si jamais|a tout moment|wenn|falls|jederzeit|se|caso|quando quiser|a qualquer momento|als|wanneer|jesli|jezeli|w kazdej chwili|agar|jab bhi|kabhi bhi)(?![a-z])|अगर|जब भी|إذا|اذا|لو|如果|随时|场合|場合|なら|いつでも/;
const MAX_MATCH_TEXT = 120;

let allExempt: RegExp | undefined;
let latinCorrector: Corrector | undefined;

/** One corrector for every language in Latin letters: their key words, their spelled words, their mis-hearings. */
function corrector(): Corrector {
  if (latinCorrector === undefined) {
    const latin = lexicons().filter((l) => l.script === undefined);
    latinCorrector = makeCorrector(
      latin.flatMap((l) => l.keys),
      new Set(latin.flatMap((l) => [...l.words])),
      Object.assign({}, ...latin.map((l) => l.aliases)) as Record<string, string>,
    );
  }
  return latinCorrector;
}

/** Idioms, other lists and naming of every language are set aside first (code-switching mixes them). */
function masked(folded: string): string {
  allExempt ??= new RegExp(
    lexicons()
      .flatMap((l) => (l.exempt ? [l.exempt.source] : []))
      .join("|"),
    "g",
  );
  // Masked with a mark no pattern reads, not spaces: "stop calling me ma'am" must not leave a bare "stop".
  return folded.replace(allExempt, (m) => "~".repeat(m.length));
}

const english = () => lexicons()[0]!;

function denied(l: Lexicon, prefix: string): boolean {
  return (l.negated?.test(prefix) ?? false) || (l !== english() && (english().negated?.test(prefix) ?? false));
}

/** Someone else's words ("my friend said"), unless they were said to the caller ("she asked you to stop"). */
function reportedByOthers(l: Lexicon, prefix: string): boolean {
  for (const lex of l === english() ? [l] : [l, english()]) {
    const m = lex.reported?.exec(prefix);
    if (m && !ADDRESSEE.test(prefix.slice(m.index + m[0].length))) return true;
  }
  return false;
}
const ADDRESSEE =
  /(?<![a-z])(?:you|your|y'all|usted|ustedes|les|vous|ihnen|euch|voce|voces|vos|vi|la|u|jullie|wam|panstwu)(?![a-z])|你们|您/;

/** Where the sentence holding `at` starts and ends in `text` (sentences end at . ! ? ;). */
function sentenceAround(text: string, at: number, end: number): [number, number] {
  let start = at;
  while (start > 0 && !".!?;".includes(text[start - 1]!)) start--;
  let stop = end;
  while (stop < text.length && !".!?;".includes(text[stop]!)) stop++;
  return [start, stop];
}

function cuesIn(text: string, l: Lexicon, tier: Tier, hits: Hit[], asr: boolean): void {
  const all = tier === "asked" ? l.asked : l.possible;
  const cues = tier === "asked" ? l.askedCues : l.possibleCues;
  if (all === undefined) return;
  all.lastIndex = 0;
  for (let m = all.exec(text); m !== null; m = all.exec(text)) {
    if (m[0].length === 0) {
      all.lastIndex++;
      continue;
    }
    const at = m.index;
    const [start, stop] = sentenceAround(text, at, at + m[0].length);
    const prefix = text.slice(start, at).trimStart();
    const suffix = text.slice(at + m[0].length, stop);
    if (denied(l, prefix) || reportedByOthers(l, prefix) || (l.retracted?.test(suffix) ?? false)) continue;
    const cue = cues.find((c) => {
      c.re.lastIndex = at;
      return c.re.exec(text)?.index === at;
    });
    const hedged = tier === "asked" && l.hedges !== undefined && (l.hedges.test(prefix) || l.hedges.test(suffix));
    hits.push({
      tier: hedged ? "possible" : tier,
      kind: hedged ? "hedged" : (cue?.kind ?? "direct"),
      lang: l.lang,
      text: m[0].trim().slice(0, MAX_MATCH_TEXT),
      ...(asr ? { asr: true as const } : {}),
    });
  }
}

function hitsIn(maskedText: string, langs: readonly Lexicon[], asr: boolean): Hit[] {
  const hits: Hit[] = [];
  for (const l of langs) {
    cuesIn(maskedText, l, "asked", hits, asr);
    cuesIn(maskedText, l, "possible", hits, asr);
  }
  return hits;
}

function answerOf(first: string, langs: readonly Lexicon[]): Answer | undefined {
  for (const l of langs) if (l.unsure.test(first)) return "unsure";
  for (const l of langs) if (l.no.test(first)) return "no";
  for (const l of langs) if (l.yes.test(first)) return "yes";
  return undefined;
}

/**
 * An offer or a keep question counts only as a question, at the end of the agent's turn: "Shall I remove you?", or an
 * offer followed by a short question ("I can add you to our do-not-call list. Would you like that?"). A statement
 * ("if you ever want us to stop, just say so") is not one.
 */
function asks(sentences: readonly string[], re: RegExp | undefined): boolean {
  if (re === undefined || sentences.length === 0) return false;
  const last = sentences.at(-1)!;
  const asked = /[?]/.test(last) || !/[.!]/.test(last);
  if (!asked) return false;
  if (re.test(last)) return true;
  const before = sentences.at(-2);
  return before !== undefined && last.length <= 40 && re.test(before);
}

/**
 * The reading of a line, each part worked out when first asked for and then kept: the agent's lines are asked only
 * what an agent does (offer, keep, confirm, intro), the callee's only what a callee says (hits, answer). A pure
 * function of the text either way.
 */
class LazyLine implements LineReading {
  private f: string | undefined;
  private h: string | undefined;
  private s: string[] | undefined;
  private l: Lexicon[] | undefined;
  private cache: Partial<Omit<LineReading, "intro">> & { intro?: string | null } = {};

  constructor(private readonly text: string) {}

  private get folded(): string {
    return (this.f ??= foldSpeech(this.text));
  }
  private get hidden(): string {
    return (this.h ??= masked(this.folded));
  }
  private get sentences(): string[] {
    return (this.s ??= sentencesOf(this.folded));
  }
  private get langs(): Lexicon[] {
    return (this.l ??= lexiconsFor(this.folded));
  }

  get hits(): readonly Hit[] {
    if (this.cache.hits === undefined) {
      let hits = hitsIn(this.hidden, this.langs, false);
      if (hits.length === 0) {
        const fixed = corrector().correct(this.folded);
        if (fixed !== this.folded) hits = hitsIn(masked(fixed), this.langs, true);
      }
      this.cache.hits = hits;
    }
    return this.cache.hits;
  }
  get answer(): Answer | undefined {
    if (!("answer" in this.cache)) this.cache.answer = answerOf(this.sentences[0] ?? "", this.langs);
    return this.cache.answer;
  }
  get offer(): boolean {
    return (this.cache.offer ??= this.langs.some((l) => asks(this.sentences, l.offer)));
  }
  get keep(): boolean {
    return (this.cache.keep ??= this.langs.some((l) => asks(this.sentences, l.keep)));
  }
  get confirm(): boolean {
    if (this.cache.confirm === undefined) {
      const sentences = sentencesOf(this.hidden);
      this.cache.confirm = this.langs.some(
        (l) => l.confirm !== undefined && sentences.some((s) => l.confirm!.test(s) && !CONDITIONAL.test(s)),
      );
    }
    return this.cache.confirm;
  }
  get intro(): string | undefined {
    if (this.cache.intro === undefined) {
      const opening = this.sentences.slice(0, 3).join(" ");
      let name: string | undefined;
      for (const l of this.langs) {
        name = l.intro
          ?.exec(opening)
          ?.slice(1)
          .find((g) => g !== undefined);
        if (name !== undefined) break;
      }
      this.cache.intro = name ?? null;
    }
    return this.cache.intro ?? undefined;
  }
  get silent(): boolean {
    return (this.cache.silent ??= HANG_UP.test(this.folded));
  }
}

export function readLine(text: string): LineReading {
  return new LazyLine(text);
}
