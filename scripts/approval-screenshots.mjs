#!/usr/bin/env node
/**
 * `npm run screenshots`: the approval page as a person sees it, for the docs
 * (docs/approval-page-single.png, docs/approval-page-batch.png). It drives the
 * built server in sandbox mode through a real MCP client; the server opens its
 * page with BROWSER, which is this file again: run with the link, it opens it in
 * Debian's Chromium (playwright-core), takes the screenshot and clicks Approve.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { chromium } from "playwright-core";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

async function capture(link, path) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ARGS });
  try {
    const page = await browser.newPage({
      viewport: { width: 1100, height: 700 },
      deviceScaleFactor: 1,
      colorScheme: "light",
    });
    await page.goto(link);
    await page.screenshot({ path, fullPage: true });
    // Where the law requires prior consent and no record holds it, Approve needs the basis attested: the first offered.
    for (const select of await page.locator('select[name^="consent_basis"]').all())
      await select.selectOption({ index: 1 });
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.locator("h1 .status").waitFor();
  } finally {
    await browser.close();
  }
}

/** One sandbox server per screenshot: its BROWSER (this file) learns where to write from the environment. */
async function shoot(file, name, args) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [`${ROOT}dist/index.js`, "--sandbox", "--sandbox-speed", "instant"],
    stderr: "ignore",
    env: {
      ...getDefaultEnvironment(),
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      // The guards' clock at a Tuesday noon in New York, so the law of the place called lets the calls be asked for
      // whenever the screenshots are taken (the sandbox's loopback service allows this tests-only variable).
      OUTBOUND_CALLS_TEST_NOW: "2026-12-01T17:30:00Z",
      BROWSER: SELF,
      SCREENSHOT_PATH: `${ROOT}docs/${file}`,
    },
  });
  const client = new Client({ name: "approval-screenshots", version: "1.0.0" });
  await client.connect(transport);
  try {
    const agents = (await client.callTool({ name: "list_agents", arguments: {} })).structuredContent.agents;
    const result = await client.callTool({ name, arguments: args(agents.map((a) => a.id)) }, undefined, {
      timeout: 60_000,
    });
    process.stdout.write(
      `docs/${file}: ${result.isError ? `refused: ${result.content[0]?.text}` : "approved and placed"}\n`,
    );
  } finally {
    await client.close();
  }
}

async function main() {
  await shoot("approval-page-single.png", "create_call", ([ava]) => ({
    to: "+1 212 555 0100",
    agent_id: ava,
    contact_name: "Dana Lee",
    company_name: "Acme Dental",
    metadata: { service_type: "appointment_reminder", appointment: "2026-11-24 10:30" },
  }));
  const people = [
    ["+12125550101", "Sam Ortiz", "Ortiz Plumbing"],
    ["+442079460000", "Alex Jones", "Jones & Co"],
    ["+12125550102", "Lee Park", undefined],
    ["+61491570006", "Mia Chen", "Harbour Cafe"],
    ["+12125550103", "Noah Kim", undefined],
    ["+442079460001", "Ruth Evans", "Evans Books"],
  ];
  await shoot("approval-page-batch.png", "submit_batch", ([ava, leo]) => ({
    calls: people.map(([to, contact, company], i) => ({
      to,
      agent_id: i % 3 === 2 ? leo : ava,
      contact_name: contact,
      ...(company ? { company_name: company } : {}),
      metadata: { campaign: "november-feedback" },
    })),
  }));
}

// The server gives its BROWSER a launch file that holds the link (src/approval/launch-file.ts).
const launch = process.argv[2];
const link =
  launch && process.env.SCREENSHOT_PATH
    ? /url=([^"]+)"/.exec(readFileSync(launch, "utf8"))?.[1]?.replaceAll("&amp;", "&")
    : undefined;
if (link?.startsWith("http://127.0.0.1:") && process.env.SCREENSHOT_PATH) {
  await capture(link, process.env.SCREENSHOT_PATH);
} else {
  await main();
}
