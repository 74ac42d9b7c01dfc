/**
 * The opt-out desk's memo of each call's last reading (src/guards/opt-outs/reading-memo.ts): a record the service
 * layer shared is answered by itself, without a digest of its JSON; nothing else may be answered by identity.
 */
import { describe, expect, it } from "vitest";
import { ReadingMemo, type Reader } from "../../../src/guards/opt-outs/reading-memo.js";
import type { OptOutReading } from "../../../src/guards/opt-outs/reading.js";
import type { CallRecord } from "../../../src/service/shapes.js";
import { share } from "../../../src/text/shared-values.js";

const NONE: OptOutReading = { status: "none", matches: [], unreadable: [] };
const ASKED: OptOutReading = {
  status: "asked",
  matches: [{ where: "transcript", text: "stop calling" }],
  unreadable: [],
};

/** A reader that says "asked" when the transcript says stop, and counts its reads. */
function counting(): { reader: Reader; reads: () => number } {
  let reads = 0;
  return {
    reader: (record) => {
      reads++;
      return String((record as { transcript?: unknown }).transcript).includes("stop") ? ASKED : NONE;
    },
    reads: () => reads,
  };
}

const record = (transcript: string): CallRecord => ({ id: "call_1", status: "completed", transcript }) as CallRecord;

describe("the opt-out reading memo", () => {
  it("answers a shared record read again from itself, and reads it anew for another calling side", () => {
    const memo = new ReadingMemo();
    const { reader, reads } = counting();
    const polled = share(record("Sure, call me tomorrow."));
    for (let i = 0; i < 3; i++) expect(memo.read(polled, {}, reader)).toBe(NONE);
    expect(reads()).toBe(1);
    memo.read(polled, { agentNames: ["Ava"] }, reader);
    expect(reads()).toBe(2);
  });

  it("never answers a record that is not shared by itself: one changed in place is read anew", () => {
    const memo = new ReadingMemo();
    const { reader, reads } = counting();
    const mutable = record("Sure, call me tomorrow.");
    expect(memo.read(mutable, {}, reader).status).toBe("none");
    (mutable as unknown as { transcript: string }).transcript = "Please stop calling me.";
    expect(memo.read(mutable, {}, reader).status).toBe("asked");
    expect(reads()).toBe(2);
  });

  it("reads a new shared record of the same call anew when it says something else", () => {
    const memo = new ReadingMemo();
    const { reader } = counting();
    expect(memo.read(share(record("Sure.")), {}, reader).status).toBe("none");
    expect(memo.read(share(record("Please stop calling me.")), {}, reader).status).toBe("asked");
  });
});
