/**
 * What an agent's line does, read from its concepts (concepts.ts): offer removal, ask whether to keep calling, confirm
 * a removal. The reader weighs the callee's answer against it (a yes to the offer, a no to keeping the calls).
 */
import { bitsOf, C, type Mention } from "./concepts.js";

export interface AgentActs {
  offer: boolean;
  keep: boolean;
  confirm: boolean;
  /** Removal or an end to the calls spoken of in any form: asked, stated, offered on a condition or as a choice. */
  removal: boolean;
}

/** Bits of the mentions in one sentence. */
function sentenceBits(mentions: readonly Mention[], sentence: number): number {
  return bitsOf(mentions, (m) => m.sentence === sentence);
}

const stops = (b: number) =>
  (b & C.REMOVE && b & (C.LIST | C.NUMBER | C.YOU | C.CALL) && !(b & C.OTHERLIST)) ||
  (b & C.CALL && b & (C.STOP | C.NEG | C.NEVER));

/** A short tag after the last comma, asked: ", ok?", ", vale?", ", d'accord?". */
const TAG = /,\s*[^\s,]{1,10}(?:\s[^\s,]{1,10})?\s*[?？؟]\s*$/;

/**
 * The line's last sentence is an instruction on a condition ending in a tag, not a question: "if you ever want us
 * to stop calling, just say stop, ok?". The tag names nothing; a condition is in the sentence.
 */
export function taggedInstruction(text: string, mentions: readonly Mention[]): boolean {
  const tag = TAG.exec(text);
  if (tag === null || mentions.length === 0) return false;
  const sentence = mentions.at(-1)!.sentence;
  return mentions.every((m) => m.at < tag.index) && (bitsOf(mentions, (m) => m.sentence === sentence) & C.IF) !== 0;
}

/**
 * What an agent's line does, read from its concepts: an offer to stop or remove and a question whether to keep
 * calling count as questions only: the last sentence asked ("?"), or cut off ("…so we don't call again. Would
 * you—"), or left unpunctuated when it is not a condition or an instruction ("say stop if you want"), or a sentence
 * followed by a short question ("I can take you off our list. Would you like that?"). A confirmation is a statement,
 * not conditional, not quoting, not about someone else, not limited to one matter (`limited`: "about this").
 */
export function agentActs(
  text: string,
  mentions: readonly Mention[],
  cutOff = false,
  limited: (sentence: string) => boolean = () => false,
): AgentActs {
  const acts: AgentActs = { offer: false, keep: false, confirm: false, removal: false };
  if (mentions.length === 0) return acts;
  const sentences = text.split(/(?<=[.!?;])\s+/);
  const last = sentences.length - 1;
  const asked = (s: string) => /\?\s*$/.test(s);
  const open = (s: string) => !/[.!?;]\s*$/.test(s);
  const tail = sentences[last]!;
  // A short question after a sentence asks about it ("…off our list. Would you like that?"), unless it makes an offer
  // of its own: then the sentence before is its context ("You said we call too much. Shall we stop calling?").
  const shortQuestion = tail.length <= 40 && (asked(tail) || open(tail)) && !stops(sentenceBits(mentions, last));
  for (let s = 0; s <= last; s++) {
    const b = sentenceBits(mentions, s);
    const own = sentences[s]!;
    const question =
      (s === last &&
        ((asked(own) && !taggedInstruction(text, mentions)) || (open(own) && (cutOff || !(b & (C.IF | C.SAY)))))) ||
      (s === last - 1 && shortQuestion);
    if (question) {
      if (stops(b)) acts.offer = true;
      // Calls asked about as a permission count too: "क्या हम आगे भी आपको कॉल कर सकते हैं?" ("may we call you further?").
      else if (b & (C.CALL | C.OKCALL) && b & (C.KEEP | C.MORE) && !(b & C.IF)) acts.keep = true;
    } else if (
      !asked(own) &&
      // Not "I've noted that you still want calls": the calls kept, not stopped; nor another thing removed ("the fee").
      !(b & (C.IF | C.THIRD | C.SAY | C.KEEP | C.OKCALL | C.OTHERLIST)) &&
      stops(b) &&
      b & (C.YOU | C.NUMBER | C.MORE | C.STOP) &&
      !limited(own)
    ) {
      acts.confirm = true;
    }
  }
  // Clause by clause: "would you like to schedule one, or I can remove you" names a schedule in another clause.
  const clauses = new Map<number, number>();
  for (const m of mentions) clauses.set(m.clause, (clauses.get(m.clause) ?? 0) | m.bits);
  for (const b of clauses.values()) if (stops(b) && !(b & (C.THIRD | C.OKCALL))) acts.removal = true;
  return acts;
}

