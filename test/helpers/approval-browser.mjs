#!/usr/bin/env node
/**
 * BROWSER for the approval tests: the server runs it with the approval link as
 * its one argument. It records the link, opens it in the test's Chromium
 * (playwright-core, connected to the browser the test launched) and does what
 * the test planned for this opening: approve or decline by the buttons'
 * accessible names, only look, or ignore the link; optionally after a delay,
 * with the link tampered with first, or with a screenshot taken.
 *
 * APPROVAL_BROWSER_DIR: where urls.log, plan.json and result-<n>.json live.
 * APPROVAL_BROWSER_WS:  the ws endpoint of the test's Chromium.
 */
import { appendFileSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { chromium } from "playwright-core";

/**
 * The server hands over a launch file (src/approval/launch-file.ts), not the link: read the link from it, as a
 * browser following its redirect would, and record what another account could have seen of it: this process's
 * command line and environment, and the modes of the file and its folder.
 */
const given = process.argv[2] ?? "";
const launch = given.startsWith("http") ? undefined : given;
const url = launch
  ? (/http-equiv="refresh" content="0;url=([^"]+)"/.exec(readFileSync(launch, "utf8"))?.[1] ?? "").replaceAll(
      "&amp;",
      "&",
    )
  : given;
const exposure = {
  cmdline: readFileSync("/proc/self/cmdline", "utf8").split("\0").join(" "),
  environ: readFileSync("/proc/self/environ", "utf8").split("\0").join("\n"),
  ...(launch ? { fileMode: statSync(launch).mode & 0o777, dirMode: statSync(dirname(launch)).mode & 0o777 } : {}),
};
const dir = process.env.APPROVAL_BROWSER_DIR;
const endpoint = process.env.APPROVAL_BROWSER_WS;
if (!dir || !endpoint) {
  process.stderr.write("approval-browser: APPROVAL_BROWSER_DIR and APPROVAL_BROWSER_WS must be set\n");
  process.exit(2);
}

appendFileSync(join(dir, "urls.log"), `${url}\n`);
const n = readFileSync(join(dir, "urls.log"), "utf8").trim().split("\n").length;
const plans = existsSync(join(dir, "plan.json"))
  ? JSON.parse(readFileSync(join(dir, "plan.json"), "utf8"))
  : [{ action: "approve" }];
const plan = plans[Math.min(n, plans.length) - 1] ?? { action: "approve" };

/** Flips the last character of the secret (the last path segment) or of the id. */
function tampered(link, what) {
  const u = new URL(link);
  const parts = u.pathname.split("/");
  const i = what === "id" ? parts.length - 2 : parts.length - 1;
  const s = parts[i];
  parts[i] = s.slice(0, -1) + (s.endsWith("A") ? "B" : "A");
  u.pathname = parts.join("/");
  return u.toString();
}

// What the server let through to its browser: none of its own variables (the key among them) may be here.
const result = {
  n,
  url,
  launch,
  exposure,
  plan,
  opened: false,
  serverVariables: Object.keys(process.env).filter((k) => k.startsWith("OUTBOUND_CALLS_")),
};
const write = () => {
  const file = join(dir, `result-${n}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(result, null, 2));
  renameSync(`${file}.tmp`, file);
};

if (plan.action === "ignore") {
  write();
  process.exit(0);
}

const browser = await chromium.connect(endpoint);
try {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const target = plan.tamper ? tampered(url, plan.tamper) : url;
  const response = await page.goto(target);
  result.opened = true;
  result.status = response?.status();
  result.headers = response?.headers();
  result.title = await page.title();
  result.h1 = (await page.locator("h1").first().textContent())?.trim();
  result.text = await page.locator("main").innerText();
  result.buttons = await page.getByRole("button").allTextContents();
  result.rowsShown = await page.locator("table[aria-labelledby=rows] tbody tr").count();
  if (plan.screenshot) await page.screenshot({ path: plan.screenshot, fullPage: true });
  if (plan.action === "approve" || plan.action === "decline") {
    if (plan.delayMs) await new Promise((r) => setTimeout(r, plan.delayMs));
    await page.getByRole("button", { name: plan.action === "approve" ? "Approve" : "Decline", exact: true }).click();
    // After the post, the page says what became of it (a heading with its status).
    await page.locator("h1 .status").waitFor({ timeout: 15_000 });
    result.clicked = plan.action;
    result.after = (await page.locator("h1").first().textContent())?.trim();
    result.afterUrl = page.url();
  }
  await context.close();
} catch (error) {
  result.error = error instanceof Error ? error.message : String(error);
} finally {
  await browser.close().catch(() => undefined);
  write();
}
