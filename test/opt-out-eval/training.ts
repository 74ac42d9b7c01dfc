/**
 * The learned reader's training (npm run train:opt-outs): every labelled item of the folders given becomes the
 * callee's lines of its call (learned-features.ts), each line an example. A one-line answer is its label; every line
 * of a call labelled `none` is a negative; in a call labelled `asked` or `possible` the positive line is the one the
 * rules heard it in, else the one a first model scores highest (which line said it is not labelled), and its other
 * lines are left out. The threshold is chosen by leaving out each folder in turn (cv.ts).
 */
import type { CallRecord } from "../../src/service/shapes.js";
import { calleeLines, type CalleeLine } from "../../src/guards/opt-outs/reader/learned-features.js";
import {
  pack,
  scoreLine,
  unpack,
  type Model,
  type PackedModel,
} from "../../src/guards/opt-outs/reader/learned-model.js";
import { readCall } from "../../src/guards/opt-outs/reader/reader.js";
import { recordOf, type EvalItem } from "./evaluate.js";
import { train, type Example } from "./logistic.js";

/** Features kept in the file, by |weight|: enough for the sets, small enough to load in milliseconds. */
export const KEEP_FEATURES = 24_000;

export interface Prepared {
  item: EvalItem;
  folder: string;
  record: CallRecord;
  names: readonly string[];
  lines: CalleeLine[];
  positive: boolean;
  /** The rules heard something (their reading is not `none`). */
  rules: boolean;
  /** The callee line the rules heard it in, when they did. */
  ruleLine: number | undefined;
}

export function prepare(item: EvalItem, folder: string): Prepared {
  const record = recordOf(item) as CallRecord;
  const names = item.agent_names ?? [];
  const raw = record.transcript ?? record.conversation ?? record.messages ?? record.turns ?? record.utterances;
  const lines = raw === undefined || raw === null ? [] : calleeLines(raw, names);
  const { matches } = readCall(record, names);
  const turns = new Set(matches.map((m) => m.turn));
  const ruleLine = lines.findIndex((l) => turns.has(l.turn));
  return {
    item,
    folder,
    record,
    names,
    lines,
    positive: item.label !== "none",
    rules: matches.length > 0,
    ruleLine: ruleLine >= 0 ? ruleLine : undefined,
  };
}

/** The highest score among an item's lines (0 when it has none). */
export function itemScore(m: Model, p: Prepared): number {
  let best = 0;
  // As the reader asks it (learned.ts): a line whose reading the rules' word decides is not scored.
  for (const l of p.lines) if (!l.declined) best = Math.max(best, scoreLine(m, l.features));
  return best;
}

function examplesOf(items: readonly Prepared[], first: Model | undefined): Example[] {
  const out: Example[] = [];
  for (const p of items) {
    if (p.lines.length === 0) continue;
    if (!p.positive) {
      for (const l of p.lines) out.push({ features: l.features, positive: false });
      continue;
    }
    let at = p.lines.length === 1 ? 0 : p.ruleLine;
    if (at === undefined && first !== undefined) {
      const scores = p.lines.map((l) => scoreLine(first, l.features));
      at = scores.indexOf(Math.max(...scores));
    }
    if (at !== undefined) out.push({ features: p.lines[at]!.features, positive: true });
  }
  return out;
}

/** Two rounds: lines known first, then the positive calls' likeliest lines added. */
export function trainOn(items: readonly Prepared[], threshold: number, trainedOn: string): PackedModel {
  const first = train(examplesOf(items, undefined));
  const firstModel = unpack(pack(first.weights, first.bias, threshold, KEEP_FEATURES, trainedOn));
  const second = train(examplesOf(items, firstModel));
  return pack(second.weights, second.bias, threshold, KEEP_FEATURES, trainedOn);
}
