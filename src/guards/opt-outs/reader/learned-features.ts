/**
 * What the learned reader (learned.ts) sees of a call: each of the callee's lines as hashed features, read with the
 * reader's own parsing (the turns, who said each, the agent's line before it). A line's text gives character n-grams
 * (2-5, which need no word splitting in Chinese, Japanese, Hindi or Arabic), words and word pairs, and the concepts
 * the rules tag (concepts.ts: a word of stopping, of calling, a negation…), alone and in pairs within a clause; its
 * place in the call gives what the agent's line before it did (offer removal, ask to keep calling) crossed with the
 * answer's first words. The trainer (test/opt-out-eval/train.ts) and the reader use this same code.
 */
import { foldSpeech } from "./text.js";
import { masked } from "./cues.js";
import { lexiconsFor } from "./lexicons/index.js";
import { C, tagAll } from "./concepts.js";
import { boundedMemo } from "../../../text/bounded-memo.js";
import { conceptLexiconsFor } from "./concepts/index.js";
import { turnsOf } from "./turns.js";
import { rolesOf, type Role } from "./speakers.js";
import { readLineKept } from "./line-memo.js";
import type { LineReading } from "./line.js";
import { spokenBefore, type TranscriptView } from "./reader.js";

/** Features hash into 2^20 slots: collisions are rare enough at a few hundred features a line. */
export const FEATURE_BITS = 20;
const MASK = (1 << FEATURE_BITS) - 1;
/** A line's text is read up to this many characters from each end (a 5 MB turn costs no more than a long one). */
const END_CHARS = 300;

/**
 * A line as features: the slot of each feature met, as often as it is met, and its value. Each family (characters,
 * words, concepts, context) is scaled by one over the square root of its count, so long lines weigh no more.
 */
export interface LineFeatures {
  slots: Int32Array;
  values: Float32Array;
}

export interface CalleeLine {
  /** The transcript turn (0-based). */
  turn: number;
  features: LineFeatures;
  /**
   * The rules' word stands: a no to the agent's offer to stop that denies the stop ("Shall we stop?" "No, keep
   * calling"), a line whose words of a request the rules set aside (a name, a quotation, a report, a denial), one that
   * asks for calls with nothing against them, a bare "no thanks" (a refusal of the offer, not of the calls), and a yes
   * to the agent's "may we keep calling?".
   */
  declined: boolean;
}

const FNV_OFFSET = 0x811c9dc5;
const step = (h: number, code: number) => Math.imul(h ^ code, 0x01000193);

function hashText(seed: number, text: string): number {
  let h = step(FNV_OFFSET, seed);
  for (let i = 0; i < text.length; i++) h = step(h, text.charCodeAt(i));
  return (h >>> 0) & MASK;
}

const CONCEPT_NAMES = Object.entries(C).filter(([name]) => name !== "THREAT");

/** Families of features, each scaled apart: characters, words, concepts, context. */
class Builder {
  private readonly families: number[][] = [[], [], [], []];
  add(family: number, slot: number): void {
    this.families[family]!.push(slot);
  }
  addText(family: number, seed: number, text: string): void {
    this.add(family, hashText(seed, text));
  }
  done(): LineFeatures {
    const total = this.families.reduce((n, f) => n + f.length, 0);
    const slots = new Int32Array(total);
    const values = new Float32Array(total);
    let at = 0;
    for (const f of this.families) {
      const value = f.length > 0 ? 1 / Math.sqrt(f.length) : 0;
      for (const slot of f) {
        slots[at] = slot;
        values[at++] = value;
      }
    }
    return { slots, values };
  }
}

/** The text read: punctuation folded to "." except "?" (a question is telling), at most END_CHARS from each end. */
function plainOf(text: string): string {
  const folded = foldSpeech(
    text.length > 4 * END_CHARS ? `${text.slice(0, END_CHARS)} ${text.slice(-END_CHARS)}` : text,
  );
  return folded.replace(/[.,!;:]+/g, ".").slice(0, 2 * END_CHARS);
}

