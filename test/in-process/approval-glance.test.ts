/**
 * Issue 38, item 2: what a person reads before a dial starts with the four facts
 * to decide on, in this order: the number with its country, the local time
 * there, the agent, the contact (src/approval/glance.ts). Claude Code shows the
 * first lines of a form's message and folds the rest, so in every channel's text
 * these come first: the client's form (2025-11-25), the form of an input request
 * (2026-07-28), the message with a link (URL elicitation), the approval page and
 * the approvers' inbox. The approval card, rendered in Chromium:
 * test/e2e/approval-card.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { ElicitRequest } from "@modelcontextprotocol/sdk/types.js";
import { LEGACY, MODERN, useInProcess } from "../helpers/in-process.js";
import { approvalPage } from "../../src/approval/page/approval-view.js";
import { inboxPage } from "../../src/approval/page/inbox-view.js";
import { html } from "../../src/approval/page/html.js";
import { inboxSummary } from "../../src/approval/inbox-summary.js";
import { approvalView } from "../../src/approval/view.js";
import type { StoredView } from "../../src/approval/desk.js";
import { callRowSchema, checkRow, type CheckedRow } from "../../src/validation/call-row.js";

const fx = useInProcess();
const CALL = {
  to: "+1 415 555 2671",
  agent_id: "agt_1",
  contact_name: "Dana Lee",
  company_name: "Acme",
  metadata: { service_type: "reminder", note: "bring the form" },
};
const BATCH = {
  calls: [
    CALL,
    { to: "+44 20 7946 0000", agent_id: "agt_2", contact_name: "Sam Poe" },
    { to: "+1 415 555 2672", agent_id: "agt_1" },
  ],
};
const SINGLE_FIRST = [
  /^Number: \+1 415 555 2671 — United States \(US\)$/,
  /^Local time there: \d\d:\d\d in America\/Los_Angeles$/,
  /^Agent: Ava \(agt_1\)$/,
  /^Contact: Dana Lee$/,
];
const BATCH_FIRST = [
  /^Numbers: 3 calls — United States \(US\) ×2, United Kingdom \(GB\) ×1$/,
  /^Local time there: \d\d:\d\d in America\/Los_Angeles; \d\d:\d\d in Europe\/London$/,
  /^Agents: Ava \(agt_1\), Ben \(agt_2\)$/,
  /^Contacts: Dana Lee, Sam Poe$/,
];

function expectFirstLines(text: string, first: RegExp[]): void {
  const lines = text.split("\n").slice(0, first.length);
  lines.forEach((line, i) => expect(line, text).toMatch(first[i]!));
}

/** A server whose client answers every question with `decline`, keeping each. */
async function asking(era: typeof LEGACY | typeof MODERN, capabilities?: Record<string, unknown>) {
  const asked: ElicitRequest["params"][] = [];
  const server = await fx.start({
    era,
    env: { OUTBOUND_CALLS_CALLING_HOURS: "off" },
    ...(capabilities ? { capabilities: { elicitation: capabilities } } : {}),
    elicit: {
      current: (request) => {
        asked.push(request.params);
        return { action: "decline" };
      },
    },
  });
  return { server, asked };
}

describe("the first four lines of a channel's text", () => {
  it.each([
    ["the client's form (2025-11-25)", LEGACY, undefined],
    ["the form of an input request (2026-07-28)", MODERN, undefined],
    ["the message beside a link (URL elicitation)", LEGACY, { url: {} }],
  ] as const)("%s: number and country, local time there, agent, contact", async (_what, era, capabilities) => {
    const { server, asked } = await asking(era, capabilities);
    expect((await server.call("create_call", CALL)).isError).toBe(true);
    expect((await server.call("submit_batch", BATCH)).isError).toBe(true);
    expect(asked.map((a) => a.mode ?? "form")).toEqual(capabilities ? ["url", "url"] : ["form", "form"]);
    expectFirstLines(asked[0]!.message, SINGLE_FIRST);
    expectFirstLines(asked[1]!.message, BATCH_FIRST);
    expect(fx.service.requests.filter((r) => r.op.startsWith("calls.create"))).toHaveLength(0);
  });
});

