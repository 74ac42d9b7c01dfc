/**
 * A test MCP Apps host in real Chromium, built on the library's own host bridge
 * (`AppBridge` and `PostMessageTransport` from @modelcontextprotocol/ext-apps/app-bridge,
 * bundled for the browser by esbuild). The page renders a card from the server's
 * `ui://` resource in a sandboxed iframe (scripts only, an opaque origin), passes
 * it the tool's input and result, and relays the card's tools/call to the real MCP
 * client in Node, doing a host's duty on the way: a tool whose visibility lacks
 * "app" is refused. What the card sends to the model (ui/update-model-context)
 * is recorded.
 */
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ROOT } from "./server-process.js";

export const APPS_CAPABILITIES = {
  extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
};
export const CARD_URI = "ui://outbound-calls/approval-card.html";
export const CARD_META_KEY = "io.github.outbound-calls/approval-card";

let bundled: Promise<string> | undefined;
function bridgeBundle(): Promise<string> {
  bundled ??= build({
    stdin: {
      contents:
        'import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge"; window.AppsHost = { AppBridge, PostMessageTransport };',
      resolveDir: ROOT,
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    write: false,
    logLevel: "silent",
  }).then((r) => r.outputFiles[0]!.text);
  return bundled;
}

/** The host page's own script: renders one card and relays its requests to Node (window.hostRequest). */
const HOST_SCRIPT = `
window.modelContext = [];
window.renderCard = async (html, toolArgs, theme, variables, width) => {
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.title = "Approval card";
  iframe.style.cssText = "border:0;display:block;height:200px;width:" + width + "px";
  document.getElementById("slot").replaceChildren(iframe);
  const bridge = new AppsHost.AppBridge(null, { name: "test-host", version: "1.0.0" }, { serverTools: {}, updateModelContext: { text: {} } }, { hostContext: { theme, styles: { variables }, displayMode: "inline", platform: "web" } });
  bridge.oncalltool = (params) => window.hostRequest("tools/call", params);
  bridge.onupdatemodelcontext = async (params) => { window.modelContext.push(params); return {}; };
  bridge.onsizechange = ({ height }) => { if (height) iframe.style.height = height + "px"; };
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
  await bridge.connect(new AppsHost.PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.srcdoc = html;
  await initialized;
  await bridge.sendToolInput({ arguments: toolArgs });
  window.bridge = bridge;
};
window.deliverResult = (result) => window.bridge.sendToolResult(result);
`;

/** What the host needs of its MCP client (the v1 SDK's on 2025-11-25, the v2 SDK's on 2026-07-28). */
export interface HostClient {
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
}

export interface ToolListing {
  name: string;
  _meta?: { ui?: { visibility?: string[]; resourceUri?: string } } & Record<string, unknown>;
}

/** A light and a dark host theme (the MCP Apps CSS variables): the card must take the host's colours. */
export const THEMES = {
  light: {
    "--color-background-primary": "rgb(255, 253, 247)",
    "--color-text-primary": "rgb(24, 24, 27)",
    "--font-sans": "serif",
  },
  dark: {
    "--color-background-primary": "rgb(23, 23, 23)",
    "--color-text-primary": "rgb(250, 250, 250)",
    "--font-sans": "serif",
  },
} as const;

export class AppsHost {
  /** Every tools/call the card made through the host (accepted or refused by the host). */
  readonly appCalls: Array<{ name: string; arguments?: Record<string, unknown>; refusedByHost?: boolean }> = [];
  page!: Page;

  constructor(
    private readonly browser: Browser,
    private readonly client: HostClient,
  ) {}

  async open(): Promise<this> {
    const context = await this.browser.newContext();
    this.page = await context.newPage();
    await this.page.exposeFunction(
      "hostRequest",
      async (method: string, params: { name: string; arguments?: Record<string, unknown> }) => {
        if (method !== "tools/call") throw new Error(`host: ${method} not relayed`);
        const tool = ((await this.client.listTools()).tools as ToolListing[]).find((t) => t.name === params.name);
        const visibility = tool?._meta?.ui?.visibility ?? ["model", "app"];
        if (!tool || !visibility.includes("app")) {
          this.appCalls.push({ ...params, refusedByHost: true });
          throw new Error(`host: ${params.name} is not callable by apps`);
        }
        this.appCalls.push(params);
        return this.client.callTool({ name: params.name, arguments: params.arguments ?? {} });
      },
    );
    await this.page.setContent(
      `<!doctype html><html><head><meta charset="utf-8"><title>Test host</title></head><body style="margin:0;padding:8px;background:#ddd"><div id="slot"></div><script>${await bridgeBundle()}</script><script>${HOST_SCRIPT}</script></body></html>`,
    );
    return this;
  }

  /** The card's HTML as the host reads it from the tool's `_meta.ui.resourceUri`. */
  async cardHtml(toolName: string): Promise<string> {
    const tool = ((await this.client.listTools()).tools as ToolListing[]).find((t) => t.name === toolName);
    const uri = tool?._meta?.ui?.resourceUri;
    if (uri !== CARD_URI) throw new Error(`${toolName} does not point at the card (${String(uri)})`);
    const read = await this.client.readResource({ uri });
    const content = read.contents[0] as { mimeType?: string; text?: string };
    if (content.mimeType !== "text/html;profile=mcp-app" || !content.text)
      throw new Error("the card is not MCP Apps HTML");
    return content.text;
  }

  /** Renders the card of a call of `toolName` (as a host does when the tool is called), before or after its result. */
  async render(
    toolName: string,
    args: Record<string, unknown>,
    options: { theme?: keyof typeof THEMES; width?: number } = {},
  ): Promise<void> {
    const theme = options.theme ?? "light";
    await this.page.evaluate(
      ([html, a, t, v, w]) =>
        (globalThis as unknown as { renderCard: (...x: unknown[]) => Promise<void> }).renderCard(html, a, t, v, w),
      [await this.cardHtml(toolName), args, theme, THEMES[theme], options.width ?? 560] as const,
    );
  }

  async deliver(result: CallToolResult): Promise<void> {
    await this.page.evaluate(
      (r) => (globalThis as unknown as { deliverResult: (x: unknown) => Promise<void> }).deliverResult(r),
      result as unknown as Record<string, unknown>,
    );
  }

  /** The card's document, for locators by role and name. */
  card() {
    return this.page.frameLocator("iframe");
  }

  /**
   * Gives the card a pending create_call's result, waits for its question, presses Approve as a person would and
   * waits until it says the call was placed (a bound for a hang, not for speed).
   */
  async approveCall(result: CallToolResult): Promise<void> {
    await this.deliver(result);
    const heading = () => this.card().getByRole("heading", { level: 1 }).textContent();
    await expect.poll(heading, { timeout: 30_000 }).toBe("Approve this phone call?");
    await this.card().getByRole("button", { name: "Approve" }).click();
    await expect.poll(heading, { timeout: 30_000 }).toBe("Approved: call placed");
  }

  modelContext(): Promise<Array<{ content?: Array<{ text?: string }> }>> {
    return this.page.evaluate(
      () => (globalThis as unknown as { modelContext: Array<{ content?: Array<{ text?: string }> }> }).modelContext,
    );
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
