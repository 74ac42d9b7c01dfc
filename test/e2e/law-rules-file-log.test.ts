/**
 * a rules file may loosen or switch off a rule of the law (the operator's decision, by design), but
 * nothing said so: a loosened rule refuses nothing, so its refusal never names the file, and the start logged
 * nothing. A rule moved to `purposes: ["informational"]` even vanishes for telemarketing calls without
 * `enabled: false`. A compliance officer must be able to read, from the server's own log, which rules of the law
 * the operator changed. The built server over stdio, a real MCP client.
 */
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { envFor, posts, tempDir } from "../helpers/guards.js";
import { startServer, textOf } from "../helpers/server-process.js";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

it("the start names every rule the file switches off, loosens or moves to another purpose", async () => {
  const file = `${tempDir("rules-log")}/rules.json`;
  const allDay = ["00:00-23:59"];
  writeFileSync(
    file,
    JSON.stringify({
      rules: [
        { id: "us_fl_frequency", purposes: ["informational"] },
        { id: "fr_hours", enabled: false },
        {
          id: "us_wa_hours",
          hours: { sun: allDay, mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay },
        },
      ],
    }),
  );
  const s = await startServer({
    env: envFor(upstream, {
      // The server's default purpose (telemarketing): what this file is about (the helpers set informational).
      OUTBOUND_CALLS_CALL_PURPOSE: undefined,
      OUTBOUND_CALLS_RULES_FILE: file,
      // Saturday 2026-11-28 18:30 in Miami.
      OUTBOUND_CALLS_TEST_NOW: "2026-11-28T23:30:00Z",
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
    }),
  });
  try {
    await expect
      .poll(() => s.transport.stderr, { timeout: 15_000 })
      .toMatch(/OUTBOUND_CALLS_RULES_FILE.*us_fl_frequency.*no longer applies to telemarketing/);
    expect(s.transport.stderr).toMatch(/OUTBOUND_CALLS_RULES_FILE.*fr_hours.*switched off/);
    expect(s.transport.stderr).toMatch(/OUTBOUND_CALLS_RULES_FILE.*us_wa_hours.*changed: hours/);
    // What the operator decided still holds: a fourth call to Miami goes (the file took the limit off).
    upstream.requests.length = 0;
    for (let i = 0; i < 4; i++) {
      const r = await s.call("create_call", { to: "+13055550100", agent_id: "agt_1", repeat_dial: true });
      expect(r.isError, textOf(r)).toBeFalsy();
    }
    expect(posts(upstream)).toHaveLength(4);
  } finally {
    await s.close();
  }
});
