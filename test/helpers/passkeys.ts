/**
 * The real parts of the passkey tests: Chromium with a virtual authenticator
 * (DevTools protocol WebAuthn domain: user verification on, presence simulated),
 * the recording BROWSER (record-browser.mjs) and the links it was handed, and
 * assertions made in the page as a hostile script would make them.
 */
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { CHROMIUM_ARGS } from "./approval.js";
import { requirePart } from "./parts.js";

export const RECORD_BROWSER = fileURLToPath(new URL("./record-browser.mjs", import.meta.url));

export interface PasskeyBrowser {
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
  close(): Promise<void>;
}

/**
 * Chromium, one page, one virtual platform authenticator that verifies the user (as a fingerprint would).
 * `args`: more command-line flags (a host name mapped to 127.0.0.1, a test certificate trusted).
 */
export async function passkeyBrowser(args: string[] = []): Promise<PasskeyBrowser> {
  chmodSync(RECORD_BROWSER, 0o755);
  const browser = await chromium.launch({
    executablePath: requirePart("chromium"),
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { browser, page, cdp, authenticatorId, close: () => browser.close() };
}

/** The links handed to BROWSER so far, read from the launch files (each removed later by its owner). */
export class RecordedLinks {
  private seen = 0;
  constructor(readonly file: string) {}

  /** Waits for the next launch file and returns the link in it. */
  async next(ms = 30_000): Promise<string> {
    const until = Date.now() + ms;
    for (;;) {
      const lines = existsSync(this.file) ? readFileSync(this.file, "utf8").split("\n").filter(Boolean) : [];
      if (lines.length > this.seen) {
        const launch = lines[this.seen++]!;
        const href = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(readFileSync(launch, "utf8"))?.[1];
        if (!href) throw new Error(`no link in ${launch}`);
        return href.replaceAll("&amp;", "&");
      }
      if (Date.now() > until) throw new Error(`nothing was handed to BROWSER within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * An assertion made in the page with its own options (the challenge the server put there), as page script
 * could: `uv` the userVerification asked, `allow` the credential ids offered (default: the page's). Returns
 * the JSON the page would post. Written as a string: the test's transpiler must not touch what runs in the page.
 */
export function assertionInPage(page: Page, options: { uv?: string; allow?: string[] } = {}): Promise<string> {
  return page.evaluate(`(async (opts) => {
    const o = JSON.parse(document.getElementById("passkey-options").textContent).get;
    const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
    const text = (b) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    const ids = opts.allow || o.allowCredentials.map((c) => c.id);
    const c = await navigator.credentials.get({ publicKey: { challenge: bytes(o.challenge), allowCredentials: ids.map((id) => ({ type: "public-key", id: bytes(id) })), userVerification: opts.uv || "required" } });
    const r = c.response;
    return JSON.stringify({ id: c.id, rawId: text(c.rawId), type: c.type, clientExtensionResults: {}, response: { clientDataJSON: text(r.clientDataJSON), authenticatorData: text(r.authenticatorData), signature: text(r.signature) } });
  })(${JSON.stringify(options)})`);
}

/** The same assertion with one byte of its signature changed. */
export function withBadSignature(assertion: string): string {
  const a = JSON.parse(assertion) as { response: { signature: string } };
  const sig = Buffer.from(a.response.signature, "base64url");
  sig.writeUInt8(sig.readUInt8(sig.length - 1) ^ 0x01, sig.length - 1);
  a.response.signature = sig.toString("base64url");
  return JSON.stringify(a);
}

/** Signs in to the inbox at `base` (once per browser context) with `approverToken` and opens the newest waiting dial. */
export async function openNewestApproval(page: Page, base: string, approverToken: string): Promise<void> {
  await page.goto(`${base}/approvals`);
  if (await page.getByLabel("Approver token").count()) {
    await page.getByLabel("Your name (recorded with every decision)").fill("Dana Approver");
    await page.getByLabel("Approver token").fill(approverToken);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  for (let i = 0; i < 200 && (await page.getByRole("link", { name: /^Review/ }).count()) === 0; i++) {
    await page.waitForTimeout(100);
    await page.reload();
  }
  await page
    .getByRole("link", { name: /^Review/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Approve", exact: true }).waitFor();
}

/** Posts the page's own form with decision and passkey answer of our choosing, as script in the page could; the heading after. */
export async function submitDecisionForm(page: Page, decision: string, passkey: string): Promise<string> {
  await page.evaluate(`(() => {
    const form = document.getElementById("passkey-answer").form;
    document.getElementById("passkey-answer").value = ${JSON.stringify(passkey)};
    const i = document.createElement("input"); i.type = "hidden"; i.name = "decision"; i.value = ${JSON.stringify(decision)};
    form.append(i); form.submit();
  })()`);
  await page.locator("h1 .status").waitFor();
  return (await page.locator("h1").textContent()) ?? "";
}

/**
 * A new credential made in the page, as page script could: with the page's own creation options or `create`, its
 * excluded credentials kept unless `exclude` is false. Returns the JSON the page would post as `created`.
 */
export function credentialInPage(page: Page, options: { create?: unknown; exclude?: boolean } = {}): Promise<string> {
  return page.evaluate(`(async (opts) => {
    const o = opts.create || JSON.parse(document.getElementById("passkey-options").textContent).create;
    const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
    const text = (b) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    const excluded = opts.exclude === false ? [] : (o.excludeCredentials || []).map((x) => ({ ...x, id: bytes(x.id) }));
    const c = await navigator.credentials.create({ publicKey: { ...o, challenge: bytes(o.challenge), user: { ...o.user, id: bytes(o.user.id) }, excludeCredentials: excluded } });
    return JSON.stringify({ id: c.id, rawId: text(c.rawId), type: c.type, clientExtensionResults: {}, response: { clientDataJSON: text(c.response.clientDataJSON), attestationObject: text(c.response.attestationObject) } });
  })(${JSON.stringify(options)})`);
}

/**
 * Posts a form with these fields from the page: its own passkey form (the fields added to it), or, on a page
 * without one, a new form to the page's own path. The secret after # is the value `#` stands for.
 */
export async function postFields(page: Page, fields: Record<string, string>): Promise<void> {
  await page.evaluate(`((fields) => {
    const own = document.getElementById("passkey-answer");
    const form = own ? own.form : Object.assign(document.createElement("form"), { method: "post", action: location.pathname });
    if (!own) document.body.append(form);
    for (const [n, v] of Object.entries(fields)) {
      const value = v === "#" ? location.hash.slice(1) : v;
      const existing = n === "passkey" && own;
      if (existing) { own.value = value; continue; }
      const i = document.createElement("input"); i.type = "hidden"; i.name = n; i.value = value; form.append(i);
    }
    form.submit();
  })(${JSON.stringify(fields)})`);
}
