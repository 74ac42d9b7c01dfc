#!/usr/bin/env node
/**
 * `npm run demo`: a real MCP client session against `--sandbox`, written to be
 * read by a newcomer. It lists agents, places a call and follows it to its
 * result, lists today's calls, calls a person who says "don't call me again" and
 * has the second dial to them refused, has a dial refused by the law of the place
 * called (Canada's weekend hours), has a bad batch refused, sends the fixed batch
 * and shows a wallet refusal. No key, no account, no real call.
 *
 * Every dial waits for a person, as it does by default: the server opens its
 * approval page with BROWSER. So that the demo runs anywhere, headless, BROWSER
 * is this very file: run with a link (see approveAsAPerson), it reads the page
 * and clicks Approve the way a browser posts the form.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/client";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { linkInLaunchFile } from "./approval/launch-file.js";
import { SANDBOX_CONSENT_EXAMPLE } from "./sandbox/consent-example.js";

const ENTRY = fileURLToPath(new URL("./index.js", import.meta.url));
const SELF = fileURLToPath(import.meta.url);
/** Where the stand-in person notes what it saw (BROWSER's output goes nowhere). */
const APPROVALS_LOG = "DEMO_APPROVALS_LOG";
const out = (line = "") => process.stdout.write(`${line}\n`);
const color = process.stdout.isTTY
  ? (code: string, s: string) => `\x1b[${code}m${s}\x1b[0m`
  : (_c: string, s: string) => s;

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

/**
 * The demo's BROWSER: given the approval link, it loads the page, notes its title, and posts the Approve
 * button's form, as a person's browser would (same origin).
 */
