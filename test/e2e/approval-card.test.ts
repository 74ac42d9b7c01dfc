/**
 * Issue 22: the approval card for MCP Apps hosts, end to end. The built server
 * runs over stdio (a 2025-11-25 client) and over --http (a 2026-07-28 client);
 * a test host in real Chromium, built on the ext-apps library's own AppBridge,
 * renders the card from the server's ui:// resource and relays the card's
 * tools/call. Approve dials exactly once; decline, expiry, a replayed or forged
 * decision, and a decision for another request dial nothing; a client without
 * MCP Apps support never sees the card or its tool.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chromium as playwright, type Browser, type BrowserServer } from "playwright-core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { launchChromium } from "../helpers/approval.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";
import { APPS_CAPABILITIES, AppsHost, CARD_META_KEY, type HostClient, type ToolListing } from "../helpers/apps-host.js";
import { sendJson, defaultHandler } from "../helpers/fake-upstream.js";
import { HTTP_TOKEN, spawnHttpServer, type HttpServerProcess } from "../helpers/http-server-process.js";
import { connectModernHttpClient } from "../helpers/modern-client.js";

const CALL = {
  to: "+1 (415) 555-2671",
  agent_id: "agt_1",
  contact_name: "Dana Lee",
  company_name: "Acme",
  metadata: [{ key: "service_type", value: "reminder" }],
};
const DECIDE = "approval_card_decide";
/** Set to a folder (docs/images) to save the card's screenshots there. */
const SHOTS = process.env.OUTBOUND_CALLS_CARD_SCREENSHOTS;
/** How long a poll waits for the card to show something: a bound for a hang, not for speed (a loaded machine is slow). */
const WAIT = { timeout: 30_000 };

const fx = useSafetyFixture();
let chromium: BrowserServer;
let browser: Browser;

beforeAll(async () => {
  chromium = await launchChromium();
  browser = await playwright.connect(chromium.wsEndpoint());
});
afterAll(async () => {
  await browser?.close();
  await chromium?.close();
});

type Ticket = {
  approval_id: string;
  secret?: string;
  expires_at: string;
  tool: string;
  arguments: Record<string, unknown>;
  view: { rows: unknown[] };
};
const ticketOf = (result: CallToolResult): Ticket | undefined =>
  (result._meta as Record<string, Ticket> | undefined)?.[CARD_META_KEY];

async function startStdio(
  env: Record<string, string> = {},
  capabilities: Record<string, unknown> = APPS_CAPABILITIES,
): Promise<StartedServer & { audit: string }> {
  const audit = join(tempDir("card"), "audit.jsonl");
  const server = await startServer({
    capabilities,
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      BROWSER: "none",
      ...env,
    }),
  });
  fx.servers.push(server);
  return Object.assign(server, { audit });
}

const hostClient = (server: StartedServer): HostClient => server.client as unknown as HostClient;
const call = async (client: HostClient, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

/** Follows a dialed call: ringing, then in progress, then completed with an outcome (as the service reports it). */
function movingCall(): void {
  let reads = 0;
  const steps = ["ringing", "in_progress", "completed"];
  fx.upstream.handle((req, res, raw) => {
    if (req.method === "GET" && req.path === "/api/v1/calls/call_1") {
      const status = steps[Math.min(reads++, steps.length - 1)]!;
      return sendJson(res, 200, {
        data: { id: "call_1", status, ...(status === "completed" ? { outcome: "answered" } : {}) },
      });
    }
    return defaultHandler(req, res, raw);
  });
}

/** The card as the host shows it (at most its first 900 pixels: a batch's first rows). */
async function shot(host: AppsHost, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const box = (await host.page.locator("iframe").boundingBox())!;
  await host.page.screenshot({
    path: join(SHOTS, name),
    clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 900) },
    fullPage: true,
  });
}

