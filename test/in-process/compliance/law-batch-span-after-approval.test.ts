/**
 * A batch approved late: asked at Monday 20:50 in Columbus, Ohio (Eastern time, no state rule), two rows may ring for 2.5 min (60 s a row plus 30 s),
 * which ends before the federal window closes at 21:00, so the person is asked. They approve nine minutes later,
 * at 20:59: each row alone could still go (20:59:30 is inside 08:00-21:00), but the batch may ring until
 * 21:01:30. The batch's span must be checked again at dial time and refuse, with nothing sent. (The guards' clock
 * runs on Date.now; the person's nine minutes are made to pass inside their answer.)
 */
import { afterEach, expect, it, vi } from "vitest";
import { textOf } from "../../helpers/server-process.js";
import { useInProcess, type ElicitAnswer } from "../../helpers/in-process.js";
import { GUARDS_OFF } from "../../helpers/guards.js";

const fx = useInProcess();
afterEach(() => {
  vi.restoreAllMocks();
});

it("a two-row Ohio batch approved at 20:59 is refused by the batch span of us_fcc_hours at dial time; nothing is sent", async () => {
  let skew = 0;
  const realNow = Date.now.bind(Date);
  vi.spyOn(Date, "now").mockImplementation(() => realNow() + skew);
  const slowPerson: ElicitAnswer = () => {
    skew += 9 * 60_000;
    return { action: "accept", content: { confirm: true } };
  };
  const s = await fx.start({
    // Monday 2026-11-23 20:50 in Ohio (EST, UTC-5).
    now: "2026-11-24T01:50:00Z",
    env: {
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
      OUTBOUND_CALLS_RULES_PROVENANCE: "all",
    },
    elicit: { current: slowPerson },
  });
  const result = await s.call("submit_batch", {
    calls: [
      { to: "+16145550123", agent_id: "agt_1" },
      { to: "+16145550124", agent_id: "agt_1" },
    ],
  });
  expect(s.asked.length).toBe(1);
  expect(result.isError).toBe(true);
  const text = textOf(result);
  expect(text).toContain("may ring after their place closes if the batch is sent now");
  expect(text).toContain("rule us_fcc_hours, United States (federal)");
  expect(text).toContain("the place closes at Monday 21:00 in America/New_York");
  expect(fx.service.posts()).toHaveLength(0);
});
