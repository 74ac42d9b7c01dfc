/**
 * A transcript of any shape made into turns: a string of "Label: text" lines (or plain text), an array of strings, or
 * an array of turn objects ({role|speaker|from, text|content|message}, and unknown keys), possibly nested or
 * enveloped. Bounded: at most MAX_CHARS characters and MAX_TURNS turns are read, the first half from the start and
 * the rest from the end (a stop is most often said near the end); what is skipped, binary or of no known shape is
 * said in `unreadable`, never silently dropped.
 */
import { isObject } from "../../../service/shapes.js";

export interface RawTurn {
  /** The speaker's label as the service wrote it (role, name, "Speaker 1"), when there is one. */
  label: string | undefined;
  text: string;
}

export interface TurnsRead {
  turns: RawTurn[];
  unreadable: string[];
}

export const MAX_CHARS = 200_000;
export const MAX_TURNS = 2_000;
const MAX_DEPTH = 8;
/** A line that starts "Label:" (a role, a name, "Speaker 1", "[Agent]"), after an optional timestamp. */
const LABELLED =
  /^\s*(?:[[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?[\])]?\s*(?:-\s*)?)?(?:\[([^\]\n]{1,40})\]|([^\s:：][^:：\n]{0,39}?))\s*[:：]\s?(.*)$/;
const LABEL_KEYS = [
  "role",
  "speaker",
  "from",
  "name",
  "participant",
  "who",
  "sender",
  "author",
  "speaker_label",
  "user",
];
const TEXT_KEYS = ["text", "content", "message", "utterance", "transcript", "value", "body", "said", "msg", "words"];
const ENVELOPE_KEYS = [
  "turns",
  "messages",
  "utterances",
  "segments",
  "conversation",
  "transcript",
  "items",
  "data",
  "entries",
  "lines",
];
/** A line that is only a note in brackets. */
const STAGE_NOTE = /^\s*\[[^\]]*\]\s*$/;
/** Control characters and replacement marks: where they are a third of a text, it is bytes, not speech. */
const BINARY = /[\u0000-\u0008\u000e-\u001f\ufffd]/g;

/** A text that is bytes more than words: a third of it control characters or replacement marks. */
const isMostlyBinary = (s: string) => {
  const sample = s.length > 4_096 ? s.slice(0, 4_096) : s;
  return (sample.match(BINARY)?.length ?? 0) > sample.length / 3;
};

