/**
 * Consent records (OUTBOUND_CALLS_CONSENT_FILE, OUTBOUND_CALLS_REQUIRE_CONSENT) through the real MCP server
 * in-process: the preview shows each number's basis, the audit line records it, a dial without a live record is
 * refused when required (no POST), an opt-out overrides a record, and a file line that cannot be read stops the start.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inProcessConfig, describeEras, useInProcess } from "../../helpers/in-process.js";
import { textOf } from "../../helpers/server-process.js";
import { auditLines, GUARDS_OFF, tempDir } from "../../helpers/guards.js";
import { createCore } from "../../../src/mcp/server.js";

const fx = useInProcess();
const dir = tempDir("consent");
const file = join(dir, "consent.csv");
writeFileSync(
  file,
  [
    "number,basis,source,obtained,expires",
    "+12125550101, prior_express_written_consent, web-form-2026-03, 2026-03-02",
    "+1 212 555 0102,prior_express_consent,call-center,2025-01-10,2025-12-31  # expired",
    "",
  ].join("\n"),
);
const env = { ...GUARDS_OFF, OUTBOUND_CALLS_CONSENT_FILE: file };
const CALL = { agent_id: "agt_1" };

describeEras(fx, () => {
  describe("consent records", () => {
    it("the dry run's preview shows the basis; the audit line records it", async () => {
      const audit = join(tempDir("consent-audit"), "audit.jsonl");
      const server = await fx.start({ env: { ...env, OUTBOUND_CALLS_AUDIT_LOG: audit }, now: "2026-11-25T15:00:00Z" });
      const dry = await server.call("create_call", { ...CALL, to: "+12125550101", dry_run: true });
      expect(textOf(dry)).toContain(
        "Consent: prior_express_written_consent (source web-form-2026-03, obtained 2026-03-02)",
      );
      expect((await server.call("create_call", { ...CALL, to: "+12125550101" })).isError).toBeFalsy();
      expect(auditLines(audit).at(-1)).toMatchObject({
        decision: "dialed",
        consent: ["prior_express_written_consent (source web-form-2026-03, obtained 2026-03-02)"],
      });
    });

    it("required: a number without a live record (none, or expired) is refused and nothing is sent", async () => {
      const server = await fx.start({
        env: { ...env, OUTBOUND_CALLS_REQUIRE_CONSENT: "true" },
        now: "2026-11-25T15:00:00Z",
      });
      const none = await server.call("create_call", { ...CALL, to: "+12125550199" });
      expect(textOf(none)).toContain("Refused (no_consent): +1 212 555 0199 has no consent record");
      const expired = await server.call("create_call", { ...CALL, to: "+12125550102" });
      expect(textOf(expired)).toContain("a consent record that expired 2025-12-31");
      const batch = await server.call("submit_batch", {
        calls: [
          { ...CALL, to: "+12125550101" },
          { ...CALL, to: "+12125550199" },
        ],
      });
      expect(textOf(batch)).toContain("calls[1].to: +1 212 555 0199 has no consent record");
      expect(fx.service.posts()).toHaveLength(0);
      expect((await server.call("create_call", { ...CALL, to: "+12125550101" })).isError).toBeFalsy();
    });

    it("an opt-out revokes consent: a number with a record that opted out is refused as opted_out", async () => {
      const server = await fx.start({ env: { ...env, OUTBOUND_CALLS_REQUIRE_CONSENT: "true" } });
      await server.call("add_do_not_call", { number: "+12125550101", heard: "stop calling me" });
      expect(textOf(await server.call("create_call", { ...CALL, to: "+12125550101" }))).toContain(
        "Refused (opted_out)",
      );
      expect(fx.service.posts()).toHaveLength(0);
    });

    it("no tool writes consent: the tools list has none that could", async () => {
      const server = await fx.start({ env });
      const { tools } = await server.client.listTools();
      expect(tools.map((t) => t.name).filter((n) => /consent/.test(n))).toEqual([]);
    });

    it("a line that cannot be read stops the start, naming the variable and the line; requiring consent without a file too", () => {
      const bad = join(dir, "bad.csv");
      writeFileSync(bad, "+12125550101,prior_express_consent,web,2026-03-02\n+12125550103,,web,2026-03-02\n");
      expect(() => createCore(inProcessConfig({ env: { OUTBOUND_CALLS_CONSENT_FILE: bad } }))).toThrow(
        /OUTBOUND_CALLS_CONSENT_FILE: line 2 has no basis/,
      );
      writeFileSync(bad, "+12125550101,prior_express_consent,web,yesterday\n");
      expect(() => createCore(inProcessConfig({ env: { OUTBOUND_CALLS_CONSENT_FILE: bad } }))).toThrow(
        /line 1 has no date obtained/,
      );
      expect(() => inProcessConfig({ env: { OUTBOUND_CALLS_REQUIRE_CONSENT: "true" } })).toThrow(
        /OUTBOUND_CALLS_REQUIRE_CONSENT is true but OUTBOUND_CALLS_CONSENT_FILE is not set/,
      );
    });
  });
});