/**
 * An offer made on a condition, the agent's way of telling the callee how to stop the calls: "if you'd rather we
 * didn't call, just let me know", "Wenn Sie keine Erinnerungsanrufe mehr wünschen, sagen Sie …", "如果您不想接到提醒电话，
 * 可以说…", "अगर आप नहीं चाहते कि हम कॉल करें तो बता दीजिए". The condition is the addressee's wish about the calls (a "you"
 * with a wish or a word of receiving, or followed by an instruction to say so), with nothing of the speaker's own
 * calls in it ("if you call me again…" is the callee's); what follows asks nothing for the speaker unless it is an
 * instruction ("just tell me"). A complaint or a threat in the sentence is the callee's.
 */
export function offersOnCondition(mentions: readonly Mention[]): boolean {
  for (const cond of mentions) {
    if (!(cond.bits & C.IF)) continue;
    // A condition marked at its end ("お電話がご不要でしたら", nothing after the marker in its clause) is the clause
    // before the marker.
    const final = !mentions.some((m) => m.clause === cond.clause && m.at > cond.at);
    const sentence = mentions.filter(
      (m) => m.sentence === cond.sentence && (m.at >= cond.at || (final && m.clause === cond.clause)),
    );
    // "if you want us to stop calling": the "us" wanted of is the calling side, not the speaker as the callee.
    const inCondition = sentence.filter(
      (m, k) =>
        m.clause === cond.clause &&
        !(m.bits === C.ME && k > 0 && sentence[k - 1]!.bits & C.WANT && m.pos - sentence[k - 1]!.pos === 1),
    );
    const rest = sentence.filter((m) => m.clause !== cond.clause);
    const c = bitsOf(inCondition);
    const r = bitsOf(rest);
    const all = c | r;
    if (!(c & C.YOU) || c & C.ME || all & (C.ANNOY | C.REPEAT | C.HOWGOT)) continue;
    if (!(all & (C.CALL | C.RECEIVE | C.REMOVE | C.STOP))) continue;
    const wish = c & (C.WANT | C.RECEIVE);
    const instruction = r & (C.SAY | C.IF);
    if ((wish || instruction) && (!(r & C.ME) || instruction)) return true;
  }
  return false;
}

/**
 * The agent's question from sentence `from` on asks to remove something else than the person, the number or the
 * calls: an item of an order, a cart, a booking ("remove anything from your order?", "togliere qualcosa dal
 * carrello?", "iets van uw bestelling verwijderen?"). A yes to it asks for nothing.
 */
export function removesElsewhere(mentions: readonly Mention[], from: number): boolean {
  const bits = bitsOf(mentions, (m) => m.sentence >= from);
  if (!(bits & C.OTHERLIST) || bits & (C.LIST | C.NUMBER | C.CALL)) return false;
  // A person removed is one named in the question itself ("remove me from the order?"); the agent's "we have an old
  // address" before it names the agent.
  const asked = mentions.at(-1)?.sentence;
  return !mentions.some((m) => m.sentence >= from && m.bits & C.ME && m.sentence === asked);
}
