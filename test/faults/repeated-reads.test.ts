/**
 * A call read again and again (a model polling with get_call): the server keeps what it made of a body the service
 * sent before (src/text/shared-values.ts). Every read still asks the service; a changed body is read afresh; what
 * depends on the server's own state (the opt-out list) is never taken from the memo; and a service that plays with
 * its answers cannot make one stick.
 */
import { describe, expect, it } from "vitest";
import { faults } from "../helpers/fault-server.js";
import { CANARY_KEY, textOf } from "../helpers/server-process.js";
import { useFaultBench } from "../helpers/fault-bench.js";
import { LEGACY, MODERN } from "../helpers/modern-client.js";

const bench = useFaultBench("repeated reads", { eras: true });

const PATH = "/api/v1/calls/call_1";
const record = (over: Record<string, unknown> = {}) => ({
  data: {
    id: "call_1",
    status: "completed",
    to: "+14155550123",
    agent_name: "Ava",
    summary: "Dana confirmed.",
    transcript: [
      { speaker: "agent", text: "Hi, this is Ava, an AI assistant calling for Acme Dental." },
      { speaker: "contact", text: "Yes, I'll be there." },
    ],
    ...over,
  },
});

const nonces = (text: string) =>
  [...text.matchAll(/<call-data ([0-9a-f]{8}) source="(\w+)">/g)].map((m) => `${m[2]}:${m[1]}`);
const structured = (r: Awaited<ReturnType<ReturnType<typeof bench.client>["call"]>>) =>
  r.structuredContent as Record<string, any>;

describe.each([LEGACY, MODERN] as const)("get_call of a body sent again (%s client)", (era) => {
  it("asks the service every time and answers the same, fenced the same; a changed body is read afresh", async () => {
    const client = bench.client(era);
    bench.upstream.inject({ path: PATH }, faults.answer(200, record()));
    const first = await client.call("get_call", { call_id: "call_1" });
    const second = await client.call("get_call", { call_id: "call_1" });
    expect(bench.upstream.count({ path: PATH })).toBe(2);
    expect(textOf(second)).toBe(textOf(first));
    expect(structured(second)).toEqual(structured(first));
    expect(nonces(textOf(first))).toHaveLength(2);
    // The nonces were drawn after the service wrote that text: the same text keeps them (docs/safety.md).
    expect(nonces(textOf(second))).toEqual(nonces(textOf(first)));

    bench.upstream.inject(
      { path: PATH },
      faults.answer(
        200,
        record({ status: "in_progress", transcript: [{ speaker: "contact", text: "Please stop calling me." }] }),
      ),
    );
    const changed = await client.call("get_call", { call_id: "call_1" });
    expect(textOf(changed)).toContain("Please stop calling me.");
    expect(textOf(changed)).toMatch(/in_progress/);
    expect(structured(changed).opt_out.asked).toBe(true);
    expect(structured(changed).final).toBe(false);
    const [, transcriptNonce] = nonces(textOf(changed));
    expect(nonces(textOf(first))).not.toContain(transcriptNonce);
  });

  it("a key the service echoes is removed on every read of the same body", async () => {
    const client = bench.client(era);
    bench.upstream.inject(
      { path: PATH },
      faults.answer(200, record({ notes: `key ${CANARY_KEY}`, [CANARY_KEY]: CANARY_KEY })),
    );
    for (let i = 0; i < 3; i++) {
      const r = await client.call("get_call", { call_id: "call_1" });
      expect(JSON.stringify(r)).not.toContain(CANARY_KEY);
    }
  });

  it("the opt-out list is read on every read: a number listed since shows as listed with the same body", async () => {
    const client = bench.client(era);
    const to = era === LEGACY ? "+14155550161" : "+14155550162";
    bench.upstream.inject({ path: PATH }, faults.answer(200, record({ to })));
    const before = await client.call("get_call", { call_id: "call_1" });
    expect(structured(before).opt_out.listed).toBe(false);
    const added = await client.call("add_do_not_call", { number: to, heard: "please do not call me again" });
    expect(added.isError).toBeFalsy();
    const after = await client.call("get_call", { call_id: "call_1" });
    expect(structured(after).opt_out.listed).toBe(true);
    expect(textOf(after)).not.toBe(textOf(before));
  });
});
