/**
 * Whether a word of stopping or removing is itself denied ("don't take me off", "I don't want you to stop calling"),
 * read from a line's concepts in any word order: the negation before it, past its object, or after the verb.
 */
import { C, type Mention } from "./concepts.js";

/** Words after a negation that do not negate what follows: "I don't know, just take me off". */
const NOT_NEGATING = /^\s*(?:know|care|mind|think|se|sais|sai|weiss|weet|so|sei|wiem|pata)(?![a-z])/;

/**
 * The negation at j ends what came just before it, nearer than the stop after it: "num me liga mais não, tira meu
 * número" (the Brazilian "não" closes "liga mais"), not "não tira".
 */
function closerBefore(mentions: readonly Mention[], j: number, stop: Mention): boolean {
  const n = mentions[j]!;
  for (let k = j - 1; k >= 0 && n.pos - mentions[k]!.pos <= 2; k--) {
    const b = mentions[k]!;
    if (b.clause === n.clause && b.bits & (C.CALL | C.MORE) && n.pos - b.pos < stop.pos - n.pos) return true;
  }
  return false;
}

/**
 * A word of stopping or removing that is itself denied: "don't take me off", "I don't want you to stop calling",
 * "no need to remove me". A request made of a negation ("no more calls") is not this: only a stop or a removal is.
 */
export function negated(text: string, mentions: readonly Mention[], i: number): boolean {
  const m = mentions[i]!;
  // Before it, a few words back, past its object ("u hoeft mij niet van de lijst te halen").
  for (let j = i - 1; j >= 0 && m.pos - mentions[j]!.pos <= 6; j--) {
    const n = mentions[j]!;
    if (n.clause !== m.clause) break;
    if (n.bits & (C.CALL | C.STOP | C.REMOVE | C.MORE) || (n.bits & C.LIST && m.pos - n.pos > 3)) break;
    if (n.bits & (C.NEG | C.NEVER))
      return !NOT_NEGATING.test(text.slice(n.end, n.end + 12)) && !closerBefore(mentions, j, m);
  }
  // Verb first, negation after: "nehmen Sie mich nicht von der Liste", "haal me niet van de lijst".
  for (let j = i + 1; j < mentions.length && mentions[j]!.pos - m.pos <= 3; j++) {
    const n = mentions[j]!;
    // Another language's reading of the same words ("no estar" is also English "no") is not after it.
    if (n.at < m.end) continue;
    if (n.clause !== m.clause || !(n.bits & (C.ME | C.YOU | C.NEG))) return false;
    if (n.bits & C.NEG) return !(n.bits & C.MORE);
  }
  return false;
}
