/**
 * A "no" taken back at once ("No— I mean yes, stop.", "Non… enfin si, arrêtez.", "Nein, ich meine ja",
 * "Nahi... matlab haan"): the answer is the yes that corrects it, read in the line's first two sentences. Only with a
 * word of correction: "No. Yes, I'm sure." confirms the no.
 */
import type { Lexicon } from "./lexicon.js";

/** Words that mark a correction ("I mean"), with the marks around them; a yes without one may confirm the no. */
const CORRECTION =
  /^[\s,.!?;:"'~、。]*(?:i mean|i meant|digo|quiero decir|o sea|enfin|je veux dire|ich meine|ich mein|quer dizer|ou melhor|cioe|volevo dire|anzi|ik bedoel|to znaczy|znaczy|matlab|mera matlab|あ|我是说|不对)[\s,.!?;:"'~、。]*/;
/** A yes of any language read, where the lexicons' own yes may not list it ("si" answering a negative question). */
const ANY_YES = /^(?:yes|yeah|yep|si|oui|ja|sim|tak|haan|han|はい|是|对|نعم)(?![a-z])/;

export function correctedToYes(opening: string, langs: readonly Lexicon[]): boolean {
  for (const l of langs) {
    const no = l.no.exec(opening);
    if (no === null) continue;
    const marked = CORRECTION.exec(opening.slice(no[0].length));
    if (marked === null) continue;
    const rest = opening.slice(no[0].length + marked[0].length);
    if (rest.length > 0 && (ANY_YES.test(rest) || langs.some((y) => y.yes.test(rest)))) return true;
  }
  return false;
}
