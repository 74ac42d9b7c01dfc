/**
 * Binary logistic regression with L2, trained by AdaGrad over the examples in a seeded order: the same examples give
 * the same weights, bit for bit. Written here rather than taken from a library because it is forty lines, the data
 * are a few thousand sparse rows, and a library would bring native code or a float order we cannot pin down.
 */
import { FEATURE_BITS, type LineFeatures } from "../../src/guards/opt-outs/reader/learned-features.js";

export interface Example {
  features: LineFeatures;
  positive: boolean;
}

export interface Trained {
  weights: Map<number, number>;
  bias: number;
}

const EPOCHS = 15;
const RATE = 0.3;
const L2 = 1e-5;
const SEED = 34;

/** mulberry32: a small seeded generator, for the order of the examples in each epoch. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function train(examples: readonly Example[]): Trained {
  const w = new Float64Array(1 << FEATURE_BITS);
  const g2 = new Float64Array(1 << FEATURE_BITS);
  let bias = 0;
  let biasG2 = 0;
  const random = seeded(SEED);
  const order = examples.map((_, i) => i);
  // Positives are fewer than the lines that say nothing: each counts as much as the negatives together.
  const positives = examples.filter((e) => e.positive).length;
  const weightOf = (e: Example) => (e.positive ? (examples.length - positives) / Math.max(1, positives) / 2 + 0.5 : 1);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const k of order) {
      const e = examples[k]!;
      const { slots, values } = e.features;
      let z = bias;
      for (let i = 0; i < slots.length; i++) z += w[slots[i]!]! * values[i]!;
      const p = 1 / (1 + Math.exp(-z));
      const err = (p - (e.positive ? 1 : 0)) * weightOf(e);
      for (let i = 0; i < slots.length; i++) {
        const s = slots[i]!;
        const g = err * values[i]! + L2 * w[s]!;
        g2[s]! += g * g;
        w[s]! -= (RATE * g) / Math.sqrt(g2[s]! + 1e-8);
      }
      biasG2 += err * err;
      bias -= (RATE * err) / Math.sqrt(biasG2 + 1e-8);
    }
  }
  const weights = new Map<number, number>();
  for (let s = 0; s < w.length; s++) if (w[s] !== 0) weights.set(s, w[s]!);
  return { weights, bias };
}
