/**
 * France's regional public holidays, end to end: the built server over stdio, a real MCP client, a recording
 * service on 127.0.0.1, the guards' clock fixed (OUTBOUND_CALLS_TEST_NOW), telemarketing (the server's default).
 * Good Friday is a holiday in Alsace-Moselle, and no +33 number tells whether it rings there; 20 December is La
 * Réunion's abolition day and not Martinique's. Before the fix both days were open: the calls were POSTed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { batchOf, lawEnv, posts } from "../helpers/guards.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";

const STRASBOURG = "+33388123456";
const PARIS = "+33142685300";
const REUNION = "+262262201234";
const MARTINIQUE = "+596596601234";
/** Good Friday 2026-04-03 and the Thursday before, 11:00 in Paris (CEST, UTC+2). */
const GOOD_FRIDAY = "2026-04-03T09:00:00Z";
const THURSDAY = "2026-04-02T09:00:00Z";
/** Monday 2027-12-20 (La Réunion's day) and Tuesday, 14:30 UTC: 18:30 in Réunion, 10:30 in Martinique. */
const REUNION_DAY = "2027-12-20T14:30:00Z";
const DAY_AFTER = "2027-12-21T14:30:00Z";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

const server = (now: string): Promise<StartedServer> => startServer({ env: lawEnv(upstream, now) });

describe("Alsace-Moselle: Good Friday", () => {
  let s: StartedServer;
  beforeAll(async () => {
    s = await server(GOOD_FRIDAY);
  });
  afterAll(async () => {
    await s.close();
  });

  it("refuses a Strasbourg number, naming the rule, the place, its source and the day; nothing is POSTed", async () => {
    upstream.requests.length = 0;
    const result = await s.call("create_call", { to: STRASBOURG, agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("rule fr_alsace_moselle_holidays, Alsace-Moselle (Moselle, Bas-Rhin, Haut-Rhin), France");
    expect(text).toContain("Code du travail, art. L. 3134-13");
    expect(text).toContain("2026-04-03 is a public holiday in FR-57/67/68 (Vendredi saint) in Europe/Paris");
    expect(posts(upstream)).toHaveLength(0);
  });

  it("refuses a batch of a Strasbourg and a Paris number, both rows: no +33 prefix tells the department", async () => {
    upstream.requests.length = 0;
    const result = await s.call("submit_batch", batchOf(STRASBOURG, PARIS));
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/calls\[0\]\.to: \+33 3 88 12 34 56 is refused by rule fr_alsace_moselle_holidays/);
    expect(text).toMatch(/calls\[1\]\.to: \+33 1 42 68 53 00 is refused by rule fr_alsace_moselle_holidays/);
    expect(posts(upstream)).toHaveLength(0);
  });
});

describe("Alsace-Moselle: the Thursday before", () => {
  it("a dry run names the rules these numbers meet with their sources; the call and the batch go", async () => {
    const s = await server(THURSDAY);
    try {
      upstream.requests.length = 0;
      const dry = await s.call("submit_batch", { ...batchOf(STRASBOURG, PARIS), dry_run: true });
      expect(dry.isError, textOf(dry)).toBeFalsy();
      expect(textOf(dry)).toContain("fr_alsace_moselle_holidays (secondary: Code du travail, art. L. 3134-13");
      expect(textOf(dry)).toContain("fr_hours (official: Code de la consommation, art. D. 223-9");
      const single = await s.call("create_call", { to: STRASBOURG, agent_id: "agt_1" });
      expect(single.isError, textOf(single)).toBeFalsy();
      const batch = await s.call("submit_batch", batchOf(STRASBOURG, PARIS));
      expect(batch.isError, textOf(batch)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(2);
    } finally {
      await s.close();
    }
  });
});

describe("La Réunion's abolition day (20 December), with Martinique open", () => {
  let s: StartedServer;
  beforeAll(async () => {
    s = await server(REUNION_DAY);
  });
  afterAll(async () => {
    await s.close();
  });

  it("refuses a Réunion number, naming the rule, its source and the day; nothing is POSTed", async () => {
    upstream.requests.length = 0;
    const result = await s.call("create_call", { to: REUNION, agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("rule fr_overseas_holidays");
    expect(text).toContain("Code du travail, art. L. 3422-2");
    expect(text).toContain("2027-12-20 is a public holiday in FR-RE");
    expect(text).toContain("Indian/Reunion");
    expect(posts(upstream)).toHaveLength(0);
  });

  it("refuses a batch of both, naming the Réunion row only; the Martinique number alone goes", async () => {
    upstream.requests.length = 0;
    const result = await s.call("submit_batch", batchOf(REUNION, MARTINIQUE));
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/calls\[0\]\.to: \+262 262 20 12 34 is refused by rule fr_overseas_holidays/);
    expect(text).not.toContain("calls[1]");
    expect(posts(upstream)).toHaveLength(0);
    const single = await s.call("create_call", { to: MARTINIQUE, agent_id: "agt_1" });
    expect(single.isError, textOf(single)).toBeFalsy();
    expect(posts(upstream)).toHaveLength(1);
  });
});

describe("the day after", () => {
  it("allows the Réunion number alone and in a batch with Martinique", async () => {
    const s = await server(DAY_AFTER);
    try {
      upstream.requests.length = 0;
      const single = await s.call("create_call", { to: REUNION, agent_id: "agt_1" });
      expect(single.isError, textOf(single)).toBeFalsy();
      const batch = await s.call("submit_batch", batchOf(REUNION, MARTINIQUE));
      expect(batch.isError, textOf(batch)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(2);
    } finally {
      await s.close();
    }
  });
});
