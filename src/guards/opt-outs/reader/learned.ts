/**
 * The learned reader: a small logistic model trained on every labelled set of test/opt-out-eval (npm run
 * train:opt-outs), asked only when the rules heard nothing. Its yes makes the reading `possible` (the number is held
 * for an operator's review), never `asked`, and it never lowers or removes what the rules heard. The weights are read
 * from learned-weights.json on the first reading, not at start-up; in the bundle, from a CommonJS copy beside the code
 * (scripts/build.mjs sets BUNDLED_OPT_OUT_WEIGHTS_FILE). If they cannot be read, the rules alone read the call, and
 * that is said.
 */
import { createRequire } from "node:module";
import type { CallRecord } from "../../../service/shapes.js";
import { calleeLines, calleeLinesOf } from "./learned-features.js";
import { scoreLine, unpack, type Model, type PackedModel } from "./learned-model.js";
import type { ReaderMatch, TranscriptView } from "./reader.js";

declare const BUNDLED_OPT_OUT_WEIGHTS_FILE: string | undefined;

export const LEARNED_EVIDENCE = "learned reader";

let model: Model | undefined;
let failure: string | undefined;

function loaded(): Model | undefined {
  if (model === undefined && failure === undefined) {
    try {
      const where =
        typeof BUNDLED_OPT_OUT_WEIGHTS_FILE === "string" ? BUNDLED_OPT_OUT_WEIGHTS_FILE : "./learned-weights.json";
      // A plain require of a computed name: esbuild leaves it alone (not bundled into the start-up code).
      model = unpack(createRequire(import.meta.url)(where) as PackedModel);
    } catch (error) {
      failure = error instanceof Error ? error.message.slice(0, 200) : "error";
      process.stderr.write(
        `outbound-calls-mcp: opt-out reader: the learned reader's weights could not be read (${failure}); the rules read calls alone\n`,
      );
    }
  }
  return model;
}

/** Sets the model used (the trainer's cross-validation, tests); undefined goes back to the file's. */
export function useLearnedModel(m: Model | undefined): void {
  model = m;
  failure = undefined;
}

/** The highest score among the callee's lines, and the turn it was given to; undefined when there is no line. */
export function learnedScore(
  record: CallRecord,
  agentNames: readonly string[],
  m: Model,
  view?: TranscriptView,
): { score: number; turn: number } | undefined {
  const raw = record.transcript ?? record.conversation ?? record.messages ?? record.turns ?? record.utterances;
  if (raw === undefined || raw === null) return undefined;
  let best: { score: number; turn: number } | undefined;
  for (const line of view ? calleeLinesOf(view) : calleeLines(raw, agentNames)) {
    // A no to the agent's offer to stop is read by the rules, in context: the learned reader does not overrule it.
    if (line.declined) continue;
    const score = scoreLine(m, line.features);
    if (best === undefined || score > best.score) best = { score, turn: line.turn };
  }
  return best;
}

/**
 * The learned reader's word on a call the rules read as `none` (`view`: the transcript as they parsed it): a
 * `possible` match when its score reaches the threshold. Never throws: a fault is put in `unreadable`, and the rules' reading stands.
 */
export function learnedMatch(
  record: CallRecord,
  agentNames: readonly string[],
  unreadable: string[],
  view?: TranscriptView,
): ReaderMatch | undefined {
  try {
    const m = loaded();
    if (m === undefined) {
      unreadable.push(`transcript: not read by the learned reader (its weights could not be read)`);
      return undefined;
    }
    const best = learnedScore(record, agentNames, m, view);
    if (best === undefined || best.score < m.threshold) return undefined;
    return {
      where: "transcript",
      text: `${LEARNED_EVIDENCE}, score ${best.score.toFixed(2)}, turn ${best.turn}`,
      tier: "possible",
      category: "learned",
      turn: best.turn,
    };
  } catch (error) {
    unreadable.push(`transcript: the learned reader failed (${error instanceof Error ? error.name : "error"})`);
    return undefined;
  }
}