describe("over stdio, a 2025-11-25 client that renders MCP Apps", () => {
  let server: StartedServer & { audit: string };
  let host: AppsHost;
  beforeAll(async () => {
    server = await startStdio();
    host = await new AppsHost(browser, hostClient(server)).open();
  });
  afterAll(async () => host?.close());
  beforeEach(() => {
    host.appCalls.length = 0;
  });

  it("lists the card on create_call and submit_batch, and its tool for the app only", async () => {
    const { tools } = (await server.client.listTools()) as { tools: ToolListing[] };
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get("create_call")?._meta?.ui?.resourceUri).toBe("ui://outbound-calls/approval-card.html");
    expect(byName.get("submit_batch")?._meta?.ui?.resourceUri).toBe("ui://outbound-calls/approval-card.html");
    expect(byName.get("get_call")?._meta?.ui).toBeUndefined();
    expect(byName.get(DECIDE)?._meta?.ui?.visibility).toEqual(["app"]);
    const read = await server.client.readResource({ uri: "ui://outbound-calls/approval-card.html" });
    const card = read.contents[0] as { mimeType: string; text: string };
    expect(card.mimeType).toBe("text/html;profile=mcp-app");
    // Nothing from the network: no URL to load anything from, and a CSP that allows no connection.
    expect(card.text).not.toMatch(/\b(src|href)=|https?:\/\/|innerHTML|insertAdjacentHTML|outerHTML|document\.write/);
    expect(card.text).toContain("connect-src 'none'");
  });

  it("shown when the tool is called: every field, then Approve dials exactly once and the card follows the call", async () => {
    movingCall();
    await host.render("create_call", CALL);
    const result = await call(hostClient(server), "create_call", CALL);
    // What the model reads: a person decides on the card; do not call again; nothing dialed; never the secret.
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("approval card");
    expect(textOf(result)).toContain("Do not call create_call again");
    const ticket = ticketOf(result)!;
    expect(ticket.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(textOf(result)).not.toContain(ticket.secret);
    expect(posts(fx.upstream)).toHaveLength(0);

    await host.deliver(result);
    const card = host.card();
    await expect
      .poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT)
      .toBe("Approve this phone call?");
    const text = (await card.locator("main").innerText()).replace(/\s+/g, " ");
    for (const line of [
      "Number +1 415 555 2671",
      "United States (US)",
      "Dialed exactly as +14155552671",
      "Local time there",
      "Agent Ava agt_1",
      "Contact Dana Lee",
      "Company Acme",
    ]) {
      expect(text).toContain(line);
    }
    // The four facts first, in every channel's order (src/approval/glance.ts); plain labels after them.
    expect((await card.locator("dt").allInnerTexts()).slice(0, 5)).toEqual([
      "Number",
      "Local time there",
      "Agent",
      "Contact",
      "Dialed exactly as",
    ]);
    // The agent's name from the agent list, its id small beside it.
    expect(await card.locator("dd small").first().innerText()).toBe("agt_1");
    // Metadata as a small table: each key and its value as the JSON sent writes it.
    expect(await card.locator("table.kv tr").allInnerTexts()).toEqual(['service_type\t"reminder"']);
    // The expiry in the viewer's own time, and how far off it is.
    expect(text).toMatch(/until [^.]+ your time \(in \d+ minutes\)/);
    await shot(host, "approval-card-call.png");

    await card.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe("Approved: call placed");
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(posts(fx.upstream)[0]!.json).toMatchObject({
      to: "+14155552671",
      agent_id: "agt_1",
      contact_name: "Dana Lee",
      metadata: { service_type: "reminder" },
    });
    expect(await card.locator("main").innerText()).toContain("call_1");
    // Its status as it moves, without the model asking.
    await expect
      .poll(() => card.getByRole("status").textContent(), WAIT)
      .toContain("completed · outcome: answered (final)");
    await shot(host, "approval-card-outcome.png");
    expect(host.appCalls.filter((c) => c.name === DECIDE)).toHaveLength(1);
    // The model is told what happened (ui/update-model-context), never the secret.
    const told = JSON.stringify(await host.modelContext());
    expect(told).toContain("approved the create_call");
    expect(told).not.toContain(ticket.secret);

    // A replay of the same decision (the card's own message sent again) dials nothing.
    const replay = await call(hostClient(server), DECIDE, {
      approval_id: ticket.approval_id,
      secret: ticket.secret!,
      decision: "approve",
      arguments: ticket.arguments,
    });
    expect(replay.isError).toBe(true);
    expect(textOf(replay)).toContain("cannot be decided any more");
    expect(posts(fx.upstream)).toHaveLength(1);
    // The audit line names the card; the secret is in no log.
    const audit = readFileSync(server.audit, "utf8");
    expect(audit).toContain("the person, on the approval card");
    expect(audit).not.toContain(ticket.secret);
    expect(server.transport.stderr).not.toContain(ticket.secret);
  });

  it("shown only once the tool answered, decided with the keyboard: Decline dials nothing, and a replayed Approve neither", async () => {
    const args = { ...CALL, to: "+1 415 555 2672" };
    const result = await call(hostClient(server), "create_call", args);
    await host.render("create_call", args, { theme: "dark", width: 320 });
    await host.deliver(result);
    const card = host.card();
    await expect
      .poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT)
      .toBe("Approve this phone call?");
    // The host's theme and a phone's width: its colours, and nothing wider than the frame.
    const look = await card.locator("body").evaluate((b) => {
      // The card's document (the test's types know no DOM).
      const w = globalThis as unknown as {
        getComputedStyle(e: unknown): { backgroundColor: string; fontFamily: string };
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      };
      const root = w.document.documentElement;
      return {
        bg: w.getComputedStyle(b).backgroundColor,
        font: w.getComputedStyle(b).fontFamily,
        overflow: root.scrollWidth - root.clientWidth,
      };
    });
    expect(look).toEqual({ bg: "rgb(23, 23, 23)", font: "serif", overflow: 0 });
    // Keyboard: Tab reaches Approve, then Decline, and Enter presses it.
    await card.getByRole("heading", { level: 1 }).click();
    const focused = () =>
      card
        .locator("body")
        .evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document
              .activeElement?.textContent ?? null,
        );
    for (let i = 0; i < 10 && (await focused()) !== "Decline"; i++) await host.page.keyboard.press("Tab");
    expect(await focused()).toBe("Decline");
    await host.page.keyboard.press("Enter");
    await expect.poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe("Declined");
    expect(posts(fx.upstream)).toHaveLength(0);
    const ticket = ticketOf(result)!;
    const again = await call(hostClient(server), DECIDE, {
      approval_id: ticket.approval_id,
      secret: ticket.secret!,
      decision: "approve",
      arguments: ticket.arguments,
    });
    expect(textOf(again)).toContain("it was declined");
    // The model's repeat of the call opens a new card (the first was declined), and dials nothing.
    const repeat = await call(hostClient(server), "create_call", args);
    expect(ticketOf(repeat)?.approval_id).not.toBe(ticket.approval_id);
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("refuses a decision without the secret, with a forged one, another card's, or for another request; the repeat of a call waits on its card", async () => {
    const a = await call(hostClient(server), "create_call", { ...CALL, to: "+1 415 555 2673" });
    const b = await call(hostClient(server), "create_call", { ...CALL, to: "+1 415 555 2674" });
    const ta = ticketOf(a)!;
    const tb = ticketOf(b)!;
    const decide = (args: Record<string, unknown>) => call(hostClient(server), DECIDE, args);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        "no secret",
        { approval_id: ta.approval_id, decision: "approve", arguments: ta.arguments },
        "not in the expected form",
      ],
      [
        "a forged secret",
        { approval_id: ta.approval_id, secret: "A".repeat(43), decision: "approve", arguments: ta.arguments },
        "does not carry the secret",
      ],
      [
        "another card's secret",
        { approval_id: ta.approval_id, secret: tb.secret, decision: "approve", arguments: ta.arguments },
        "does not carry the secret",
      ],
      [
        "another request's arguments",
        { approval_id: ta.approval_id, secret: ta.secret, decision: "approve", arguments: tb.arguments },
        "a request other than the one the card shows",
      ],
    ];
    for (const [what, args, why] of cases) {
      const answer = await decide(args);
      expect(answer.isError, what).toBe(true);
      expect(textOf(answer), what).toContain(why);
    }
    expect(posts(fx.upstream)).toHaveLength(0);
    // The model calls again while the card waits: told to leave it to the card, given no secret, nothing dialed.
    const repeat = await call(hostClient(server), "create_call", { ...CALL, to: "+1 415 555 2673" });
    expect(textOf(repeat)).toContain("already on an approval card shown earlier");
    expect(ticketOf(repeat)).toMatchObject({ approval_id: ta.approval_id });
    expect(ticketOf(repeat)?.secret).toBeUndefined();
    // After all that, card A still approves its own request, once.
    expect(
      (await decide({ approval_id: ta.approval_id, secret: ta.secret, decision: "approve", arguments: ta.arguments }))
        .isError,
    ).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(posts(fx.upstream)[0]!.json).toMatchObject({ to: "+14155552673" });
  });

  it("a batch: its summary and the buttons first, every row behind them, folded and paged; Approve places the batch once", async () => {
    const calls = Array.from({ length: 60 }, (_, i) => ({
      to: `+1 415 555 ${String(3000 + i)}`,
      agent_id: i % 2 ? "agt_1" : "agt_2",
      contact_name: `Person ${i + 1}`,
    }));
    await host.render("submit_batch", { calls });
    const result = await call(hostClient(server), "submit_batch", { calls });
    expect(ticketOf(result)?.view.rows).toHaveLength(60);
    await host.deliver(result);
    const card = host.card();
    await expect
      .poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT)
      .toBe("Approve these 60 phone calls?");
    const main = card.locator("main");
    const text = (await main.innerText()).replace(/\s+/g, " ");
    expect(text).toContain("Numbers 60 calls United States (US) × 60");
    expect(text).toContain("Contacts Person 1, Person 2, Person 3, and 57 more");
    expect((await card.locator("dt").allInnerTexts()).slice(0, 4)).toEqual([
      "Numbers",
      "Local time there",
      "Agents",
      "Contacts",
    ]);
    // The buttons come before the rows, which are folded away until asked for.
    const order = await main.evaluate((m) =>
      [...(m as unknown as { children: Iterable<{ className: string; tagName: string }> }).children].map(
        (c) => c.className || c.tagName,
      ),
    );
    expect(order.indexOf("actions")).toBeLessThan(order.indexOf("every"));
    expect(await card.locator("details.every").evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(false);
    expect(await card.getByRole("button", { name: "Next rows" }).first().isVisible()).toBe(false);
    await shot(host, "approval-card-batch.png");
    await card.getByText("Every row (60)").click();
    expect(await card.locator("ol.rows > li").count()).toBe(50);
    expect(await main.innerText()).toContain("Rows 1–50 of 60 (page 1 of 2)");
    await card.getByRole("button", { name: "Next rows" }).first().click();
    expect(await card.locator("ol.rows > li").count()).toBe(10);
    expect((await main.innerText()).replace(/\s+/g, " ")).toContain("Contact Person 60");
    await card.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe("Approved: submitted");
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(posts(fx.upstream)[0]!.path).toBe("/api/v1/calls/batch");
    expect((posts(fx.upstream)[0]!.json as { calls: unknown[] }).calls).toHaveLength(60);
  });

  it("a host that drops the result's _meta leaves the card with nothing to approve, and nothing is dialed", async () => {
    const args = { ...CALL, to: "+1 415 555 2676" };
    const result = await call(hostClient(server), "create_call", args);
    await host.render("create_call", args);
    await host.deliver({ ...result, _meta: undefined });
    const card = host.card();
    await expect
      .poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT)
      .toBe("Nothing to approve here");
    expect(await card.locator("main").innerText()).toContain("did not give the card the approval it needs");
    expect(await card.getByRole("button").count()).toBe(0);
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("says a second call (repeat_dial) right after the four facts, before the question", async () => {
    const args = { ...CALL, to: "+1 415 555 2675", repeat_dial: true };
    const result = await call(hostClient(server), "create_call", args);
    await host.render("create_call", args);
    await host.deliver(result);
    const card = host.card();
    await expect
      .poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT)
      .toBe("Approve this phone call?");
    const paragraphs = await card.locator("main > p, main > div").allInnerTexts();
    expect(paragraphs[1]).toContain("Second call (repeat_dial)");
  });
});

