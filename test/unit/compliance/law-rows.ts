/** Shared by the review tests of the law of the place called: a checked row, and the refusal a check gives. */
import type { LawBook } from "../../../src/safety/compliance/law-book.js";
import { checkLawOfThePlace } from "../../../src/safety/compliance/law-guard.js";
import { SafetyRefusal } from "../../../src/safety/refusals.js";
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
