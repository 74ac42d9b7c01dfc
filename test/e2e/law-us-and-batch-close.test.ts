/**
 * The federal window and the guard for a batch near closing, end to end: the
 * built server over stdio, a real MCP client, a recording service on
 * 127.0.0.1, the guards' clock started at a fixed instant
 * (OUTBOUND_CALLS_TEST_NOW) on Monday 2026-11-23 in Ohio (EST). A refusal
 * names the rule, the place, the closing time and how to split the batch, and
 * nothing is POSTed; the operator's setting and rules file change the outcome.
 */
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { envFor, lawEnv, posts, runToExit, tempDir } from "../helpers/guards.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";

const MONDAY_2058_ET = "2026-11-24T01:58:00Z";
const MONDAY_2130_ET = "2026-11-24T02:30:00Z";
// Columbus, Ohio: Eastern time, and no hours rule of its own, so the federal window is the one that closes.
const OHIO = ["+16145550123", "+16145550124"];

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

const batch = { calls: OHIO.map((to) => ({ to, agent_id: "agt_1" })) };

describe("a batch sent two minutes before 21:00 in Ohio", () => {
  it("is refused whole (60 s a row by default), naming the rule, the place, the close and how to split it; nothing is POSTed", async () => {
    const s = await server(MONDAY_2058_ET);
    try {
      upstream.requests.length = 0;
      const dry = await s.call("submit_batch", { ...batch, dry_run: true });
      expect(dry.isError).toBe(true);
      const result = await s.call("submit_batch", batch);
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toMatch(
        /calls\[0\]\.to: \+1 614 555 0123 is refused by rule us_fcc_hours, United States \(federal\)/,
      );
      expect(text).toContain("[official text, read 2026-11-28]: 47 CFR § 64.1200(c)(1)");
      expect(text).toContain("the place closes at Monday 21:00 in America/New_York");
      expect(text).toContain("OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW");
      expect(text).toContain("Split the batch: send at most 1 row with these numbers now");
      expect(posts(upstream)).toHaveLength(0);
      // One call at a time is still allowed at 20:58: the guard is for a batch's unknown pace.
      const single = await s.call("create_call", { to: OHIO[0], agent_id: "agt_1" });
      expect(single.isError, textOf(single)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it("goes with OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW=10 (2 rows take 50 s)", async () => {
    const s = await server(MONDAY_2058_ET, { OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW: "10" });
    try {
      upstream.requests.length = 0;
      const result = await s.call("submit_batch", batch);
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});

describe("the federal window at 21:30 in Ohio", () => {
  it("refuses a call, naming the rule, the place and its source; nothing is POSTed", async () => {
    const s = await server(MONDAY_2130_ET);
    try {
      upstream.requests.length = 0;
      const result = await s.call("create_call", { to: OHIO[0], agent_id: "agt_1" });
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toContain("Refused by the law of the place called (OUTBOUND_CALLS_CALL_PURPOSE=telemarketing)");
      expect(text).toContain("rule us_fcc_hours, United States (federal)");
      expect(text).toContain("it is Monday 21:30 in America/New_York, outside 08:00-21:00");
      expect(posts(upstream)).toHaveLength(0);
    } finally {
      await s.close();
    }
  });

  it("the operator's rules file can switch it (and its FTC twin) off, and the start's log says so", async () => {
    const dir = tempDir("rules-us-fcc");
    writeFileSync(
      `${dir}/rules.json`,
      JSON.stringify({
        rules: [
          { id: "us_fcc_hours", enabled: false },
          { id: "us_tsr_hours", enabled: false },
        ],
      }),
    );
    const s = await server(MONDAY_2130_ET, { OUTBOUND_CALLS_RULES_FILE: `${dir}/rules.json` });
    try {
      upstream.requests.length = 0;
      const result = await s.call("create_call", { to: OHIO[0], agent_id: "agt_1" });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(1);
      await expect
        .poll(() => s.transport.stderr, { timeout: 15_000 })
        .toContain("rule us_fcc_hours (United States (federal)) is switched off");
    } finally {
      await s.close();
    }
  });
});

it("a per-row span out of range stops the start, naming the variable", async () => {
  const run = await runToExit(envFor(upstream, { OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW: "0" }));
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain(
    "OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW must be a whole number of seconds from 1 to 3600",
  );
});

describe("the sandbox (no real call): the federal windows and California's go with its calling hours", () => {
  /** 07:00 in San Francisco, before the federal window opens. */
  async function sandbox(extra: Record<string, string> = {}) {
    const s = await startServer({
      args: ["--sandbox", "--sandbox-speed", "instant"],
      env: { OUTBOUND_CALLS_TEST_NOW: "2026-11-21T15:00:00Z", OUTBOUND_CALLS_CALL_PURPOSE: undefined, ...extra },
    });
    const agents = (await s.call("list_agents")).structuredContent as { agents: { id: string }[] };
    return { s, agentId: agents.agents[0]!.id };
  }

  it("calling hours off (the sandbox's default): the first try at 07:00 goes, and the start's log says the rule is off", async () => {
    const { s, agentId } = await sandbox();
    try {
      const result = await s.call("create_call", { to: "+14155550100", agent_id: agentId });
      expect(result.isError, textOf(result)).toBeFalsy();
      await expect
        .poll(() => s.transport.stderr, { timeout: 15_000 })
        .toContain("sandbox: rules us_ca_adad_hours, us_fcc_hours, us_tsr_hours are off while calling hours are");
    } finally {
      await s.close();
    }
  });

  it("calling hours set: the rules are back, as on a live server", async () => {
    const { s, agentId } = await sandbox({ OUTBOUND_CALLS_CALLING_HOURS: "06:00-23:00" });
    try {
      const result = await s.call("create_call", { to: "+14155550100", agent_id: agentId });
      expect(result.isError).toBe(true);
      // California's own window (09:00-21:00 for device calls) comes first, as on a live server.
      expect(textOf(result)).toContain("rule us_ca_adad_hours, California, US");
      expect(textOf(result)).toContain("it is Saturday 07:00 in America/Los_Angeles, outside 09:00-21:00");
    } finally {
      await s.close();
    }
  });
});
