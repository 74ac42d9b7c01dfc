/**
 * Which calls the unknown-outcome lookup may make the dialer's (src/guards/per-person/guard.ts records only these): those
 * created after the attempt started, by a time the service gave. A service that writes its times to the second
 * still gets the call of the attempt's own second; a call with no time, or from the allowance for the service's
 * clock before the attempt, is found (and counted in the answer) but never shown to be this dial's.
 */
import { expect, it } from "vitest";
import { startDeadline } from "../../../src/service/deadline.js";
import type { CallingService } from "../../../src/service/index.js";
import { lookForCreatedCalls } from "../../../src/guards/dial/lookup.js";

const STARTED = Date.parse("2026-11-21T18:00:00.700Z");
const TO = "+14155550170";

it("makes only calls created after the attempt, by a time the service gave, the attempt's own", async () => {
  const calls = [
    { id: "call_after_ms", created_at: "2026-11-21T18:00:01.250Z" },
    { id: "call_same_second", created_at: "2026-11-21T18:00:00Z" },
    { id: "call_second_before", created_at: "2026-11-21T17:59:59Z" },
    { id: "call_minute_before", created_at: "2026-11-21T17:59:00Z" },
    { id: "call_untimed" },
    { id: "call_unreadable_time", created_at: "yesterday" },
  ].map((c) => ({ ...c, to: TO, status: "queued" }));
  const service = { calls: { list: async () => ({ calls }) } } as unknown as CallingService;
  const deadline = startDeadline(5_000);
  try {
    const found = await lookForCreatedCalls(service, deadline, {
      numbers: [TO],
      agentIds: ["agt_1"],
      startedAt: STARTED,
    });
    expect(found.kind).toBe("found");
    const calls = found.kind === "found" ? found.calls : [];
    expect(Object.fromEntries(calls.map((c) => [c.id, c.afterAttempt]))).toEqual({
      call_after_ms: true,
      call_same_second: true,
      call_second_before: false,
      call_minute_before: false,
      call_untimed: false,
      call_unreadable_time: false,
    });
  } finally {
    deadline.dispose();
  }
});
