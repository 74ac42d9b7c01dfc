/**
 * The do-not-call list: a text file, one number a line in any format people
 * write (`+1 415-555-2671`, `(415) 555-2671`, `0044 20 7946 0000`), `#` starts
 * a comment. Lines without `+` are read in OUTBOUND_CALLS_DEFAULT_COUNTRY.
 * Every line is normalized to E.164 when the server starts; a line that cannot
 * be read stops the server, because a list that silently misses a number is
 * worse than none. Changes are read at the next start.
 */
import { readOperatorFile } from "../../config/operator-file.js";
import type { CountryCode } from "libphonenumber-js/max";
import { phoneLib } from "../../phone/lib.js";
import { ConfigurationError } from "../../config/errors.js";
import { type RowProblem } from "../../validation/errors.js";
import type { CheckedRow } from "../../validation/call-row.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";

export const DNC_VARIABLE = "OUTBOUND_CALLS_DO_NOT_CALL_FILE";

export class DoNotCallList {
  constructor(
    private readonly numbers: ReadonlySet<string>,
    /** Where it came from, for messages. */
    readonly source: string | undefined,
  ) {}

  static empty(): DoNotCallList {
    return new DoNotCallList(new Set(), undefined);
  }

  get size(): number {
    return this.numbers.size;
  }

  has(e164: string): boolean {
    return this.numbers.has(e164);
  }
}

/** One line's number in E.164, or why it cannot be read. */
export function readDoNotCallLine(
  text: string,
  defaultCountry: string | undefined,
): { e164: string } | { problem: string } {
  const written = text.trim();
  if (/[a-z]/i.test(written.replace(/^(tel:)/i, ""))) {
    return { problem: "has letters or an extension; write the number alone" };
  }
  if (!written.replace(/^tel:/i, "").startsWith("+") && !defaultCountry) {
    return { problem: "has no country code (+…) and OUTBOUND_CALLS_DEFAULT_COUNTRY is not set" };
  }
  try {
    const parsed = phoneLib().parsePhoneNumberWithError(written.replace(/^tel:/i, ""), {
      defaultCountry: defaultCountry as CountryCode | undefined,
      extract: false,
    });
    // Possible, not valid: a listed number must match even if the metadata does not know its range yet.
    if (!parsed.isPossible()) return { problem: "is not a possible phone number (too short or too long)" };
    return { e164: parsed.number };
  } catch {
    return { problem: "is not a phone number" };
  }
}

/** Reads and normalizes the list; throws ConfigurationError naming the first bad line. */
export function loadDoNotCallList(path: string, defaultCountry: string | undefined): DoNotCallList {
  const text = readOperatorFile(DNC_VARIABLE, path);
  const numbers = new Set<string>();
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((raw, i) => {
    const content = raw.replace(/#.*$/, "").trim();
    if (content.length === 0) return;
    const result = readDoNotCallLine(content, defaultCountry);
    if ("problem" in result) {
      const shown = content.length > 40 ? `${content.slice(0, 40)}…` : content;
      throw new ConfigurationError(
        `${DNC_VARIABLE}: line ${i + 1} ("${shown}") ${result.problem}. Fix or remove that line; the server does not start with a list it cannot fully read`,
      );
    }
    numbers.add(result.e164);
  });
  return new DoNotCallList(numbers, path);
}

export const DNC_RULE = "do_not_call";

/** Refuses, naming every listed row, when any row's number is on the list. */
export function screenDoNotCall(list: DoNotCallList, rows: readonly CheckedRow[]): void {
  if (list.size === 0) return;
  const problems: RowProblem[] = [];
  rows.forEach((row, index) => {
    if (list.has(row.request.to)) {
      problems.push({
        index,
        field: "to",
        reason: `${row.phone.international} is on the do-not-call list (${DNC_VARIABLE})`,
      });
    }
  });
  if (problems.length === 0) return;
  if (rows.length === 1) {
    throw new SafetyRefusal(
      DNC_RULE,
      `Refused by the do-not-call list (${DNC_VARIABLE}): ${rows[0]!.phone.international} is on it. Nothing was dialed. Do not try to reach this number another way.`,
      "to",
    );
  }
  throw new BatchSafetyRefusal(
    DNC_RULE,
    problems,
    rows.length,
    `are on the do-not-call list (${DNC_VARIABLE})`,
    "Remove these rows and submit the batch again",
  );
}
