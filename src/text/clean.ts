/**
 * Cleaning of text that crosses a trust boundary: every string the calling
 * service sends (cleaned once, where it enters: src/service/), and log lines.
 * The secrets are removed, invisible and bidirectional control characters
 * dropped, sizes capped — and line breaks collapsed, so no string from the
 * service can start a line of the server's own text. Only call content (the
 * FREE_TEXT fields: transcripts, summaries, notes) keeps its line breaks, and
 * it is only ever shown inside a fence (fence.ts).
 */
import type { Redactor } from "./redact.js";
import { TextMemo } from "./shared-values.js";

/**
 * C0/C1 controls except \t \n, and every default-ignorable code point (Unicode's invisibles: zero-width and bidi
 * controls, the BOM, the soft hyphen, variation selectors, Hangul fillers, the combining grapheme joiner, tag
 * characters…): each is as invisible as a zero-width space, so each could split a key or hide a word.
 */
const INVISIBLE_BMP =
  "\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFF8";
/** The astral ones, as surrogate pairs: U+1BCA0-1BCA3, U+1D173-1D17A, U+E0000-E0FFF (tags, variation selectors supplement). */
const INVISIBLE_ASTRAL = "\\uD82F[\\uDCA0-\\uDCA3]|\\uD834[\\uDD73-\\uDD7A]|[\\uDB40-\\uDB43][\\uDC00-\\uDFFF]";
/** Any invisible character (above), for checks elsewhere (names a person reads are refused with one). */
export const INVISIBLE_CHAR = new RegExp(`[${INVISIBLE_BMP}]|${INVISIBLE_ASTRAL}`);
const INVISIBLE = new RegExp(INVISIBLE_CHAR.source, "g");
/** Line and paragraph separators a model or a terminal may show as a new line. */
const SEPARATORS = /[\u2028\u2029]/g;

/** Fields whose text is call content: kept multi-line, shown only fenced. Any string below them counts. */
export const FREE_TEXT = new Set(["transcript", "summary", "call_summary", "notes"]);

const MAX_STRING = 10_000;
const MAX_KEY = 128;
/** Deepest nesting cleaned; anything deeper is replaced, never recursed into (a hostile body cannot overflow the stack). */
export const MAX_JSON_DEPTH = 8;
const MAX_ITEMS = 1_000;

/** Any character stripInvisible changes: most strings have none, and one test is cheaper than two replacements. */
const CHANGED_BY_STRIP = new RegExp(`[${INVISIBLE_BMP}\\u2028\\u2029]|${INVISIBLE_ASTRAL}`);
/** White space that folding to single spaces and trimming would change. */
const CHANGED_BY_FOLD = /[^\S ]| \s|^\s|\s$/;

/** Drops invisible and bidirectional control characters; keeps newlines and tabs (line separators become newlines). */
export function stripInvisible(text: string): string {
  return CHANGED_BY_STRIP.test(text) ? text.replace(SEPARATORS, "\n").replace(INVISIBLE, "") : text;
}

/** White space folded to single spaces, trimmed. */
function fold(text: string): string {
  return CHANGED_BY_FOLD.test(text) ? text.replace(/\s+/g, " ").trim() : text;
}

/** Caps text at `max` characters, saying how much was cut. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${text.length - max} more characters cut]`;
}

/** Text placed on one line of our own text: invisible characters dropped, every kind of line break collapsed, capped. */
export function oneLine(text: string, max = 200): string {
  // fold() tests before it replaces: most text is one line already (a cleaned record's fields all are).
  return cap(fold(stripInvisible(text)), max);
}

/** A string from the service, for one line of our text: secrets removed, one line, capped. */
export function cleanServiceText(redactor: Redactor, text: string, max = 300): string {
  // Invisible characters go first: a key split by a zero-width space must not survive redaction.
  return cap(fold(redactor.redact(stripInvisible(text))), max);
}

