/**
 * The audit log read back at start in one pass (src/guards/dial/audit/readback.ts) gives exactly what the three readers
 * gave when each read the whole file itself (test/helpers/audit-readback-reference.ts): the dials for the caps and
 * the dedupe window, the opt-outs, who placed which call. On generated logs of every kind of line the log can hold
 * (each decision, lines naming a person or not, a `sending` line ended or not, times inside and outside each
 * window, torn and edited lines, other JSON values, blank lines, CRLF, a last line without its newline) and on a
 * line larger than a read chunk; and the same refusal when the file cannot be read.
 */
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dialHistoryReader, readAuditHistory } from "../../../src/guards/dial/audit/log.js";
import { readAuditLogBack, type LineReader } from "../../../src/guards/dial/audit/readback.js";
import { optOutReader, readOptOutHistory } from "../../../src/guards/opt-outs/history.js";
import { ownerReader, readOwnerHistory } from "../../../src/guards/per-person/history.js";
import * as reference from "../../helpers/audit-readback-reference.js";
import { tempDir } from "../../helpers/guards.js";

const DAY = 24 * 3_600_000;
const NOW = Date.parse("2026-11-26T04:00:00.000Z");
const dir = tempDir("audit-readback");
let files = 0;
const logFile = (content: string | Buffer) => {
  const path = join(dir, `log-${files++}.jsonl`);
  writeFileSync(path, content);
  return path;
};

/** The one pass with all three readers, in the start's order. */
function onePass(path: string, since: number, now: number) {
  const dials = dialHistoryReader(since, now);
  const optOuts = optOutReader();
  const owners = ownerReader(now);
  readAuditLogBack(path, [dials, optOuts, owners]);
  return { dials: dials.result(), optOuts: optOuts.result(), owners: owners.result() };
}

/** The three readers of before, each over the whole file. */
function threePasses(path: string, since: number, now: number) {
  return {
    dials: reference.readAuditHistory(path, since, now),
    optOuts: reference.readOptOutHistory(path),
    owners: reference.readOwnerHistory(path, now),
  };
}

// ---------------------------------------------------------------- the lines a log can hold

