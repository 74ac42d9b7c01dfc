/**
 * A date-bounded ban: Louisiana's telephonic solicitation ban during a declared state of emergency (La. R.S.
 * 45:844.31, us_la_emergency_ban). Its dates are the governor's, which the server cannot know: the operator lists the
 * windows in OUTBOUND_CALLS_RULES_FILE. Built in without windows, it refuses nothing; within a window it refuses
 * every call to a Louisiana number (and to a number whose state cannot be told); a batch may not ring into one. The
 * clock is the `now` each check is given: Tuesday 2026-12-01, Louisiana CST (UTC-6).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../src/config/errors.js";
import { loadRulesFile } from "../../../src/config/rules-file.js";
import { lawBook, type LawBook } from "../../../src/guards/law/book.js";
import { BUILT_IN_RULES } from "../../../src/guards/law/rules.js";
import { at, lawVerdict as verdict } from "./law-rows.js";

const NEW_ORLEANS = "+15045550123";
const dir = mkdtempSync(join(tmpdir(), "law-dated-"));
let serial = 0;
const book = (rules: unknown[], perRowMs?: number): LawBook => {
  const path = join(dir, `rules-${++serial}.json`);
  writeFileSync(path, JSON.stringify({ rules }));
  return {
    ...lawBook("telemarketing", loadRulesFile(path), path),
    ...(perRowMs ? { batchSpanPerRowMs: perRowMs } : {}),
  };
};
const emergency = (from: string, until: string, what = "Proclamation No. 123 JBE 2026") =>
  book([{ id: "us_la_emergency_ban", windows: [{ from, until, what }] }]);

describe("us_la_emergency_ban", () => {
  it("is built in without windows, read on the regulator's page (official summary), and refuses nothing so", async () => {
    const rule = BUILT_IN_RULES.find((r) => r.id === "us_la_emergency_ban")!;
    expect(rule.bannedDuring).toEqual([]);
    expect(rule.source.tier).toBe("official_summary");
    expect(await verdict(lawBook("telemarketing"), [NEW_ORLEANS], at("2026-12-01T12:00", -6))).toBe("ok");
  });

  it("refuses within the operator's window, naming the rule, its tier and the window; allows before and after", async () => {
    const b = emergency("2026-12-01T00:00-06:00", "2026-12-03T00:00-06:00");
    const v = await verdict(b, [NEW_ORLEANS], at("2026-12-01T12:00", -6));
    expect(v).toMatch(/^us_la_emergency_ban: /);
    expect(v).toContain("Louisiana, US [official summary, read 2026-11-28]: La. R.S. 45:844.31");
    expect(v).toContain(
      "2026-12-01 18:00 UTC is within the rule's ban from 2026-12-01 06:00 UTC to 2026-12-03 06:00 UTC (Proclamation No. 123 JBE 2026)",
    );
    expect(v).toContain("as changed by the operator's OUTBOUND_CALLS_RULES_FILE");
    expect(await verdict(b, [NEW_ORLEANS], at("2026-11-30T12:00", -6))).toBe("ok");
    expect(await verdict(b, [NEW_ORLEANS], at("2026-12-03T12:00", -6))).toBe("ok");
    // A number whose state cannot be told meets it too; Texas does not.
    expect(await verdict(b, ["+18005550123"], at("2026-12-01T13:00", -6))).toMatch(/^us_la_emergency_ban: /);
    expect(await verdict(b, ["+17135550123"], at("2026-12-01T12:00", -6))).toBe("ok");
  });

  it("the start's log names the windows the file gives it (a change of the law in force)", () => {
    const b = emergency("2026-12-01T00:00-06:00", "2026-12-03T00:00-06:00");
    expect(b.changes).toEqual([
      "rule us_la_emergency_ban (Louisiana, US) is changed: windows none -> 2026-12-01 06:00 UTC to 2026-12-03 06:00 UTC",
    ]);
  });

  it("a call that would ring into the window is refused; a batch may not ring into it either", async () => {
    const b = emergency("2026-12-01T12:00-06:00", "2026-12-01T18:00-06:00");
    // 30 s before the window: the call would ring inside it.
    expect(await verdict(b, [NEW_ORLEANS], at("2026-12-01T11:59:30", -6))).toMatch(
      /^us_la_emergency_ban: .*the call would ring in the next 30 s/s,
    );
    expect(await verdict(b, [NEW_ORLEANS], at("2026-12-01T11:59:29", -6))).toBe("ok");
    // Three rows at 60 s a row ring for 3.5 min: sent at 11:57 they would ring into the ban at 12:00.
    const batch = await verdict(b, [NEW_ORLEANS, NEW_ORLEANS, NEW_ORLEANS], at("2026-12-01T11:57", -6), {
      batch: true,
    });
    expect(batch).toMatch(/^us_la_emergency_ban: /);
    expect(batch).toContain("a batch with this row may hold at most 2 rows now");
  });

  it("a window's bounds are widened to whole minutes (the start down, the end up)", async () => {
    const b = emergency("2026-12-01T12:00:30-06:00", "2026-12-01T12:10:10-06:00");
    expect(b.rules.find((r) => r.id === "us_la_emergency_ban")!.bannedDuring).toEqual([
      {
        from: Date.parse("2026-12-01T18:00:00Z"),
        until: Date.parse("2026-12-01T18:11:00Z"),
        what: "Proclamation No. 123 JBE 2026",
      },
    ]);
  });

  it("a window the server cannot read stops the start, naming the rule or the field", () => {
    expect(() => emergency("2026-12-03T00:00-06:00", "2026-12-01T00:00-06:00")).toThrow(
      /rule us_la_emergency_ban has a window whose "from" \(2026-12-03T00:00-06:00\) is not before its "until"/,
    );
    expect(() => emergency("2026-12-01", "2026-12-03T00:00-06:00")).toThrow(ConfigurationError);
    expect(() => emergency("2026-12-01T00:00", "2026-12-03T00:00-06:00")).toThrow(
      /rules\.0\.windows\.0\.from: a window's bounds are date-times with their offset/,
    );
  });

  it("an operator's own date-bounded rule needs a window; an empty list of windows does nothing and is refused", () => {
    expect(() => book([{ id: "tx_storm", place: "US-TX", source: "counsel memo", windows: [] }])).toThrow(
      /rule tx_storm sets neither hours, holidays, windows nor max_calls/,
    );
    const b = book([
      {
        id: "tx_storm",
        place: "US-TX",
        source: "counsel memo",
        windows: [{ from: "2026-12-01T00:00-06:00", until: "2026-12-02T00:00-06:00" }],
      },
    ]);
    expect(b.rules.find((r) => r.id === "tx_storm")?.source.tier).toBe("secondary");
  });
});
