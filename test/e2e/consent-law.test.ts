/**
 * Consent where the law requires it (issue 37), through the built server and a real MCP client, at fixed instants
 * (OUTBOUND_CALLS_TEST_NOW): every call is made by an AI voice, so a US number needs prior express consent (written,
 * for telemarketing), a French one written consent to canvassing from 2026-08-11, and Washington and California
 * allow no AI-voice call the server could prove consent for. Unattended dialing (OUTBOUND_CALLS_CONFIRM=never) goes
 * only on records; `true` and `false`; a batch mixing places; a consent file the server cannot read stops the start.
 * The approving person's attestation: consent-law-attest.test.ts.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startServer, textOf } from "../helpers/server-process.js";
import { auditLines, envFor, GUARDS_OFF, posts, runToExit, tempDir, useSafetyFixture } from "../helpers/guards.js";

const fx = useSafetyFixture();
const dir = tempDir("consent-law");
/** Tuesday 2026-12-01: 12:30 in New York, 09:30 in Seattle, 18:30 in Paris: inside every window of telemarketing hours. */
const NOW = "2026-12-01T17:30:00Z";
const NY_PEWC = "+12125550101";
const NY_PEC = "+12125550102";
const NY_NONE = "+12125550103";
const WA = "+12065550101";
const CA = "+14155550101";
const FR = "+33612345678";
const GB = "+442079460000";

const consentFile = join(dir, "consent.csv");
writeFileSync(
  consentFile,
  [
    "number,basis,source,obtained,expires",
    `${NY_PEWC},prior_express_written_consent,web-form-2026-03,2026-03-02`,
    `${NY_PEC},prior_express_consent,call-center,2026-01-10`,
    `${WA},prior_express_written_consent,web-form-2026-03,2026-03-02`,
    `${CA},prior_express_consent,web-form-2026-03,2026-03-02`,
    `${FR},fr_consent_l223_1,formulaire-2026-09,2026-09-01`,
    "",
  ].join("\n"),
);

async function start(env: Record<string, string | undefined> = {}) {
  const audit = join(tempDir("consent-law-audit"), "audit.jsonl");
  const server = await startServer({
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      // A test of the law: every tier of rule, as the server's default (GUARDS_OFF keeps only official ones).
      OUTBOUND_CALLS_RULES_PROVENANCE: undefined,
      OUTBOUND_CALLS_REQUIRE_CONSENT: undefined,
      OUTBOUND_CALLS_CONSENT_FILE: consentFile,
      OUTBOUND_CALLS_TEST_NOW: NOW,
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      ...env,
    }),
  });
  fx.servers.push(server);
  const dial = async (to: string) =>
    (await server.client.callTool({ name: "create_call", arguments: { to, agent_id: "agt_1" } })) as CallToolResult;
  return { server, audit, dial };
}

