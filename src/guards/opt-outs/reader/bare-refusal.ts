/**
 * A line the learned reader is not asked about, because it refuses the offer and asks nothing of the calls: a bare
 * "no" ("No thanks."), a farewell alone ("Night."), or a refusal said with thanks ("Not interested, thank you.",
 * "Non mi interessa, grazie."). The labelling policy holds a hostile "not interested" as possible and a polite one as
 * no request; the thanks is what tells them apart in so few words. Folded text, whole line.
 */
import { C, onlyNegations, type Mention } from "./concepts.js";
import { farewellAlone } from "./farewell.js";

/** Thanks in every language read: said with a refusal, it is a polite one. */
const THANKS =
  /(?<![a-z])(?:thanks|thank you|thx|gracias|merci|danke|obrigad[oa]|grazie|dziekuje|dzieki|bedankt|dank (?:je|u)|shukriya|dhanyavaad)(?![a-z])|谢谢|謝謝|多谢|ありがとう|どうも|शुक्रिया|धन्यवाद|شكرا/;
const MOST_WORDS = 6;
/** What a polite refusal is made of: a no, a not interested, and the pronouns around them ("no me interesa"). */
const REFUSAL_WORDS = C.NEG | C.NEVER | C.NOTINT | C.ME | C.YOU;

export function bareRefusal(folded: string, answeredNo: boolean, mentions: readonly Mention[]): boolean {
  const words = folded.split(" ").length;
  if (answeredNo && words <= 4 && onlyNegations(mentions)) return true;
  if (farewellAlone(folded)) return true;
  return (
    words <= MOST_WORDS &&
    mentions.some((m) => m.bits & C.NOTINT) &&
    mentions.every((m) => (m.bits & ~REFUSAL_WORDS) === 0) &&
    THANKS.test(folded)
  );
}
