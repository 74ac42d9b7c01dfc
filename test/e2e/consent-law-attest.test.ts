/**
 * Consent the law requires, attested by the person who approves (issue 37), through the built server and a real MCP
 * client at a fixed instant: where a number has no record, every channel shows the law of its place and asks one
 * required field, "I have this person's prior consent to be called by an AI voice: basis …", whose choices are only
 * the bases the law accepts there. The client's form (2025 elicitation, and 2026-07-28 input requests), the approval
 * page in real Chromium (reached through the client's link); the card: consent-law-card.test.ts. Approve without
 * it, or with another basis, dials nothing; with it, the audit line keeps the basis with the approver.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromium as pw, type Browser, type BrowserServer } from "playwright-core";
import { ElicitRequestSchema, type CallToolResult, type ElicitRequest } from "@modelcontextprotocol/sdk/types.js";
import { APPROVAL_INPUT } from "../../src/approval/input-channel.js";
import { launchChromium } from "../helpers/approval.js";
import { startServer, textOf } from "../helpers/server-process.js";
import { auditLines, envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";
import { modernStdio, type ModernClient } from "../helpers/input-client.js";

const fx = useSafetyFixture();
/** Tuesday 2026-12-01: 12:30 in New York, 18:30 in Paris, inside every window of telemarketing hours. */
const NOW = "2026-12-01T17:30:00Z";
const NY = { to: "+12125550103", agent_id: "agt_1", contact_name: "Dana Lee" };
const FR = { to: "+33612345679", agent_id: "agt_1", contact_name: "Camille Martin" };
const PEWC = "prior_express_written_consent";
const dir = tempDir("consent-attest");
const consentFile = join(dir, "consent.csv");
writeFileSync(consentFile, "number,basis,source,obtained\n+12125550101,prior_express_written_consent,web,2026-03-02\n");

let chromium: BrowserServer;
let browser: Browser;
beforeAll(async () => {
  chromium = await launchChromium();
  browser = await pw.connect(chromium.wsEndpoint());
});
afterAll(async () => {
  await browser?.close();
  await chromium?.close();
});
const modern: ModernClient[] = [];
afterEach(async () => {
  await Promise.all(modern.splice(0).map((c) => c.close()));
});

function approvalEnv() {
  const audit = join(tempDir("consent-attest-audit"), "audit.jsonl");
  return {
    audit,
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_REQUIRE_CONSENT: undefined,
      OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
      OUTBOUND_CALLS_CONSENT_FILE: consentFile,
      OUTBOUND_CALLS_TEST_NOW: NOW,
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      BROWSER: "/nonexistent/browser",
    }),
  };
}

type Answer = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> };

async function formClient(
  capabilities: Record<string, unknown>,
  answer: (p: ElicitRequest["params"]) => Answer | Promise<Answer>,
) {
  const { env, audit } = approvalEnv();
  const server = await startServer({ env, capabilities: { elicitation: capabilities } });
  fx.servers.push(server);
  const asked: Array<ElicitRequest["params"] & { url?: string }> = [];
  server.client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params);
    return answer(request.params);
  });
  const call = async (name: string, args: Record<string, unknown>) =>
    (await server.client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })) as CallToolResult;
  return { server, asked, audit, call };
}

