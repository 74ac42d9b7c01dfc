/** The audit line is assembled from the facts the stages returned, in order (src/guards/dial/audit/trail.ts). */
import { describe, expect, it } from "vitest";
import { auditEntry } from "../../../src/guards/dial/audit/entry.js";
import { AuditTrail } from "../../../src/guards/dial/audit/trail.js";
import { SafetyRefusal } from "../../../src/guards/dial/refusals.js";

const base = { time: "2026-11-21T15:00:00.000Z", tool: "create_call", latency_ms: 3 };

describe("AuditTrail", () => {
  it("no rows screened: no numbers and no agents, and the line says failed", () => {
    expect(auditEntry(new AuditTrail().draft(), base, undefined)).toEqual({
      ...base,
      decision: "failed",
      numbers: [],
      agents: [],
    });
  });

  it("carries every stage's facts; a later fact of the same field wins; undefined adds nothing", () => {
    const trail = new AuditTrail();
    trail.add({ numbers: ["+14155550100"], agents: ["agent_1"] });
    trail.add({ request_key: "k", repeat_dial: true });
    trail.add(undefined);
    trail.add({ confirmation: "page", approver: "local browser" });
    trail.add({ idempotency_key: "idem" });
    trail.add({ decision: "dialed", call_ids: ["call_1"], upstream_status: 201 });
    expect(auditEntry(trail.draft(), base, undefined)).toEqual({
      ...base,
      decision: "dialed",
      numbers: ["+14155550100"],
      agents: ["agent_1"],
      request_key: "k",
      repeat_dial: true,
      confirmation: "page",
      approver: "local browser",
      idempotency_key: "idem",
      call_ids: ["call_1"],
      upstream_status: 201,
    });
    trail.add({ numbers: ["+14155550199"] });
    expect(trail.draft().numbers).toEqual(["+14155550199"]);
  });

  it("the error that ended the call decides the line, with the facts gathered before it", () => {
    const trail = new AuditTrail();
    trail.add({ numbers: ["+14155550100"], agents: ["agent_1"], request_key: "k" });
    const line = auditEntry(
      trail.draft(),
      base,
      new SafetyRefusal("calling_hours", "Refused: outside calling hours. Nothing was dialed."),
    );
    expect(line).toMatchObject({
      decision: "refused",
      rule: "calling_hours",
      request_key: "k",
      numbers: ["+14155550100"],
    });
  });
});
