/**
 * The law of the place called, end to end: the built server over stdio, a real
 * MCP client, a recording service on 127.0.0.1, the guards' clock fixed
 * (OUTBOUND_CALLS_TEST_NOW) at Saturday 2026-11-28 18:30 in the eastern US and
 * Canada. A refusal names the rule, the place and its source, and nothing is
 * POSTed; Florida's three calls in 24 hours hold across a restart (the audit
 * log is what a memory store remembers).
 */
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { envFor, posts, runToExit, tempDir } from "../helpers/guards.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";

const SATURDAY_1830_ET = "2026-11-28T23:30:00Z";
const TORONTO = "+14165550123";
const MIAMI = "+13055550100";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

function server(extra: Record<string, string> = {}): Promise<StartedServer> {
  return startServer({
    env: envFor(upstream, {
      // The server's default purpose (telemarketing): what this file is about (the helpers set informational).
      OUTBOUND_CALLS_CALL_PURPOSE: undefined,
      OUTBOUND_CALLS_TEST_NOW: SATURDAY_1830_ET,
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
      ...extra,
    }),
  });
}

describe("hours and days (telemarketing, the default purpose)", () => {
  let s: StartedServer;
  beforeAll(async () => {
    s = await server();
  });
  afterAll(async () => {
    await s.close();
  });

  it("refuses Toronto after 18:00 on a Saturday, naming the rule, the place and the source; nothing is POSTed", async () => {
    upstream.requests.length = 0;
    const result = await s.call("create_call", { to: TORONTO, agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("Refused by the law of the place called (OUTBOUND_CALLS_CALL_PURPOSE=telemarketing)");
    expect(text).toContain("rule ca_crtc_hours, Canada");
    expect(text).toContain("<https://crtc.gc.ca/eng/phone/telemarketing/tobligations/rules-regles.htm>");
    expect(text).toContain("it is Saturday 18:30 in America/Toronto, outside 10:00-18:00");
    expect(text).toContain("Nothing was dialed");
    expect(posts(upstream)).toHaveLength(0);
  });

  it("a batch with one such row is refused whole, naming that row; nothing is POSTed", async () => {
    upstream.requests.length = 0;
    const result = await s.call("submit_batch", {
      calls: [
        { to: "+12125550123", agent_id: "agt_1" },
        { to: TORONTO, agent_id: "agt_1" },
      ],
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/calls\[1\]\.to: \+1 416 555 0123 is refused by rule ca_crtc_hours, Canada/);
    expect(posts(upstream)).toHaveLength(0);
  });

  it("dials Miami at 18:30 (Florida allows 8:00-20:00) exactly once", async () => {
    upstream.requests.length = 0;
    const result = await s.call("create_call", { to: MIAMI, agent_id: "agt_1" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts(upstream)).toHaveLength(1);
  });
});

it("the law refuses before anyone is asked: with OUTBOUND_CALLS_CONFIRM=token the refusal is the law's, not the missing token's", async () => {
  const s = await server({ OUTBOUND_CALLS_CONFIRM: "token" });
  try {
    upstream.requests.length = 0;
    const dry = await s.call("create_call", { to: TORONTO, agent_id: "agt_1", dry_run: true });
    expect(dry.isError).toBe(true);
    expect(textOf(dry)).toContain("rule ca_crtc_hours, Canada");
    const result = await s.call("create_call", { to: TORONTO, agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("rule ca_crtc_hours, Canada");
    expect(posts(upstream)).toHaveLength(0);
  } finally {
    await s.close();
  }
});

it("informational calls meet none of the telemarketing rules: Miami at 20:30 goes; Canada's hours for device calls still hold", async () => {
  const s = await server({
    OUTBOUND_CALLS_CALL_PURPOSE: "informational",
    OUTBOUND_CALLS_TEST_NOW: "2026-11-29T01:30:00Z",
  });
  try {
    upstream.requests.length = 0;
    const result = await s.call("create_call", { to: MIAMI, agent_id: "agt_1" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts(upstream)).toHaveLength(1);
    // Calls by an automatic dialing-announcing device for another purpose than solicitation keep Canada's hours.
    const toronto = await s.call("create_call", { to: TORONTO, agent_id: "agt_1" });
    expect(textOf(toronto)).toContain("rule ca_crtc_adad_non_solicitation_hours, Canada [secondary source");
    expect(posts(upstream)).toHaveLength(1);
  } finally {
    await s.close();
  }
});

it("Florida's three calls in 24 hours: the fourth is refused, also after a restart", async () => {
  const log = `${tempDir("law-frequency")}/audit.log`;
  const first = await server({ OUTBOUND_CALLS_AUDIT_LOG: log });
  upstream.requests.length = 0;
  try {
    for (let i = 0; i < 3; i++) {
      const result = await first.call("create_call", { to: MIAMI, agent_id: "agt_1", repeat_dial: true });
      expect(result.isError, textOf(result)).toBeFalsy();
    }
    const fourth = await first.call("create_call", { to: MIAMI, agent_id: "agt_1", repeat_dial: true });
    expect(fourth.isError).toBe(true);
    expect(textOf(fourth)).toContain(
      "+13055550100 was dialed 3 times in the last 24 hours, and rule us_fl_frequency, Florida, US [official text, read 2026-11-28]: Fla. Stat. § 501.616(6)(b)",
    );
    expect(textOf(fourth)).toContain(
      "<https://flsenate.gov/Session/Bill/2021/1120/Amendment/826808/HTML> allows at most 3",
    );
  } finally {
    await first.close();
  }
  expect(posts(upstream)).toHaveLength(3);
  // A restart of the same server: the audit log brings the three dials back.
  const second = await server({ OUTBOUND_CALLS_AUDIT_LOG: log });
  try {
    const again = await second.call("create_call", { to: MIAMI, agent_id: "agt_1", repeat_dial: true });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain("rule us_fl_frequency");
  } finally {
    await second.close();
  }
  expect(posts(upstream)).toHaveLength(3);
});

it("France's four calls in 30 days hold across a restart two days later (the audit log is read back 31 days)", async () => {
  const log = `${tempDir("law-frequency-fr")}/audit.log`;
  const PARIS = "+33142685300";
  // Monday 2026-11-23 11:00 in Paris, then Wednesday 11:00.
  const first = await server({ OUTBOUND_CALLS_AUDIT_LOG: log, OUTBOUND_CALLS_TEST_NOW: "2026-11-23T10:00:00Z" });
  upstream.requests.length = 0;
  try {
    for (let i = 0; i < 4; i++) {
      const result = await first.call("create_call", { to: PARIS, agent_id: "agt_1", repeat_dial: true });
      expect(result.isError, textOf(result)).toBeFalsy();
    }
  } finally {
    await first.close();
  }
  const second = await server({ OUTBOUND_CALLS_AUDIT_LOG: log, OUTBOUND_CALLS_TEST_NOW: "2026-11-25T10:00:00Z" });
  try {
    const fifth = await second.call("create_call", { to: PARIS, agent_id: "agt_1", repeat_dial: true });
    expect(fifth.isError).toBe(true);
    expect(textOf(fifth)).toContain(
      "+33142685300 was dialed 4 times in the last 30 days, and rule fr_frequency, France",
    );
    expect(textOf(fifth)).toContain("<https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000046421823> allows at most 4");
  } finally {
    await second.close();
  }
  expect(posts(upstream)).toHaveLength(4);
});

it("a rules file that does not match the schema stops the start, naming the variable and the field", async () => {
  const dir = tempDir("rules-file");
  writeFileSync(
    `${dir}/rules.json`,
    JSON.stringify({ rules: [{ id: "us_fl_hours", hours: { sun: ["25:00-26:00"] } }] }),
  );
  const run = await runToExit(envFor(upstream, { OUTBOUND_CALLS_RULES_FILE: `${dir}/rules.json` }));
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain("OUTBOUND_CALLS_RULES_FILE: rules.0.hours");
});
