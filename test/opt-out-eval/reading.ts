/**
 * What the reader's unit tests share: a callee's answer after the agent's opening as a record, the rules' reading
 * alone (readCall: what a rule decides, whatever the learned reader's weights say), and a learned model that says yes
 * to every line (so only the rules' word keeps a line from it).
 */
import type { OptOutStatus } from "../../src/guards/opt-outs/reading.js";
import { readCall } from "../../src/guards/opt-outs/reader/reader.js";
import type { Model } from "../../src/guards/opt-outs/reader/learned-model.js";

export const OPENING = "Hi, this is Sam from Brightside. Do you have a minute?";

/** A call of two turns: the agent's line, then the callee's. */
export const answerRecord = (said: string, agent = OPENING) => ({
  id: "c",
  transcript: [
    { role: "assistant", text: agent },
    { role: "user", text: said },
  ],
});

/** A call from [role, text] pairs. */
export const callRecord = (lines: ReadonlyArray<readonly [string, string]>) => ({
  id: "c",
  transcript: lines.map(([role, text]) => ({ role, text })),
});

/** The rules' reading alone. */
export function rulesStatus(record: { id: string; transcript: unknown }): OptOutStatus {
  const { matches } = readCall(record, []);
  return matches.length === 0 ? "none" : matches[0]!.tier;
}

/** Every line scores about 1: an empty table of weights and a large bias. */
export const YES_TO_ALL: Model = {
  bias: 20,
  threshold: 0.5,
  keys: new Int32Array(8).fill(-1),
  values: new Float32Array(8),
  mask: 7,
};
