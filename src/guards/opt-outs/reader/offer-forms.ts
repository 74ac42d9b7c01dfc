/**
 * Whether an agent's line is an offer to stop the calls, as a question or in two other forms. A removal stated with a
 * courtesy condition of nothing but the callee's wish ("I can take you off our list if you'd prefer.", "Ik kan u uit
 * ons belbestand halen als u dat liever heeft.", "Si quiere, puedo dejar de llamarle.") awaits an answer as a question
 * does: a yes takes it, a no declines it. A question about the callee's past ("Have you ever asked a company to stop
 * calling you?", "Avez-vous déjà demandé…", "Le è mai capitato di…") is a survey's, and its yes asks for nothing.
 */
import { bitsOf, C, type Mention } from "./concepts.js";
import type { Lexicon } from "./lexicon.js";

/**
 * The line states a removal on a courtesy condition, in one of its languages: the condition first (most lines have
 * none), then no instruction to say a word ("say stop calling me if you want" tells how, it offers nothing), then the
 * removal, in the agent's acts or in an offer's words ("I can take you off our list").
 */
export function offeredOnCourtesy(
  line: string,
  langs: readonly Lexicon[],
  read: () => { mentions: readonly Mention[]; removal: boolean },
): boolean {
  const courteous = langs.filter((l) => l.courtesy?.test(line) === true);
  if (courteous.length === 0) return false;
  const { mentions, removal } = read();
  if (bitsOf(mentions) & C.SAY) return false;
  return removal || courteous.some((l) => l.offer?.test(line) === true);
}

/** The question asks what the callee has done before, in one of its languages. */
export function asksAboutThePast(question: string, langs: readonly Lexicon[]): boolean {
  return langs.some((l) => l.past?.test(question) === true);
}

/**
 * An offer or a keep question counts only as a question, at the end of the agent's turn: "Shall I remove you?", or an
 * offer followed by a short question ("I can add you to our do-not-call list. Would you like that?"). A statement
 * ("if you ever want us to stop, just say so") is not one.
 */
export function asks(sentences: readonly string[], re: RegExp | undefined): boolean {
  if (re === undefined || sentences.length === 0) return false;
  const last = sentences.at(-1)!;
  const asked = /[?]/.test(last) || !/[.!]/.test(last);
  if (!asked) return false;
  if (re.test(last)) return true;
  const before = sentences.at(-2);
  return before !== undefined && last.length <= 40 && re.test(before);
}