const iso = (ms: number) => new Date(ms).toISOString();
const timeArb = fc.oneof(
  fc.constantFrom(
    iso(NOW - 60_000), // inside every window
    iso(NOW - 2 * DAY), // outside a day, inside 31 days
    iso(NOW - 31 * DAY), // the edge of 31 days
    iso(NOW - 40 * DAY), // outside 31 days, inside the owners' 400
    iso(NOW - 400 * DAY), // the owners' edge
    iso(NOW - 401 * DAY),
    iso(NOW + DAY), // a clock set back since
  ),
  fc.integer({ min: NOW - 450 * DAY, max: NOW + DAY }).map(iso),
  fc.constantFrom("yesterday", "2026-13-45T99:00:00Z", 12_345, ""),
);
const numberArb = fc.constantFrom("+14155550101", "+14155550102", "+442079460000", "+61291234567");
const numbersArb = fc.oneof(
  { weight: 8, arbitrary: fc.array(numberArb, { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom([], ["+14155550103", 7], "+14155550104", null) },
);
const decisionArb = fc.constantFrom(
  "dry_run",
  "sending",
  "sending",
  "sending",
  "dialed",
  "dialed",
  "refused",
  "declined",
  "deduplicated",
  "outcome_unknown",
  "outcome_unknown",
  "pending",
  "failed",
  "opted_out",
  "opted_out",
  "opt_out_removed",
  "opt_out_removed",
  "something_else",
  42,
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

const entryArb = fc
  .record({
    time: timeArb,
    // Every tool a line names, with those of the opt-out lines (the watch, the model, the CLI, a review's confirmation).
    tool: fc.constantFrom(
      "create_call",
      "submit_batch",
      "add_do_not_call",
      "opt-out-cli",
      "get_call",
      "opt_out_watch",
      "opt-out-review",
      "opt-out-inbox",
    ),
    decision: decisionArb,
    numbers: numbersArb,
    agents: fc.constant(["agt_1"]),
    person: optional(fc.constantFrom("user_a", "user_b", "", 5)),
    request_key: optional(fc.constantFrom("rk_1", "rk_2", 7)),
    idempotency_key: fc.option(fc.constantFrom("k1", "k2", "k3", "k4", "k5", 9), { nil: undefined, freq: 4 }),
    call_ids: optional(fc.constantFrom([], ["call_1"], ["call_2", "call_3"], ["", "call_4"], [5, "call_5"], "call_6")),
    campaign_id: optional(fc.constantFrom("camp_1", "", 3)),
    reason: optional(fc.constantFrom("asked not to be called", "the reason says opted_out +14155550109", 3)),
    latency_ms: fc.nat(900),
  })
  .map((entry) => Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)));

/** A line: an entry as written, or as a crash, a person or an editor left it. */
const lineArb = fc.oneof(
  { weight: 10, arbitrary: entryArb.map((e) => JSON.stringify(e)) },
  // Torn by a crash: any prefix.
  {
    weight: 3,
    arbitrary: fc
      .tuple(entryArb, fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([e, cut]) => JSON.stringify(e).slice(0, Math.floor(JSON.stringify(e).length * cut))),
  },
  // Edited: a character dropped, or something after the closing brace.
  {
    weight: 2,
    arbitrary: fc.tuple(entryArb, fc.nat()).map(([e, at]) => {
      const s = JSON.stringify(e);
      const i = at % s.length;
      return s.slice(0, i) + s.slice(i + 1);
    }),
  },
  { weight: 1, arbitrary: entryArb.map((e) => `${JSON.stringify(e)} x`) },
  // Other JSON values, white space around, escapes that hide a word from a text search.
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "[1,2]",
      '["opted_out","+14155550105"]',
      '"opted_out +14155550106"',
      "null",
      "42",
      "{}",
      "",
      "   ",
      "\t",
      `  ${JSON.stringify({ time: iso(NOW - 1000), tool: "create_call", decision: "dialed", numbers: ["+14155550107"], agents: [], person: "user_c", call_ids: ["call_7"], latency_ms: 1 })}  `,
      `{"time":"${iso(NOW - 1000)}","tool":"add_do_not_call","decision":"opted\\u005fout","numbers":["+14155550108"],"agents":[],"latency_ms":1}`,
      `{"time":"${iso(NOW - 1000)}","tool":"create_call","decision":"dialed","numbers":["+14155550110"],"agents":[],"per\\u0073on":"user_d","call_ids":["call_8"],"latency_ms":1}`,
      `{"time":"${iso(NOW - 1000)}","tool":"add_do_not_call","decision":"opted_out","numbers":"+14155550111","agents":[]}`,
      '{"decision":"opt_out_removed","numbers":["+14155550101"]',
    ),
  },
);
const logArb = fc.record({
  lines: fc.array(fc.tuple(lineArb, fc.boolean()), { maxLength: 40 }),
  lastNewline: fc.boolean(),
  since: fc.constantFrom(NOW - 31 * DAY, NOW - DAY, 0),
});
const render = ({ lines, lastNewline }: { lines: Array<[string, boolean]>; lastNewline: boolean }) =>
  lines.map(([line, crlf]) => (crlf ? `${line}\r` : line)).join("\n") + (lastNewline && lines.length > 0 ? "\n" : "");

// ---------------------------------------------------------------- the tests

