/**
 * What the concepts of a line (concepts.ts) add up to, in any language and any word order: a word of stopping near a
 * word of calling is a request ("deja de llamarme", "hör auf, mich anzurufen", "别再打"); a negation with "again" near
 * a word of calling too ("no me llaméis más", "bel mij ni meer"); a word of removing near a list or the number;
 * withdrawing near consent. Weaker sets (a negation alone near calling, "remove me" alone, annoyance or frequency near
 * calling, "how did you get my number") are only `possible`. Words that name ("don't call me ma'am"), other lists ("the
 * waiting list") and words accepting calls in the same sentence undo a reading. What an agent's lines do: agent-acts.ts.
 */
import { bitsOf, C, type Mention } from "./concepts.js";
import { together } from "./context.js";
import { negated } from "./negation-scope.js";
import type { Hit, Kind, Tier } from "./lexicon.js";

interface Rule {
  /** The concept the others are looked for around. */
  anchor: number;
  /** Each group must be present near the anchor (a group is any of its bits). */
  need: readonly number[];
  /** How many words apart the mentions may be. */
  window: number;
  tier: Tier;
  kind: Kind;
  /** None of these may be near. */
  unless?: number;
  /** Within the sentence, not only the clause (commas part clauses). */
  sentence?: true;
}

const REQUEST_RULES: readonly Rule[] = [
  { anchor: C.CALL, need: [C.STOP], window: 5, tier: "asked", kind: "direct", sentence: true, unless: C.OKCALL },
  { anchor: C.CALL, need: [C.NEG | C.NEVER, C.MORE], window: 5, tier: "asked", kind: "direct" },
  {
    anchor: C.REMOVE,
    need: [C.LIST | C.CALL],
    window: 6,
    tier: "asked",
    kind: "removal",
    unless: C.OTHERLIST,
    sentence: true,
  },
  { anchor: C.REMOVE, need: [C.NUMBER], window: 4, tier: "asked", kind: "removal", unless: C.OTHERLIST },
  {
    anchor: C.WITHDRAW,
    need: [C.CONSENT],
    window: 8,
    tier: "asked",
    kind: "revocation",
    sentence: true,
    unless: C.RECORD,
  },
  {
    anchor: C.CONSENT,
    need: [C.NEG, C.CALL | C.MORE],
    window: 6,
    tier: "asked",
    kind: "revocation",
    unless: C.RECORD,
  },
  {
    anchor: C.CALL,
    need: [C.NEG | C.NEVER],
    window: 3,
    tier: "possible",
    kind: "hedged",
    unless: C.OKCALL | C.RECORD | C.IF,
  },
  { anchor: C.CALL, need: [C.NEG | C.NEVER, C.WANT], window: 6, tier: "possible", kind: "hedged", unless: C.OKCALL },
  { anchor: C.REMOVE, need: [C.ME], window: 3, tier: "possible", kind: "hedged", unless: C.OTHERLIST },
  // Receiving them no more, the calls left unsaid: "rather not get these anymore", "keine mehr bekommen".
  {
    anchor: C.RECEIVE,
    need: [C.NEG | C.NEVER, C.MORE],
    window: 6,
    tier: "possible",
    kind: "hedged",
    unless: C.OKCALL | C.OTHERLIST | C.RECORD,
  },
  // Not wanting to keep receiving them: "not sure I want to keep getting these", "no quiero seguir recibiendo".
  {
    anchor: C.RECEIVE,
    need: [C.NEG | C.NEVER, C.KEEP],
    window: 8,
    tier: "possible",
    kind: "hedged",
    unless: C.OKCALL | C.OTHERLIST | C.RECORD,
    sentence: true,
  },
  // The calls named first, then stopped: "the promo calls, you stop those", "diese Werbeanrufe, die lassen Sie bitte".
  {
    anchor: C.STOP,
    need: [C.CALL],
    window: 10,
    tier: "asked",
    kind: "partial",
    sentence: true,
    unless: C.OKCALL | C.IF | C.NAMING,
  },
  { anchor: C.CALL, need: [C.ANNOY], window: 6, tier: "possible", kind: "indirect", unless: C.OKCALL, sentence: true },
  { anchor: C.CALL, need: [C.REPEAT], window: 6, tier: "possible", kind: "indirect", unless: C.OKCALL, sentence: true },
  // Partial and elliptic: "the promo calls, not anymore"; "whatever list I'm on, I'd like not to be on it anymore".
  {
    anchor: C.CALL,
    need: [C.NEG | C.NEVER, C.MORE],
    window: 12,
    tier: "possible",
    kind: "partial",
    sentence: true,
    unless: C.OKCALL,
  },
  {
    anchor: C.LIST,
    need: [C.NEG, C.MORE],
    window: 12,
    tier: "possible",
    kind: "removal",
    unless: C.OTHERLIST,
    sentence: true,
  },
  { anchor: C.SAY, need: [C.BEFORE, C.NEG | C.NOTINT], window: 10, tier: "possible", kind: "hedged", sentence: true },
];

