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
  field: string;
  reason: string;
  /** The rule that refused the row, for the audit log. */
  rule?: string;
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
    const rows = new Set(problems.map((p) => p.index)).size;
    const lines = listed.map((p) => `- calls[${p.index}].${p.field}: ${p.reason}`);
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
