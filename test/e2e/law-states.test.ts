/**
 * The states' rules end to end: the built server over stdio, a real MCP client, a recording service on 127.0.0.1,
 * the guards' clock started at fixed instants (OUTBOUND_CALLS_TEST_NOW). A batch mixing places names each refused
 * row with its rule and its source's tier, and the audit line names the rules with their tiers; with
 * OUTBOUND_CALLS_RULES_PROVENANCE=official a rule read on a secondary source no longer refuses. One rule of each
 * kind: a Sunday ban (Alabama), a holiday (Utah's Pioneer Day), a per-number limit across a restart (Maine), and a
 * date-bounded ban whose window the operator's rules file gives (Louisiana's declared emergency).
 */
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { auditLines, batchOf, lawEnv, posts, tempDir } from "../helpers/guards.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";

const OHIO = "+16145550123"; // no state rule: the federal window alone
const CONNECTICUT = "+18605550123"; // 09:00-20:00, secondary
const MAINE = "+12075550123"; // weekdays 09:00-17:00 and one call in 8 hours, official
const MIAMI = "+13055550100"; // 08:00-20:00, official
const PARIS = "+33142685300";
const BIRMINGHAM_AL = "+12055550123"; // Monday to Saturday 08:00-20:00, no Sunday, no holidays; secondary
const SALT_LAKE_CITY = "+18015550123"; // no Sunday, no legal holiday; secondary
const NEW_ORLEANS = "+15045550123";

/** Tuesday 2026-12-01 20:30 in the eastern US (EST), Wednesday 02:30 in Paris. */
const TUESDAY_2030_ET = "2026-12-02T01:30:00Z";
/** Tuesday 2026-12-01 12:00 in the eastern US, 18:00 in Paris. */
const TUESDAY_NOON_ET = "2026-12-01T17:00:00Z";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

function server(now: string, extra: Record<string, string | undefined> = {}): Promise<StartedServer> {
  return startServer({ env: lawEnv(upstream, now, extra) });
}

async function using<T>(s: StartedServer, body: (s: StartedServer) => Promise<T>): Promise<T> {
  try {
    upstream.requests.length = 0;
    return await body(s);
  } finally {
    await s.close();
  }
}

