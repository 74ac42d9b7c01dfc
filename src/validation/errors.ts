/**
 * Refusals of the model's input, which the server turns into `isError` answers.
 * Handlers throw these; only `protocol/answers.ts` catches them. Messages are written
 * for the model: short, specific, and they say what to do next. They never
 * contain the API key.
 */

/** Bad input from the model: nothing was sent upstream. */
export class UserInputError extends Error {
  override readonly name = "UserInputError";
  /** The argument that is wrong, when one is (e.g. "to", "calls[3].to"). */
  readonly field: string | undefined;
  /** The rule that refused, for the audit log (e.g. "blocked_type"); undefined for plain validation. */
  readonly rule: string | undefined;
  constructor(message: string, field?: string, rule?: string) {
    super(message);
    this.field = field;
    this.rule = rule;
  }
}

/** One failing row of a batch, as reported to the model. */
export interface RowProblem {
  index: number;
  /** Every row with this same problem, `index` first, when several share it: one line names them all. */
  rows?: readonly number[];
  field: string;
  reason: string;
  /** The rule that refused the row, for the audit log. */
  rule?: string;
}

/** The rows a problem names. */
export const rowsOf = (p: RowProblem): readonly number[] => p.rows ?? [p.index];

/**
 * Row indices, ascending, in few characters: a run of four or more at one step is written by its first two and its
 * last ("0, 3, …, 9999": every third row from 0 to 9999), so a batch's every third row is one short phrase.
 */
export function rowListText(indices: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < indices.length;) {
    const step = (indices[i + 1] ?? 0) - indices[i]!;
    let end = i + 1;
    while (step > 0 && end + 1 < indices.length && indices[end + 1]! - indices[end]! === step) end++;
    if (end - i >= 3) {
      parts.push(`${indices[i]}, ${indices[i + 1]}, …, ${indices[end]}`);
      i = end + 1;
    } else {
      parts.push(String(indices[i]));
      i++;
    }
  }
  return parts.join(", ");
}

/** Most rows listed in a batch refusal; the rest are counted. */
export const MAX_ROWS_LISTED = 50;

export class BatchValidationError extends UserInputError {
  readonly problems: RowProblem[];
  /** `what` completes "N of M rows …" (e.g. "were refused by the do-not-call list"); `advice` says what to do. */
  constructor(
    problems: RowProblem[],
    rowCount: number,
    what = "failed validation",
    advice = "Fix every row below and submit the whole batch again",
  ) {
    const listed = problems.slice(0, MAX_ROWS_LISTED);
    const rows = new Set(problems.flatMap(rowsOf)).size;
    const lines = listed.map((p) =>
      p.rows && p.rows.length > 1
        ? `- calls[${rowListText(p.rows)}].${p.field} (${p.rows.length} rows): ${p.reason}`
        : `- calls[${p.index}].${p.field}: ${p.reason}`,
    );
    if (problems.length > listed.length) {
      lines.push(`- …and ${problems.length - listed.length} more problems not listed`);
    }
    super(
      `Batch refused: ${rows} of ${rowCount} rows ${what}, so nothing was sent. ` + `${advice}:\n${lines.join("\n")}`,
      "calls",
    );
    this.problems = problems;
  }
}

/** A tool's input did not match its schema: nothing ran. */
export class InputValidationError extends Error {
  override readonly name = "InputValidationError";
}
