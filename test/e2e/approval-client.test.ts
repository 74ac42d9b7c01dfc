/**
 * Issue 13, the client's own channels, over stdio with a real MCP client:
 * - a client with form elicitation is asked in the client and no page opens;
 * - a client with URL elicitation (protocol 2025-11-25) gets a link to the
 *   approval page, which the person opens in real Chromium and approves or
 *   declines there; the client is told when it is over
 *   (notifications/elicitation/complete). The link reaches the client in the
 *   elicitation request and nowhere else: not in the answer, structured content,
 *   progress or log notifications, nor the audit log.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium as pw, type Browser, type BrowserServer } from "playwright-core";
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  type CallToolResult,
  type ElicitRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { BrowserLog, launchChromium } from "../helpers/approval.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";

const CALL = { to: "+14155552671", agent_id: "agt_1", contact_name: "Dana Lee", company_name: "Acme" };
const fx = useSafetyFixture();
let chromium: BrowserServer;
let browserLog: BrowserLog;
let browser: Browser;

beforeAll(async () => {
  chromium = await launchChromium();
  browserLog = new BrowserLog(chromium.wsEndpoint());
  browser = await pw.connect(chromium.wsEndpoint());
});
afterAll(async () => {
  await browser?.close();
  await chromium?.close();
});

type Elicitation = ElicitRequest["params"] & { url?: string; elicitationId?: string };

async function start(
  capabilities: Record<string, unknown>,
  answer: (
    params: Elicitation,
  ) => Promise<{ action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> }>,
) {
  const audit = join(tempDir("consent-client"), "audit.jsonl");
  const asked: Elicitation[] = [];
  const completed: string[] = [];
  const server = await startServer({
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      ...browserLog.env(),
    }),
    capabilities: { elicitation: capabilities },
  });
  fx.servers.push(server);
  server.client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params as Elicitation);
    return answer(request.params as Elicitation);
  });
  server.client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => {
    completed.push(n.params.elicitationId);
  });
  return { server, asked, completed, audit };
}

/** The person opens the link in Chromium and clicks a button by its accessible name. */
async function decideInBrowser(url: string, button: "Approve" | "Decline"): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("button", { name: button, exact: true }).click();
    await page.locator("h1 .status").waitFor();
    return (await page.locator("h1").textContent()) ?? "";
  } finally {
    await context.close();
  }
}

/** Every message the client received, but the elicitation requests themselves (the one place the link may be). */
function receivedBesidesElicitation(server: StartedServer): string {
  return server.transport.stdoutLines.filter((line) => !line.includes('"method":"elicitation/create"')).join("\n");
}

describe("a client with form elicitation", () => {
  it("is asked in the client; no page opens", async () => {
    browserLog.plan({ action: "approve" });
    const { server, asked } = await start({ form: {} }, async () => ({ action: "accept", content: { confirm: true } }));
    const result = await server.call("create_call", CALL);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ confirmed_by: "client" });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.mode ?? "form").toBe("form");
    expect(browserLog.urls()).toEqual([]);
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("a client with both form and URL elicitation gets the form", async () => {
    const { server, asked } = await start({ form: {}, url: {} }, async () => ({
      action: "accept",
      content: { confirm: true },
    }));
    expect((await server.call("create_call", CALL)).isError).toBeFalsy();
    expect(asked.map((a) => a.mode ?? "form")).toEqual(["form"]);
  });
});

describe("a client with URL elicitation only", () => {
  it("shows the person a link; Approve on the page dials once; the client hears it is complete; the model never sees the link", async () => {
    browserLog.plan({ action: "approve" });
    let person: Promise<string> = Promise.resolve("");
    const { server, asked, completed, audit } = await start({ url: {} }, async (params) => {
      // The client shows the link; the person agrees to open it and decides there.
      person = decideInBrowser(params.url!, "Approve");
      return { action: "accept" };
    });
    const progress: string[] = [];
    const result = (await server.client.callTool({ name: "create_call", arguments: CALL }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ""),
      timeout: 60_000,
    })) as CallToolResult;
    expect(textOf(result)).toContain("Call placed");
    expect(result.structuredContent).toMatchObject({ confirmed_by: "client" });
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(await person).toBe("Approved by local browser");

    expect(asked).toHaveLength(1);
    const params = asked[0]!;
    expect(params.mode).toBe("url");
    expect(params.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/a\/[A-Za-z0-9_-]{22}\/[A-Za-z0-9_-]{43}$/);
    expect(params.message).toContain("Open the link to see exactly what would be dialed");
    expect(params.message).toContain("Number: +1 415 555 2671 — United States (US)");
    expect(completed).toEqual([params.elicitationId]);
    // The server's own BROWSER was not used: the client showed the link.
    expect(browserLog.urls()).toEqual([]);

    const secret = params.url!.split("/").pop()!;
    expect(receivedBesidesElicitation(server)).not.toContain(secret);
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(progress.join("\n")).not.toContain(secret);
    expect(progress[0]).toContain("on the page the client linked to");
    expect(readFileSync(audit, "utf8")).not.toContain(secret);
    expect(JSON.parse(readFileSync(audit, "utf8").trim().split("\n").at(-1)!)).toMatchObject({
      confirmation: "client",
      approver: "local browser",
    });
  });

  it("Decline on the page: nothing dialed, the model is told the person declined", async () => {
    const { server, completed, asked } = await start({ url: {} }, async (params) => {
      setTimeout(() => void decideInBrowser(params.url!, "Decline"), 10);
      return { action: "accept" };
    });
    const result = await server.call("create_call", CALL);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("The person declined; nothing was dialed.");
    expect(completed).toEqual([asked[0]!.elicitationId]);
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("declining to open the link declines: the link can no longer approve", async () => {
    const { server, asked } = await start({ url: {} }, async () => ({ action: "decline" }));
    const result = await server.call("create_call", CALL);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("The person declined; nothing was dialed.");
    // The person changes their mind and opens the link anyway: it says the request was declined.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(asked[0]!.url!);
    expect(await page.locator("h1").textContent()).toContain("Declined");
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
    await context.close();
    expect(posts(fx.upstream)).toHaveLength(0);
  });
});
