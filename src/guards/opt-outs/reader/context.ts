/**
 * A request read in its context, in any language, from the concepts around it (concepts.ts): words in quotation
 * marks or reported after someone else's verb of saying are someone else's ("my neighbour told them 'never call me
 * again'", "the ad where the guy screams 'stop calling me'"), a request passed on to another party is not for this
 * caller ("tell them to stop calling me"), a denied one is not made ("I didn't say don't call"), one limited to now
 * with a later time given is a time ("don't call now, call after six"), and one the speaker then takes back or
 * follows with a yes to the calls is undone or weakened. Only where the words point elsewhere is a reading dropped;
 * where the frame is unclear it becomes `possible` (held for a person), never nothing.
 */
import { bitsOf, C, type Mention } from "./concepts.js";
import type { Hit } from "./lexicon.js";
import { negated } from "./negation-scope.js";

/** Where the sentence holding `at` starts. */
function sentenceStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && !".!?;".includes(text[i - 1]!)) i--;
  return i;
}

function sentenceEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && !".!?;".includes(text[i]!)) i++;
  return i;
}

/** The bits of the mentions between two offsets. */
function bitsBetween(mentions: readonly Mention[], from: number, to: number): number {
  return bitsOf(mentions, (m) => m.at >= from && m.end <= to);
}

type Verdict = "keep" | "weaken" | "drop";

/**
 * A "no" that is what was said, not a denial of saying it: "ich hab schon nein gesagt", "I said no", "j'ai dit non"
 * (where "no" and "non" are answers, not the verb's negation as in Spanish and Italian).
 */
function answerNo(text: string, n: Mention): boolean {
  const word = text.slice(n.at, n.end);
  return (
    /^(?:nein|nee|neen)$/.test(word) ||
    (n.lang === "en" && /^(?:no|nope|nah)$/.test(word)) ||
    (word === "non" && n.lang === "fr")
  );
}

/** Two languages' words read together only when one is English (the lingua franca of code-switching) or both are one. */
export const together = (a: Mention, b: Mention) => a.lang === b.lang || a.lang === "en" || b.lang === "en";

