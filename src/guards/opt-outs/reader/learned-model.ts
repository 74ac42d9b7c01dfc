/**
 * The learned reader's weights as the trainer writes them (learned-weights.json) and as the reader scores with them:
 * the features kept (slots, delta-coded as base-128 varints), their weights (16-bit integers times a scale), the bias
 * and the threshold chosen by cross-validation. Kept in an open-addressing table: a lookup per feature, no big array.
 */
import { FEATURE_BITS, type LineFeatures } from "./learned-features.js";

export interface PackedModel {
  /** The format: a file of another version is not read. */
  version: 1;
  featureBits: number;
  threshold: number;
  bias: number;
  scale: number;
  /** Base64 of the slots, ascending, each as the varint of its distance from the one before. */
  slots: string;
  /** Base64 of the weights, little-endian 16-bit integers; a weight is the integer times `scale`. */
  weights: string;
  /** What it was trained on (folders and counts), for people. */
  trainedOn: string;
}

export interface Model {
  bias: number;
  threshold: number;
  keys: Int32Array;
  values: Float32Array;
  mask: number;
}

/** Weights to the file's form: the largest `keep` by |weight| (ties by slot), quantized to 16 bits. */
export function pack(
  weights: ReadonlyMap<number, number>,
  bias: number,
  threshold: number,
  keep: number,
  trainedOn: string,
): PackedModel {
  const kept = [...weights.entries()]
    .filter(([, w]) => w !== 0)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || a[0] - b[0])
    .slice(0, keep)
    .sort((a, b) => a[0] - b[0]);
  const largest = kept.reduce((m, [, w]) => Math.max(m, Math.abs(w)), 0);
  const scale = largest > 0 ? Number((largest / 32_767).toPrecision(8)) : 1;
  const bytes: number[] = [];
  let previous = 0;
  for (const [slot] of kept) {
    let d = slot - previous;
    previous = slot;
    while (d >= 0x80) {
      bytes.push((d & 0x7f) | 0x80);
      d >>>= 7;
    }
    bytes.push(d);
  }
  const ints = new Int16Array(kept.map(([, w]) => Math.round(w / scale)));
  return {
    version: 1,
    featureBits: FEATURE_BITS,
    threshold: Number(threshold.toFixed(4)),
    bias: Number(bias.toPrecision(8)),
    scale,
    slots: Buffer.from(bytes).toString("base64"),
    weights: Buffer.from(ints.buffer, ints.byteOffset, ints.byteLength).toString("base64"),
    trainedOn,
  };
}

/** The file's form to a table to score with; throws on a file of another form (the caller says so). */
export function unpack(p: PackedModel): Model {
  if (p.version !== 1 || p.featureBits !== FEATURE_BITS) throw new Error("learned weights of another format");
  const bytes = Buffer.from(p.slots, "base64");
  const raw = Buffer.from(p.weights, "base64");
  const ints = new Int16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  let size = 1;
  while (size < ints.length * 2) size <<= 1;
  const keys = new Int32Array(size).fill(-1);
  const values = new Float32Array(size);
  const mask = size - 1;
  let slot = 0;
  let at = 0;
  for (let i = 0; i < ints.length; i++) {
    let d = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error("learned weights cut short");
      d += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    slot += d;
    let h = Math.imul(slot, 0x9e3779b1) & mask;
    while (keys[h] !== -1) h = (h + 1) & mask;
    keys[h] = slot;
    values[h] = ints[i]! * p.scale;
  }
  return { bias: p.bias, threshold: p.threshold, keys, values, mask };
}

function weightOf(m: Model, slot: number): number {
  let h = Math.imul(slot, 0x9e3779b1) & m.mask;
  for (;;) {
    const k = m.keys[h]!;
    if (k === slot) return m.values[h]!;
    if (k === -1) return 0;
    h = (h + 1) & m.mask;
  }
}

/** The probability the model gives a line (0-1). */
export function scoreLine(m: Model, f: LineFeatures): number {
  let z = m.bias;
  for (let i = 0; i < f.slots.length; i++) z += weightOf(m, f.slots[i]!) * f.values[i]!;
  return 1 / (1 + Math.exp(-z));
}
