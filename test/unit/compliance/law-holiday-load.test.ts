/**
 * when the public holidays a rule names cannot be loaded (here a rules file naming a country the
 * holiday library does not have), the dial is refused (fail closed, good) but the refusal names neither the rule,
 * nor the place, nor its source: the operator cannot tell which rule to fix, and the person reading it cannot
 * tell which law stopped the call. Every refusal of the law must name rule, place and source.
 */
import { expect, it } from "vitest";
import { lawBook } from "../../../src/guards/law/book.js";
import { SafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { lawRefusal } from "./law-rows.js";

it("a holiday calendar that cannot be loaded refuses, naming the rule, its place and its source", async () => {
  const book = lawBook(
    "telemarketing",
    [{ id: "es_holidays", place: "ES", place_name: "Spain", holidays: "QQ", source: "counsel memo 2026-10" }],
    "/etc/rules.json",
  );
  // Monday 2026-11-23 11:00 in Madrid.
  const r = (await lawRefusal(book, "+34912345678", Date.parse("2026-11-23T10:00:00Z")))!;
  expect(r).toBeInstanceOf(SafetyRefusal);
  expect(r.rule).toBe("es_holidays");
  expect(r.message).toContain("rule es_holidays, Spain");
  expect(r.message).toContain("counsel memo 2026-10");
  expect(r.message).toContain("QQ");
});
