/**
 * Item 4 of the opt-outs: a batch's calls are paired with its numbers by the number each record carries, never by
 * the order of the service's answer (nothing in its contract fixes it). A fake service answers a batch in reverse and
 * in shuffled order; the person who said stop is listed, and the innocent number stays dialable only when the
 * records say so: by position only when no record carries a number; both listed when the records disagree; every
 * number of the dial held for review when nothing tells which call was which. The read before a dial, on the same
 * numbers, pairs the same way. Assertions are on what the fake service was asked to dial.
 */
import { describe, expect, it } from "vitest";
import { useInProcess } from "../../helpers/in-process.js";
import { textOf } from "../../helpers/server-process.js";
import { GUARDS_OFF } from "../../helpers/guards.js";
import type { InProcessServer } from "../../helpers/in-process.js";

const fx = useInProcess();
const env = { OUTBOUND_CALLS_TIMEOUT_MS: "5000", ...GUARDS_OFF, OUTBOUND_CALLS_OPT_OUT_POLL_S: "1" };
const STOPPER = "+14155550101";
const INNOCENT = "+14155550102";
const THIRD = "+14155550103";
const ROWS = [STOPPER, INNOCENT, THIRD].map((to) => ({ to, agent_id: "agt_1" }));
const idOf = (to: string) => `call_${to.slice(-4)}`;

interface Shape {
  /** The order the batch answer lists its calls in (indexes of ROWS). */
  order: number[];
  /** The batch answer gives each call its `to`. */
  answerTo: boolean;
  /** The call's own record gives its `to` (what the record says it is). */
  recordTo: (id: string) => string | undefined;
}

/** A service that places each row as call_<last four digits>, and answers the batch in `shape`'s order. */
function serve(shape: Shape): void {
  fx.service.handle("calls.createBatch", (r) => ({
    batch_id: "bat_1",
    campaign_id: "cmp_1",
    status: "accepted",
    calls: shape.order.map((i) => ({
      id: idOf(r.calls[i]!.to),
      status: "queued",
      ...(shape.answerTo ? { to: r.calls[i]!.to } : {}),
    })),
  }));
  fx.service.handle("calls.get", (r) => {
    const to = shape.recordTo(r.callId);
    const stops = r.callId === idOf(STOPPER);
    return {
      id: r.callId,
      status: "completed",
      ...(to ? { to } : {}),
      transcript: [
        { speaker: "agent", text: "Hi, I'm an AI assistant calling for Acme." },
        { speaker: "user", text: stops ? "Stop calling me. Take me off your list." : "Sure, Tuesday is fine." },
      ],
    };
  });
}

const toOf = (id: string) => ROWS.find((r) => idOf(r.to) === id)?.to;

/** Waits until the watch has read every call, then what each number's dry run says. */
async function verdicts(server: InProcessServer): Promise<Record<string, string>> {
  await expect.poll(() => server.core!.store.toRead.size(), { timeout: 20_000, interval: 100 }).toBe(0);
  const out: Record<string, string> = {};
  for (const { to } of ROWS) {
    const text = textOf(await server.call("create_call", { to, agent_id: "agt_1", dry_run: true }));
    out[to] = /Refused \((\w+)\)/.exec(text)?.[1] ?? "dialable";
  }
  return out;
}

describe("a batch answered out of order: the opt-out lands on the number the records name", () => {
  it.each([
    ["reverse", [2, 1, 0]],
    ["shuffled", [1, 2, 0]],
  ])("answered in %s order, with the numbers in the answer and the records", async (_name, order) => {
    const server = await fx.start({ env });
    serve({ order, answerTo: true, recordTo: toOf });
    expect((await server.call("submit_batch", { calls: ROWS })).isError).toBeFalsy();
    expect(await verdicts(server)).toEqual({ [STOPPER]: "opted_out", [INNOCENT]: "dialable", [THIRD]: "dialable" });
    const again = await server.call("create_call", { to: INNOCENT, agent_id: "agt_1" });
    expect(again.isError).toBeFalsy();
    expect(fx.service.posts()).toHaveLength(2);
  });

  it("the answer gives no numbers, the records do: paired by the record's number, not by place", async () => {
    const server = await fx.start({ env });
    serve({ order: [2, 1, 0], answerTo: false, recordTo: toOf });
    await server.call("submit_batch", { calls: ROWS });
    expect(await verdicts(server)).toEqual({ [STOPPER]: "opted_out", [INNOCENT]: "dialable", [THIRD]: "dialable" });
  });

  it("the records give the numbers, the answer none: paired by the answer's number", async () => {
    const server = await fx.start({ env });
    serve({ order: [1, 2, 0], answerTo: true, recordTo: () => undefined });
    await server.call("submit_batch", { calls: ROWS });
    expect(await verdicts(server)).toEqual({ [STOPPER]: "opted_out", [INNOCENT]: "dialable", [THIRD]: "dialable" });
  });

  it("no record names a number: by place, so a reversed answer lists the number at the stopper's place", async () => {
    const server = await fx.start({ env });
    serve({ order: [2, 1, 0], answerTo: false, recordTo: () => undefined });
    await server.call("submit_batch", { calls: ROWS });
    // call_0101 is third in the answer: the third row's number is listed. Only records could have told otherwise.
    expect(await verdicts(server)).toEqual({ [STOPPER]: "dialable", [INNOCENT]: "dialable", [THIRD]: "opted_out" });
  });

  it("the answer and the record disagree: both numbers are listed (the safe side)", async () => {
    const server = await fx.start({ env });
    serve({ order: [0, 1, 2], answerTo: true, recordTo: toOf });
    // The answer pairs call_0101 with the third number, its record with the stopper's.
    fx.service.handle("calls.createBatch", (r) => ({
      batch_id: "bat_1",
      status: "accepted",
      calls: r.calls.map((c, i) => ({ id: idOf(c.to), status: "queued", to: r.calls[(i + 2) % 3]!.to })),
    }));
    await server.call("submit_batch", { calls: ROWS });
    const seen = await verdicts(server);
    expect(seen[STOPPER]).toBe("opted_out");
    expect(seen[THIRD]).toBe("opted_out");
    expect(seen[INNOCENT]).toBe("dialable");
  });

  it("nothing tells which call was which (fewer calls than rows, no numbers): every number is held for review", async () => {
    const server = await fx.start({ env });
    serve({ order: [0], answerTo: false, recordTo: () => undefined });
    await server.call("submit_batch", { calls: ROWS });
    expect(await verdicts(server)).toEqual({
      [STOPPER]: "opt_out_review",
      [INNOCENT]: "opt_out_review",
      [THIRD]: "opt_out_review",
    });
    expect(fx.service.posts()).toHaveLength(1);
  });
});

describe("the read before a dial pairs the same way", () => {
  it("right after a reversed batch (before any poll), the stopper's dial is refused and the innocent's goes", async () => {
    const server = await fx.start({ env: { ...env, OUTBOUND_CALLS_OPT_OUT_POLL_S: "60" } });
    serve({ order: [2, 1, 0], answerTo: true, recordTo: toOf });
    await server.call("submit_batch", { calls: ROWS });
    const stopper = await server.call("create_call", { to: STOPPER, agent_id: "agt_1" });
    expect(textOf(stopper)).toContain("Refused (opted_out)");
    expect(textOf(stopper)).toContain("call_0101");
    const innocent = await server.call("create_call", { to: INNOCENT, agent_id: "agt_1" });
    expect(innocent.isError).toBeFalsy();
    expect(fx.service.posts().map((p) => ("call" in p ? p.call.to : "batch"))).toEqual(["batch", INNOCENT]);
  });
});