const NOW = Date.parse("2026-11-21T18:00:00Z");
const rowOf = (row: Record<string, unknown>): CheckedRow =>
  checkRow(callRowSchema.parse(row), { blockedTypes: new Set() }).row!;
const viewOf = (calls: Record<string, unknown>[]): StoredView => ({
  via: "page",
  ...approvalView(calls.length === 1 ? "create_call" : "submit_batch", {
    rows: calls.map(rowOf),
    agentNames: new Map([
      ["agt_1", "Ava"],
      ["agt_2", "Ben"],
    ]),
    localTimes: new Map(
      calls.map((c, i) => [
        i,
        String(c.to).startsWith("+44") ? "18:00 in Europe/London" : "10:00 in America/Los_Angeles",
      ]),
    ),
  }),
});
/** The page's text with its tags dropped, one cell or field a line. */
const textOfHtml = (markup: string) =>
  markup
    .replace(/<(br|\/dd|\/dt|\/td|\/th|\/p|\/h1)>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

describe("the first four fields of the pages", () => {
  it.each([
    [
      "one call",
      [CALL],
      [
        "Number",
        "+1 415 555 2671",
        "United States (US)",
        "Local time there",
        "10:00 in America/Los_Angeles",
        "Agent",
        "Ava agt_1",
        "Contact",
        "Dana Lee",
      ],
    ],
    [
      "a batch",
      BATCH.calls,
      [
        "Numbers",
        "3 calls",
        "United States (US) × 2, United Kingdom (GB) × 1",
        "Local time there",
        "10:00 in America/Los_Angeles; 18:00 in Europe/London",
        "Agents",
        "Ava agt_1, Ben agt_2",
        "Contacts",
        "Dana Lee, Sam Poe",
      ],
    ],
  ])("the approval page of %s: right under its title, before what the approval is", (_what, calls, first) => {
    const page = approvalPage({
      view: viewOf(calls),
      status: "pending",
      createdAt: NOW,
      expiresAt: NOW + 600_000,
      now: NOW,
      page: 1,
      pageHref: (n) => `?page=${n}`,
      form: { action: "/a/x/y", hidden: {} },
      banner: html``,
    });
    const lines = textOfHtml(String(page.body));
    expect(lines[0]).toMatch(/^Approve (this phone call|these 3 phone calls)\?$/);
    expect(lines.slice(1, 1 + first.length)).toEqual(first);
    expect(lines.findIndex((l) => l.includes("costs money"))).toBeGreaterThan(first.length);
  });

  it("the approvers' inbox: number and country, local time there, agent, contact, then who asked and when", () => {
    const summary = inboxSummary(
      { id: "a1", tool: "submit_batch", createdAt: NOW, expiresAt: NOW + 600_000 },
      viewOf(BATCH.calls),
      "client-1",
    );
    const page = inboxPage(html``, { items: [summary], total: 1, order: "newest", paged: false }, NOW);
    const markup = String(page.body);
    const headers = [...markup.matchAll(/<th scope="col">([^<]*)</g)].map((m) => m[1]);
    expect(headers.slice(0, 6)).toEqual(["Number", "Local time there", "Agent", "Contact", "Asked at", "Asked by"]);
    const cells = [...markup.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => textOfHtml(m[1]!).join(" "));
    expect(cells.slice(0, 4)).toEqual([
      "+1 415 555 2671, +44 20 7946 0000, +1 415 555 2672 3 calls · United States ×2, United Kingdom ×1",
      "10:00 in America/Los_Angeles; 18:00 in Europe/London",
      "Ava, Ben",
      "Dana Lee, Sam Poe",
    ]);
  });
});
