/**
 * A big batch refused by the law of the place called: its rows are taken in groups of one place and one set of zones,
 * and each group is one line of the refusal. Every refused row is still named (before, only the first 50 rows were),
 * the count is of rows, a row no rule covers is not named, and a number whose consent record lifts the rule is let
 * through while the rest of its place is refused. Injected clock: Monday 2026-11-23 (New York EST, UTC-5).
 */
import { describe, expect, it } from "vitest";
import type { ConsentRecord } from "../../../src/guards/consent/file.js";
import { lawBook } from "../../../src/guards/law/book.js";
import { rowListText } from "../../../src/validation/errors.js";
import { at, lawVerdict as verdict } from "./law-rows.js";

const ohio = (i: number) => `+1614555${String(1000 + i).padStart(4, "0")}`; // Columbus: Eastern time
const california = (i: number) => `+1415555${String(1000 + i).padStart(4, "0")}`; // San Francisco: Pacific time
const uk = (i: number) => `+447400${String(100_000 + i)}`; // no rule of the book covers it

/** Every row index a refusal's lines name, expanded from their compact lists ("0, 3, …, 177"). */
function namedRows(message: string): number[] {
  const out: number[] = [];
  for (const [, list] of message.matchAll(/^- calls\[([^\]]+)\]/gm)) {
    const parts = list!.split(", ");
    for (let i = 0; i < parts.length; i++) {
      if (parts[i] !== "…") {
        out.push(Number(parts[i]));
        continue;
      }
      const step = Number(parts[i - 1]) - Number(parts[i - 2]);
      for (let n = Number(parts[i - 1]) + step; n < Number(parts[i + 1]); n += step) out.push(n);
    }
  }
  return out.sort((a, b) => a - b);
}

describe("a batch refused at night, by groups of one place and one set of zones", () => {
  // Monday 23:30 in New York, 20:30 in San Francisco: Ohio is past the federal 21:00, California inside it.
  const night = at("2026-11-23T23:30", -5);
  const book = lawBook("telemarketing");
  const batch = Array.from({ length: 60 }, (_, i) => [ohio(i), california(i), uk(i)]).flat();

  it("names every refused row, 60 of them, in one line, and counts rows", async () => {
    const v = await verdict(book, batch, night);
    expect(v).toMatch(/^us_fcc_hours: Batch refused: 60 of 180 rows may not be called now/);
    expect(namedRows(v)).toEqual(Array.from({ length: 60 }, (_, i) => i * 3));
    expect(v).toContain("- calls[0, 3, …, 177].to (60 rows): +1 614 555 1000, +1 614 555 1001, +1 614 555 1002 and 57");
    expect(v).toContain("are refused by rule us_fcc_hours");
    expect(v.split("\n").filter((line) => line.startsWith("- "))).toHaveLength(1);
  });

  it("one line a place when two places are refused, each naming all its rows", async () => {
    // 06:00 in New York, 03:00 in San Francisco: both before the federal 08:00.
    const v = await verdict(book, batch, at("2026-11-24T06:00", -5));
    expect(v).toMatch(/Batch refused: 120 of 180 rows/);
    expect(namedRows(v)).toEqual(Array.from({ length: 120 }, (_, i) => Math.floor(i / 2) * 3 + (i % 2)));
    expect(v.split("\n").filter((line) => line.startsWith("- "))).toHaveLength(2);
  });

  it("a number whose consent record lifts the rule goes; the rest of its place is refused", async () => {
    const va = (i: number) => `+1703555${String(1000 + i).padStart(4, "0")}`; // Arlington, Virginia
    const virginia = lawBook(
      "telemarketing",
      [
        { id: "us_fcc_hours", enabled: false },
        { id: "us_tsr_hours", enabled: false },
        { id: "us_va_hours", consent_bases: ["express_written"] },
      ],
      "/rules.json",
    );
    const record: ConsentRecord = {
      number: va(1),
      basis: "express_written",
      source: "web-form",
      obtained: "2026-01-10",
    };
    const v = await verdict(virginia, [va(0), va(1), va(2)], at("2026-11-23T21:10", -5), {
      consent: new Map([[va(1), record]]),
    });
    expect(v).toMatch(/^us_va_hours: Batch refused: 2 of 3 rows/);
    expect(namedRows(v)).toEqual([0, 2]);
    expect(v).not.toContain("+1 703 555 1001");
  });
});

describe("row lists", () => {
  it("writes a run of four or more at one step by its first two and its last", () => {
    expect(rowListText([0, 3, 6, 9])).toBe("0, 3, …, 9");
    expect(rowListText([0, 1, 2])).toBe("0, 1, 2");
    expect(rowListText([0, 1, 2, 3, 10, 20, 21])).toBe("0, 1, …, 3, 10, 20, 21");
    expect(rowListText([5])).toBe("5");
  });
});