describe("one pass over the audit log, against the three readers of before", () => {
  it("gives the same dials, damaged lines, opt-outs and owners on any log", () => {
    // How often each part had something to compare: the generated logs must reach every rule.
    const seen = {
      dials: 0,
      unknownOutcomes: 0,
      damaged: 0,
      unattributed: 0,
      added: 0,
      removed: 0,
      damagedOptOut: 0,
      owners: 0,
    };
    fc.assert(
      fc.property(logArb, (log) => {
        const path = logFile(render(log));
        const before = threePasses(path, log.since, NOW);
        expect(onePass(path, log.since, NOW)).toStrictEqual(before);
        seen.dials += before.dials.dials.length;
        seen.unknownOutcomes += before.dials.dials.filter(
          (d) => d.requestKey !== undefined && d.decision === "outcome_unknown",
        ).length; // a `sending` never ended is one
        seen.damaged += before.dials.damagedLines.length;
        seen.unattributed += before.dials.unattributed.length;
        seen.added += before.optOuts.filter((e) => e.kind === "add" && e.entry.source !== "operator").length;
        seen.removed += before.optOuts.filter((e) => e.kind === "remove").length;
        seen.damagedOptOut += before.optOuts.filter(
          (e) => e.kind === "add" && e.entry.evidence.startsWith("a damaged"),
        ).length;
        seen.owners += before.owners.length;
        // Each reader alone (the start with Redis reads no dials; doctor and the opt-outs command read one).
        expect(readAuditHistory(path, log.since, NOW)).toStrictEqual(before.dials);
        expect(readOptOutHistory(path)).toStrictEqual(before.optOuts);
        expect(readOwnerHistory(path, NOW)).toStrictEqual(before.owners);
      }),
      { numRuns: 300 },
    );
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(5);
  });

  it("holds on a log with a line larger than a read chunk, many-byte characters across the chunk's edge, and torn lines", () => {
    const dialed = (n: number, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        time: iso(NOW - n * 1000),
        tool: "create_call",
        decision: "dialed",
        numbers: [`+1415555${String(n).padStart(4, "0")}`],
        agents: ["agt_1"],
        person: "user_a",
        call_ids: [`call_${n}`],
        latency_ms: 1,
        ...extra,
      });
    const huge = dialed(1, { reason: "é😀".repeat(1_500_000) }); // about 10 MB: spans three chunks of 4 MiB
    // An opt-out whose evidence (kept) has a two-byte character cut in half by the end of the first chunk.
    const CHUNK = 4 * 1024 * 1024;
    const optOut = (pad: string) =>
      JSON.stringify({
        time: iso(NOW - 5000),
        tool: "add_do_not_call",
        decision: "opted_out",
        numbers: ["+14155559999"],
        agents: [],
        reason: `${pad}${"ñ".repeat(2_200_000)}`,
      });
    const firstÑ = Buffer.from(optOut("")).indexOf(Buffer.from("ñ"));
    const straddling = optOut((CHUNK - firstÑ) % 2 === 0 ? "a" : "");
    expect(Buffer.from(straddling)[CHUNK]).toBe(Buffer.from("ñ")[1]);
    const lines = [
      straddling,
      dialed(2),
      huge,
      huge.slice(0, CHUNK + 3), // torn inside the huge line, with numbers
      `${dialed(3)}\r`,
      '{"time":"2026-11-26T03:00:00.000Z","tool":"add_do_not_call","decision":"opted_out","numbers":["+14155558888"],"rea',
      dialed(4),
    ];
    for (const content of [lines.join("\n"), `${lines.join("\n")}\n`]) {
      const path = logFile(content);
      const result = onePass(path, NOW - 31 * DAY, NOW);
      expect(result).toStrictEqual(threePasses(path, NOW - 31 * DAY, NOW));
      // What that log holds, so the comparison above is not between two empty answers.
      expect(result.dials.dials.map((d) => d.numbers)).toEqual([
        ["+14155550002"],
        ["+14155550001"],
        ["+14155550001"],
        ["+14155550003"],
        ["+14155558888"],
        ["+14155550004"],
      ]);
      expect(result.dials.damagedLines).toEqual([4, 6]);
      expect(result.optOuts.map((e) => (e.kind === "add" ? e.entry.number : e.number))).toEqual([
        "+14155559999",
        "+14155558888",
      ]);
      expect(result.optOuts[0]).toMatchObject({
        entry: { evidence: (JSON.parse(straddling) as { reason: string }).reason },
      });
      expect(result.owners.map((o) => o.things.map((t) => t.id))).toEqual([
        ["call_2"],
        ["call_1"],
        ["call_3"],
        ["call_4"],
      ]);
    }
  });

  it("reads nothing from a missing file, and from a device (/dev/full) whose reads never end", () => {
    const empty = { dials: { dials: [], damagedLines: [], unattributed: [] }, optOuts: [], owners: [] };
    expect(onePass(join(dir, "missing.jsonl"), 0, NOW)).toStrictEqual(empty);
    if (process.platform === "linux") expect(onePass("/dev/full", 0, NOW)).toStrictEqual(empty);
  });

  it("refuses a file that cannot be read with the error of before: naming what the first reader could not rebuild", () => {
    const folder = join(dir, "a-folder.jsonl");
    mkdirSync(folder);
    const refusal = (read: () => unknown) => {
      try {
        read();
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
      return "no error";
    };
    const dialsBefore = refusal(() => reference.readAuditHistory(folder, 0, NOW));
    const optOutsBefore = refusal(() => reference.readOptOutHistory(folder));
    expect(dialsBefore).toBe(
      "ConfigurationError: OUTBOUND_CALLS_AUDIT_LOG: the file cannot be read back (EISDIR); the dial caps could not be rebuilt",
    );
    // The start reads the dials first in memory, the opt-outs first with Redis: the refusal each start gave.
    const start = (readers: Array<LineReader<unknown>>) => refusal(() => readAuditLogBack(folder, readers));
    expect(start([dialHistoryReader(0, NOW), optOutReader(), ownerReader(NOW)])).toBe(dialsBefore);
    expect(start([optOutReader(), ownerReader(NOW)])).toBe(optOutsBefore);
    expect(refusal(() => readAuditHistory(folder, 0, NOW))).toBe(dialsBefore);
    expect(refusal(() => readOptOutHistory(folder))).toBe(optOutsBefore);
    expect(refusal(() => readOwnerHistory(folder, NOW))).toBe(refusal(() => reference.readOwnerHistory(folder, NOW)));
  });
});