/** A word of calling right before a name or a quotation names someone ("stop calling me 'madame'"). */
function names(text: string, mentions: readonly Mention[], i: number): boolean {
  const m = mentions[i]!;
  for (let j = i + 1; j < mentions.length && mentions[j]!.pos - m.pos <= 2; j++) {
    if (mentions[j]!.bits & C.NAMING) return true;
  }
  return /^(?: [a-z']+)?(?: me| moi| mich| mi)? "/.test(text.slice(m.end, m.end + 24));
}

/** Bits of every mention in the anchor's clause: what a clause is about counts at any distance. */
function clauseBits(mentions: readonly Mention[], a: Mention): number {
  return bitsOf(mentions, (m) => m.clause === a.clause);
}

function applies(
  rule: Rule,
  mentions: readonly Mention[],
  i: number,
  /** The line welcomes calls somewhere: only then is the anchor's sentence looked through for it. */
  welcomed: boolean,
): [number, number] | undefined {
  const a = mentions[i]!;
  const apart = (m: Mention) => (rule.sentence ? m.sentence !== a.sentence : m.clause !== a.clause);
  let near = 0;
  let from = a.at;
  let to = a.end;
  // The clauses the reading spans: "the old address is still in the system, take it out" reaches "system" across a
  // comma, and what undoes it there (another list) undoes it too.
  let first = a.clause;
  let last = a.clause;
  // A negation that denies saying ("I didn't say", "没说") is not the request's own: context.ts reads it.
  const own = (m: Mention) => (m.bits & C.SAY ? m.bits & ~(C.NEG | C.NEVER) : m.bits);
  for (let j = i - 1; j >= 0 && a.pos - mentions[j]!.pos <= rule.window; j--) {
    const m = mentions[j]!;
    if (apart(m)) break;
    if (!together(m, a)) continue;
    near |= own(m);
    if (rule.need.some((g) => own(m) & g)) {
      from = Math.min(from, m.at);
      first = Math.min(first, m.clause);
    }
  }
  for (let j = i + 1; j < mentions.length && mentions[j]!.pos - a.pos <= rule.window; j++) {
    const m = mentions[j]!;
    if (apart(m)) break;
    if (!together(m, a)) continue;
    near |= own(m);
    if (rule.need.some((g) => own(m) & g)) {
      to = Math.max(to, m.end);
      last = Math.max(last, m.clause);
    }
  }
  // A mention carrying two concepts ("never" is NEVER and NEG) counts for what it is besides the anchor.
  near |= a.bits & ~rule.anchor;
  if (rule.unless !== undefined) {
    const spanned =
      first === last ? clauseBits(mentions, a) : bitsOf(mentions, (m) => m.clause >= first && m.clause <= last);
    if (spanned & rule.unless) return undefined;
  }
  if (!rule.need.every((g) => near & g)) return undefined;
  // A weak reading against calls welcomed in the same sentence: "no, calls are fine, I never check texts".
  if (welcomed && rule.tier === "possible" && bitsOf(mentions, (m) => m.sentence === a.sentence) & C.OKCALL)
    return undefined;
  return [from, to];
}

const hit = (text: string, lang: string, tier: Tier, kind: Kind, at: number, end: number): Hit => ({
  tier,
  kind,
  lang,
  text: text.slice(at, end).trim().slice(0, 120),
  at,
  end,
});

/**
 * Calls asked for after `end`, in a clause of their own with no refusal in it: "I don't get letters anymore, call me
 * instead", "keine Briefe mehr, rufen Sie lieber an". A weak reading before it was about something else.
 */
function callsWantedAfter(mentions: readonly Mention[], end: number): boolean {
  const refusal = C.NEG | C.NEVER | C.STOP | C.MORE | C.REMOVE | C.ANNOY | C.REPEAT | C.NOTINT | C.IF;
  for (const m of mentions) {
    if (m.at < end || !(m.bits & C.CALL)) continue;
    if (!(clauseBits(mentions, m) & refusal)) return true;
  }
  return false;
}

/**
 * A weak reading about something else: receiving no more with calls asked for after it ("keine Briefe mehr bekommen,
 * rufen Sie lieber an"), or an elliptic "no more" whose clause receives something and names no call, the call in a
 * clause of its own ("ik krijg geen post meer, bellen is beter").
 */
function elsewhere(mentions: readonly Mention[], rule: Rule, anchor: Mention, span: [number, number]): boolean {
  if (rule.anchor === C.RECEIVE) return callsWantedAfter(mentions, span[1]);
  if (rule.kind !== "partial") return false;
  const first = mentions.find((x) => x.at >= span[0])!;
  if (first.clause === anchor.clause) return false;
  const bits = clauseBits(mentions, first);
  return (bits & C.RECEIVE) !== 0 && !(bits & C.CALL);
}

/**
 * Words that make a question or a refusal heated, in every language: "how did you even get my number", "woher haben
 * Sie überhaupt", "not interested. at all", "pas intéressé. du tout", "你们到底", "bilkul nahi".
 */
const INTENSE =
  /(?<![a-z])(?:even|ever|the hell|the heck|on earth|in the world|at all|whatsoever|absolutely|uberhaupt|eigenlijk|w ogole|du tout|absolument|para nada|en absoluto|nada|per niente|affatto|assolutamente|de jeito nenhum|nem um pouco|helemaal|totaal|wcale|bilkul|ma chi|ma come|ma dove|pero (?:de )?donde|mais (?:qui|comment|d'ou))(?![a-z])|到底|究竟|一点也|根本|一体|全然|まったく|全く|बिलकुल|बिल्कुल|ابدا|خالص|نهائي/;

/** A mention and the few words around it (a heated word may come before or after it). */
const around = (text: string, m: Mention) => text.slice(Math.max(0, m.at - 12), m.end + 24);

/**
 * Clauses whose stop or removal is denied ("don't stop calling", "band mat karo", "止めないで", "niet ophouden"): the
 * negation there is the stop's, so it does not make a refusal of the calls beside it.
 */
function deniedStops(text: string, mentions: readonly Mention[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < mentions.length; i++) {
    if (mentions[i]!.bits & (C.STOP | C.REMOVE) && negated(text, mentions, i)) out.add(mentions[i]!.clause);
  }
  return out;
}

/** The requests a callee's line makes, read from its concepts. */
export function conceptHits(text: string, mentions: readonly Mention[]): Hit[] {
  const hits: Hit[] = [];
  let all = 0;
  for (const m of mentions) all |= m.bits;
  const denied = deniedStops(text, mentions);
  for (let i = 0; i < mentions.length; i++) {
    const m = mentions[i]!;
    if (m.bits & C.CALL && names(text, mentions, i)) continue;
    if (m.bits & (C.STOP | C.REMOVE) && negated(text, mentions, i)) continue;
    for (const rule of REQUEST_RULES) {
      if (!(m.bits & rule.anchor)) continue;
      if (denied.has(m.clause) && rule.need.some((g) => g & C.NEG)) continue;
      const span = applies(rule, mentions, i, (all & C.OKCALL) !== 0);
      if (span === undefined) continue;
      if (rule.tier === "possible" && elsewhere(mentions, rule, m, span)) break;
      hits.push(hit(text, m.lang, rule.tier, rule.kind, span[0], span[1]));
      break;
    }
  }
  // Across the line's sentences: withdrawing what was agreed ("I said you could call me. I take that back").
  const withdraw = mentions.find((m) => m.bits & C.WITHDRAW);
  if (withdraw !== undefined && all & (C.CONSENT | C.OKCALL)) {
    hits.push(hit(text, withdraw.lang, "asked", "revocation", withdraw.at, withdraw.end));
  }
  // A refusal with annoyance, heated ("not interested. at all") or said again ("Not interested. Not interested.").
  const refusal = mentions.find((m) => m.bits & C.NOTINT);
  const again = refusal !== undefined && mentions.some((m) => m.bits & C.NOTINT && m.at >= refusal.end);
  if (refusal !== undefined && (all & (C.ANNOY | C.REPEAT) || again || INTENSE.test(around(text, refusal)))) {
    hits.push(hit(text, refusal.lang, "possible", "hedged", refusal.at, refusal.end));
  }
  // "How did you get my number?" with a refusal or heated ("how did you even…"): hostile, not only curious.
  const howGot = mentions.find((m) => m.bits & C.HOWGOT);
  if (howGot !== undefined && (all & (C.NOTINT | C.NEG | C.NEVER | C.ANNOY) || INTENSE.test(around(text, howGot)))) {
    hits.push(hit(text, howGot.lang, "possible", "hedged", howGot.at, howGot.end));
  }
  return hits;
}