/** Sets `obj[key]` as an own data property, even for `__proto__`. */
export function defineData(obj: Record<string, unknown>, key: string, value: unknown): void {
  // A plain assignment makes the same property for any other key, several times faster (every key of every answer).
  if (key === "__proto__")
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/**
 * A deep copy of parsed service JSON, cleaned once: every string (keys too) has the
 * secrets removed and invisible characters dropped, and is one line unless it is
 * call content (below a FREE_TEXT key); strings, depth and item counts are bounded;
 * non-finite numbers become null; a `__proto__` key stays a plain field.
 */
export function cleanServiceJson(value: unknown, redactor: Redactor): unknown {
  return clean(value, redactor, memoOf(redactor), 0, false);
}

/**
 * Cleaned keys and short values, per redactor (cleaning is a pure function of the text, the redactor's secrets and
 * whether it is call content): every record repeats the same keys, and statuses, speakers and ids recur. Bounded: once
 * full, new strings are cleaned as usual and not kept, so a service sending endless new ones costs no memory.
 */
const MEMO_LONGEST = 40;
const MEMO_ENTRIES = 2_000;
/**
 * Longer texts (transcript lines, summaries, URLs): a model that polls a call, or pages through calls, is sent the same
 * ones again and again, and redacting them was most of cleaning a record. Bounded by the characters held (256K
 * characters of keys per kind); started over when full, since these vary more than keys do.
 */
const LONG_MEMO_CHARS = 256 * 1024;

/**
 * One map per kind of string, keyed by the text itself: a string from JSON.parse keeps its hash once computed, where a
 * key made by concatenating the kind and the text was a new string to flatten and hash on every lookup (a third of
 * cleaning a record, profiled).
 */
interface Memo {
  /** Keys. */
  k: Map<string, string>;
  /** Values outside call content. */
  v: Map<string, string>;
  /** Call content (kept multi-line). */
  f: Map<string, string>;
  size: number;
  /** Values longer than MEMO_LONGEST, outside call content and in it. */
  longV: TextMemo<string>;
  longF: TextMemo<string>;
}
const memos = new WeakMap<Redactor, Memo>();

function memoOf(redactor: Redactor): Memo {
  let memo = memos.get(redactor);
  if (!memo)
    memos.set(
      redactor,
      (memo = {
        k: new Map(),
        v: new Map(),
        f: new Map(),
        size: 0,
        longV: new TextMemo(LONG_MEMO_CHARS),
        longF: new TextMemo(LONG_MEMO_CHARS),
      }),
    );
  return memo;
}

function remember(memo: Memo, map: Map<string, string>, text: string, cleaned: string): string {
  if (memo.size < MEMO_ENTRIES) {
    map.set(text, cleaned);
    memo.size++;
  }
  return cleaned;
}

/** A value of service JSON, cleaned (call content keeps its line breaks). */
function cleanValue(redactor: Redactor, memo: Memo, text: string, freeText: boolean): string {
  const short = text.length <= MEMO_LONGEST;
  const shortMap = freeText ? memo.f : memo.v;
  const longMemo = freeText ? memo.longF : memo.longV;
  const known = short ? shortMap.get(text) : longMemo.get(text);
  if (known !== undefined) return known;
  const redacted = redactor.redact(stripInvisible(text));
  const cleaned = cap(freeText ? redacted : fold(redacted), MAX_STRING);
  return short ? remember(memo, shortMap, text, cleaned) : longMemo.set(text, cleaned);
}

/** A key of service JSON, cleaned like one line of service text. */
function cleanKey(redactor: Redactor, memo: Memo, key: string): string {
  const known = key.length <= MEMO_LONGEST ? memo.k.get(key) : undefined;
  if (known !== undefined) return known;
  const cleaned = cleanServiceText(redactor, key, MAX_KEY);
  return key.length <= MEMO_LONGEST ? remember(memo, memo.k, key, cleaned) : cleaned;
}

function clean(value: unknown, redactor: Redactor, memo: Memo, depth: number, freeText: boolean): unknown {
  if (typeof value === "string") return cleanValue(redactor, memo, value, freeText);
  if (value === null || typeof value !== "object")
    return typeof value === "number" && !Number.isFinite(value) ? null : value;
  if (depth >= MAX_JSON_DEPTH) return "[nested too deep]";
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => clean(v, redactor, memo, depth + 1, freeText));
  const out: Record<string, unknown> = {};
  let items = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (items++ >= MAX_ITEMS) break;
    const name = cleanKey(redactor, memo, key);
    defineData(
      out,
      name,
      clean((value as Record<string, unknown>)[key], redactor, memo, depth + 1, freeText || FREE_TEXT.has(name)),
    );
  }
  return out;
}
