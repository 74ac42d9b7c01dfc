/**
 * Leave-one-folder-out cross-validation of the learned reader: each folder (a writer, or a round written after a
 * freeze) is scored by a model trained without it. The threshold kept is the one with the highest recall of the
 * rules and the learned reader together whose precision, pooled over the folds, stays at least MIN_PRECISION, and
 * whose learned reader alone does too: the rules were written on these very folders, so their figures here flatter
 * them, and only the learned reader's own are measured on items it never saw.
 */
import { unpack } from "../../src/guards/opt-outs/reader/learned-model.js";
import { count, precision, recall, type Counts } from "./evaluate.js";
import { itemScore, trainOn, type Prepared } from "./training.js";

export const MIN_PRECISION = 0.92;
/**
 * Thresholds tried: 0.55 to 0.99. Lower, the learned reader holds everyday lines ("I stopped by the store yesterday")
 * once the rules' own precision leaves the pooled figure room for it.
 */
const THRESHOLDS = Array.from({ length: 45 }, (_, i) => 0.55 + i / 100);

export interface Scored {
  p: Prepared;
  /** The score of a model trained without this item's folder. */
  score: number;
}

export function crossValidate(items: readonly Prepared[], folders: readonly string[]): Scored[] {
  const out: Scored[] = [];
  for (const folder of folders) {
    const model = unpack(
      trainOn(
        items.filter((p) => p.folder !== folder),
        1,
        `cv without ${folder}`,
      ),
    );
    for (const p of items) if (p.folder === folder) out.push({ p, score: itemScore(model, p) });
  }
  return out;
}

type Reader = (s: Scored) => boolean;
const rulesAlone: Reader = (s) => s.p.rules;
const together =
  (t: number): Reader =>
  (s) =>
    s.p.rules || s.score >= t;
const learnedAlone =
  (t: number): Reader =>
  (s) =>
    s.score >= t;

function counted(scored: readonly Scored[], said: Reader): Counts {
  return count(scored.map((s) => ({ item: s.p.item, said: said(s) ? ("possible" as const) : ("none" as const) })));
}

/**
 * The highest recall together whose pooled precision, together and of the learned reader alone, is at least
 * MIN_PRECISION (the highest threshold on a tie).
 */
export function chooseThreshold(scored: readonly Scored[]): number {
  let best = { t: 0.99, recall: -1 };
  for (const t of THRESHOLDS) {
    const c = counted(scored, together(t));
    const alone = precision(counted(scored, learnedAlone(t)));
    if (precision(c) >= MIN_PRECISION && alone >= MIN_PRECISION && recall(c) >= best.recall)
      best = { t, recall: recall(c) };
  }
  return best.t;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const pr = (c: Counts) => `${pct(precision(c))} / ${pct(recall(c))}`.padEnd(16);

/** The table: per folder left out, precision / recall of the rules alone, the two together, the learned alone. */
export function cvTable(scored: readonly Scored[], folders: readonly string[], t: number): string {
  const lines = [
    `leave-one-folder-out, threshold ${t.toFixed(2)} (precision / recall; "heard" counts asked and possible)`,
    `${"folder left out".padEnd(16)} ${"items".padStart(5)}  ${"rules alone".padEnd(16)} ${"rules + learned".padEnd(16)} ${"learned alone".padEnd(16)} added (right/wrong)`,
  ];
  const row = (name: string, part: readonly Scored[]) => {
    const added = part.filter((s) => !s.p.rules && s.score >= t);
    const right = added.filter((s) => s.p.positive).length;
    lines.push(
      `${name.padEnd(16)} ${String(part.length).padStart(5)}  ${pr(counted(part, rulesAlone))} ${pr(counted(part, together(t)))} ${pr(counted(part, learnedAlone(t)))} ${right}/${added.length - right}`,
    );
  };
  for (const f of folders)
    row(
      f,
      scored.filter((s) => s.p.folder === f),
    );
  row("pooled", scored);
  return lines.join("\n");
}
