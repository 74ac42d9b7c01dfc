/**
 * An approval that arrives after the place's hours closed. A person is asked at Saturday 17:58 in Toronto
 * (Canada allows 10:00-18:00 at weekends) and approves three minutes later, at 18:01: the law must be checked
 * again at dial time and refuse, naming rule, place and source, with nothing sent. (The guards' clock runs on
 * Date.now; the person's three minutes are made to pass inside their answer.)
 */
import { afterEach, expect, it, vi } from "vitest";
import { textOf } from "../../helpers/server-process.js";
import { useInProcess, type ElicitAnswer } from "../../helpers/in-process.js";
import { GUARDS_OFF } from "../../helpers/guards.js";

const fx = useInProcess();
afterEach(() => {
  vi.restoreAllMocks();
});

it("a Toronto dial approved after 18:00 on a Saturday is refused by ca_crtc_hours; nothing is sent", async () => {
  let skew = 0;
  const realNow = Date.now.bind(Date);
  vi.spyOn(Date, "now").mockImplementation(() => realNow() + skew);
  const slowPerson: ElicitAnswer = () => {
    skew += 3 * 60_000;
    return { action: "accept", content: { confirm: true } };
  };
  const s = await fx.start({
    // Saturday 2026-11-28 17:58 in Toronto (EST, UTC-5).
    now: "2026-11-28T22:58:00Z",
    env: {
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
      OUTBOUND_CALLS_RULES_PROVENANCE: "all",
    },
    elicit: { current: slowPerson },
  });
  const result = await s.call("create_call", { to: "+14165550123", agent_id: "agt_1" });
  expect(s.asked.length).toBe(1);
  expect(result.isError).toBe(true);
  const text = textOf(result);
  expect(text).toContain("rule ca_crtc_hours, Canada");
  expect(text).toContain("CRTC Unsolicited Telecommunications Rules");
  expect(text).toMatch(/Saturday 18:0\d in America\/Toronto, outside 10:00-18:00/);
  expect(fx.service.posts()).toHaveLength(0);
});
