/**
 * OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: number ranges never dialed, one
 * international prefix a line (`+53`, `+371 6`, `+44 20 7946`), `#` starts a
 * comment. Off unless set. Meant for the high-risk ranges of international
 * revenue-share fraud as the operator's carrier or fraud-data provider lists
 * them (docs/number-policy.md): such lists change month to month, so none is
 * built in. A line that cannot be read stops the server, as with the
 * do-not-call list (the file is read at start: src/config/blocked-prefixes-file.ts).
 */
export const PREFIXES_VARIABLE = "OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE";

export class BlockedPrefixes {
  /** Digits after the +, e.g. "3716". */
  private readonly prefixes: ReadonlySet<string>;
  private readonly longest: number;

  constructor(prefixes: Iterable<string>) {
    this.prefixes = new Set(prefixes);
    this.longest = Math.max(0, ...[...this.prefixes].map((p) => p.length));
  }

  get size(): number {
    return this.prefixes.size;
  }

  /** The shortest listed prefix `e164` starts with (as `+3716`), or undefined. */
  match(e164: string): string | undefined {
    const digits = e164.slice(1);
    for (let n = 1; n <= Math.min(this.longest, digits.length); n++) {
      const head = digits.slice(0, n);
      if (this.prefixes.has(head)) return `+${head}`;
    }
    return undefined;
  }
}
