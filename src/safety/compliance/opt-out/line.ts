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

let allExempt: RegExp[] | undefined;
const correctors = new Map<string, Corrector>();

function corrector(l: Lexicon): Corrector {
  let c = correctors.get(l.lang);
  if (c === undefined) {
    c = makeCorrector(l.keys, l.words, l.aliases);
    correctors.set(l.lang, c);
  }
  return c;
}

/** Idioms, other lists and naming of every language are set aside first (code-switching mixes them). */
function masked(folded: string): string {
  allExempt ??= lexicons().flatMap((l) => (l.exempt ? [l.exempt] : []));
  let out = folded;
  for (const re of allExempt) out = out.replace(re, (m) => " ".repeat(m.length));
  return out;
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

function cuesIn(sentence: string, l: Lexicon, tier: Tier, hits: Hit[], asr: boolean): void {
  const all = tier === "asked" ? l.asked : l.possible;
  const cues = tier === "asked" ? l.askedCues : l.possibleCues;
  if (all === undefined) return;
  all.lastIndex = 0;
  for (let m = all.exec(sentence); m !== null; m = all.exec(sentence)) {
    if (m[0].length === 0) {
      all.lastIndex++;
      continue;
    }
    const prefix = sentence.slice(0, m.index);
    const suffix = sentence.slice(m.index + m[0].length);
    if (denied(l, prefix) || reportedByOthers(l, prefix) || (l.retracted?.test(suffix) ?? false)) continue;
    const cue = cues.find((c) => {
      c.re.lastIndex = m!.index;
      return c.re.exec(sentence)?.index === m!.index;
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

function hitsIn(folded: string, langs: readonly Lexicon[], asr: boolean): Hit[] {
  const hits: Hit[] = [];
  for (const sentence of sentencesOf(masked(folded))) {
    for (const l of langs) {
      cuesIn(sentence, l, "asked", hits, asr);
      cuesIn(sentence, l, "possible", hits, asr);
    }
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

export function readLine(text: string): LineReading {
  const folded = foldSpeech(text);
  const langs = lexiconsFor(folded);
  let hits = hitsIn(folded, langs, false);
  if (hits.length === 0) {
    for (const l of langs) {
      const fixed = corrector(l).correct(folded);
      if (fixed !== folded) hits = hits.concat(hitsIn(fixed, [l], true));
    }
  }
  const sentences = sentencesOf(folded);
  const first = sentences[0] ?? "";
  let offer = false;
  let keep = false;
  let confirm = false;
  let intro: string | undefined;
  for (const l of langs) {
    offer ||= asks(sentences, l.offer);
    keep ||= asks(sentences, l.keep);
    confirm ||= l.confirm !== undefined && sentences.some((s) => l.confirm!.test(masked(s)) && !CONDITIONAL.test(s));
    if (intro === undefined && l.intro) {
      const m = l.intro.exec(sentences.slice(0, 3).join(" "));
      intro = m?.slice(1).find((g) => g !== undefined);
    }
  }
  return {
    hits,
    answer: answerOf(first, langs),
    offer,
    keep,
    confirm,
    intro,
    silent: HANG_UP.test(folded),
  };
}
