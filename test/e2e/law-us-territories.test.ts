/**
 * A US Virgin Islands number (+1 340: country VI, not US) under the federal window, end to end: the built server
 * over stdio, a real MCP client, a recording service on 127.0.0.1, the guards' clock started at Monday 2026-11-23
 * 22:30 in Charlotte Amalie (AST, UTC-4; OUTBOUND_CALLS_TEST_NOW). Before the fix no rule applied to it and the call
 * was POSTed; now us_fcc_hours refuses it in the territory's own zone, and nothing is POSTed. (Puerto Rico has a
 * window of its own, us_pr_hours, which a call there meets first.)
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { envFor, posts } from "../helpers/guards.js";
import { startServer, textOf } from "../helpers/server-process.js";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

it("a telemarketing call to +1 340 at 22:30 in the Virgin Islands is refused by us_fcc_hours; nothing is POSTed", async () => {
  const s = await startServer({
    env: envFor(upstream, {
      OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
      OUTBOUND_CALLS_TEST_NOW: "2026-11-24T02:30:00Z",
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
    }),
  });
  try {
    upstream.requests.length = 0;
    const result = await s.call("create_call", { to: "+13405550123", agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("rule us_fcc_hours, United States (federal)");
    expect(text).toContain("it is Monday 22:30 in America/St_Thomas, outside 08:00-21:00");
    expect(posts(upstream)).toHaveLength(0);
  } finally {
    await s.close();
  }
});