describe("expiry", () => {
  it("an approval card that ran out of time shows it, and its decision dials nothing", async () => {
    const server = await startStdio({ OUTBOUND_CALLS_APPROVAL_TTL_S: "2" });
    const host = await new AppsHost(browser, hostClient(server)).open();
    try {
      const result = await call(hostClient(server), "create_call", CALL);
      await host.render("create_call", CALL);
      await host.deliver(result);
      const card = host.card();
      await expect.poll(() => card.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe("Expired");
      expect(await card.getByRole("button", { name: "Approve" }).count()).toBe(0);
      const t = ticketOf(result)!;
      const late = await call(hostClient(server), DECIDE, {
        approval_id: t.approval_id,
        secret: t.secret,
        decision: "approve",
        arguments: t.arguments,
      });
      expect(textOf(late)).toContain("it ran out of time");
      expect(posts(fx.upstream)).toHaveLength(0);
    } finally {
      await host.close();
    }
  });
});

describe("a client without MCP Apps support", () => {
  it("never sees the card, its tool or its ticket, and keeps its channels", async () => {
    const server = await startStdio({}, {});
    const { tools } = (await server.client.listTools()) as { tools: ToolListing[] };
    expect(tools.map((t) => t.name)).not.toContain(DECIDE);
    expect(tools.every((t) => t._meta?.ui === undefined && t._meta?.["ui/resourceUri"] === undefined)).toBe(true);
    const dry = await call(hostClient(server), "create_call", { ...CALL, dry_run: true });
    expect(textOf(dry)).not.toContain("approval card");
    const real = await call(hostClient(server), "create_call", CALL);
    expect(ticketOf(real)).toBeUndefined();
    expect(real._meta?.[CARD_META_KEY]).toBeUndefined();
    expect(textOf(real)).not.toContain("approval card");
    // Its call to the hidden tool is a tool it does not have.
    const hidden = await call(hostClient(server), DECIDE, {
      approval_id: "x".repeat(22),
      secret: "y".repeat(43),
      decision: "approve",
      arguments: CALL,
    });
    expect(textOf(hidden)).toContain(`Tool ${DECIDE} not found`);
    expect(posts(fx.upstream)).toHaveLength(0);
  });
});

describe("over --http, a 2026-07-28 client that renders MCP Apps", () => {
  let http: HttpServerProcess;
  beforeAll(async () => {
    http = await spawnHttpServer({
      env: envFor(fx.upstream, {
        ...GUARDS_OFF,
        OUTBOUND_CALLS_CONFIRM: undefined,
        OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      }),
    });
  });
  afterAll(async () => {
    await http?.stop();
  });

  it("renders the card, Approve dials exactly once, a second click or replay none; a plain client sees no card", async () => {
    const apps = await connectModernHttpClient(`${http.base}/mcp`, HTTP_TOKEN, APPS_CAPABILITIES);
    const plain = await connectModernHttpClient(`${http.base}/mcp`, HTTP_TOKEN);
    const host = await new AppsHost(browser, apps.client as unknown as HostClient).open();
    try {
      expect((await plain.listTools()).tools.map((t) => t.name)).not.toContain(DECIDE);
      expect((await apps.listTools()).tools.map((t) => t.name)).toContain(DECIDE);
      await host.render("create_call", CALL);
      const result = await apps.call("create_call", CALL);
      expect(textOf(result)).toContain("approval card");
      await host.approveCall(result);
      expect(posts(fx.upstream)).toHaveLength(1);
      const t = ticketOf(result)!;
      const replay = await apps.call(DECIDE, {
        approval_id: t.approval_id,
        secret: t.secret!,
        decision: "approve",
        arguments: t.arguments,
      });
      expect(replay.isError).toBe(true);
      // The plain client cannot reach the card's tool at all.
      expect(
        textOf(
          await plain.call(DECIDE, {
            approval_id: t.approval_id,
            secret: t.secret!,
            decision: "approve",
            arguments: t.arguments,
          }),
        ),
      ).toContain("not found");
      expect(posts(fx.upstream)).toHaveLength(1);
    } finally {
      await host.close();
      await apps.close();
      await plain.close();
    }
  });
});