/** The features of a line's own words, a pure function of its text (kept per text by the caller); its first words. */
function textFeatures(b: Builder, text: string): string[] {
  const plain = plainOf(text);
  const padded = ` ${plain} `;
  for (let s = 0; s < padded.length - 1; s++) {
    let h = step(FNV_OFFSET, 1);
    for (let k = 0; k < 5 && s + k < padded.length; k++) {
      h = step(h, padded.charCodeAt(s + k));
      if (k >= 1) b.add(0, (h >>> 0) & MASK);
    }
  }
  const words = plain.split(/[\s."]+/).filter((w) => w.length > 0);
  for (let i = 0; i < words.length; i++) {
    b.addText(1, 2, words[i]!);
    if (i > 0) b.addText(1, 3, `${words[i - 1]} ${words[i]}`);
  }
  if (plain.includes('"')) b.addText(3, 4, "quoted");
  if (/\?\s*$/.test(plain)) b.addText(3, 4, "asks");
  b.addText(3, 4, `words:${Math.min(words.length, 12) >> 2}`);
  const hidden = masked(plain);
  const mentions = tagAll(hidden, conceptLexiconsFor(lexiconsFor(hidden)));
  const clauses = new Map<number, number>();
  for (const m of mentions) clauses.set(m.clause, (clauses.get(m.clause) ?? 0) | m.bits);
  let all = 0;
  for (const bits of clauses.values()) {
    all |= bits;
    const names = CONCEPT_NAMES.filter(([, bit]) => (bits & bit) !== 0).map(([n]) => n);
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++) b.addText(2, 5, `${names[i]}&${names[j]}`);
  }
  for (const [name, bit] of CONCEPT_NAMES) if ((all & bit) !== 0) b.addText(2, 6, name);
  return words.slice(0, 2).map((w) => w.replace(/\?/g, ""));
}

/** What the agent's line before a callee's line did: the reader's acts, or none, or no agent line before it. */
function actBefore(i: number, roles: readonly Role[], readings: readonly LineReading[]): string {
  const j = spokenBefore(i, readings);
  // No agent line before it is read as an ordinary one: in the labelled sets a lone line is most often a request,
  // which says something of how the sets were written, not of calls.
  if (j === undefined) return "other";
  if (roles[j] === "callee") return "after-callee";
  const r = readings[j]!;
  return r.offer ? "offer" : r.keep ? "keep" : r.confirm ? "confirm" : "other";
}

function contextFeatures(first: readonly string[], act: string, reading: LineReading, last: boolean): LineFeatures {
  const b = new Builder();
  b.addText(3, 7, act);
  b.addText(3, 7, `${act}|${first[0] ?? ""}`);
  b.addText(3, 7, `${act}|${first.join(" ")}`);
  b.addText(3, 7, `${act}|answer:${reading.answer ?? "-"}`);
  if (last) {
    b.addText(3, 7, "last");
    b.addText(3, 7, `last|${act}`);
  }
  return b.done();
}

interface OwnFeatures {
  features: LineFeatures;
  first: string[];
}

/** Text features kept per line's text (a polled call is read again and again). */
const ownFeatures = boundedMemo(2_000, 1_000, (text): OwnFeatures => {
  const b = new Builder();
  const first = textFeatures(b, text);
  return { features: b.done(), first };
});

function joined(a: LineFeatures, b: LineFeatures): LineFeatures {
  const slots = new Int32Array(a.slots.length + b.slots.length);
  const values = new Float32Array(slots.length);
  slots.set(a.slots);
  slots.set(b.slots, a.slots.length);
  values.set(a.values);
  values.set(b.values, a.values.length);
  return { slots, values };
}

/**
 * The callee's lines of a transcript (any shape turnsOf reads), each with its features; silent lines are left out.
 * The trainer's view: an agent's offer the speakers leave unknown, which the reader tells by its answer
 * (answered.ts), stays a line here, an example of words of stopping that ask for nothing.
 */
export function calleeLines(transcript: unknown, agentNames: readonly string[]): CalleeLine[] {
  const { turns } = turnsOf(transcript);
  const readings = turns.map((t) => readLineKept(t.text));
  return calleeLinesOf({ turns, readings, roles: rolesOf(turns, readings, agentNames) });
}

/** The same, from a transcript the rules already parsed. */
export function calleeLinesOf({ turns, readings, roles }: TranscriptView): CalleeLine[] {
  let lastCallee = -1;
  for (let i = 0; i < turns.length; i++) if (roles[i] !== "agent" && !readings[i]!.silent) lastCallee = i;
  const out: CalleeLine[] = [];
  for (let i = 0; i < turns.length; i++) {
    if (roles[i] === "agent" || readings[i]!.silent) continue;
    const own = ownFeatures(turns[i]!.text);
    const act = actBefore(i, roles, readings);
    const context = contextFeatures(own.first, act, readings[i]!, i === lastCallee);
    const r = readings[i]!;
    const declined =
      r.setAside ||
      r.welcomes ||
      r.bareNo ||
      // A no to the agent's offer to stop, or a yes to "may we keep calling you?": what else the line says, the rules
      // read (a request in it is theirs to hear; the learned reader does not overrule the answer).
      (act === "offer" && r.answer === "no") ||
      (act === "keep" && r.answer === "yes");
    out.push({ turn: i, features: joined(own.features, context), declined });
  }
  return out;
}