describe("informational calls, unattended (OUTBOUND_CALLS_CONFIRM=never)", () => {
  it("a record of prior express consent lets a US number go; the audit line names the rule and the record", async () => {
    const { dial, audit } = await start();
    const result = await dial(NY_PEC);
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(auditLines(audit).at(-1)).toMatchObject({
      decision: "dialed",
      consent_law: [
        expect.stringMatching(
          /^\+12125550102: us_tcpa_ai_voice_wireless: record prior_express_consent \(consent file line 3/,
        ),
      ],
    });
  });

  it("no record: refused before anything is sent, naming the rule, the statute, its tier and the ways out", async () => {
    const { dial } = await start();
    const text = textOf(await dial(NY_NONE));
    expect(text).toContain("Refused by the law of the place called (OUTBOUND_CALLS_CALL_PURPOSE=informational)");
    expect(text).toContain("rule us_tcpa_ai_voice_wireless, United States (federal): 47 U.S.C. § 227(b)(1)(A)(iii)");
    expect(text).toContain("FCC 24-17");
    expect(text).toContain("(official, read 2026-11-28)");
    expect(text).toContain("OUTBOUND_CALLS_CONFIRM=never dials with nobody to approve, so nobody can attest it");
    expect(text).toContain(
      'adds a line "number,basis,source,obtained[,expires]" with the basis prior_express_written_consent or prior_express_consent',
    );
    expect(text).toContain("or a person who approves the call attests that consent in the approval");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("California allows no call by an AI voice the server could prove consent for: refused even with a record, naming what the operator may do", async () => {
    const { dial } = await start();
    const text = textOf(await dial(CA));
    expect(text).toContain("rule us_ca_adad_consent, California, US: Cal. Pub. Util. Code §§ 2873, 2874");
    expect(text).toContain("(secondary, read 2026-11-28)");
    expect(text).toContain("the law may also allow prior_express_consent, read only in a source of tier secondary");
    expect(text).toContain("OUTBOUND_CALLS_RULES_FILE (consent_bases)");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("the operator may accept a basis read only in a secondary source, said at start; OUTBOUND_CALLS_RULES_PROVENANCE=official leaves the rule out", async () => {
    const rules = join(dir, "rules-ca.json");
    writeFileSync(
      rules,
      JSON.stringify({ rules: [{ id: "us_ca_adad_consent", consent_bases: ["prior_express_consent"] }] }),
    );
    const opted = await start({ OUTBOUND_CALLS_RULES_FILE: rules });
    expect((await opted.dial(CA)).isError).toBeFalsy();
    expect(opted.server.transport.stderr).toContain(
      "rule us_ca_adad_consent (California, US, read in a source of tier secondary) also accepts, on the operator's word, consent of the basis prior_express_consent",
    );
    const official = await start({ OUTBOUND_CALLS_RULES_PROVENANCE: "official" });
    expect((await official.dial(CA)).isError).toBeFalsy();
    expect(official.server.transport.stderr).toMatch(
      /OUTBOUND_CALLS_RULES_PROVENANCE=official: \d+ consent rules or holds are not applied, read in no official text: .*us_ca_adad_consent \(secondary\)/,
    );
    expect(posts(fx.upstream)).toHaveLength(2);
  });
});

describe("telemarketing, unattended", () => {
  const tele = { OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing" };

  it("needs prior express written consent: a record of prior express consent is refused, naming the file's line", async () => {
    const { dial } = await start(tele);
    expect((await dial(NY_PEWC)).isError).toBeFalsy();
    const text = textOf(await dial(NY_PEC));
    expect(text).toContain(
      "+1 212 555 0102 has a consent record (OUTBOUND_CALLS_CONSENT_FILE line 3) of the basis prior_express_consent, which rule us_tcpa_ai_voice_telemarketing_pewc",
    );
    expect(text).toContain("it accepts prior_express_written_consent. Fix that line of the consent file");
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("Washington bans it (RCW 80.36.400): refused whatever the record", async () => {
    const { dial } = await start(tele);
    const text = textOf(await dial(WA));
    expect(text).toContain("rule us_wa_adad_commercial_ban, Washington, US: RCW 80.36.400(2)");
    expect(text).toContain("lets no consent on record lift it for a call made by an AI voice");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("France from 2026-08-11 (C. consom. L. 223-1): a record of written consent lets it go; none is refused; before that date no consent was required", async () => {
    const { dial } = await start(tele);
    expect((await dial(FR)).isError).toBeFalsy();
    const none = textOf(await dial("+33612345679"));
    expect(none).toContain("rule fr_consent_l223_1, France: Code de la consommation, art. L. 223-1");
    expect(none).toContain("fr_consent_l223_1 or current_contract");
    // Tuesday 2026-08-04 16:30 in Paris: the law was not in force yet.
    const before = await start({ ...tele, OUTBOUND_CALLS_TEST_NOW: "2026-08-04T14:30:00Z" });
    expect((await before.dial("+33612345679")).isError).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(2);
  });

  it("a batch mixing places names each refused row and sends nothing; without them it goes, each row met", async () => {
    const { server, audit } = await start(tele);
    const batch = async (numbers: string[]) =>
      (await server.client.callTool({
        name: "submit_batch",
        arguments: { calls: numbers.map((to) => ({ to, agent_id: "agt_1" })) },
      })) as CallToolResult;
    const refused = textOf(await batch([NY_PEWC, WA, FR, GB, NY_NONE]));
    expect(refused).toContain("calls[1].to: +1 206 555 0101 is refused by rule us_wa_adad_commercial_ban");
    expect(refused).toContain("calls[4].to: +1 212 555 0103 needs the called person's prior consent");
    expect(refused).not.toMatch(/calls\[(0|2|3)\]/);
    expect(posts(fx.upstream)).toHaveLength(0);
    const sent = await batch([NY_PEWC, FR, GB]);
    expect(sent.isError, textOf(sent)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    const line = auditLines(audit).at(-1)!;
    expect(line.consent_law).toEqual([
      expect.stringMatching(
        /^\+12125550101: us_tcpa_ai_voice_wireless, us_tcpa_ai_voice_telemarketing_pewc, us_tsr_prerecorded_written_agreement: record prior_express_written_consent/,
      ),
      expect.stringMatching(/^\+33612345678: fr_consent_l223_1: record fr_consent_l223_1/),
    ]);
  });
});

describe("a dry run's token (OUTBOUND_CALLS_CONFIRM=token) carries no person's attestation", () => {
  it("the dry run says the number needs one; the token then dials nothing", async () => {
    const { server } = await start({ OUTBOUND_CALLS_CONFIRM: "token" });
    const args = { to: NY_NONE, agent_id: "agt_1" };
    const dry = (await server.client.callTool({
      name: "create_call",
      arguments: { ...args, dry_run: true },
    })) as CallToolResult;
    expect(textOf(dry)).toContain(
      "consent where the law requires it: 0 rows on record, 1 to be attested by the person who approves",
    );
    expect(textOf(dry)).toContain("Law of the place (informational): us_tcpa_ai_voice_wireless (official text)");
    const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
    const dial = (await server.client.callTool({
      name: "create_call",
      arguments: { ...args, confirmation_token: token },
    })) as CallToolResult;
    expect(dial.isError).toBe(true);
    expect(textOf(dial)).toContain("a dry run's confirmation_token carries no person's attestation");
    expect(textOf(dial)).toContain("rule us_tcpa_ai_voice_wireless");
    expect(posts(fx.upstream)).toHaveLength(0);
  });
});

describe("OUTBOUND_CALLS_REQUIRE_CONSENT", () => {
  it("false: no consent check, said on stderr at every start as an accepted risk", async () => {
    const { dial, server } = await start({ OUTBOUND_CALLS_REQUIRE_CONSENT: "false" });
    expect((await dial(NY_NONE)).isError).toBeFalsy();
    expect((await dial(CA)).isError).toBeFalsy();
    expect(server.transport.stderr).toContain("WARNING: OUTBOUND_CALLS_REQUIRE_CONSENT=false: NO CONSENT CHECK");
    expect(posts(fx.upstream)).toHaveLength(2);
  });

  it("true: a record for every number as well, even where no rule requires one", async () => {
    const { dial } = await start({ OUTBOUND_CALLS_REQUIRE_CONSENT: "true" });
    expect(textOf(await dial(GB))).toContain("Refused (no_consent): +44 20 7946 0000 has no consent record");
    expect(textOf(await dial(CA))).toContain("rule us_ca_adad_consent");
    expect((await dial(NY_PEC)).isError).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("a value it does not know stops the start", async () => {
    const run = await runToExit(envFor(fx.upstream, { OUTBOUND_CALLS_REQUIRE_CONSENT: "maybe" }));
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("OUTBOUND_CALLS_REQUIRE_CONSENT must be law (the default), true, false, 1 or 0");
  });
});

describe("a consent file the server cannot read stops the start, naming the line; nothing is dialed", () => {
  it.each([
    [
      "a basis that is none of the file's words",
      `${NY_PEWC},express_written,web,2026-03-02`,
      'line 2 has the basis "express_written", which is none of the file\'s words: write one of prior_express_written_consent',
    ],
    [
      "a date in another format",
      `${NY_PEWC},prior_express_consent,web,03/02/2026`,
      'line 2 has no date obtained written YYYY-MM-DD (or YYYY-MM-DDTHH:MMZ): "03/02/2026"',
    ],
    [
      "an expiry in another format",
      `${NY_PEWC},prior_express_consent,web,2026-03-02,31.12.2027`,
      'line 2 has an expiry that is not a date written YYYY-MM-DD: "31.12.2027"',
    ],
    ["no basis", `${NY_PEWC},,web,2026-03-02`, "line 2 has no basis: write one of"],
  ])("%s", async (_what, line, said) => {
    const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(file, `number,basis,source,obtained,expires\n${line}\n`);
    const run = await runToExit(envFor(fx.upstream, { OUTBOUND_CALLS_CONSENT_FILE: file }));
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`OUTBOUND_CALLS_CONSENT_FILE: ${said}`);
    expect(posts(fx.upstream)).toHaveLength(0);
  });
});
