/**
 * The calling-hours guard over a batch whose rows ring in different zones: each
 * row gets its own zone's local time, and only the rows outside the window are
 * refused (the guard computes each set of zones once per batch: a row must never
 * get another zone's answer).
 */
import { expect, it } from "vitest";
import { parseCallingWindow } from "../../../src/config/calling-window.js";
import { checkRowsCallingHours } from "../../../src/guards/hours/rows.js";
import { BatchSafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { checkRow, type CheckedRow } from "../../../src/validation/call-row.js";

const policy = { allowedCountries: undefined, blockedTypes: new Set<never>() };
const row = (to: string): CheckedRow => {
  const checked = checkRow({ to, agent_id: "agt_1" }, policy).row;
  if (!checked) throw new Error(`${to} did not pass`);
  return checked;
};

// 2026-01-15 15:30 UTC: 10:30 in New York, 07:30 in Los Angeles, 02:30 (next day) in Sydney.
const NOW = Date.UTC(2026, 0, 15, 15, 30);
const NEW_YORK = "+12125550123";
const LOS_ANGELES = "+13105550123";
const SYDNEY = "+61291234567";

it("gives every row its own zone's local time, however the zones repeat", () => {
  const rows = [NEW_YORK, LOS_ANGELES, SYDNEY, NEW_YORK, SYDNEY, LOS_ANGELES].map(row);
  const local = checkRowsCallingHours(undefined, rows, NOW);
  expect([...local.values()]).toEqual([
    "10:30 in America/New_York",
    "07:30 in America/Los_Angeles",
    "02:30 in Australia/Sydney, 02:30 in Australia/Lord_Howe",
    "10:30 in America/New_York",
    "02:30 in Australia/Sydney, 02:30 in Australia/Lord_Howe",
    "07:30 in America/Los_Angeles",
  ]);
});

it("refuses exactly the rows outside the window, naming each", () => {
  const window = parseCallingWindow("08:00-21:00")!;
  const rows = [NEW_YORK, LOS_ANGELES, SYDNEY, NEW_YORK, LOS_ANGELES].map(row);
  let refusal: unknown;
  try {
    checkRowsCallingHours(window, rows, NOW);
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(BatchSafetyRefusal);
  const problems = (refusal as BatchSafetyRefusal).problems;
  expect(problems.map((p) => p.index)).toEqual([1, 2, 4]);
  expect(problems[0]!.reason).toContain("07:30 in America/Los_Angeles");
  expect(problems[1]!.reason).toContain("02:30 in Australia/Sydney");
  // New York (10:30) is inside: a batch of New York rows only passes.
  expect(checkRowsCallingHours(window, [row(NEW_YORK), row(NEW_YORK)], NOW).size).toBe(2);
});
