/** The per-tool-call deadline: times out, follows the client's cancellation, and lets go when disposed. */
import { describe, expect, it } from "vitest";
import { startDeadline } from "../../src/service/deadline.js";

describe("startDeadline", () => {
  it("aborts with a TimeoutError when the time is up, and says it expired", async () => {
    const deadline = startDeadline(30);
    expect(deadline.signal.aborted).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as Error).name).toBe("TimeoutError");
    expect(deadline.expired()).toBe(true);
    expect(deadline.remaining()).toBe(0);
  });

  it("follows the client's cancellation, which is not an expiry", () => {
    const parent = new AbortController();
    const deadline = startDeadline(10_000, parent.signal);
    parent.abort(new Error("cancelled by the client"));
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as Error).message).toBe("cancelled by the client");
    expect(deadline.expired()).toBe(false);
  });

  it("starts aborted when the client already cancelled", () => {
    const parent = new AbortController();
    parent.abort();
    expect(startDeadline(10_000, parent.signal).signal.aborted).toBe(true);
  });

  it("once disposed, neither the timer nor the client's signal aborts it", async () => {
    const parent = new AbortController();
    const deadline = startDeadline(20, parent.signal);
    deadline.dispose();
    deadline.dispose();
    parent.abort();
    await new Promise((r) => setTimeout(r, 50));
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.expired()).toBe(false);
  });

  it("counts down the time that remains", () => {
    const deadline = startDeadline(5_000);
    expect(deadline.remaining()).toBeGreaterThan(4_000);
    expect(deadline.remaining()).toBeLessThanOrEqual(5_000);
    expect(deadline.totalMs).toBe(5_000);
    deadline.dispose();
  });
});
