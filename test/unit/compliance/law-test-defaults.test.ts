/**
 * The test helpers (test/helpers/server-process.ts unlessNamed, test/helpers/guards.ts GUARDS_OFF) keep tests that
 * are not about the law from depending on the hour: informational calls under the official rules only. That holds
 * while no rule read in an official text covers informational calls; adding one fails here first, so the helpers can
 * be changed with it.
 */
import { expect, it } from "vitest";
import { lawBook } from "../../../src/guards/law/book.js";

it("no rule read in an official text covers informational calls (the test helpers' defaults rely on it)", () => {
  expect(lawBook("informational", [], "", "official").rules.map((r) => r.id)).toEqual([]);
  // The check can fail: informational calls do meet rules of lower tiers.
  expect(lawBook("informational").rules.length).toBeGreaterThan(0);
});
