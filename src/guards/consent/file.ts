/**
 * The operator's consent records (OUTBOUND_CALLS_CONSENT_FILE): one line per
 * number, `number,basis,source,obtained[,expires]`, `#` starts a comment, a
 * first line starting with `number` is a header. The basis is one of the words
 * of consent-bases.ts (which rules it satisfies). Read once at start; a line that
 * cannot be read stops the server (a record silently missed is a dial refused or,
 * worse, a basis shown wrongly). Only the operator writes it: no tool can.
 */
import { readOperatorFile } from "../../config/operator-file.js";
import { ConfigurationError } from "../../config/errors.js";
import { readDoNotCallLine } from "../do-not-call/list.js";
import { BASIS_WORDS, isBasis } from "../consent-law/bases.js";

export const CONSENT_VARIABLE = "OUTBOUND_CALLS_CONSENT_FILE";

export interface ConsentRecord {
  number: string;
  /** The legal basis: a word of consent-bases.ts (the file is refused otherwise). */
  basis: string;
  /** Where it was obtained, e.g. web-form-2026-03. */
  source: string;
  /** YYYY-MM-DD (or a full ISO date-time), as written. */
  obtained: string;
  /** When it ends (epoch ms), if it does. */
  expiresAt?: number;
  expires?: string;
  /** The file's line it was read from (1-based), for a refusal that names it. */
  line?: number;
}

const WORD = /^[A-Za-z0-9][A-Za-z0-9 _.:/-]{0,79}$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?Z)?$/;

export function loadConsentFile(path: string, defaultCountry: string | undefined): ReadonlyMap<string, ConsentRecord> {
  const text = readOperatorFile(CONSENT_VARIABLE, path);
  const records = new Map<string, ConsentRecord>();
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const content = raw.replace(/#.*$/, "").trim();
      if (content === "" || (i === 0 && /^number\s*,/i.test(content))) return;
      const bad = (why: string): never => {
        throw new ConfigurationError(
          `${CONSENT_VARIABLE}: line ${i + 1} ${why}. Fix or remove that line; the server does not start with records it cannot fully read`,
        );
      };
      const [number = "", basis = "", source = "", obtained = "", expires, ...extra] = content
        .split(",")
        .map((f) => f.trim());
      if (extra.length > 0) bad("has more than five fields (number,basis,source,obtained[,expires])");
      const read = readDoNotCallLine(number, defaultCountry);
      if ("problem" in read) bad(`: the number ${read.problem}`);
      const e164 = (read as { e164: string }).e164;
      if (!isBasis(basis))
        bad(
          `has ${basis === "" ? "no basis" : `the basis "${WORD.test(basis) ? basis : "(unreadable)"}", which is none of the file's words`}: write one of ${BASIS_WORDS.join(", ")} (docs/consent.md#consent-bases)`,
        );
      if (!WORD.test(source)) bad("has no source (letters, digits, space, _ . : / -; at most 80)");
      if (!DATE.test(obtained) || Number.isNaN(Date.parse(obtained)))
        bad(
          `has no date obtained written YYYY-MM-DD (or YYYY-MM-DDTHH:MMZ)${obtained ? `: "${obtained.slice(0, 20)}"` : ""}`,
        );
      let expiresAt: number | undefined;
      if (expires !== undefined && expires !== "") {
        if (!DATE.test(expires) || Number.isNaN(Date.parse(expires)))
          bad(`has an expiry that is not a date written YYYY-MM-DD: "${expires.slice(0, 20)}"`);
        // A date alone ends at the end of that day (UTC).
        expiresAt = Date.parse(expires) + (expires.length === 10 ? 86_400_000 : 0);
      }
      if (records.has(e164)) bad(`repeats ${e164} (one record per number)`);
      records.set(e164, {
        number: e164,
        basis,
        source,
        obtained,
        ...(expiresAt !== undefined ? { expiresAt, expires: expires! } : {}),
        line: i + 1,
      });
    });
  return records;
}

/** A date obtained without a time may be that date in any zone: before the call only once it has ended everywhere (UTC-12). */
const DATE_ONLY_OBTAINED_MS = 36 * 3_600_000;

/** Was the record obtained before `now`, and does it stay live until `until` (the dial's last ring)? */
export function liveBetween(record: ConsentRecord, now: number, until = now): boolean {
  // A record that ends while the call or the batch may still ring would leave its last rings without consent.
  if (record.expiresAt !== undefined && record.expiresAt <= Math.max(now, until)) return false;
  const obtained = Date.parse(record.obtained) + (record.obtained.length === 10 ? DATE_ONLY_OBTAINED_MS : 0);
  return Number.isFinite(obtained) && obtained <= now;
}
