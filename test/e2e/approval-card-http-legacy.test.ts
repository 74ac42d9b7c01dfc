/**
 * Issue 38, item 5: the approval card for a host that speaks a 2025 revision
 * over --http (claude.ai, ChatGPT, VS Code and Cursor may). Such a client
 * declares MCP Apps once, in `initialize`, and stateless HTTP serves each later
 * request with a server that never saw it; the server's answer to that
 * `initialize` gives it a session id that says so (src/http/apps-session.ts),
 * which it sends back on every request. The SDK's v1 Client (2025-11-25) over
 * the built server's --http: the card's tool and resource are listed, a test
 * host in Chromium renders the card, Approve dials once; a 2025 client that
 * declared nothing gets no card, no session id, and its dial waits for the
 * inbox as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium as playwright, type Browser, type BrowserServer } from "playwright-core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { launchChromium } from "../helpers/approval.js";
import { textOf } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts, useSafetyFixture } from "../helpers/guards.js";
import { APPS_CAPABILITIES, AppsHost, CARD_META_KEY, CARD_URI, type HostClient } from "../helpers/apps-host.js";
import { HTTP_TOKEN, spawnHttpServer, type HttpServerProcess } from "../helpers/http-server-process.js";

const CALL = { to: "+1 (415) 555-2671", agent_id: "agt_1", contact_name: "Dana Lee" };
const DECIDE = "approval_card_decide";

const fx = useSafetyFixture();
let chromium: BrowserServer;
let browser: Browser;
let http: HttpServerProcess;

beforeAll(async () => {
  chromium = await launchChromium();
  browser = await playwright.connect(chromium.wsEndpoint());
  http = await spawnHttpServer({
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      OUTBOUND_CALLS_APPROVER_TOKEN: "appr_e2e_8d2c4b6a1f3e5d7c9b0a2e4f6a8c0b1d",
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
    }),
  });
});
afterAll(async () => {
  await http?.stop();
  await browser?.close();
  await chromium?.close();
});

/** The SDK's v1 Client on 2025-11-25 over Streamable HTTP; the transport keeps the session id the server gave. */
async function legacyClient(capabilities: Record<string, unknown>) {
  const transport = new StreamableHTTPClientTransport(new URL(`${http.base}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${HTTP_TOKEN}` } },
  });
  const client = new Client({ name: "legacy-http-host", version: "1.0.0" }, { capabilities: capabilities as never });
  await client.connect(transport);
  return { client, transport };
}

describe("over --http, a 2025-11-25 client that renders MCP Apps", () => {
  it("is given a session id at initialize, sees the card and its tool, and Approve on the card dials once", async () => {
    const apps = await legacyClient(APPS_CAPABILITIES);
    const plain = await legacyClient({});
    const host = await new AppsHost(browser, apps.client as unknown as HostClient).open();
    try {
      expect(apps.transport.sessionId).toMatch(/^apps-[A-Za-z0-9_-]{32}$/);
      expect(plain.transport.sessionId).toBeUndefined();
      const listed = (await apps.client.listTools()).tools;
      expect(listed.find((t) => t.name === "create_call")?._meta?.ui).toEqual({ resourceUri: CARD_URI });
      expect(listed.find((t) => t.name === DECIDE)?._meta?.ui).toMatchObject({ visibility: ["app"] });
      expect((await plain.client.listTools()).tools.map((t) => t.name)).not.toContain(DECIDE);

      await host.render("create_call", CALL);
      const result = (await apps.client.callTool({ name: "create_call", arguments: CALL })) as CallToolResult;
      expect(textOf(result)).toContain("approval card");
      expect((result._meta as Record<string, { secret?: string }>)[CARD_META_KEY]?.secret).toMatch(/^[\w-]{43}$/);
      await host.approveCall(result);
      expect(posts(fx.upstream)).toHaveLength(1);
      expect(host.appCalls.filter((c) => c.name === DECIDE && !c.refusedByHost)).toHaveLength(1);

      // The client without MCP Apps: no card, its dial waits for the inbox; the card's tool is not there for it.
      const waiting = (await plain.client.callTool({
        name: "create_call",
        arguments: { ...CALL, to: "+1 415 555 2672" },
      })) as CallToolResult;
      expect(textOf(waiting)).toContain("Waiting for a person");
      expect(textOf(waiting)).not.toContain("approval card");
      expect(
        textOf(
          (await plain.client.callTool({
            name: DECIDE,
            arguments: { approval_id: "x".repeat(22), secret: "y".repeat(43), decision: "approve", arguments: CALL },
          })) as CallToolResult,
        ),
      ).toContain("not found");
      expect(posts(fx.upstream)).toHaveLength(1);
    } finally {
      await host.close();
      await apps.client.close();
      await plain.client.close();
    }
  });
});
