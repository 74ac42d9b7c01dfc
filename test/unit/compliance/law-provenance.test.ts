/**
 * OUTBOUND_CALLS_RULES_PROVENANCE: which rules apply by the tier of the source each was read from. `all` (the
 * default) applies every tier; `official` only rules read in the law's own text, and the start's log names every rule
 * it leaves out (a loosening). The filter is one function any kind of rule goes through, built in or the operator's.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/env.js";
import { lawBook, notAppliedText } from "../../../src/guards/law/book.js";
import { rulesOfProvenance } from "../../../src/guards/law/provenance.js";
import { BUILT_IN_RULES } from "../../../src/guards/law/rules.js";
import { at, lawVerdict as verdict } from "./law-rows.js";

const HARTFORD_CT = "+18605550123"; // Connecticut 09:00-20:00, read in a law firm's report (secondary)

describe("the law book by provenance", () => {
  it("all (the default) keeps every tier; official keeps only official rules and says which it left out", () => {
    const all = lawBook("telemarketing");
    expect(all.provenance).toBe("all");
    expect(new Set(all.rules.map((r) => r.source.tier))).toEqual(
      new Set(["official", "official_summary", "secondary"]),
    );
    expect(notAppliedText(all)).toBeUndefined();

    const official = lawBook("telemarketing", [], "", "official");
    expect(official.rules.length).toBeGreaterThan(10);
    expect(official.rules.every((r) => r.source.tier === "official")).toBe(true);
    expect(official.rules.length + official.notApplied!.length).toBe(all.rules.length);
    const said = notAppliedText(official)!;
    expect(said).toMatch(
      /^OUTBOUND_CALLS_RULES_PROVENANCE=official: \d+ rules of the law of the place called are not applied, read in no official text: /,
    );
    expect(said).toContain("us_ct_hours (secondary)");
    expect(said).toContain("ca_crtc_hours (official_summary)");
    expect(said).not.toContain("us_fcc_hours");
  });

  it("official: Connecticut's 20:30 goes (its rule is secondary), the federal window still holds at 21:00", async () => {
    const now = at("2026-12-01T20:30", -5);
    expect(await verdict(lawBook("telemarketing"), [HARTFORD_CT], now)).toMatch(
      /^us_ct_hours: .*\[secondary source, read 2026-11-28\]/,
    );
    const official = lawBook("telemarketing", [], "", "official");
    expect(await verdict(official, [HARTFORD_CT], now)).toBe("ok");
    expect(await verdict(official, [HARTFORD_CT], at("2026-12-01T21:00", -5))).toMatch(/^us_fcc_hours: /);
  });

  it("filters the operator's own rules by the tier the file gives them (secondary unless it says official)", () => {
    const change = { id: "tx_hours", place: "US-TX", source: "counsel memo", max_calls: 2, window_hours: 24 };
    expect(lawBook("telemarketing", [change], "/r.json", "official").rules.map((r) => r.id)).not.toContain("tx_hours");
    expect(
      lawBook("telemarketing", [{ ...change, tier: "official" as const }], "/r.json", "official").rules.map(
        (r) => r.id,
      ),
    ).toContain("tx_hours");
  });

  it("any kind of rule goes through the same filter (a rule of another kind only needs its source's tier)", () => {
    const consentRule = { id: "consent_kind", source: { tier: "official_summary" as const } };
    const { kept, dropped } = rulesOfProvenance([...BUILT_IN_RULES, consentRule], "official");
    expect(dropped).toContain(consentRule);
    expect(kept.every((r) => r.source.tier === "official")).toBe(true);
    expect(rulesOfProvenance([consentRule], "all").kept).toEqual([consentRule]);
  });
});

describe("the variable", () => {
  const base = { OUTBOUND_CALLS_API_KEY: "sk_test_provenance", OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:9" };
  it("takes all or official, in any case; anything else stops the start, naming the variable", () => {
    expect(loadConfig(base).safety.rulesProvenance).toBe("all");
    expect(loadConfig({ ...base, OUTBOUND_CALLS_RULES_PROVENANCE: "Official" }).safety.rulesProvenance).toBe(
      "official",
    );
    expect(() => loadConfig({ ...base, OUTBOUND_CALLS_RULES_PROVENANCE: "secondary" })).toThrow(
      /OUTBOUND_CALLS_RULES_PROVENANCE must be all \(the default\) or official/,
    );
  });
});
