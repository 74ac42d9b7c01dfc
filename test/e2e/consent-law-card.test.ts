/**
 * The approval card (MCP Apps) asks the attestation of consent the law requires (issue 37): the built server over
 * stdio, a test host in real Chromium rendering the card. The card shows the law of the place and a required choice
 * of the bases the law accepts; Approve sends nothing until it is chosen; chosen, the call goes and the audit line
 * keeps the basis with the card as approver. A decision sent without it (not from the card's own form) decides
 * nothing, and the card can still be approved with it afterwards.
 */
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chromium as playwright, type Browser, type BrowserServer } from "playwright-core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { launchChromium } from "../helpers/approval.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";
import { auditLines, envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";
import { APPS_CAPABILITIES, AppsHost, CARD_META_KEY, type HostClient } from "../helpers/apps-host.js";

/** Tuesday 2026-12-01, 12:30 in New York. */
const NOW = "2026-12-01T17:30:00Z";
const CALL = { to: "+12125550103", agent_id: "agt_1", contact_name: "Dana Lee" };
const PEWC = "prior_express_written_consent";
const WAIT = { timeout: 30_000 };
const fx = useSafetyFixture();
let chromium: BrowserServer;
let browser: Browser;
let server: StartedServer;
let audit: string;

beforeAll(async () => {
  chromium = await launchChromium();
  browser = await playwright.connect(chromium.wsEndpoint());
  audit = join(tempDir("consent-law-card"), "audit.jsonl");
  server = await startServer({
    capabilities: APPS_CAPABILITIES,
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_REQUIRE_CONSENT: undefined,
      OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
      OUTBOUND_CALLS_TEST_NOW: NOW,
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      BROWSER: "none",
    }),
  });
  fx.servers.push(server);
});
afterAll(async () => {
  await browser?.close();
  await chromium?.close();
});

const client = () => server.client as unknown as HostClient;
const call = async (name: string, args: Record<string, unknown>) =>
  (await client().callTool({ name, arguments: args })) as CallToolResult;
type Ticket = { approval_id: string; secret: string; arguments: Record<string, unknown> };
const ticketOf = (result: CallToolResult) => (result._meta as Record<string, Ticket>)[CARD_META_KEY]!;

it("shows the law and the required choice; Approve waits for it; chosen, the call goes with the basis recorded", async () => {
  const host = await new AppsHost(browser, client()).open();
  try {
    await host.render("create_call", CALL);
    await host.deliver(await call("create_call", CALL));
    const card = host.card();
    await expect
      .poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT)
      .toBe("Approve this phone call?");
    const text = (await card.locator("main").innerText()).replace(/\s+/g, " ");
    expect(text).toContain("Law of the place Law of the place (telemarketing): us_fcc_hours (official text)");
    expect(text).toContain("not on record; the person who approves must attest it (prior_express_written_consent)");
    await card.getByRole("button", { name: "Approve" }).click();
    // Nothing sent: the choice is empty, so the card keeps its question.
    expect(host.appCalls).toHaveLength(0);
    expect(await card.getByRole("heading", { level: 1 }).textContent()).toBe("Approve this phone call?");
    await card.getByLabel("I have this person's prior consent to be called by an AI voice: basis").selectOption(PEWC);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe("Approved: call placed");
    expect(host.appCalls[0]?.arguments).toMatchObject({ decision: "approve", attested: { consent_basis: PEWC } });
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(auditLines(audit).at(-1)).toMatchObject({
      decision: "dialed",
      approver: "the person, on the approval card",
      consent_law: [expect.stringContaining(`attested ${PEWC} by the person, on the approval card`)],
    });
  } finally {
    await host.close();
  }
});

it("a decision without the basis, or with one the law does not accept, decides nothing; the card still approves with it", async () => {
  const args = { ...CALL, to: "+12125550104" };
  const ticket = ticketOf(await call("create_call", args));
  const decide = (attested?: Record<string, string>) =>
    call("approval_card_decide", {
      approval_id: ticket.approval_id,
      secret: ticket.secret,
      decision: "approve",
      ...(attested ? { attested } : {}),
      arguments: ticket.arguments,
    });
  for (const attested of [undefined, { consent_basis: "prior_express_consent" }]) {
    const refused = await decide(attested);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("without the basis of the prior consent it asks the person to attest");
  }
  expect(posts(fx.upstream)).toHaveLength(0);
  const approved = await decide({ consent_basis: PEWC });
  expect(approved.isError, textOf(approved)).toBeFalsy();
  expect(posts(fx.upstream)).toHaveLength(1);
});
