/**
 * The real parts of the approval tests: Debian's Chromium launched once per file
 * (playwright-core, headless with CHROMIUM_ARGS for a container, a fresh profile), and the
 * BROWSER script the server runs (test/helpers/approval-browser.mjs) with a
 * folder where it records every link it was given and what it did.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserServer, type Page } from "playwright-core";
import { requirePart } from "./parts.js";

export const BROWSER_SCRIPT = fileURLToPath(new URL("./approval-browser.mjs", import.meta.url));

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Chromium as a Playwright browser server (each launch gets a fresh temporary profile). */
export async function launchChromium(): Promise<BrowserServer> {
  const executablePath = requirePart("chromium");
  return chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

export type BrowserPlan = {
  action: "approve" | "decline" | "look" | "ignore";
  delayMs?: number;
  tamper?: "secret" | "id";
  screenshot?: string;
};

export interface BrowserResult {
  n: number;
  url: string;
  /** The path the server gave (a launch file), when it was not the link itself. */
  launch?: string;
  /** What other accounts could read of the BROWSER process: its command line and environment; the file modes. */
  exposure: { cmdline: string; environ: string; fileMode?: number; dirMode?: number };
  opened: boolean;
  serverVariables: string[];
  status?: number;
  headers?: Record<string, string>;
  title?: string;
  h1?: string;
  text?: string;
  buttons?: string[];
  rowsShown?: number;
  clicked?: string;
  after?: string;
  afterUrl?: string;
  error?: string;
}

/** The folder the BROWSER script records into, and the environment that points the server at it. */
export class BrowserLog {
  readonly dir = mkdtempSync(join(tmpdir(), "ocm-browser-"));

  constructor(private readonly wsEndpoint: string) {
    chmodSync(BROWSER_SCRIPT, 0o755);
  }

  /** What the server needs: BROWSER and where the script records. */
  env(): Record<string, string> {
    return { BROWSER: BROWSER_SCRIPT, APPROVAL_BROWSER_DIR: this.dir, APPROVAL_BROWSER_WS: this.wsEndpoint };
  }

  /** The plan of each next opening, in order (the last one repeats). Resets what was recorded. */
  plan(...steps: BrowserPlan[]): void {
    for (const f of readdirSync(this.dir)) rmSync(join(this.dir, f), { force: true });
    writeFileSync(join(this.dir, "plan.json"), JSON.stringify(steps));
  }

  urls(): string[] {
    const file = join(this.dir, "urls.log");
    return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
  }

  result(n: number): BrowserResult | undefined {
    const file = join(this.dir, `result-${n}.json`);
    if (!existsSync(file)) return undefined;
    const text = readFileSync(file, "utf8");
    return text ? (JSON.parse(text) as BrowserResult) : undefined;
  }

  /** Waits until the script finished its n-th opening. */
  async waitForResult(n: number, ms = 30_000): Promise<BrowserResult> {
    const until = Date.now() + ms;
    for (;;) {
      const r = this.result(n);
      if (r) return r;
      if (Date.now() > until)
        throw new Error(`the BROWSER script did not finish opening ${n} within ${ms} ms (urls: ${this.urls().length})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The secret of an approval link (its last path segment). */
export function secretOf(link: string): string {
  return new URL(link).pathname.split("/").pop() ?? "";
}

/**
 * An approver in Chromium on the inbox at `base` (http://host:port): signs in as "Dana Approver" with `token` unless
 * the page's context already holds a session, opens the newest waiting dial, clicks a button by its accessible name,
 * and returns the heading of the decided page ("Approved by approver:Dana Approver").
 */
export async function approverDecides(
  page: Page,
  base: string,
  token: string,
  button: "Approve" | "Decline",
): Promise<string> {
  await page.goto(`${base}/approvals`);
  if (await page.getByLabel("Approver token").count()) {
    await page.getByLabel("Your name (recorded with every decision)").fill("Dana Approver");
    await page.getByLabel("Approver token").fill(token);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await page.getByRole("heading", { name: "Waiting for a decision" }).waitFor();
  for (let i = 0; i < 100 && (await page.getByRole("link", { name: /^Review/ }).count()) === 0; i++) {
    await page.waitForTimeout(100);
    await page.reload();
    await page.getByRole("heading", { name: "Waiting for a decision" }).waitFor();
  }
  await page
    .getByRole("link", { name: /^Review/ })
    .first()
    .click();
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.locator("h1 .status").waitFor();
  return (await page.locator("h1").textContent()) ?? "";
}
