/**
 * `npm run demo`: a real MCP client session against `--sandbox`, written to be
 * read by a newcomer. It lists agents, places a call and follows it to its
 * result, lists today's calls, has a bad batch refused, sends the fixed batch
 * and shows a wallet refusal. No key, no account, no real call.
 */
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

const ENTRY = fileURLToPath(new URL("./index.js", import.meta.url));
const out = (line = "") => process.stdout.write(`${line}\n`);
const color = process.stdout.isTTY ? (code: string, s: string) => `\x1b[${code}m${s}\x1b[0m` : (_c: string, s: string) => s;

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

async function main(): Promise<void> {
  const started = Date.now();
  // Four calls fit the wallet (25 cents each); the fifth is refused, to show that refusal.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ENTRY, "--sandbox", "--sandbox-speed", "40", "--sandbox-balance-cents", "100"],
    stderr: "ignore",
    // Calling hours are on by default; off here only so the demo runs at any hour (test/in-process/safety/ shows the guard).
    env: { ...getDefaultEnvironment(), OUTBOUND_CALLS_CALLING_HOURS: "off" },
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
    const mark = result.isError ? color("31", "   ✗ refused:") : color("32", "   ✓ answer:");
    out(mark);
    for (const line of textOf(result).split("\n")) out(`     ${line}`);
    return result;
  };

  const agents = await call("Which agents can place calls?", "list_agents");
  const agentList = (agents.structuredContent as { agents: { id: string; name?: string }[] }).agents;
  const agent = agentList[0]?.id;
  if (!agent) throw new Error("the sandbox has no agents");

  const created = await call("Place one call (a sandbox test number that answers)", "create_call", {
    to: "+1 415 555 0100",
    agent_id: agent,
    contact_name: "Dana Lee",
    company_name: "Acme Dental",
    metadata: { service_type: "appointment_reminder" },
  });
  const callId = (created.structuredContent as { call: { id: string } }).call.id;

  // Follow the call to its result: one get_call that waits (wait_seconds), with the status changes shown as they
  // arrive in MCP progress notifications.
  step += 1;
  out();
  out(color("1", `${step}. Wait for the call to end (get_call with wait_seconds; progress shows each status)`));
  out(color("36", `   → get_call {"call_id":"${callId}","wait_seconds":30}`));
  const final = (await client.callTool({ name: "get_call", arguments: { call_id: callId, wait_seconds: 30 } }, undefined, {
    onprogress: (p) => out(color("2", `     … ${p.progress} s: ${p.message ?? ""}`)),
  })) as CallToolResult;
  const sc = final.structuredContent as { final: boolean; call: { status?: string }; waited_seconds?: number } | undefined;
  out(`   ${final.isError ? color("31", "✗ refused:") : color("32", "✓ answer:")} status: ${sc?.call.status ?? "?"} after ${sc?.waited_seconds ?? "?"} s`);
  for (const line of textOf(final).split("\n")) out(`     ${line}`);

  const today = new Date().toISOString().slice(0, 10);
  await call("List today's completed calls", "list_calls", { status: "completed", date_from: today, date_to: today });

  const rows = [
    { to: "+14155550101", agent_id: agent, contact_name: "Sam Ortiz" },
    { to: "+1 900 555 0123", agent_id: agent, contact_name: "Premium line" },
    { to: "+14155550102", agent_id: agent, contact_name: "Lee Park" },
  ];
  await call("Try a batch with one bad number (premium rate): refused, nothing sent", "submit_batch", { calls: rows });
  const fixed = rows.map((r, i) => (i === 1 ? { ...r, to: "+442079460000", contact_name: "Alex Jones" } : r));
  await call("Send the fixed batch", "submit_batch", { calls: fixed });

  await call("One more call: the sandbox wallet is empty now", "create_call", { to: "+61491570006", agent_id: agent });

  await client.close();
  out();
  out(color("1", `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: every answer above came from the built-in sandbox.`));
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
