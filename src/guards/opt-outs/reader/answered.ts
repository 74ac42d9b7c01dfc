/**
 * A question told apart by its answer, where the speakers are not known (texts alone, or labels the call's evidence
 * could not decide): a turn that offers to stop the calls, answered by the next with a no that welcomes them ("Não,
 * não para", "いやいや、やめないでください", "नहीं बेटा, बंद मत करो"), or that asks whether to keep calling, answered by a
 * yes that welcomes them or denies having asked ("Ja, toch wel. Ik heb nooit gezegd dat ge moet stoppen"), is the
 * agent's: a callee who asks to stop is not told "don't stop". Its words are then not read as the callee's request.
 * A refusal worded as the calling side's ("No, we won't stop") welcomes nothing: the request before it stays heard.
 */
import type { LineReading } from "./line.js";
import type { Role } from "./speakers.js";
import type { RawTurn } from "./turns.js";
import { deniesStop } from "./cues.js";
import { foldSpeech } from "./text.js";

/** The roles, with each such question of a speaker not known given to the agent. */
export function answeredQuestions(
  roles: readonly Role[],
  readings: readonly LineReading[],
  turns: readonly RawTurn[],
): Role[] {
  const out = [...roles];
  for (let i = 0; i + 1 < readings.length; i++) {
    // The cheap tests first: a speaker not known, a line that asks, a next line that answers.
    if (roles[i] === "agent" || roles[i] === "callee") continue;
    const q = readings[i]!;
    if (!q.offer && !q.keep) continue;
    let j = i + 1;
    while (j < readings.length && readings[j]!.silent) j++;
    if (j === readings.length || roles[j] === "agent") continue;
    const a = readings[j]!;
    const declined = q.offer && a.answer === "no" && a.accepts;
    const kept =
      q.keep && !q.offer && a.answer === "yes" && (a.accepts || a.setAside || deniesStop(foldSpeech(turns[j]!.text)));
    if (declined || kept) out[i] = "agent";
  }
  return out;
}
