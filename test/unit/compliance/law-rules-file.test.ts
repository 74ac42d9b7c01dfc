/**
 * OUTBOUND_CALLS_RULES_FILE: the operator switches off, changes or adds rules
 * of the law of the place called; a file that cannot be fully read stops the
 * start with a message naming the variable and the field.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../src/config/errors.js";
import { loadRulesFile } from "../../../src/config/rules-file.js";
import { lawBook } from "../../../src/guards/law/book.js";
import { checkLawOfThePlace } from "../../../src/guards/law/check.js";
import { SafetyRefusal } from "../../../src/guards/dial/refusals.js";
import { checkRow, type CheckedRow } from "../../../src/validation/call-row.js";

const dir = mkdtempSync(join(tmpdir(), "rules-file-"));
let serial = 0;
function file(content: unknown): string {
  const path = join(dir, `rules-${++serial}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}
const book = (content: unknown) => {
  const path = file(content);
  return lawBook("telemarketing", loadRulesFile(path), path);
};
const row = (to: string): CheckedRow =>
  checkRow({ to, agent_id: "agt_1" }, { allowedCountries: undefined, blockedTypes: new Set<never>() }).row!;
const MIAMI = "+13055550107";
const HOUSTON = "+17135550123";
// Monday 2026-11-23 20:30 EST and Sunday 2026-11-29 10:00 CST.
const MONDAY_2030_ET = Date.parse("2026-11-24T01:30:00Z");
const SUNDAY_1000_CT = Date.parse("2026-11-29T16:00:00Z");

async function refusal(b: ReturnType<typeof lawBook>, to: string, now: number): Promise<string | undefined> {
  try {
    await checkLawOfThePlace(b, [row(to)], now);
    return undefined;
  } catch (error) {
    if (error instanceof SafetyRefusal) return error.message;
    throw error;
  }
}

describe("changes the operator makes", () => {
  it("switches a rule off", async () => {
    expect(await refusal(lawBook("telemarketing"), MIAMI, MONDAY_2030_ET)).toContain("us_fl_hours");
    const b = book({ rules: [{ id: "us_fl_hours", enabled: false }] });
    expect(b.rules.map((r) => r.id)).not.toContain("us_fl_hours");
    expect(await refusal(b, MIAMI, MONDAY_2030_ET)).toBeUndefined();
  });

  it("changes a rule's hours, and the refusal names the file beside the law", async () => {
    const days = {
      sun: [],
      mon: ["09:00-17:00"],
      tue: ["09:00-17:00"],
      wed: ["09:00-17:00"],
      thu: ["09:00-17:00"],
      fri: ["09:00-17:00"],
      sat: [],
    };
    const path = file({ rules: [{ id: "us_fl_hours", hours: days }] });
    const b = lawBook("telemarketing", loadRulesFile(path), path);
    const message = await refusal(b, MIAMI, Date.parse("2026-11-23T22:30:00Z")); // 17:30 in Miami
    expect(message).toContain("outside 09:00-17:00");
    expect(message).toContain(`as changed by the operator's OUTBOUND_CALLS_RULES_FILE (${path})`);
    expect(message).toContain("https://flsenate.gov/");
  });

  it("adds a rule for another place, with the operator's own source", async () => {
    const closedSunday = {
      sun: [],
      mon: ["09:00-21:00"],
      tue: ["09:00-21:00"],
      wed: ["09:00-21:00"],
      thu: ["09:00-21:00"],
      fri: ["09:00-21:00"],
      sat: ["09:00-21:00"],
    };
    const b = book({
      rules: [
        {
          id: "us_tx_sunday",
          place: "US-TX",
          place_name: "Texas, US",
          source: "counsel memo 2026-10",
          hours: closedSunday,
        },
      ],
    });
    const message = await refusal(b, HOUSTON, SUNDAY_1000_CT);
    expect(message).toContain("rule us_tx_sunday, Texas, US");
    expect(message).toContain("counsel memo 2026-10");
  });

  it("a holiday country the library does not know refuses the dial (fail closed), naming the file to fix", async () => {
    const b = book({ rules: [{ id: "us_fl_hours", holidays: "ZZ" }] });
    const message = await refusal(b, MIAMI, Date.parse("2026-11-23T15:00:00Z"));
    expect(message).toContain("the public holidays a rule in force names cannot be loaded");
    expect(message).toContain("no country ZZ");
    expect(message).toContain("Nothing was dialed");
  });

  it("changes a frequency limit and applies a rule to informational calls too", () => {
    const b = lawBook(
      "informational",
      loadRulesFile(
        file({
          rules: [
            { id: "us_fl_frequency", max_calls: 2, window_hours: 48, purposes: ["telemarketing", "informational"] },
          ],
        }),
      ),
    );
    // The built-in informational rules (hours of device calls) are in the book too; the file's rule is the one it changed.
    expect(b.rules.filter((r) => r.origin !== "built-in").map((r) => [r.id, r.frequency])).toEqual([
      ["us_fl_frequency", { limit: 2, windowMs: 48 * 3_600_000 }],
    ]);
  });
});

describe("a file the server does not start with", () => {
  const startError = (content: unknown): string => {
    try {
      book(content);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      return (error as Error).message;
    }
    throw new Error("the file was accepted");
  };

  it.each([
    ["not JSON", "{ rules: [", /OUTBOUND_CALLS_RULES_FILE: the file is not JSON/],
    [
      "an unknown field",
      { rules: [{ id: "us_fl_hours", enabled: false, typo: 1 }] },
      /OUTBOUND_CALLS_RULES_FILE: rules\.0: /,
    ],
    [
      "a span past midnight",
      {
        rules: [
          { id: "us_fl_hours", hours: { sun: ["22:00-02:00"], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] } },
        ],
      },
      /rules\.0\.hours\.sun\.0: a span is "HH:MM-HH:MM" within one day/,
    ],
    ["a week missing a day", { rules: [{ id: "us_fl_hours", hours: { sun: [] } }] }, /rules\.0\.hours\.mon/],
    [
      "a new rule without place or source",
      { rules: [{ id: "us_tx_sunday", max_calls: 2, window_hours: 24 }] },
      /rule us_tx_sunday is not a built-in rule .* needs "place" and "source"/,
    ],
    [
      "switching off a rule that does not exist",
      { rules: [{ id: "us_zz_hours", enabled: false }] },
      /cannot be switched off: there is no such rule/,
    ],
    [
      "a rule written twice",
      {
        rules: [
          { id: "fr_hours", enabled: false },
          { id: "fr_hours", holidays: false },
        ],
      },
      /rule fr_hours is written twice/,
    ],
    ["a window over 31 days", { rules: [{ id: "fr_frequency", window_hours: 745 }] }, /rules\.0\.window_hours/],
    ["a place moved", { rules: [{ id: "us_fl_hours", place: "US-GA" }] }, /rule us_fl_hours is about US-FL/],
  ])("%s", (_name, content, message) => {
    expect(startError(content)).toMatch(message);
  });

  it("a file that cannot be read", () => {
    expect(() => lawBook("telemarketing", loadRulesFile(join(dir, "missing.json")))).toThrow(
      /OUTBOUND_CALLS_RULES_FILE: the file cannot be read \(ENOENT\)/,
    );
  });
});
