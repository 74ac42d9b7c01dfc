/** The audit log: owner-only file, JSON lines, read back for the caps. */
import { appendFileSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuditLog, readAuditHistory, type AuditEntry } from "../../../src/guards/dial/audit/log.js";
import { Redactor } from "../../../src/text/redact.js";
import { tempDir } from "../../helpers/guards.js";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  time: "2026-11-21T15:00:00.000Z",
  tool: "create_call",
  decision: "dialed",
  numbers: ["+14155552671"],
  agents: ["agt_1"],
  latency_ms: 5,
  ...over,
});

describe("AuditLog", () => {
  it("creates the file 0600, appends lines, and redacts any secret", () => {
    const path = join(tempDir("audit-unit"), "a.jsonl");
    const log = AuditLog.open(path, new Redactor(["sk_live_secret_key"]), () => undefined);
    log.write(entry({ reason: "echoed sk_live_secret_key" }));
    log.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8")).not.toContain("sk_live_secret_key");
    expect(readFileSync(path, "utf8")).toContain("echoed [redacted]");
    expect(readAuditHistory(path, 0, Date.now()).dials).toEqual([
      {
        at: Date.parse("2026-11-21T15:00:00.000Z"),
        numbers: ["+14155552671"],
        requestKey: undefined,
        decision: "dialed",
        callIds: [],
      },
    ]);
  });

  it("reads back only placed or unknown dials since a time; a torn line showing no number is reported, not skipped", () => {
    const path = join(tempDir("audit-unit"), "b.jsonl");
    const lines = [
      entry({ decision: "dialed", numbers: ["+1", "+2"] }),
      entry({ decision: "outcome_unknown", numbers: ["+3"] }),
      entry({ decision: "refused", numbers: ["+4"] }),
      entry({ decision: "dry_run", numbers: ["+5"] }),
      entry({ decision: "deduplicated", numbers: ["+6"] }),
      entry({ decision: "dialed", numbers: ["+7"], time: "2026-11-19T15:00:00.000Z" }),
    ];
    appendFileSync(path, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n{"time": "2026-11-21T15:0`);
    const history = readAuditHistory(path, Date.parse("2026-11-20T15:00:00Z"), Date.parse("2026-11-21T16:00:00Z"));
    expect(history.dials.flatMap((d) => d.numbers)).toEqual(["+1", "+2", "+3"]);
    expect(history.damagedLines).toEqual([7]);
    expect(history.unattributed).toEqual([7]);
  });

  it("cannot open a file in a missing folder: names the variable", () => {
    expect(() =>
      AuditLog.open(join(tempDir("audit-unit"), "missing", "x.jsonl"), new Redactor([]), () => undefined),
    ).toThrow(/^OUTBOUND_CALLS_AUDIT_LOG: the file cannot be opened/);
  });
});

describe("AuditLog under hostile values (issue 12, item 4)", () => {
  const secret = "sk_live_secret_key";
  const hostile = [
    `call_7 Bearer "x`,
    `call_8 ${secret}"}`,
    'a\\"b',
    '\u2028\n\r{"decision":"refused"}',
    `"${secret.toUpperCase()}\\`,
  ];

  it("writes every line as valid JSON whatever the service or the model sends, with the secret gone", () => {
    const path = join(tempDir("audit-unit"), "hostile.jsonl");
    const log = AuditLog.open(path, new Redactor([secret]), () => undefined);
    for (const value of hostile)
      log.write(entry({ call_ids: [value], request_id: value, reason: value, agents: [value] }));
    log.close();
    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines).toHaveLength(hostile.length);
    for (const line of lines) {
      const parsed = JSON.parse(line) as AuditEntry;
      expect(parsed.decision).toBe("dialed");
      expect(parsed.numbers).toEqual(["+14155552671"]);
    }
    expect(readFileSync(path, "utf8").toLowerCase()).not.toContain(secret);
    expect(readAuditHistory(path, 0, Date.now()).dials).toHaveLength(hostile.length);
  });

  it("counts the numbers of a damaged line as dials, at the time it shows, whatever its decision", () => {
    const path = join(tempDir("audit-unit"), "damaged.jsonl");
    appendFileSync(
      path,
      `{"time":"2026-11-21T15:00:00.000Z","tool":"create_call","decision":"refused","numbers":["+14155552671"],"rea\n`,
    );
    const history = readAuditHistory(path, 0, Date.parse("2026-11-21T16:00:00Z"));
    expect(history.dials).toEqual([
      {
        at: Date.parse("2026-11-21T15:00:00.000Z"),
        numbers: ["+14155552671"],
        requestKey: undefined,
        decision: "outcome_unknown",
        callIds: [],
      },
    ]);
    expect(history.damagedLines).toEqual([1]);
    expect(history.unattributed).toEqual([]);
  });

  it("a `sending` line counts as a dial of unknown outcome until the line that ends its POST (same key) is read", () => {
    const path = join(tempDir("audit-unit"), "sending.jsonl");
    const log = AuditLog.open(path, new Redactor([]), () => undefined);
    const sent = (key: string, to: string) =>
      entry({ decision: "sending", numbers: [to], idempotency_key: key, request_key: `rk_${key}` });
    log.write(sent("k1", "+14155550001"));
    log.write(
      entry({
        decision: "dialed",
        numbers: ["+14155550001"],
        idempotency_key: "k1",
        request_key: "rk_k1",
        call_ids: ["call_1"],
      }),
    );
    log.write(sent("k2", "+14155550002"));
    log.write(entry({ decision: "failed", numbers: ["+14155550002"], idempotency_key: "k2" }));
    log.write(sent("k3", "+14155550003"));
    log.write(entry({ decision: "refused", rule: "service", numbers: ["+14155550003"], idempotency_key: "k3" }));
    // The process died while this one was at the service: nothing ended it.
    log.write(sent("k4", "+14155550004"));
    log.close();
    const dials = readAuditHistory(path, 0, Date.parse("2026-11-21T16:00:00Z")).dials;
    expect(dials.map((d) => [d.numbers[0], d.decision, d.requestKey])).toEqual([
      ["+14155550001", "dialed", "rk_k1"],
      ["+14155550004", "outcome_unknown", "rk_k4"],
    ]);
  });
});