async function approveAsAPerson(link: string, log: string): Promise<void> {
  const page = await (await fetch(link)).text();
  const title = /<h1>([^<]*)<\/h1>/.exec(page)?.[1] ?? "?";
  // The consent record the page shows (the operator's consent file), as the person reads it.
  const consent = /<dt>Consent<\/dt><dd>([^<]*)<\/dd>/.exec(page)?.[1];
  // Where the law requires prior consent and the file has no record, the page asks the person to attest it: the
  // stand-in person picks the first basis offered (a real person picks the one they hold, or declines).
  const form = new URLSearchParams({ decision: "approve" });
  const attests: string[] = [];
  for (const [, field, first] of page.matchAll(
    /<select id="(consent_basis[^"]*)"[^>]*>.*?<option value="([^"]+)">/gs,
  )) {
    form.set(field!, first!);
    attests.push(first!);
  }
  // Noted before the click: the tool call may end as soon as the server has the decision.
  appendFileSync(
    log,
    `${title}"${consent ? ` (consent: ${consent.replace(/&#39;/g, "'").replace(/&quot;/g, '"')})` : ""} → the person ${attests.length > 0 ? `attests prior consent (${attests.join(", ")}) and ` : ""}clicks Approve\n`,
  );
  const origin = new URL(link).origin;
  await fetch(link, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, "sec-fetch-site": "same-origin" },
    body: form.toString(),
    redirect: "manual",
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const workDir = mkdtempSync(join(tmpdir(), "outbound-calls-demo-"));
  const approvals = join(workDir, "approvals.log");
  const consentFile = join(workDir, "consent.csv");
  writeFileSync(consentFile, SANDBOX_CONSENT_EXAMPLE);
  let approvalsShown = 0;
  /** What the stand-in person did since the last look. */
  const personSaw = () => {
    let lines: string[] = [];
    try {
      lines = readFileSync(approvals, "utf8").trim().split("\n").filter(Boolean);
    } catch {
      return;
    }
    for (const line of lines.slice(approvalsShown))
      out(color("35", `   👤 approval page opened in the browser: "${line}`));
    approvalsShown = lines.length;
  };
  // What the demo stages, said before anything runs (README "Quick start" says the same).
  const staged = {
    speed: 40,
    balanceCents: 125,
    // The guards' clock: a Saturday at 18:30 in the eastern US and Canada, so the law of the place called gives the
    // same answers whenever the demo runs (Florida allows calls until 20:00; Canada's weekend hours end at 18:00).
    clock: "2026-11-28T23:30:00Z",
  };
  out("Sandbox demo: the server runs with --sandbox (a simulated service on 127.0.0.1; no key, no real call).");
  out(
    `Staged for the demo: calls run ${staged.speed}x faster than real (--sandbox-speed ${staged.speed}); the wallet holds ` +
      `${staged.balanceCents} cents (--sandbox-balance-cents ${staged.balanceCents}: five calls at 25 cents, so the sixth is refused); ` +
      "the person who approves each dial on the approval page is the demo itself (BROWSER). Every safety guard keeps its default; " +
      "in the sandbox, calling hours are off unless OUTBOUND_CALLS_CALLING_HOURS is set.",
  );
  out(
    `Also staged: the guards' clock starts at ${staged.clock} (Saturday 18:30 in New York, Miami and Montréal; OUTBOUND_CALLS_TEST_NOW, ` +
      "honoured only with the sandbox), and the operator's consent file is the sandbox's example (OUTBOUND_CALLS_CONSENT_FILE). " +
      "The calls are telemarketing (OUTBOUND_CALLS_CALL_PURPOSE's default), so the law of the place called applies.",
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      ENTRY,
      "--sandbox",
      "--sandbox-speed",
      String(staged.speed),
      "--sandbox-balance-cents",
      String(staged.balanceCents),
    ],
    stderr: "ignore",
    // What a default client passes on, plus BROWSER: a person approves every dial (the default), and the demo is
    // their stand-in on the approval page.
    env: {
      ...getDefaultEnvironment(),
      BROWSER: SELF,
      [APPROVALS_LOG]: approvals,
      OUTBOUND_CALLS_TEST_NOW: staged.clock,
      OUTBOUND_CALLS_CONSENT_FILE: consentFile,
    },
  });
  const client = new Client({ name: "outbound-calls-demo", version: "1.0.0" });
  await client.connect(transport);

  let step = 0;
  const call = async (title: string, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> => {
    step += 1;
    out();
    out(color("1", `${step}. ${title}`));
    out(color("36", `   → ${name} ${JSON.stringify(args)}`));
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    personSaw();
    const mark = result.isError ? color("31", "   ✗ refused:") : color("32", "   ✓ answer:");
    out(mark);
    for (const line of textOf(result).split("\n")) out(`     ${line}`);
    return result;
  };

  const agents = await call("Which agents can place calls?", "list_agents");
  const agentList = (agents.structuredContent as { agents: { id: string; name?: string }[] }).agents;
  const agent = agentList[0]?.id;
  if (!agent) throw new Error("the sandbox has no agents");

  const created = await call(
    "Place one call (a sandbox test number that answers); a person approves it on the approval page",
    "create_call",
    {
      to: "+1 212 555 0100",
      agent_id: agent,
      contact_name: "Dana Lee",
      company_name: "Acme Dental",
      metadata: { service_type: "appointment_reminder" },
    },
  );
  const callId = (created.structuredContent as { call: { id: string } }).call.id;

  // Follow the call to its result: one get_call that waits (wait_seconds), with the status changes shown as they
  // arrive in MCP progress notifications.
  step += 1;
  out();
  out(color("1", `${step}. Wait for the call to end (get_call with wait_seconds; progress shows each status)`));
  out(color("36", `   → get_call {"call_id":"${callId}","wait_seconds":30}`));
  const final = (await client.callTool(
    { name: "get_call", arguments: { call_id: callId, wait_seconds: 30 } },
    {
      onprogress: (p) => out(color("2", `     … ${p.progress} s: ${p.message ?? ""}`)),
    },
  )) as CallToolResult;
  const sc = final.structuredContent as
    { final: boolean; call: { status?: string }; waited_seconds?: number } | undefined;
  out(
    `   ${final.isError ? color("31", "✗ refused:") : color("32", "✓ answer:")} status: ${sc?.call.status ?? "?"} after ${sc?.waited_seconds ?? "?"} s`,
  );
  for (const line of textOf(final).split("\n")) out(`     ${line}`);

  const today = new Date().toISOString().slice(0, 10);
  await call("List today's completed calls", "list_calls", { status: "completed", date_from: today, date_to: today });

  // The callee's no is final: a person in Florida says (in Spanish) not to call again; the server reads the call's
  // transcript by itself once it has ended, and the second dial is refused before anyone is asked or anything sent.
  const no = await call(
    "Call a number in Florida; the person answers in Spanish and asks not to be called again",
    "create_call",
    {
      to: "+1 305 555 0107",
      agent_id: agent,
      contact_name: "Rosa Díaz",
    },
  );
  const noId = (no.structuredContent as { call: { id: string } }).call.id;
  await client.callTool({ name: "get_call", arguments: { call_id: noId, wait_seconds: 30 } });
  await call("Dial Rosa again: refused (opted_out), nothing sent, nobody asked", "create_call", {
    to: "+1 305 555 0107",
    agent_id: agent,
    contact_name: "Rosa Díaz",
  });

  // The law of the place called: Canada's telemarketing hours end at 18:00 at weekends (CRTC); refused before anyone is
  // asked, naming the rule, the place and its source.
  await call(
    "Call a number in Montréal, Canada, on a Saturday at 18:30: refused by the law of the place called, nothing sent",
    "create_call",
    {
      to: "+1 514 555 0100",
      agent_id: agent,
      contact_name: "Luc Tremblay",
    },
  );

  // New York numbers without a consent record: the law requires prior consent for a call by an AI voice, so the
  // person who approves the batch attests it on the approval page.
  const rows = [
    { to: "+12125550101", agent_id: agent, contact_name: "Sam Ortiz" },
    { to: "+1 900 555 0123", agent_id: agent, contact_name: "Premium line" },
    { to: "+12125550102", agent_id: agent, contact_name: "Lee Park" },
  ];
  await call("Try a batch with one bad number (premium rate): refused, nothing sent", "submit_batch", { calls: rows });
  const fixed = rows.map((r, i) => (i === 1 ? { ...r, to: "+442079460000", contact_name: "Alex Jones" } : r));
  await call("Send the fixed batch", "submit_batch", { calls: fixed });

  await call("One more call: the sandbox wallet is empty now", "create_call", { to: "+61491570006", agent_id: agent });

  await client.close();
  rmSync(workDir, { recursive: true, force: true });
  out();
  out(
    color(
      "1",
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: every answer above came from the built-in sandbox.`,
    ),
  );
}

// The server gives its BROWSER a launch file that holds the link (src/approval/launch-file.ts).
const launch = process.argv[2];
const log = process.env[APPROVALS_LOG];
const link = launch && log ? linkInLaunchFile(launch) : undefined;
if (link?.startsWith("http://127.0.0.1:") && log) {
  // Run by the server as BROWSER.
  approveAsAPerson(link, log).catch(() => process.exit(1));
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
