/**
 * Creighton and Denare Beach, on Saskatchewan's 306, keep Manitoba's daylight time in summer, an hour ahead of
 * Regina; an area code cannot tell them apart from the rest of the province, so a 306 number must be allowed in
 * both clocks. End to end: the built server over stdio, a real MCP client, a recording service on 127.0.0.1, the
 * guards' clock fixed (OUTBOUND_CALLS_TEST_NOW) on Monday 2026-07-13, telemarketing under Canada's rule (weekdays
 * until 21:30). Before the fix the zone was missing: a dial at 21:45 in Creighton (20:45 in Regina) went out, and a
 * batch sent at 21:28 there was checked against Regina's close an hour later.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { batchOf, lawEnv, posts } from "../helpers/guards.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";

/** Creighton's exchange (306 688) and Regina's (306 525). */
const CREIGHTON = "+13066880123";
const REGINA = "+13065250123";
/** Monday 2026-07-13 in Creighton (CDT, UTC-5); Regina keeps CST (UTC-6), an hour behind. */
const AT_2145 = "2026-07-14T02:45:00Z";
const AT_2100 = "2026-07-14T02:00:00Z";
const AT_2128 = "2026-07-14T02:28:00Z";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

const server = (now: string): Promise<StartedServer> => startServer({ env: lawEnv(upstream, now) });

const batch = batchOf(CREIGHTON, REGINA);

describe("21:45 in Creighton, 20:45 in Regina", () => {
  let s: StartedServer;
  beforeAll(async () => {
    s = await server(AT_2145);
  });
  afterAll(async () => {
    await s.close();
  });

  it("refuses a 306 number by Manitoba's clock, naming the rule and the zone; nothing is POSTed", async () => {
    upstream.requests.length = 0;
    const result = await s.call("create_call", { to: REGINA, agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("rule ca_crtc_hours, Canada");
    expect(text).toContain("it is Monday 21:45 in America/Winnipeg, outside 09:00-21:30");
    expect(posts(upstream)).toHaveLength(0);
  });

  it("refuses a batch of a Creighton and a Regina number, naming both rows; nothing is POSTed", async () => {
    upstream.requests.length = 0;
    const result = await s.call("submit_batch", batch);
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/calls\[0\]\.to: \+1 306 688 0123 is refused by rule ca_crtc_hours, Canada/);
    expect(text).toMatch(/calls\[1\]\.to: \+1 306 525 0123 is refused by rule ca_crtc_hours, Canada/);
    expect(text).toContain("America/Winnipeg");
    expect(posts(upstream)).toHaveLength(0);
  });
});

describe("21:00 in Creighton, 20:00 in Regina", () => {
  it("allows a single call and a batch of both numbers, each sent once", async () => {
    const s = await server(AT_2100);
    try {
      upstream.requests.length = 0;
      const single = await s.call("create_call", { to: CREIGHTON, agent_id: "agt_1" });
      expect(single.isError, textOf(single)).toBeFalsy();
      const sent = await s.call("submit_batch", batch);
      expect(sent.isError, textOf(sent)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(2);
    } finally {
      await s.close();
    }
  });
});

describe("21:28 in Creighton: a batch that would ring past Creighton's 21:30", () => {
  it("is refused at Manitoba's close while one call still goes", async () => {
    const s = await server(AT_2128);
    try {
      upstream.requests.length = 0;
      const result = await s.call("submit_batch", batch);
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toContain("the place closes at Monday 21:30 in America/Winnipeg");
      expect(text).toContain("Split the batch");
      expect(posts(upstream)).toHaveLength(0);
      const single = await s.call("create_call", { to: CREIGHTON, agent_id: "agt_1" });
      expect(single.isError, textOf(single)).toBeFalsy();
      expect(posts(upstream)).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});
