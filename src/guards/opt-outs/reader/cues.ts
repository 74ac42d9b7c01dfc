/**
 * The cues of one line's text: the lexicons' phrases (each language's, after idioms, other lists and naming are masked,
 * and denied, reported or retracted ones dropped) and what the line's concepts add up to (concept-rules.ts), each read
 * in its context (context.ts). Speech recognition's slips are corrected when nothing was found as heard.
 */
import type { Hit, Lexicon, Tier } from "./lexicon.js";
import { makeCorrector, type Corrector } from "./asr.js";
import { bitsOf, C, tagAll, type Mention } from "./concepts.js";
import { conceptLexiconsFor } from "./concepts/index.js";
import { lexicons, lexiconsFor } from "./lexicons/index.js";
import { conceptHits } from "./concept-rules.js";
import { negated } from "./negation-scope.js";
import { inContext } from "./context.js";
import { afterthought } from "./afterthought.js";

const MAX_MATCH_TEXT = 120;

let allExempt: RegExp | undefined;
let latinCorrector: Corrector | undefined;

/** One corrector for every language in Latin letters: their key words, their spelled words, their mis-hearings. */
export function corrector(): Corrector {
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
export function masked(folded: string): string {
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
      return c.re.test(text);
    });
    const hedged = tier === "asked" && l.hedges !== undefined && (l.hedges.test(prefix) || l.hedges.test(suffix));
    hits.push({
      tier: hedged ? "possible" : tier,
      kind: hedged ? "hedged" : (cue?.kind ?? "direct"),
      lang: l.lang,
      text: m[0].trim().slice(0, MAX_MATCH_TEXT),
      ...(asr ? { asr: true as const } : {}),
      at,
      end: at + m[0].length,
    });
  }
}

/** A phrase holding a stop or a removal that is denied ("कॉल बंद मत करना", "calls band mat karo") asks for nothing. */
function deniedStopIn(text: string, mentions: readonly Mention[], p: Hit): boolean {
  return mentions.some(
    (m, i) => m.at >= p.at! && m.end <= p.end! && m.bits & (C.STOP | C.REMOVE) && negated(text, mentions, i),
  );
}

/**
 * A phrase whose object is another thing (an address, an order: concepts' OTHERLIST) named in its clause before it
 * ends, with no number, no calls, and nobody named before that thing: "前の住所は削除してください", "把旧地址从系统里删掉"
 * remove an address, not the person ("take me off the group and the list" names the person first).
 */
function removesOtherThing(mentions: readonly Mention[], p: Hit): boolean {
  const inside = mentions.find((m) => m.at >= p.at! && m.at < p.end!);
  if (inside === undefined) return false;
  // The phrase names the person as its own object ("take off my card and take me off the list"): the person's; not
  // a "me" a word of removing carries itself (Japanese, Hindi).
  if (mentions.some((m) => m.bits & C.ME && !(m.bits & C.REMOVE) && m.at >= p.at! && m.at < p.end!)) return false;
  const clause = mentions.filter((m) => m.clause === inside.clause);
  const other = clause.find((m) => m.bits & C.OTHERLIST && m.at < p.end!);
  if (other === undefined) return false;
  // The thing is the object of the word of removing nearest it: another's ("quite la tarjeta y bórreme") leaves p.
  let verb: Mention | undefined;
  for (const m of clause) {
    if (m.bits & C.REMOVE && (verb === undefined || Math.abs(m.pos - other.pos) < Math.abs(verb.pos - other.pos)))
      verb = m;
  }
  if (verb !== undefined && (verb.at < p.at! || verb.at >= p.end!)) return false;
  return !clause.some((m) => m.bits & (C.NUMBER | C.CALL) || (m.bits & C.ME && m.at < other.at));
}

/** The person, the calls, the number, a list or a refusal: a line with any of them is about more than another thing. */
const ABOUT_CALLS =
  C.NUMBER | C.CALL | C.LIST | C.STOP | C.ANNOY | C.REPEAT | C.NOTINT | C.WITHDRAW | C.HOWGOT | C.RECEIVE;
/** Languages whose object comes before the verb: a "me" a word of removing carries there ("हटा दो") is filled by it. */
const OBJECT_FIRST = new Set(["hi", "hi-Latn", "ja"]);

/**
 * A line whose words of removing remove another thing only (an old card, an address: concepts' OTHERLIST), with no
 * calls, no number, no list and nobody named: "把旧的那张卡删掉吧", "proszę usunąć tę starą kartę". Bits alone: cheap.
 */
export function removesOtherThingOnly(mentions: readonly Mention[]): boolean {
  const all = bitsOf(mentions);
  if (!(all & C.REMOVE) || !(all & C.OTHERLIST) || all & ABOUT_CALLS) return false;
  if (!(all & C.ME)) return true;
  return mentions.every(
    (m) =>
      !(m.bits & C.ME) ||
      (m.bits & C.REMOVE &&
        OBJECT_FIRST.has(m.lang) &&
        mentions.some((o) => o.bits & C.OTHERLIST && o.clause === m.clause && o.at < m.at)),
  );
}

const overlaps = (a: Hit, b: Hit) => a.at! < b.end! && b.at! < a.end!;

/**
 * The cues of a (masked) text: the lexicons' phrases, and the requests its concepts (tagged on the same text) make
 * where no phrase was read, each kept, weakened or dropped by its context.
 */
export function hitsIn(
  maskedText: string,
  langs: readonly Lexicon[],
  mentions: readonly Mention[],
  asr: boolean,
  summary = false,
  /** Told how many readings there were before their context was weighed. */
  seen?: { before: number },
): Hit[] {
  const found: Hit[] = [];
  for (const l of langs) {
    cuesIn(maskedText, l, "asked", found, asr);
    cuesIn(maskedText, l, "possible", found, asr);
  }
  // Another thing is looked for around a phrase only when the line names one (the cheap test first).
  const other = found.length > 0 && mentions.some((m) => m.bits & C.OTHERLIST);
  const phrases = found.filter(
    (p) => !deniedStopIn(maskedText, mentions, p) && !(other && removesOtherThing(mentions, p)),
  );
  const concepts = conceptHits(maskedText, mentions);
  const late = concepts.length === 0 ? afterthought(maskedText, mentions) : undefined;
  if (late !== undefined) concepts.push(late);
  if (asr) for (const c of concepts) c.asr = true;
  // Phrases dropped for removing another thing or denying a stop were readings too: the line's words were set aside.
  if (seen !== undefined) seen.before = found.length + concepts.length;
  const kept = inContext(maskedText, mentions, phrases, summary);
  return kept.concat(
    inContext(maskedText, mentions, concepts, summary).filter((c) => !kept.some((p) => overlaps(p, c))),
  );
}

/** The words of a request, read as they are: nothing masked, no context weighed (folded text). */
export function wordsOfRequest(folded: string, langs: readonly Lexicon[]): boolean {
  const found: Hit[] = [];
  for (const l of langs) cuesIn(folded, l, "asked", found, false);
  return found.length > 0 || conceptHits(folded, tagAll(folded, conceptLexiconsFor(langs))).length > 0;
}

/** A line that denies a stop or a removal ("no, don't stop the calls", "calls band mat karo"). Folded text. */
export function deniesStop(folded: string): boolean {
  const text = masked(folded);
  const mentions = tagAll(text, conceptLexiconsFor(lexiconsFor(folded)));
  return mentions.some((m, i) => m.bits & (C.STOP | C.REMOVE) && negated(text, mentions, i));
}