function labelled(line: string): RawTurn {
  const m = LABELLED.exec(line);
  if (m === null) return { label: undefined, text: line };
  const label = (m[1] ?? m[2] ?? "").trim();
  // A label is a name or a role: a few words, no sentence in it.
  // A period only after a short title ("Mr. Chen", "Sra. Ruiz", "Mevr. de Vries").
  const periods = label.replace(/(?:^|\s)\p{L}{1,5}\.(?=\s|$)/gu, " ");
  if (label.split(/\s+/).length > 4 || /[.!?,;"]/.test(periods) || /^https?$/i.test(label)) {
    return { label: undefined, text: line };
  }
  return { label, text: m[3] ?? "" };
}

/** The text of a plain-string transcript, head and tail when too long. */
function clipped(s: string, out: TurnsRead, where: string): string {
  if (s.length <= MAX_CHARS) return s;
  out.unreadable.push(`${where}: ${s.length} characters; only the first and last ${MAX_CHARS / 2} were read`);
  return `${s.slice(0, MAX_CHARS / 2)}\n${s.slice(-MAX_CHARS / 2)}`;
}

function fromString(raw: string, out: TurnsRead): void {
  if (isMostlyBinary(raw)) {
    out.unreadable.push("transcript: binary data, not text");
    return;
  }
  let skipped = false;
  for (const line of clipped(raw, out, "transcript").split(/\r?\n/)) {
    if (line.trim().length === 0) continue;
    // A line of bytes among text lines is skipped (and said to be), the rest is read.
    if (isMostlyBinary(line)) {
      if (!skipped) out.unreadable.push("transcript: binary data in some lines, not read");
      skipped = true;
      continue;
    }
    const turn = labelled(line);
    const last = out.turns.at(-1);
    // A line with no label goes on the turn before it (a turn spoken over several lines), unless it is a note in
    // brackets: "[Customer disconnected]" after the agent's words is no one's words, and ends the call.
    if (turn.label === undefined && last?.label !== undefined && !STAGE_NOTE.test(turn.text))
      last.text += ` ${turn.text}`;
    else out.turns.push(turn);
  }
}

/** Every string inside a value, for a turn whose text sits under keys nobody told us about. */
function stringsIn(value: unknown, depth: number, seen: Set<object>, acc: string[]): void {
  if (typeof value === "string") acc.push(value.length > MAX_CHARS / 2 ? value.slice(0, MAX_CHARS / 2) : value);
  else if (value !== null && typeof value === "object" && depth < MAX_DEPTH && !seen.has(value)) {
    seen.add(value);
    for (const inner of Array.isArray(value) ? value.slice(0, 50) : Object.values(value).slice(0, 50)) {
      stringsIn(inner, depth + 1, seen, acc);
    }
  }
}

function fromTurnObject(turn: Record<string, unknown>, out: TurnsRead, seen: Set<object>, flags: Set<string>): void {
  const labelKey = LABEL_KEYS.find((k) => typeof turn[k] === "string");
  const label = labelKey === undefined ? undefined : (turn[labelKey] as string).slice(0, 60);
  const textKey = TEXT_KEYS.find((k) => turn[k] !== undefined && turn[k] !== null);
  const acc: string[] = [];
  if (textKey !== undefined) stringsIn(turn[textKey], 0, seen, acc);
  else {
    flags.add("transcript: turns of an unknown shape; every text in them was read as the callee's");
    for (const [k, v] of Object.entries(turn).slice(0, 50)) if (k !== labelKey) stringsIn(v, 0, seen, acc);
  }
  const text = acc.join(" ");
  if (isMostlyBinary(text)) flags.add("transcript: binary data in some turns, not read");
  else if (text.length > 0) out.turns.push(textKey === undefined ? { label: undefined, text } : { label, text });
}

function fromItem(item: unknown, out: TurnsRead, depth: number, seen: Set<object>, flags: Set<string>): void {
  if (typeof item === "string") {
    if (isMostlyBinary(item)) flags.add("transcript: binary data in some turns, not read");
    else out.turns.push(labelled(clipped(item, out, "transcript turn").replace(/\r?\n/g, " ")));
  } else if (Array.isArray(item) && depth < MAX_DEPTH && !seen.has(item)) {
    seen.add(item);
    fromArray(item, out, depth + 1, seen, flags);
  } else if (isObject(item) && !seen.has(item)) {
    seen.add(item);
    fromTurnObject(item, out, seen, flags);
  } else if (item !== null && item !== undefined && typeof item !== "number" && typeof item !== "boolean") {
    flags.add("transcript: turns of an unknown shape");
  }
}

/**
 * The turns of an array: from the start until half the budget (characters and turns) is spent, then from the end
 * back to where the start stopped; what lies between is said to be skipped.
 */
function fromArray(raw: readonly unknown[], out: TurnsRead, depth: number, seen: Set<object>, flags: Set<string>) {
  const base = out.turns.length;
  let used = 0;
  let head = 0;
  for (; head < raw.length; head++) {
    if (used >= MAX_CHARS / 2 || out.turns.length - base >= MAX_TURNS / 2) break;
    const before = out.turns.length;
    fromItem(raw[head], out, depth, seen, flags);
    for (let i = before; i < out.turns.length; i++) used += out.turns[i]!.text.length;
  }
  if (head >= raw.length) return;
  const tail: TurnsRead = { turns: [], unreadable: out.unreadable };
  let back = raw.length - 1;
  used = 0;
  for (; back >= head; back--) {
    if (used >= MAX_CHARS / 2 || tail.turns.length >= MAX_TURNS / 2) break;
    const one: TurnsRead = { turns: [], unreadable: out.unreadable };
    fromItem(raw[back], one, depth, seen, flags);
    for (const t of one.turns) used += t.text.length;
    tail.turns.unshift(...one.turns);
  }
  if (back >= head)
    out.unreadable.push(`transcript: ${raw.length} turns; turns ${head + 1} to ${back + 1} were not read`);
  out.turns.push(...tail.turns);
}

/** The turns of a transcript, whatever its shape. Never throws. */
export function turnsOf(raw: unknown): TurnsRead {
  const out: TurnsRead = { turns: [], unreadable: [] };
  const flags = new Set<string>();
  const seen = new Set<object>();
  let value = raw;
  for (let depth = 0; isObject(value) && depth < MAX_DEPTH; depth++) {
    if (seen.has(value)) break;
    seen.add(value);
    const inner: unknown = ENVELOPE_KEYS.map((k) => (value as Record<string, unknown>)[k]).find(
      (v) => typeof v === "string" || Array.isArray(v) || isObject(v),
    );
    if (inner === undefined) {
      flags.add("transcript: an object of an unknown shape; every text in it was read as the callee's");
      const acc: string[] = [];
      for (const inner of Object.values(value).slice(0, 50)) stringsIn(inner, 1, seen, acc);
      for (const s of acc) fromString(s, out);
      value = undefined;
      break;
    }
    value = inner;
  }
  if (typeof value === "string") fromString(value, out);
  else if (Array.isArray(value)) fromArray(value, out, 0, seen, flags);
  else if (value !== undefined && value !== null && !isObject(value)) flags.add("transcript: not text nor turns");
  out.unreadable.push(...flags);
  return out;
}
