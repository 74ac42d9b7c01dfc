/**
 * The audit log read back at start for its opt-outs: never more than the file's size. OUTBOUND_CALLS_AUDIT_LOG set
 * to a device whose reads never end (/dev/full, which the full-disk test uses) once made the server read until the
 * machine ran out of memory (20 GB before the kernel killed it). And who each opt-out came from, by the tool its line
 * names.
 */
import { appendFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { readOptOutHistory } from "../../../src/guards/opt-outs/history.js";

it.skipIf(process.platform !== "linux")("reads /dev/full as an empty log, at once", () => {
  expect(readOptOutHistory("/dev/full")).toEqual([]);
});

it("reads every opt-out of a regular file, however old", () => {
  const path = join(mkdtempSync(join(tmpdir(), "opt-out-history-")), "audit.jsonl");
  appendFileSync(
    path,
    `${JSON.stringify({ time: "2020-01-01T00:00:00.000Z", tool: "add_do_not_call", decision: "opted_out", numbers: ["+14155550123"], reason: "asked" })}\n`,
  );
  expect(readOptOutHistory(path)).toMatchObject([{ kind: "add", entry: { number: "+14155550123", source: "model" } }]);
});

it("reads the source from the tool's exact name: a review's confirmation keeps the call's, a damaged name is never the operator's", () => {
  // "operator" is shown whole to every caller, so the reason of someone else's call would be read by anyone.
  const path = join(mkdtempSync(join(tmpdir(), "opt-out-history-")), "audit.jsonl");
  const line = (tool: string, number: string) =>
    `${JSON.stringify({ time: "2026-11-26T00:00:00.000Z", tool, decision: "opted_out", numbers: [number], call_ids: ["call_1"], reason: "said stop" })}\n`;
  appendFileSync(
    path,
    line("opt-out-inbox", "+14155550124") +
      line("opt-out-review", "+14155550125") +
      line("opt-out-li", "+14155550126") +
      line("opt-out-cli", "+14155550127"),
  );
  expect(readOptOutHistory(path).map((e) => (e.kind === "add" ? [e.entry.number, e.entry.source] : []))).toEqual([
    ["+14155550124", "call"],
    ["+14155550125", "call"],
    ["+14155550126", "call"],
    ["+14155550127", "operator"],
  ]);
});
