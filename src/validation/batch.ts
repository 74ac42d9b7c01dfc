/** A batch's rows, validated together: every row by itself, then duplicates across rows. */
import type * as z from "zod";
import { checkRow, type callRowSchema, type CheckedRow } from "./call-row.js";
import { BatchValidationError, type RowProblem } from "./errors.js";

/** Hard ceiling of the schema; the configured OUTBOUND_CALLS_MAX_BATCH_SIZE is checked in the handler. */
export const BATCH_SCHEMA_MAX = 100_000;

/** Validates every row locally; returns the rows to send or throws naming every bad row. */
export function checkBatchRows(
  rows: z.infer<typeof callRowSchema>[],
  policy: Parameters<typeof checkRow>[1],
  allowDuplicates: boolean,
): CheckedRow[] {
  const problems: RowProblem[] = [];
  const checked: CheckedRow[] = [];
  const firstIndexOf = new Map<string, number>();
  rows.forEach((row, index) => {
    const result = checkRow(row, policy);
    for (const p of result.problems) problems.push({ index, ...p });
    if (!result.row) return;
    checked.push(result.row);
    const e164 = result.row.request.to;
    const first = firstIndexOf.get(e164);
    if (first === undefined) firstIndexOf.set(e164, index);
    else if (!allowDuplicates) {
      problems.push({
        index,
        field: "to",
        reason: `${e164} is also calls[${first}]; set allow_duplicates: true if calling it twice is intended`,
      });
    }
  });
  if (problems.length > 0) throw new BatchValidationError(problems, rows.length);
  return checked;
}
