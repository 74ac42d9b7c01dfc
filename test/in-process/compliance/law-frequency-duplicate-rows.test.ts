/**
 * Florida allows three telemarketing calls to a number in 24 hours (us_fl_frequency). A batch holding the same
 * Florida number four times (allow_duplicates: true) is four calls: it must be refused by that rule, with nothing
 * sent, and three rows must go. Monday 2026-11-23 12:00 in Miami (EST, UTC-5), inside every window.
 */
import { expect, it } from "vitest";
import { textOf } from "../../helpers/server-process.js";
import { useInProcess } from "../../helpers/in-process.js";
import { GUARDS_OFF } from "../../helpers/guards.js";

const fx = useInProcess();
const MIAMI = "+13055550123";

it("four rows to one Florida number in one batch are refused by us_fl_frequency; three go", async () => {
  const s = await fx.start({
    now: "2026-11-23T17:00:00Z",
    env: {
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
      OUTBOUND_CALLS_RULES_PROVENANCE: "all",
      OUTBOUND_CALLS_CONFIRM: "never",
    },
  });
  const rows = (n: number) => Array.from({ length: n }, () => ({ to: MIAMI, agent_id: "agt_1" }));
  const four = await s.call("submit_batch", { calls: rows(4), allow_duplicates: true });
  expect(four.isError).toBe(true);
  expect(textOf(four)).toContain("us_fl_frequency");
  expect(fx.service.posts()).toHaveLength(0);
  const three = await s.call("submit_batch", { calls: rows(3), allow_duplicates: true });
  expect(textOf(three)).not.toContain("us_fl_frequency");
  expect(three.isError).not.toBe(true);
});
