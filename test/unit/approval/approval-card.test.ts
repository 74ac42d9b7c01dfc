/**
 * The approval card's pieces that need no browser: which clients are offered it
 * (only a declared MCP Apps HTML profile), and its HTML: one inline script and
 * one style sheet, each allowed by its hash and nothing else, no URL to load.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { rendersApps } from "../../../src/approval/card/apps-support.js";
import { cardHtml } from "../../../src/approval/card/card-html.js";
import { approvedOnCard, cardChannel, checkCardDecision } from "../../../src/approval/card/card-channel.js";
import { ApprovalDesk } from "../../../src/approval/desk.js";
import { MemoryStore } from "../../../src/guards/store/memory.js";

describe("rendersApps", () => {
  it.each([
    [{ extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } }, true],
    [{ extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html+skybridge"] } } }, false],
    [{ extensions: { "io.modelcontextprotocol/ui": {} } }, false],
    [{ extensions: { "io.modelcontextprotocol/ui": { mimeTypes: "text/html;profile=mcp-app" } } }, false],
    [{ extensions: { "io.modelcontextprotocol/other": { mimeTypes: ["text/html;profile=mcp-app"] } } }, false],
    [{ elicitation: { form: {} } }, false],
    [undefined, false],
  ])("%j -> %s", (capabilities, expected) => {
    expect(rendersApps(capabilities as never)).toBe(expected);
  });
});

describe("the card's HTML", () => {
  const html = cardHtml();
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? "";
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("allows its one script and its one style sheet by hash, and no network at all", () => {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(csp).toContain(`script-src ${sha(scripts[0]!)};`);
    expect(csp).toContain(`style-src ${sha(styles[0]!)};`);
    for (const directive of [
      "default-src 'none'",
      "connect-src 'none'",
      "img-src 'none'",
      "font-src 'none'",
      "frame-src 'none'",
      "form-action 'none'",
      "base-uri 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(html).not.toMatch(
      /\b(src|href)=|https?:\/\/|innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/,
    );
  });
});

describe("the card's decisions on the desk", () => {
  const store = new MemoryStore();
  const desk = new ApprovalDesk({
    approvals: store.approvals,
    now: () => Date.now(),
    ttlMs: 60_000,
    sealKey: () => Buffer.alloc(32, 7),
    log: () => undefined,
  });
  const view = {
    tool: "create_call" as const,
    rows: [
      {
        e164: "+14155552671",
        international: "+1 415 555 2671",
        country: "US",
        countryName: "United States",
        agentId: "agt_1",
      },
    ],
    countries: [],
    agents: [],
  };
  const request = (key: string) => ({ requestKey: key, view, text: "" });
  const ctx = { signal: new AbortController().signal, progress: async () => undefined, waitMs: 0, client: "local" };

  it("a page link's secret decides nothing through the card's tool", async () => {
    const { record, secret } = await desk.open(request("k-page"), "page", "local");
    expect(await checkCardDecision(desk, record.id, secret)).toMatchObject({ ok: false });
  });

  it("a card's approval approves its own request once, and never another", async () => {
    const verdict = await cardChannel(desk).ask(request("k-card"), ctx);
    if (verdict.kind !== "card") throw new Error(verdict.kind);
    const check = await checkCardDecision(desk, verdict.ticket.approval_id, verdict.ticket.secret);
    if (!check.ok) throw new Error(check.why);
    expect(await approvedOnCard(desk, check.record).ask(request("k-other"), ctx)).toMatchObject({ kind: "refused" });
    expect(desk.statusOf((await desk.get(check.record.id))!)).toBe("pending");
    expect(await approvedOnCard(desk, check.record).ask(request("k-card"), ctx)).toMatchObject({
      kind: "approved",
      via: "app_card",
    });
    expect(await approvedOnCard(desk, check.record).ask(request("k-card"), ctx)).toMatchObject({ kind: "refused" });
    expect(await checkCardDecision(desk, verdict.ticket.approval_id, verdict.ticket.secret)).toMatchObject({
      ok: false,
    });
  });
});
