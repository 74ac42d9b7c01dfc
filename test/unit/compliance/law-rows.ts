/** Shared by the review tests of the law of the place called: a checked row, and the refusal a check gives. */
import type { LawBook } from "../../../src/guards/law/book.js";
import { checkLawOfThePlace, type LawCheckOptions } from "../../../src/guards/law/check.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { checkRow, type CheckedRow } from "../../../src/validation/call-row.js";

const policy = { allowedCountries: undefined, blockedTypes: new Set<never>() };

export function row(to: string): CheckedRow {
  const checked = checkRow({ to, agent_id: "agt_1" }, policy).row;
  if (!checked) throw new Error(`${to} did not pass`);
  return checked;
}

/** The SafetyRefusal the law gives a dial to `to` at `now`, or undefined when it allows it. */
export async function lawRefusal(book: LawBook, to: string, now: number): Promise<SafetyRefusal | undefined> {
  try {
    await checkLawOfThePlace(book, [row(to)], now);
    return undefined;
  } catch (error) {
    if (error instanceof SafetyRefusal) return error;
    throw error;
  }
}

/** The UTC instant of a local wall time (seconds allowed) at a fixed offset, hours east of UTC. */
export const at = (isoLocal: string, offsetHours: number): number =>
  Date.parse(`${isoLocal}Z`) - offsetHours * 3_600_000;

/** A dial of `to` at `now` as one line: "ok" (with the consent exceptions used), or "<rule>: <refusal>". */
export async function lawVerdict(
  book: LawBook,
  to: readonly string[],
  now: number,
  options: LawCheckOptions = {},
): Promise<string> {
  try {
    const waived = await checkLawOfThePlace(book, to.map(row), now, options);
    return waived.length > 0 ? `ok; ${waived.join("; ")}` : "ok";
  } catch (error) {
    if (error instanceof BatchSafetyRefusal) return `${error.safetyRule}: ${error.message}`;
    if (error instanceof SafetyRefusal) return `${error.rule}: ${error.message}`;
    throw error;
  }
}