describe("a batch mixing places at Tuesday 20:30 in the east", () => {
  const batch = batchOf(OHIO, CONNECTICUT, MAINE, MIAMI, PARIS);

  it("names each refused row with its rule and its tier; the Ohio row is not refused; nothing is POSTed; the audit line names the tiers", async () => {
    const audit = `${tempDir("law-states-batch")}/audit.jsonl`;
    await using(await server(TUESDAY_2030_ET, { OUTBOUND_CALLS_AUDIT_LOG: audit }), async (s) => {
      const result = await s.call("submit_batch", batch);
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toContain(
        "calls[1].to: +1 860 555 0123 is refused by rule us_ct_hours, Connecticut, US [secondary source, read 2026-11-28]",
      );
      expect(text).toContain(
        "calls[2].to: +1 207 555 0123 is refused by rule us_me_automated_hours, Maine, US [official text, read 2026-11-28]",
      );
      expect(text).toContain(
        "calls[3].to: +1 305 555 0100 is refused by rule us_fl_hours, Florida, US [official text, read 2026-11-28]",
      );
      expect(text).toContain(
        "calls[4].to: +33 1 42 68 53 00 is refused by rule fr_hours, France [official text, read 2026-11-25]",
      );
      expect(text).not.toContain("calls[0]");
      expect(posts(upstream)).toHaveLength(0);
      const line = auditLines(audit).at(-1)!;
      expect(line).toMatchObject({ decision: "refused", rule: "law_of_the_place" });
      expect(line.law_rules).toEqual(
        expect.arrayContaining([
          "us_ct_hours (secondary)",
          "us_me_automated_hours (official)",
          "us_me_automated_frequency (official)",
          "us_fl_hours (official)",
          "us_fcc_hours (official)",
          "us_tsr_hours (official)",
          "fr_hours (official)",
        ]),
      );
    });
  });

  it("with OUTBOUND_CALLS_RULES_PROVENANCE=official Connecticut's secondary rule no longer refuses, and the start's log names it", async () => {
    await using(await server(TUESDAY_2030_ET, { OUTBOUND_CALLS_RULES_PROVENANCE: "official" }), async (s) => {
      const text = textOf(await s.call("submit_batch", batch));
      expect(text).not.toContain("calls[1]");
      expect(text).toContain("calls[2].to: +1 207 555 0123 is refused by rule us_me_automated_hours");
      expect(text).toContain("calls[3].to: +1 305 555 0100 is refused by rule us_fl_hours");
      expect(posts(upstream)).toHaveLength(0);
      await expect.poll(() => s.transport.stderr, { timeout: 15_000 }).toContain("us_ct_hours (secondary)");
      expect(s.transport.stderr).toContain("OUTBOUND_CALLS_RULES_PROVENANCE=official: ");
      // Connecticut alone goes at 20:30: only the federal window (08:00-21:00) is left there.
      const alone = await s.call("create_call", { to: CONNECTICUT, agent_id: "agt_1" });
      expect(alone.isError, textOf(alone)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(1);
    });
  });

  it("at noon every row goes in one POST, and the dry run lists the rules that apply with their tiers", async () => {
    await using(await server(TUESDAY_NOON_ET), async (s) => {
      const all = batchOf(OHIO, CONNECTICUT, MAINE, MIAMI, PARIS, BIRMINGHAM_AL);
      const dry = await s.call("submit_batch", { ...all, dry_run: true });
      expect(dry.isError, textOf(dry)).toBeFalsy();
      expect(textOf(dry)).toMatch(
        /law of the place called: telemarketing, allowed now \(\d+ rules in force; these numbers meet [^\n]*us_al_automated_hours \(secondary: [^\n]*us_ct_hours \(secondary: [^\n]*us_fcc_hours \(official: [^\n]*fr_hours \(official: Code de la consommation/,
      );
      const result = await s.call("submit_batch", all);
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(1);
      expect((posts(upstream)[0]!.json as { calls: unknown[] }).calls).toHaveLength(6);
    });
  });
});

describe("one rule of each kind, refused and allowed", () => {
  it("Sunday: Alabama allows no call on Sunday 12:00 (the federal window would); Monday 12:00 goes", async () => {
    await using(await server("2026-11-29T18:00:00Z"), async (s) => {
      const text = textOf(await s.call("create_call", { to: BIRMINGHAM_AL, agent_id: "agt_1" }));
      expect(text).toContain("rule us_al_automated_hours, Alabama, US [secondary source, read 2026-11-28]");
      expect(text).toContain("it is Sunday 12:00 in America/Chicago, and the rule allows no calls on Sunday");
      expect(posts(upstream)).toHaveLength(0);
    });
    await using(await server("2026-11-30T18:00:00Z"), async (s) => {
      const result = await s.call("create_call", { to: BIRMINGHAM_AL, agent_id: "agt_1" });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(1);
    });
  });

  it("a holiday: Utah's Pioneer Day (Friday 2026-07-24) refuses at noon, from its own list of holidays; the day before goes", async () => {
    await using(await server("2026-07-24T18:00:00Z"), async (s) => {
      const text = textOf(await s.call("create_call", { to: SALT_LAKE_CITY, agent_id: "agt_1" }));
      expect(text).toContain("rule us_ut_hours_sunday_holidays, Utah, US [secondary source, read 2026-11-28]");
      expect(text).toContain("2026-07-24 is a public holiday in US-UT (Pioneer Day) in America/Denver");
      expect(posts(upstream)).toHaveLength(0);
    });
    await using(await server("2026-07-23T18:00:00Z"), async (s) => {
      const result = await s.call("create_call", { to: SALT_LAKE_CITY, agent_id: "agt_1" });
      expect(result.isError, textOf(result)).toBeFalsy();
    });
  });

  it("a per-number limit: Maine's one call in 8 hours refuses the second, also after a restart; the next day it goes", async () => {
    const audit = `${tempDir("law-states-maine")}/audit.jsonl`;
    // Tuesday 10:00 in Maine (EST).
    await using(await server("2026-12-01T15:00:00Z", { OUTBOUND_CALLS_AUDIT_LOG: audit }), async (s) => {
      const first = await s.call("create_call", { to: MAINE, agent_id: "agt_1" });
      expect(first.isError, textOf(first)).toBeFalsy();
      const second = await s.call("create_call", { to: MAINE, agent_id: "agt_1", repeat_dial: true });
      expect(textOf(second)).toContain(
        "+12075550123 was dialed 1 time in the last 8 hours, and rule us_me_automated_frequency, Maine, US [official text, read 2026-11-28]",
      );
      expect(posts(upstream)).toHaveLength(1);
    });
    await using(await server("2026-12-01T16:00:00Z", { OUTBOUND_CALLS_AUDIT_LOG: audit }), async (s) => {
      const again = await s.call("create_call", { to: MAINE, agent_id: "agt_1", repeat_dial: true });
      expect(textOf(again)).toContain("rule us_me_automated_frequency");
      expect(posts(upstream)).toHaveLength(0);
    });
    await using(await server("2026-12-02T15:00:00Z", { OUTBOUND_CALLS_AUDIT_LOG: audit }), async (s) => {
      const nextDay = await s.call("create_call", { to: MAINE, agent_id: "agt_1", repeat_dial: true });
      expect(nextDay.isError, textOf(nextDay)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(1);
    });
  });

  it("a date-bounded ban: the operator's window for Louisiana's declared emergency refuses within it; after it, calls go", async () => {
    const rules = `${tempDir("law-states-la")}/rules.json`;
    writeFileSync(
      rules,
      JSON.stringify({
        rules: [
          {
            id: "us_la_emergency_ban",
            windows: [
              {
                from: "2026-12-01T00:00-06:00",
                until: "2026-12-03T00:00-06:00",
                what: "Proclamation No. 123 JBE 2026",
              },
            ],
          },
        ],
      }),
    );
    // Tuesday 2026-12-01 12:00 in New Orleans (CST).
    await using(await server("2026-12-01T18:00:00Z", { OUTBOUND_CALLS_RULES_FILE: rules }), async (s) => {
      const text = textOf(await s.call("create_call", { to: NEW_ORLEANS, agent_id: "agt_1" }));
      expect(text).toContain(
        "rule us_la_emergency_ban, Louisiana, US [official summary, read 2026-11-28]: La. R.S. 45:844.31",
      );
      expect(text).toContain(
        "is within the rule's ban from 2026-12-01 06:00 UTC to 2026-12-03 06:00 UTC (Proclamation No. 123 JBE 2026)",
      );
      expect(posts(upstream)).toHaveLength(0);
      await expect
        .poll(() => s.transport.stderr, { timeout: 15_000 })
        .toContain(
          "rule us_la_emergency_ban (Louisiana, US) is changed: windows none -> 2026-12-01 06:00 UTC to 2026-12-03 06:00 UTC",
        );
    });
    await using(await server("2026-12-03T18:00:00Z", { OUTBOUND_CALLS_RULES_FILE: rules }), async (s) => {
      const result = await s.call("create_call", { to: NEW_ORLEANS, agent_id: "agt_1" });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(1);
    });
  });
});
