/** The audit log: owner-only file, JSON lines, read back for the caps. */
import { appendFileSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuditLog, readDials, type AuditEntry } from "../../src/safety/audit-log.js";
import { Redactor } from "../../src/text/redact.js";
import { tempDir } from "./support.js";

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
    expect(readDials(path, 0)).toEqual([{ at: Date.parse("2026-11-21T15:00:00.000Z"), to: "+14155552671" }]);
  });

  it("reads back only placed or unknown dials since a time, skipping torn lines", () => {
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
    expect(readDials(path, Date.parse("2026-11-20T15:00:00Z")).map((d) => d.to)).toEqual(["+1", "+2", "+3"]);
  });

  it("cannot open a file in a missing folder: names the variable", () => {
    expect(() => AuditLog.open(join(tempDir("audit-unit"), "missing", "x.jsonl"), new Redactor([]), () => undefined)).toThrow(
      /^OUTBOUND_CALLS_AUDIT_LOG: the file cannot be opened/,
    );
  });
});