describe("the client's form (2025 elicitation)", () => {
  it("shows the law of the place and asks the basis, among those the law accepts; with it the call goes, the audit line keeps it", async () => {
    const { asked, audit, call } = await formClient({ form: {} }, () => ({
      action: "accept",
      content: { confirm: true, consent_basis: PEWC },
    }));
    const result = await call("create_call", NY);
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    const form = asked[0] as ElicitRequest["params"] & { requestedSchema: Record<string, unknown>; message: string };
    expect(form.requestedSchema).toEqual({
      type: "object",
      properties: {
        confirm: { type: "boolean", title: "Place this call?", description: "Yes dials now; no dials nothing." },
        consent_basis: {
          type: "string",
          title: "I have this person's prior consent to be called by an AI voice: basis",
          description: expect.stringContaining("If you do not have it, decline."),
          enum: [PEWC],
        },
      },
      required: ["confirm", "consent_basis"],
    });
    const lines = form.message.split("\n");
    // The law's lines come after what the person reads first (the number, the agent, the contact).
    const law = lines.findIndex((l) => l.startsWith("Law of the place (telemarketing): "));
    expect(law).toBeGreaterThan(lines.findIndex((l) => l.startsWith("Contact: ")));
    expect(lines[law]).toContain("us_tcpa_ai_voice_wireless (official text)");
    expect(lines[law]).toContain("us_tcpa_ai_voice_telemarketing_pewc (official text)");
    expect(lines[law]).toContain("us_fcc_hours (official text)");
    expect(lines[law + 1]).toBe(
      `Prior consent to a call by an AI voice: not on record; the person who approves must attest it (${PEWC})`,
    );
    expect(auditLines(audit).at(-1)).toMatchObject({
      decision: "dialed",
      approver: "the person, in the client",
      consent_law: [
        `+12125550103: us_tcpa_ai_voice_wireless, us_tcpa_ai_voice_telemarketing_pewc, us_tsr_prerecorded_written_agreement: attested ${PEWC} by the person, in the client`,
      ],
    });
  });

  it.each([
    ["without the basis", { confirm: true }],
    ["with a basis the law does not accept there", { confirm: true, consent_basis: "prior_express_consent" }],
  ])("a yes %s dials nothing", async (_what, content) => {
    const { call } = await formClient({ form: {} }, () => ({ action: "accept", content }));
    const result = await call("create_call", NY);
    // The client's SDK checks the answer against the form's schema too; either way, no yes.
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /without the basis of the prior consent it asks the person to attest|does not match requested schema/,
    );
    expect(textOf(result)).toContain("nothing was dialed");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("a batch mixing places asks one field per group of rows; a row with a record asks nothing", async () => {
    const { asked, audit, call } = await formClient({ form: {} }, () => ({
      action: "accept",
      content: { confirm: true, consent_basis: PEWC, consent_basis_2: "current_contract" },
    }));
    const rows = [NY, { ...NY, to: "+12125550101" }, FR, { ...NY, to: "+442079460000" }];
    const result = await call("submit_batch", { calls: rows });
    expect(result.isError, textOf(result)).toBeFalsy();
    const schema = (asked[0] as { requestedSchema: { properties: Record<string, { title: string; enum: string[] }> } })
      .requestedSchema;
    expect(schema.properties.consent_basis).toMatchObject({
      title: "I have the prior consent of the people in row 1 to be called by an AI voice: basis",
      enum: [PEWC],
    });
    expect(schema.properties.consent_basis_2).toMatchObject({
      title: "I have the prior consent of the people in row 3 to be called by an AI voice: basis",
      enum: ["fr_consent_l223_1", "current_contract"],
    });
    expect(auditLines(audit).at(-1)?.consent_law).toEqual([
      expect.stringMatching(new RegExp(`^\\+12125550103: .*: attested ${PEWC} by the person, in the client$`)),
      expect.stringMatching(new RegExp(`^\\+12125550101: .*: record ${PEWC} \\(consent file line 2`)),
      "+33612345679: fr_consent_l223_1: attested current_contract by the person, in the client",
    ]);
  });
});

describe("the client's form, asked inside the request (2026-07-28)", () => {
  it("the form carries the field; an answer without it approves nothing, one with it dials once", async () => {
    const { env, audit } = approvalEnv();
    // Form elicitation declared; the rounds are sent by hand below, with the answers the test chooses.
    const client = await modernStdio(env, { answer: () => ({ action: "cancel" }) });
    modern.push(client);
    const first = await client.round("create_call", NY);
    expect(first.resultType).toBe("input_required");
    const form = first.inputRequests![APPROVAL_INPUT]!.params as { requestedSchema: { required: string[] } };
    expect(form.requestedSchema.required).toEqual(["confirm", "consent_basis"]);
    const without = await client.round("create_call", NY, {
      inputResponses: { [APPROVAL_INPUT]: { action: "accept", content: { confirm: true } } },
      requestState: first.requestState!,
    });
    expect(without.isError).toBe(true);
    expect(posts(fx.upstream)).toHaveLength(0);
    const again = await client.round("create_call", NY);
    const yes = await client.round("create_call", NY, {
      inputResponses: { [APPROVAL_INPUT]: { action: "accept", content: { confirm: true, consent_basis: PEWC } } },
      requestState: again.requestState!,
    });
    expect(yes.isError, JSON.stringify(yes)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(auditLines(audit).at(-1)?.consent_law).toEqual([expect.stringContaining(`attested ${PEWC}`)]);
  });
});

describe("the approval page, through the client's link, in real Chromium", () => {
  it("shows the law of the place; Approve needs the basis chosen; chosen, the call goes and the basis is recorded with the approver", async () => {
    let person: Promise<string> = Promise.resolve("");
    const { audit, call } = await formClient({ url: {} }, (params) => {
      person = (async () => {
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          await page.goto((params as { url: string }).url);
          const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
          expect(text).toContain("Law of the place (telemarketing): us_fcc_hours (official text)");
          expect(text).toContain("not on record; the person who approves must attest it");
          // The browser will not post Approve while the required choice is empty: nothing is decided.
          await page.getByRole("button", { name: "Approve", exact: true }).click();
          expect(await page.locator("h1").textContent()).toBe("Approve this phone call?");
          await page
            .getByLabel("I have this person's prior consent to be called by an AI voice: basis")
            .selectOption(PEWC);
          await page.getByRole("button", { name: "Approve", exact: true }).click();
          await page.locator("h1 .status").waitFor();
          return (await page.locator("h1").textContent()) ?? "";
        } finally {
          await context.close();
        }
      })();
      return { action: "accept" };
    });
    const result = await call("create_call", NY);
    expect(await person).toBe("Approved by local browser");
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(auditLines(audit).at(-1)).toMatchObject({
      approver: "local browser",
      consent_law: [expect.stringContaining(`attested ${PEWC} by local browser`)],
    });
  });

  it("a post of Approve without the basis (not from the page's own form) is refused and decides nothing", async () => {
    let link = "";
    const { call } = await formClient({ url: {} }, async (params) => {
      link = (params as { url: string }).url;
      const post = (body: string) =>
        fetch(link, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: new URL(link).origin,
            "sec-fetch-site": "same-origin",
          },
          body,
          redirect: "manual",
        });
      const refused = await post("decision=approve");
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Nothing was decided");
      const wrong = await post("decision=approve&consent_basis=prior_express_consent");
      expect(wrong.status).toBe(400);
      await post("decision=decline");
      return { action: "accept" };
    });
    const result = await call("create_call", NY);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("declined");
    expect(posts(fx.upstream)).toHaveLength(0);
  });
});
