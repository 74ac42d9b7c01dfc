/**
 * Cleaning of any text that crosses a trust boundary: upstream text that reaches
 * the model, and log lines. The key is removed wherever it appears, even when the
 * service echoes our headers back; control and bidi characters are dropped; the
 * length is capped so a hostile answer cannot flood the model's context.
 */

// C0/C1 controls except \t \n, zero-width and bidi controls, BOM, soft hyphen and invisible tag characters.
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;

export const REDACTED = "[redacted]";
const BEARER_WORD = /bearer\s/i;
const BEARER_TOKEN = /(bearer\s+)[^\s"',;]+/gi;

export class Redactor {
  private readonly pattern: RegExp | undefined;

  constructor(secrets: Array<string | undefined>) {
    const all = new Set<string>();
    for (const secret of secrets) {
      if (typeof secret !== "string") continue;
      // The key as configured, as trimmed, and as a URL would carry it (a service may echo a query string).
      for (const form of [secret, secret.trim(), encodeURIComponent(secret.trim())]) if (form.length >= 4) all.add(form);
    }
    // Longest first, so a key that contains another secret is removed whole. Case-insensitive:
    // an echo in upper case (or a key pasted into a variable that upper-cases it) is still the key.
    const forms = [...all].sort((a, b) => b.length - a.length).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    this.pattern = forms.length > 0 ? new RegExp(forms.join("|"), "gi") : undefined;
  }

  /** Removes every secret; also any `Bearer <token>` a service might echo. */
  redact(text: string): string {
    const out = this.pattern ? text.replace(this.pattern, REDACTED) : text;
    // Runs on every string of every answer: test for the word before running the replacing pattern.
    return BEARER_WORD.test(out) ? out.replace(BEARER_TOKEN, `$1${REDACTED}`) : out;
  }
}

/** Deepest nesting `redactDeep` walks; anything deeper is replaced, never recursed into. */
export const MAX_JSON_DEPTH = 64;

/**
 * A copy of parsed JSON with every secret removed from every string, keys included.
 * Iterative-safe: nesting deeper than MAX_JSON_DEPTH is replaced by a marker, so a
 * hostile body cannot overflow the stack of the code that reads it later. Keys such
 * as `__proto__` stay plain data properties.
 */
export function redactDeep(value: unknown, redactor: Redactor, depth = 0): unknown {
  if (typeof value === "string") return redactor.redact(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_JSON_DEPTH) return "[nested too deep]";
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redactor, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    defineData(out, redactor.redact(key), redactDeep(v, redactor, depth + 1));
  }
  return out;
}

/** Sets `obj[key]` as an own data property, even for `__proto__`. */
export function defineData(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Drops invisible and bidirectional control characters; keeps newlines and tabs. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
}

/** Caps text at `max` characters, saying how much was cut. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${text.length - max} more characters cut]`;
}

/** Everything upstream text needs before a model or a log reads it. */
export function cleanUpstreamText(redactor: Redactor, text: string, max = 300): string {
  // Invisible characters go first: a key split by a zero-width space must not be rejoined after redaction.
  return cap(redactor.redact(stripInvisible(text)).replace(/\s+/g, " ").trim(), max);
}
