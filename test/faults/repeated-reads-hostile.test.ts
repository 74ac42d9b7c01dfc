/**
 * A hostile service's bodies, each sent again and again (src/text/shared-values.ts keeps what the server made of a
 * body it was sent before): odd keys, a nesting deeper than any stack, bodies at the edge of what is kept, bodies that
 * are no record at all, and the key hidden in long values on both sides of the long-value memo's bound. Every read
 * answers the same (nothing derived from a shared, frozen value may throw when a later reader meets it), through
 * get_call, a wait and the calls:// resource, and the key never shows.
 */
import { describe, expect, it } from "vitest";
import { faults } from "../helpers/fault-server.js";
import { CANARY_KEY, textOf } from "../helpers/server-process.js";
import { useFaultBench } from "../helpers/fault-bench.js";

const bench = useFaultBench("repeated reads of hostile bodies");
const PATH = "/api/v1/calls/call_1";
/** The client keeps bodies up to a quarter of its 512K characters (src/service/transport/client.ts). */
const KEPT_CHARS = 128 * 1024;

/** A record whose text is exactly `chars` long. */
function sized(chars: number): string {
  const head = '{"data":{"id":"call_1","status":"completed","transcript":"Agent: Hi, this is an AI.\\nContact: ';
  const tail = '"}}';
  return head + "x".repeat(chars - head.length - tail.length) + tail;
}

const unfenced = (text: string) => text.replace(/call-data [0-9a-f]{8}/g, "call-data NONCE");

const deepNesting = (levels: number) =>
  `{"data":{"id":"call_1","status":"completed","x":${"[".repeat(levels)}${"]".repeat(levels)}}}`;

const records: Record<string, string> = {
  "__proto__ and constructor keys": JSON.stringify({
    data: {
      id: "call_1",
      status: "completed",
      constructor: { prototype: { status: "queued" } },
      transcript: [{ speaker: "contact", text: "hi" }],
    },
  }).replace('"constructor"', '"__proto__":{"status":"x","opt_out":true},"constructor"'),
  "nesting 60,000 deep": deepNesting(60_000),
  "a body as long as is kept": sized(KEPT_CHARS),
  "a body one character longer than is kept": sized(KEPT_CHARS + 1),
  "an opt-out in a summary nested under notes": JSON.stringify({
    data: {
      id: "call_1",
      status: "completed",
      to: "+14155550177",
      meta: { notes: { summary: "please stop calling" } },
      transcript: "Agent: hi\nUser: remove me from your list",
    },
  }),
};

const nonRecords = { "JSON null": "null", "a number": "42", "an array": '[{"id":"call_1"}]', "a string": '"call_1"' };

describe("a hostile body sent again", () => {
  for (const [name, text] of Object.entries(records)) {
    it(`${name}: every read answers the same, through get_call, a wait and calls://`, async () => {
      bench.upstream.inject({ path: PATH }, faults.answer(200, text, { "content-type": "application/json" }));
      const first = await bench.server.call("get_call", { call_id: "call_1" });
      expect(first.isError, textOf(first)).toBeFalsy();
      for (let i = 0; i < 2; i++) {
        const again = await bench.server.call("get_call", { call_id: "call_1" });
        expect(again.isError, textOf(again)).toBeFalsy();
        // A body too long to keep is fenced anew on each read: the same but for its nonces.
        expect(unfenced(textOf(again))).toBe(unfenced(textOf(first)));
        expect(unfenced(JSON.stringify(again.structuredContent))).toBe(
          unfenced(JSON.stringify(first.structuredContent)),
        );
      }
      const waited = await bench.server.call("get_call", { call_id: "call_1", wait_seconds: 1 });
      expect(waited.isError, textOf(waited)).toBeFalsy();
      expect(unfenced(JSON.stringify((waited.structuredContent as { call: unknown }).call))).toBe(
        unfenced(JSON.stringify((first.structuredContent as { call: unknown }).call)),
      );
      const resource = await bench.server.client.readResource({ uri: "calls://call_1" });
      const json = JSON.parse((resource.contents[1] as { text: string }).text) as { call: unknown };
      expect(unfenced(JSON.stringify(json.call))).toBe(
        unfenced(JSON.stringify((first.structuredContent as { call: unknown }).call)),
      );
      expect(bench.upstream.count({ path: PATH })).toBe(5);
    });
  }

  for (const [name, text] of Object.entries(nonRecords)) {
    it(`${name}: a fault of the service on every read`, async () => {
      bench.upstream.inject({ path: PATH }, faults.answer(200, text, { "content-type": "application/json" }));
      for (let i = 0; i < 3; i++) {
        const r = await bench.server.call("get_call", { call_id: "call_1" });
        expect(r.isError).toBe(true);
        expect(textOf(r)).toMatch(/not a JSON object; that is a fault of the service/);
      }
      await expect(bench.server.client.readResource({ uri: "calls://call_1" })).rejects.toThrow(/not a JSON object/);
    });
  }

  // The long-value memo of cleaning keeps values up to 64K characters (a quarter of its 256K): the key is removed from
  // one kept and from one too long to keep, outside call content and in it, on every read.
  for (const length of [60_000, 70_000]) {
    it(`the key inside values of ${length.toLocaleString("en")} characters never shows, however often read`, async () => {
      const filler = (n: number) => "y".repeat(n);
      // The call goes on (its status changes: a new body each time) while its long values stay: what cleaning made
      // of them is kept across bodies.
      const body = (status: string) => ({
        data: {
          id: "call_1",
          status,
          // Near the start: every string is cut at 10,000 characters after cleaning.
          recording_note: `start ${CANARY_KEY} ${filler(length - 40)}`,
          notes: `start\n${CANARY_KEY}\n${filler(length - 40)}`,
        },
      });
      const statuses = ["ringing", "in_progress", "completed"];
      bench.upstream.inject(
        { path: PATH },
        faults.sequence(...statuses.map((status) => faults.answer(200, body(status)))),
      );
      for (const status of statuses) {
        const r = await bench.server.call("get_call", { call_id: "call_1" });
        expect(r.isError, textOf(r)).toBeFalsy();
        expect(textOf(r)).toContain(status);
        expect(JSON.stringify(r)).not.toContain(CANARY_KEY);
        expect(JSON.stringify(r)).toContain("[redacted]");
      }
    });
  }
});
