/**
 * Removes the secrets (the API key, the HTTP and approver tokens) from any text
 * that leaves the server: service text on its way to the model, log lines,
 * audit lines. What is covered, exactly (docs/safety.md "Secrets"):
 *
 * - the secret and every run of at least RUN_LENGTH consecutive characters of
 *   it (so a key split across two fields is still found), in any letter case;
 * - the same inside common encodings of a text token: percent-encoding (%5F,
 *   %5f, fully encoded), JSON/JavaScript escapes (\u005f, \x5f), HTML numeric
 *   entities and the named ones that stand for ASCII (&lowbar;, &amp;:
 *   html-entities.ts), base64 (standard and URL-safe, any alignment) and hex,
 *   and one level of escapes inside what base64 or hex decoded to;
 * - any `Bearer <token>`.
 *
 * Not covered: a secret cut into pieces shorter than RUN_LENGTH, spelled with
 * separators between its characters, or encoded twice by the same scheme or in
 * schemes not listed (base32, gzip, encryption…).
 */
import { namedReferencesFor, type NamedReferences } from "./html-entities.js";

export const REDACTED = "[redacted]";
/** Shortest run of a secret's characters that counts as the secret. */
export const RUN_LENGTH = 10;

const BEARER_WORD = /bearer\s/i;
const BEARER_TOKEN = /(bearer\s+)[^\s"',;]+/gi;
/** A text token that may carry an encoded secret: no white space, quotes or brackets. */
const TOKEN = /[^\s"'<>(){}[\],;|`]+/g;
const BASE64_RUN = /[A-Za-z0-9+/_-]{12,}={0,2}/g;
/** Characters that start an escape (percent-encoding, JS escapes, HTML entities). */
const ESCAPE = /[%\\&]/;
const HEX_RUN = /[0-9a-fA-F]{16,}/g;
const ENTITY_RUN = /(?:&#(?:x[0-9a-fA-F]{1,6}|[0-9]{1,7});?[^\s&]{0,12}){2,}/g;
/** The runs of ENTITY_RUN with named references among them: `named` matches one. */
const mixedRun = (named: string) =>
  new RegExp(`(?:(?:&#(?:x[0-9a-fA-F]{1,6}|[0-9]{1,7});?|${named})[^\\s&]{0,12}){2,}`, "g");

interface Secret {
  /** Lower-cased. */
  text: string;
  /** Every window of RUN_LENGTH characters (or the whole secret when shorter), lower-cased. */
  windows: Set<string>;
  windowLength: number;
}

export class Redactor {
  private readonly secrets: Secret[] = [];
  /** Finds any window of any secret; matches are then grown to the whole run. */
  private readonly windowPattern: RegExp | undefined;
  /** The same, non-global, for yes/no tests. */
  private readonly windowTest: RegExp | undefined;
  private readonly shortest: number;
  /**
   * Shortest run of base64 characters that can decode to `shortest` bytes (hex needs more): a text with no escape
   * character and no such run cannot hold an encoded secret, and is not split into tokens at all.
   */
  private readonly shortestEncoded: number;
  /** Per byte of a decoded token: can it be part of a window of a secret? (windowBytes) */
  private readonly windowByte: Uint8Array;
  /** The named references of the secrets' characters (html-entities.ts), with a test for one and their runs. */
  private readonly named: (NamedReferences & { test: RegExp; runs: RegExp }) | undefined;

  constructor(secrets: Array<string | undefined>) {
    const seen = new Set<string>();
    for (const raw of secrets) {
      const text = raw?.trim().toLowerCase();
      if (!text || text.length < 4 || seen.has(text)) continue;
      seen.add(text);
      const windowLength = Math.min(RUN_LENGTH, text.length);
      const windows = new Set<string>();
      for (let i = 0; i + windowLength <= text.length; i++) windows.add(text.slice(i, i + windowLength));
      this.secrets.push({ text, windows, windowLength });
    }
    const all = this.secrets.flatMap((s) => [...s.windows]).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    this.windowPattern = all.length > 0 ? new RegExp(all.join("|"), "gi") : undefined;
    this.windowTest = all.length > 0 ? new RegExp(all.join("|"), "i") : undefined;
    this.shortest = Math.min(...this.secrets.map((s) => s.windowLength), Infinity);
    this.shortestEncoded = Math.max(12, 4 * Math.ceil(this.shortest / 3));
    const named = namedReferencesFor(this.secrets.map((s) => s.text).join(""));
    this.named = named && { ...named, test: new RegExp(named.source), runs: mixedRun(named.source) };
    this.windowByte = windowBytes(this.secrets, this.named?.chars ?? "");
  }

  /** The text without any secret, in the forms listed above, nor any bearer token. */
  redact(text: string): string {
    const out = this.removeSecrets(text);
    // Runs on every string of every answer: test for the word before running the replacing pattern.
    return BEARER_WORD.test(out) ? out.replace(BEARER_TOKEN, `$1${REDACTED}`) : out;
  }

  /** True when the text holds a secret in any covered form (e.g. a token that contains the key). */
  holdsSecret(text: string): boolean {
    return this.removeSecrets(text) !== text;
  }

  private removeSecrets(text: string): string {
    if (text.length < this.shortest) return text;
    let out = this.redactRuns(text);
    if (!ESCAPE.test(out) && !hasBase64Run(out, this.shortestEncoded)) return out;
    // HTML entities end with ";", which also ends a token: their runs are read whole first.
    if (out.includes("&#")) out = out.replace(ENTITY_RUN, (run) => (this.hasRun(unescape(run)) ? REDACTED : run));
    const named = this.named;
    if (named && out.includes("&") && named.test.test(out))
      out = out.replace(named.runs, (run) => (this.hasRun(named.decode(unescape(run))) ? REDACTED : run));
    return out.replace(TOKEN, (token) =>
      token.length >= this.shortest && this.carriesSecret(token) ? REDACTED : token,
    );
  }

  /** Replaces every run of a secret's characters that holds a whole window, grown to its full length. */
  private redactRuns(text: string): string {
    if (!this.windowPattern) return text;
    const lower = text.toLowerCase();
    const spans: Array<[number, number]> = [];
    this.windowPattern.lastIndex = 0;
    for (let m = this.windowPattern.exec(text); m; m = this.windowPattern.exec(text)) {
      const [start, end] = this.grow(lower, m.index, m.index + m[0].length);
      spans.push([start, end]);
      this.windowPattern.lastIndex = Math.max(end, m.index + 1);
    }
    if (spans.length === 0) return text;
    let out = "";
    let at = 0;
    for (const [start, end] of spans) {
      if (start < at) continue;
      out += text.slice(at, start) + REDACTED;
      at = end;
    }
    return out + text.slice(at);
  }

  /** Grows a window match left and right while the text goes on spelling the same secret. */
  private grow(lower: string, start: number, end: number): [number, number] {
    const found = lower.slice(start, end);
    let best: [number, number] = [start, end];
    for (const secret of this.secrets) {
      for (let k = secret.text.indexOf(found); k !== -1; k = secret.text.indexOf(found, k + 1)) {
        let s = start;
        let e = end;
        let ks = k;
        let ke = k + found.length;
        while (s > 0 && ks > 0 && lower[s - 1] === secret.text[ks - 1]) (s--, ks--);
        while (e < lower.length && ke < secret.text.length && lower[e] === secret.text[ke]) (e++, ke++);
        if (e - s > best[1] - best[0]) best = [s, e];
      }
    }
    return best;
  }

  private hasRun(text: string): boolean {
    if (!this.windowTest || text.length < this.shortest) return false;
    this.windowTest.lastIndex = 0;
    return this.windowTest.test(text);
  }

  /** Whether a token, decoded in any covered way, spells a run of a secret. */
  private carriesSecret(token: string): boolean {
    for (const decoded of decodings(token, this.shortest, this.windowByte)) {
      if (this.hasRun(decoded)) return true;
      if (!ESCAPE.test(decoded)) continue;
      const once = unescape(decoded);
      if (this.hasRun(once)) return true;
      // Named references too, read only when there were some (a text read twice costs a search each time).
      const named = this.named?.decode(once);
      if (named !== undefined && named !== once && this.hasRun(named)) return true;
    }
    return false;
  }
}

/** The characters of the escapes unescape() decodes (%5f, \\u005f, \\u{5f}, \\x5f, &#x5f;, &#95;, \\/). */
const ESCAPE_SYNTAX = "%\\&#;{}ux/0123456789abcdefABCDEF";

/**
 * Which of the 256 byte values of a decoded token can be part of a secret's window there: a byte that matches one of a
 * secret's characters the way a window is matched (the `i` flag, as in windowTest), or a character of an escape
 * or of a named reference of a secret's character (what it unescapes to may be one). A window of a secret, as decoded or once unescaped, comes from `shortest` or more
 * such bytes in a row (an escape is never shorter than the character it stands for), so a decoding without that run
 * cannot hold one.
 */
function windowBytes(secrets: readonly Secret[], namedChars: string): Uint8Array {
  const bytes = new Uint8Array(256);
  // One class of every secret character, matched as a window is: /[…]/i folds case as /…/i does, character by character.
  const chars = [...new Set(secrets.flatMap((s) => s.text.split("")))].map(
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  const secretChar = chars.length > 0 ? new RegExp(`[${chars.join("")}]`, "i") : undefined;
  for (let b = 0; b < 256; b++) {
    const c = String.fromCharCode(b);
    if (ESCAPE_SYNTAX.includes(c) || namedChars.includes(c) || secretChar?.test(c)) bytes[b] = 1;
  }
  return bytes;
}

/** Base64 character → its 6 bits, standard and URL-safe alike. */
const BASE64_VALUE = new Uint8Array(128);
[..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].forEach(
  (c, i) => (BASE64_VALUE[c.charCodeAt(0)] = i),
);
BASE64_VALUE["-".charCodeAt(0)] = 62;
BASE64_VALUE["_".charCodeAt(0)] = 63;
/** Hex digit → its 4 bits. */
const HEX_VALUE = new Uint8Array(128);
[..."0123456789abcdef"].forEach((c, i) => (HEX_VALUE[c.charCodeAt(0)] = HEX_VALUE[c.toUpperCase().charCodeAt(0)] = i));

/** Whether `text[start, end)` (base64, standard or URL-safe, a multiple of 4 long) decodes to `need` window bytes in a row. */
function base64MayHold(text: string, start: number, end: number, windowByte: Uint8Array, need: number): boolean {
  let run = 0;
  for (let i = start; i < end; i += 4) {
    const n =
      (BASE64_VALUE[text.charCodeAt(i)]! << 18) |
      (BASE64_VALUE[text.charCodeAt(i + 1)]! << 12) |
      (BASE64_VALUE[text.charCodeAt(i + 2)]! << 6) |
      BASE64_VALUE[text.charCodeAt(i + 3)]!;
    run = windowByte[n >>> 16] ? run + 1 : 0;
    if (run >= need) return true;
    run = windowByte[(n >>> 8) & 255] ? run + 1 : 0;
    if (run >= need) return true;
    run = windowByte[n & 255] ? run + 1 : 0;
    if (run >= need) return true;
  }
  return false;
}

/** Whether `text[start, end)` (hex digits, an even number) decodes to `need` window bytes in a row. */
function hexMayHold(text: string, start: number, end: number, windowByte: Uint8Array, need: number): boolean {
  let run = 0;
  for (let i = start; i < end; i += 2) {
    run = windowByte[(HEX_VALUE[text.charCodeAt(i)]! << 4) | HEX_VALUE[text.charCodeAt(i + 1)]!] ? run + 1 : 0;
    if (run >= need) return true;
  }
  return false;
}

/**
 * The token decoded by each covered scheme that applies to it; only decodings of at least `bytes` characters (the
 * shortest window of a secret): a shorter one cannot hold a window, nor can what its escapes decode to. A base64 or
 * hex decoding is made into text only when its bytes may hold one (windowBytes): most runs are ids and
 * words joined by underscores, whose decodings are noise, and decoding each in every alignment was most of the cost
 * of cleaning a record.
 */
function* decodings(token: string, bytes: number, windowByte: Uint8Array): Generator<string> {
  if (ESCAPE.test(token)) yield unescape(token);
  for (const run of token.match(BASE64_RUN) ?? []) {
    let length = run.length;
    while (run.charCodeAt(length - 1) === 61) length--; // "=" padding
    // Any alignment: the run may start inside an encoded block.
    for (let skip = 0; skip < 4 && length - skip >= 12 && Math.floor((length - skip) / 4) * 3 >= bytes; skip++) {
      const end = length - ((length - skip) % 4);
      if (base64MayHold(run, skip, end, windowByte, bytes))
        yield Buffer.from(run.slice(skip, end).replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("latin1");
    }
  }
  for (const run of token.match(HEX_RUN) ?? []) {
    for (let skip = 0; skip < 2 && Math.floor((run.length - skip) / 2) >= bytes; skip++) {
      const end = run.length - ((run.length - skip) % 2);
      if (hexMayHold(run, skip, end, windowByte, bytes))
        yield Buffer.from(run.slice(skip, end), "hex").toString("latin1");
    }
  }
}

/** Whether the text has `min` or more consecutive base64 characters (A-Z a-z 0-9 + / _ -); one pass, no backtracking. */
function hasBase64Run(text: string, min: number): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const b64 =
      (c >= 97 && c <= 122) ||
      (c >= 65 && c <= 90) ||
      (c >= 48 && c <= 57) ||
      c === 43 ||
      c === 47 ||
      c === 95 ||
      c === 45;
    run = b64 ? run + 1 : 0;
    if (run >= min) return true;
  }
  return false;
}

/** Percent-encoding, JSON/JavaScript escapes and HTML numeric entities, decoded where well formed. */
function unescape(text: string): string {
  return text
    .replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(
      /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g,
      (_m, a?: string, b?: string, c?: string) => safeChar(parseInt((a ?? b ?? c)!, 16)),
    )
    .replace(/&#x([0-9a-fA-F]{1,6});?|&#([0-9]{1,7});?/g, (_m, h?: string, d?: string) =>
      safeChar(h !== undefined ? parseInt(h, 16) : parseInt(d!, 10)),
    )
    .replace(/\\\//g, "/");
}

function safeChar(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : "";
}