/** After a word of calling: a quotation (a name said as one) or a masked name. */
const NAMED = /^(?: (?:me|moi|mich|mi|him|her|us|them))? (?:"|~)/;

/** The quotation mark that opens the quotation `pos` is in, or -1. */
function openingQuote(text: string, pos: number): number {
  let open = -1;
  let count = 0;
  for (let i = text.indexOf('"'); i !== -1 && i < pos; i = text.indexOf('"', i + 1)) {
    count++;
    open = i;
  }
  return count % 2 === 1 && text.indexOf('"', pos) !== -1 ? open : -1;
}

/** Words in quotation marks (all or part of a reading): whose they are, told by the words around the quotation. */
function quoted(text: string, mentions: readonly Mention[], at: number, end: number): Verdict | undefined {
  let open = openingQuote(text, at);
  if (open === -1) open = openingQuote(text, end - 1);
  if (open === -1) return undefined;
  const close = text.indexOf('"', open + 1);
  const frame =
    bitsBetween(mentions, sentenceStart(text, open), open) |
    bitsBetween(mentions, close, Math.min(sentenceEnd(text, close + 2), close + 60));
  if (frame & (C.THIRD | C.MEDIA | C.OTHER)) return "drop";
  if (frame & C.SAY && frame & C.YOU) return "keep";
  return setAgainst(text, mentions, close) ? "drop" : "weaken";
}

/**
 * A verb of saying with a negation next to it, shortly before ("I didn't say", "no dije", "non vi sto chiedendo") or,
 * where the language puts it after, right after ("電話しないでとは言っていません").
 */
function deniedSaying(text: string, mentions: readonly Mention[], at: number, end: number, hitPos: number): boolean {
  for (let i = 0; i < mentions.length; i++) {
    const say = mentions[i]!;
    if (!(say.bits & C.SAY)) continue;
    if (say.at >= end) {
      if (say.bits & C.NEG && say.pos - hitPos <= 8) return true;
      continue;
    }
    // Before the request, or inside what was read as one ("non ho detto di non chiamarmi").
    if (say.at < at && hitPos - say.pos > 7) continue;
    if (say.bits & C.NEG) return true;
    for (let j = i - 1; j >= 0 && say.pos - mentions[j]!.pos <= 3; j--) {
      const n = mentions[j]!;
      if (n.bits & (C.NEG | C.NEVER) && together(n, say) && !answerNo(text, n)) return true;
    }
  }
  return false;
}

/**
 * The verb of saying after the words it reports, where the language puts it there ("妻はもう電話しないでって向こうに
 * 言った", "मेरी पत्नी ने … बंद करो बोला"): with someone else named before the words, or a verb of hearsay that names
 * no one ("だって"), the mentions up to that verb, a few words on; none otherwise. Said to no other party, such words
 * may be the household's wish told to this caller.
 */
function verbAfter(frame: readonly Mention[], after: readonly Mention[]): Mention[] {
  if (after.length === 0 || frame.some((m) => m.bits & C.SAY)) return [];
  // A verb of hearsay is someone else's saying with no one named ("…もう電話してこないで、だって").
  const hearsay = after.findIndex((m) => m.bits & C.SAY && m.bits & C.THIRD);
  if (hearsay !== -1) return after.slice(0, hearsay + 1);
  if (!frame.some((m) => m.bits & C.THIRD)) return [];
  const from = after[0]!.pos;
  const say = after.findIndex((m) => m.bits & C.SAY && m.pos - from <= 6 && !(m.bits & C.NEG));
  return say === -1 ? [] : after.slice(0, say + 1);
}

/**
 * The callee's own wish beside the words reported: "my husband asked you to stop, and so do I", "y yo también se lo
 * pido", "moi aussi", "私からもお願いします". Said after a verb of saying, the words reported are the callee's too.
 */
const OWN_TOO = new RegExp(
  [
    "(?<![a-z])(?:so do i|me too|me as well|same (?:here|for me|goes for me)|i (?:do|mean it|want that|ask|say|agree)(?: that| it)? (?:too|as well|also)|(?:i'?m|i am) (?:saying|asking|telling you)(?: it| that| the same)?(?: now)? (?:too|as well|also)|i'?m telling you (?:now )?too" +
      "|yo (?:tambien|igual)|a mi tambien|(?:yo )?(?:se lo |le |les )?(?:pido|digo) (?:lo mismo|tambien)|moi aussi|moi de meme|je (?:vous )?le (?:demande|dis) aussi|pareil pour moi" +
      "|ich auch|ich (?:sage|bitte|verlange) (?:es |sie |das )?(?:auch|ebenfalls)|eu tambem|(?:eu )?(?:tambem )?peco (?:o mesmo|tambem)|anch'?io|anche io" +
      "|ik ook|ik (?:zeg|vraag) het (?:ook|u ook)|ja (?:tez|rowniez)|main bhi|mai bhi|meri bhi)(?![a-z])",
    "我也|私からも|私も|मैं भी|मेरी भी|(?:و)?انا (?:ايضا|كمان)",
  ].join("|"),
);

/**
 * Someone else's words, unquoted: "my son keeps telling me to tell you all to stop calling". Passed on to this caller
 * ("she asked me to tell you not to call"), they may be the household's wish: weakened, not dropped; said to another
 * party first ("told the other company"), they are that party's business: dropped.
 */
function reported(
  frame: readonly Mention[],
  inHit: readonly Mention[],
  after: readonly Mention[],
): Verdict | undefined {
  let third = false;
  let said: Mention | undefined;
  let relayed = false;
  const framed = new Set(frame);
  const late = verbAfter(frame, after);
  let toOther = false;
  for (const m of [...frame, ...inHit, ...late]) {
    // Said to another party before any word to this caller: "er hat bei denen gesagt, sie sollen ihn nicht anrufen";
    // the party may come before the verb ("mein Mann hat denen gesagt", "向こうに言った").
    if (m.bits & C.OTHER && said && !relayed) return "drop";
    if (m.bits & C.OTHER && third && !relayed) toOther = true;
    // Told to this caller: "my husband told you to stop". A "you" inside the words reported ("he said take me off your
    // list") is his, and so is one read in another language than the verb's (the Italian "la" in "y la siguen llamando").
    if (m.bits & C.YOU && said && framed.has(m) && together(m, said)) relayed = true;
    if (m.bits & (C.THIRD | C.MEDIA) && !said) third = true;
    // Said of someone else, if: "if my husband picks up, he'll tell you never to call".
    if (m.bits & C.IF && frame.some((x) => x.at > m.at && x.bits & C.THIRD)) return "drop";
    if (m.bits & C.SAY) {
      if (third) said ??= m;
      if (said && toOther) return "drop";
      // Passed on to another party: "tell them to stop calling me".
      const next = frame.find((x) => x.at > m.at);
      if (next !== undefined && next.bits & C.OTHER && next.pos - m.pos <= 2) return "drop";
    }
  }
  if (!said) return undefined;
  // Reported with the verb after and said to no other party ("父はもう電話は要らないと言っています"): the household's
  // wish, maybe: held.
  return relayed || late.length > 0 ? "weaken" : "drop";
}

/** A word that sets what follows against what came before: "but", "pero", "mais", "aber", "但是", "でも", "लेकिन". */
const CONTRAST =
  /(?<![a-z])(?:but|however|pero|mais|aber|doch|ma|mas|maar|ale|lekin|magar|par)(?![a-z])|但是|可是|不过|不過|でも|けど|लेकिन|मगर|لكن|بس/g;
const AGAINST = C.NEG | C.NEVER | C.STOP | C.REMOVE | C.ANNOY | C.REPEAT | C.NOTINT | C.HOWGOT | C.MORE | C.WITHDRAW;

/**
 * Someone else's request set against the callee's own stance after it: "my wife says to tell you to stop calling, but
 * honestly I'm curious", "Mon mari m'a dit de vous dire d'arrêter. Mais moi, je veux bien savoir le prix". A "but"
 * followed by nothing against the calls; one followed by a refusal ("but you keep calling") leaves the words held.
 */
function setAgainst(text: string, mentions: readonly Mention[], end: number): boolean {
  CONTRAST.lastIndex = end;
  const but = CONTRAST.exec(text);
  if (but === null) return false;
  // After the word itself: the French "mais" is also the Portuguese "more".
  const after = but.index + but[0].length;
  return !mentions.some((m) => m.at >= after && m.bits & AGAINST);
}

/**
 * Calls between others: another party (or someone else) before the word of calling and another as its object ("the
 * other lawn company kept ringing him", "my neighbour's bank calls her every day"), with neither the callee nor this
 * caller in the clause. A weak reading there is about them.
 */
function betweenOthers(mentions: readonly Mention[], at: number, end: number): boolean {
  const call = mentions.find((m) => m.at >= at && m.at < end && m.bits & C.CALL);
  if (call === undefined) return false;
  const clause = mentions.filter((m) => m.clause === call.clause);
  if (bitsOf(clause) & (C.ME | C.YOU | C.NUMBER)) return false;
  const object = clause.find((m) => m.at >= call.end);
  return (
    clause.some((m) => m.at < call.at && m.bits & (C.OTHER | C.THIRD)) &&
    object !== undefined &&
    (object.bits & C.OTHER) !== 0
  );
}

function verdictOf(text: string, mentions: readonly Mention[], hit: Hit, lineBits: number, summary: boolean): Verdict {
  const at = hit.at!;
  const end = hit.end ?? at;
  const q = summary ? undefined : quoted(text, mentions, at, end);
  if (q !== undefined) return q;
  if (hit.tier === "possible" && hit.kind === "indirect" && betweenOthers(mentions, at, end)) return "drop";
  // A name or a quotation right after: "arrêtez de m'appeler « madame »".
  if (NAMED.test(text.slice(end, end + 24))) return "drop";
  // A stop or a removal denied: "I don't want you to stop calling", "please don't take me off".
  const head = mentions.findIndex((m) => m.at >= at);
  if (head !== -1 && mentions[head]!.at < end && mentions[head]!.bits & (C.STOP | C.REMOVE)) {
    if (negated(text, mentions, head)) return "drop";
  }
  const start = sentenceStart(text, at);
  const stop = sentenceEnd(text, end);
  const frame = mentions.filter((m) => m.at >= start && m.at < at);
  const hitPos = mentions.find((m) => m.at >= at)?.pos ?? Number.MAX_SAFE_INTEGER;
  if (
    deniedSaying(
      text,
      mentions.filter((m) => m.at >= start && m.at < stop),
      at,
      end,
      hitPos,
    )
  )
    return "drop";
  const say = frame.find((m) => m.bits & C.SAY);
  const ownToo = OWN_TOO.test(text.slice(say?.end ?? end));
  const r =
    summary || ownToo
      ? undefined
      : reported(
          frame,
          mentions.filter((m) => m.at >= at && m.end <= end),
          mentions.filter((m) => m.at >= end && m.at < stop),
        );
  if (r === "weaken" && setAgainst(text, mentions, end)) return "drop";
  if (r !== undefined) return r;
  // A time, not a refusal: "don't call now, I'm in a meeting; call after six", "no me llame tan temprano, mejor
  // después de las diez". Not a request with "again" or "never" ("don't call again until…" stays).
  const sentence = bitsBetween(mentions, start, stop);
  const timed = sentence & C.NOW || (hit.tier === "possible" && !(sentence & (C.MORE | C.NEVER | C.STOP)));
  if (hit.kind !== "removal" && hit.kind !== "revocation" && timed && lineBits & (C.LATER | C.OKCALL)) {
    return "drop";
  }
  return "keep";
}

/** The hits kept, weakened or dropped by their context; what is after a request may take it back. */
export function inContext(text: string, mentions: readonly Mention[], hits: readonly Hit[], summary = false): Hit[] {
  let lineBits = 0;
  for (const m of mentions) lineBits |= m.bits;
  const out: Hit[] = [];
  for (const h of hits) {
    if (h.at === undefined) {
      out.push(h);
      continue;
    }
    let verdict = verdictOf(text, mentions, h, lineBits, summary);
    const after = bitsBetween(mentions, h.end ?? h.at, text.length);
    if (after & C.RETRACT) verdict = "drop";
    else if (after & C.OKCALL && verdict !== "drop")
      verdict = h.tier === "possible" || verdict === "weaken" ? "drop" : "weaken";
    if (verdict === "keep") out.push(h);
    else if (verdict === "weaken")
      out.push({ ...h, tier: "possible", kind: h.kind === "direct" ? "reported" : h.kind });
  }
  return out;
}
