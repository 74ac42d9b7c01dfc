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
  private readonly secrets: string[];

  constructor(secrets: Array<string | undefined>) {
    // Longest first, so a key that contains another secret is removed whole.
    this.secrets = secrets.filter((s): s is string => typeof s === "string" && s.length >= 4).sort((a, b) => b.length - a.length);
  }

  /** Removes every secret; also any `Bearer <token>` a service might echo. */
  redact(text: string): string {
    // Runs on every string of every answer: look before copying (most strings hold neither).
    let out = text;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return BEARER_WORD.test(out) ? out.replace(BEARER_TOKEN, `$1${REDACTED}`) : out;
  }
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
