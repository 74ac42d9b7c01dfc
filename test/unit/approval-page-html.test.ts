/**
 * The approval page's HTML: every value escaped whatever it holds (a property
 * over hostile strings in every field a person reads), the one stylesheet allowed
 * by its hash and nothing else, and real Approve and Decline buttons only while
 * the approval can be decided.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { approvalPage, invalidPage } from "../../src/approval/page/approval-view.js";
import { contentSecurityPolicy, document, escapeHtml, html } from "../../src/approval/page/html.js";
import { inboxPage, loginPage, signedInBanner } from "../../src/approval/page/inbox-view.js";
import type { StoredView } from "../../src/approval/desk.js";
import { inboxSummary } from "../../src/approval/inbox-summary.js";

const NOW = Date.parse("2026-11-21T15:00:00Z");

function view(over: Partial<StoredView["rows"][number]> = {}, count = 1): StoredView {
  const row = {
    e164: "+14155552671",
    international: "+1 415 555 2671",
    country: "US",
    countryName: "United States",
    localTime: "07:00 in America/Los_Angeles",
    agentId: "agt_1",
    agentName: "Ava",
    contactName: "Dana Lee",
    companyName: "Acme",
    metadata: { service_type: "reminder" },
    ...over,
  };
  return {
    via: "page",
    tool: count === 1 ? "create_call" : "submit_batch",
    rows: Array.from({ length: count }, () => row),
    countries: [{ code: "US", name: "United States", count }],
    agents: [{ id: row.agentId, name: row.agentName }],
  };
}

const render = (v: StoredView, status: "pending" | "approved" = "pending", page = 1) => {
  const p = approvalPage({
    view: v,
    status,
    createdAt: NOW,
    expiresAt: NOW + 600_000,
    now: NOW,
    decidedBy: status === "pending" ? undefined : "local browser",
    page,
    pageHref: (n) => `/a/x/y?page=${n}#rows`,
    form: status === "pending" ? { action: "/a/x/y", hidden: { csrf: "tok" } } : undefined,
    banner: html`<header class="top">banner</header>`,
  });
  return document(p.title, p.body);
};

/** The markup an attacker would need: a tag, an attribute break, an entity. */
const hostile = fc.string({
  unit: fc.constantFrom("<", ">", '"', "'", "&", "a", " ", "script", "/", "=", "img src=x onerror=alert(1)"),
  maxLength: 30,
});

describe("metadata as the JSON sent (issue 23, item 7)", () => {
  it("shows a string with its quotes and escapes, so blank lines and a number-like string are told apart", () => {
    for (const page of [
      render(view({ metadata: { note: "a\n\nb", s: "42", n: 42, t: true, z: null } })),
      render(view({ metadata: { note: "a\n\nb", s: "42", n: 42, t: true, z: null } }, 2)),
    ]) {
      expect(page).toContain(`<code>${escapeHtml('"a\\n\\nb"')}</code>`);
      expect(page).toContain(`<code>${escapeHtml('"42"')}</code>`);
      expect(page).toContain("<code>42</code>");
      expect(page).toContain("<code>true</code>");
      expect(page).toContain("<code>null</code>");
    }
  });
});

describe("escaping", () => {
  it("property: no value in any field can open a tag or leave an attribute", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, hostile, (contact, company, agentName, meta, title) => {
        const page = render(
          view({ contactName: contact, companyName: company, agentName, metadata: { note: meta }, localTime: title }),
        );
        // The only tags are ours: every "<" starts one of the elements the page is built from.
        const tags = [...page.matchAll(/<\/?([a-zA-Z0-9!]+)/g)].map((m) => m[1]!.toLowerCase());
        const ours = new Set([
          "!doctype",
          "html",
          "head",
          "meta",
          "title",
          "style",
          "body",
          "main",
          "header",
          "h1",
          "h2",
          "p",
          "div",
          "dl",
          "dt",
          "dd",
          "span",
          "br",
          "code",
          "table",
          "caption",
          "tbody",
          "tr",
          "th",
          "td",
          "form",
          "input",
          "button",
        ]);
        for (const tag of tags) expect(ours.has(tag), tag).toBe(true);
        expect(page).not.toMatch(/<script/i);
        // And each value is there, as text.
        for (const value of [contact, company, agentName]) expect(page).toContain(escapeHtml(value));
        expect(page).toContain(escapeHtml(JSON.stringify(meta)));
      }),
      { numRuns: 300 },
    );
  });

  it("escapes the inbox and the login page too", () => {
    const banner = signedInBanner('<b>"Eve"</b>', 'a"b');
    expect(banner.text).toContain("&lt;b&gt;&quot;Eve&quot;&lt;/b&gt;");
    expect(banner.text).toContain('value="a&quot;b"');
    const summary = inboxSummary(
      { id: "id1", tool: "create_call", createdAt: NOW, expiresAt: NOW + 60_000 },
      view({ international: "<i>x</i>" }),
      '<b onclick="x">client</b>',
    );
    const inbox = inboxPage(
      banner,
      { items: [summary], next: { createdAt: NOW, id: 'id1"><script>' }, total: 1, order: "newest", paged: true },
      NOW,
    );
    expect(inbox.body.text).toContain("&lt;i&gt;x&lt;/i&gt;");
    expect(inbox.body.text).toContain("&lt;b onclick=&quot;x&quot;&gt;client&lt;/b&gt;");
    expect(inbox.body.text).not.toContain("<script>");
    expect(loginPage('"><script>', "<x>").body.text).not.toContain("<script>");
  });
});

describe("the page", () => {
  it("allows exactly its own stylesheet by hash, no script, no framing, forms to itself only", () => {
    const page = render(view());
    const css = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    const hash = createHash("sha256").update(css, "utf8").digest("base64");
    expect(contentSecurityPolicy()).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
    expect(page).toContain('<meta name="referrer" content="no-referrer">');
  });

  it("pending: real Approve and Decline buttons in one form with its hidden fields; decided: no buttons", () => {
    const pending = render(view());
    expect(pending).toContain(
      '<form method="post" action="/a/x/y" class="actions"><input type="hidden" name="csrf" value="tok">',
    );
    expect(pending).toContain('<button type="submit" name="decision" value="approve" class="approve">Approve</button>');
    expect(pending).toContain(
      '<button type="submit" name="decision" value="decline" class="decline" formnovalidate>Decline</button>',
    );
    // The approver is reminded that the callee hears an AI and must be told so.
    expect(pending).toContain(
      "AI voice: the person called hears an AI, not a person; the agent must tell them so in its first words.",
    );
    const decided = render(view(), "approved");
    expect(decided).not.toContain("<button");
    expect(decided).toContain("Approved</span> by local browser");
  });

  it("a batch shows its rows in pages of 50 and says approval covers every row", () => {
    const first = render(view({}, 120), "pending", 1);
    expect(first).toContain("Rows 1–50 of 120 (page 1 of 3)");
    expect(first).toContain("Approve places all 120 calls, not only the rows on this page.");
    const last = render(view({}, 120), "pending", 9);
    expect(last).toContain("Rows 101–120 of 120 (page 3 of 3)");
    expect((last.match(/<tr><td>\d+<\/td>/g) ?? []).length).toBe(20);
  });

  it("an invalid link says so and offers nothing to click", () => {
    const p = invalidPage(html``);
    expect(document(p.title, p.body)).not.toContain("<button");
  });
});
