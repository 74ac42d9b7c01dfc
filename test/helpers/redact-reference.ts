/**
 * The Redactor as it was before its speed-ups (git history: src/text/redact.ts
 * before "Redactor: skip what cannot hold an encoded secret"), kept as the
 * oracle of test/unit/redact-equivalence.test.ts: the faster one must answer
 * exactly what this one answers, on any text. Not used by the server.
 */
const REDACTED = "[redacted]";
/** Shortest run of a secret's characters that counts as the secret. */
const RUN_LENGTH = 10;

const BEARER_WORD = /bearer\s/i;
const BEARER_TOKEN = /(bearer\s+)[^\s"',;]+/gi;
/** A text token that may carry an encoded secret: no white space, quotes or brackets. */
const TOKEN = /[^\s"'<>(){}[\],;|`]+/g;
const BASE64_RUN = /[A-Za-z0-9+/_-]{12,}={0,2}/g;
const HEX_RUN = /[0-9a-fA-F]{16,}/g;
const ENTITY_RUN = /(?:&#(?:x[0-9a-fA-F]{1,6}|[0-9]{1,7});?[^\s&]{0,12}){2,}/g;

interface Secret {
  /** Lower-cased. */
  text: string;
  /** Every window of RUN_LENGTH characters (or the whole secret when shorter), lower-cased. */
  windows: Set<string>;
  windowLength: number;
}

export class ReferenceRedactor {
  private readonly secrets: Secret[] = [];
  /** Finds any window of any secret; matches are then grown to the whole run. */
  private readonly windowPattern: RegExp | undefined;
  /** The same, non-global, for yes/no tests. */
  private readonly windowTest: RegExp | undefined;
  private readonly shortest: number;

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
    if (!/[%\\&]|[A-Za-z0-9+/_-]{12,}/.test(out)) return out;
    // HTML entities end with ";", which also ends a token: their runs are read whole first.
    if (out.includes("&#")) out = out.replace(ENTITY_RUN, (run) => (this.hasRun(unescape(run)) ? REDACTED : run));
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
    for (const decoded of decodings(token)) {
      if (this.hasRun(decoded)) return true;
      if (/[%\\&]/.test(decoded) && this.hasRun(unescape(decoded))) return true;
    }
    return false;
  }
}

/** The token decoded by each covered scheme that applies to it. */
function* decodings(token: string): Generator<string> {
  if (/[%\\&]/.test(token)) yield unescape(token);
  for (const run of token.match(BASE64_RUN) ?? []) {
    const body = run.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
    // Any alignment: the run may start inside an encoded block.
    for (let skip = 0; skip < 4 && body.length - skip >= 12; skip++) {
      const part = body.slice(skip);
      yield Buffer.from(part.slice(0, part.length - (part.length % 4)), "base64").toString("latin1");
    }
  }
  for (const run of token.match(HEX_RUN) ?? []) {
    for (let skip = 0; skip < 2; skip++) {
      const part = run.slice(skip);
      yield Buffer.from(part.slice(0, part.length - (part.length % 2)), "hex").toString("latin1");
    }
  }
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
