/**
 * Every decision on the approval card is written to the audit log, the
 * Decline too: its tool call already ended ("pending") when the card was
 * shown, so the Decline itself writes the line, with the request it declines
 * (numbers, agents, request key) and who decided. A real MCP client that
 * declares MCP Apps sends the card's decision as a host relays it; a decision
 * the card cannot make (a used secret) writes nothing more.
 */
import { join } from "node:path";
import { expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startServer, textOf } from "../helpers/server-process.js";
import { auditLines, envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";
import { APPS_CAPABILITIES, CARD_META_KEY } from "../helpers/apps-host.js";

const fx = useSafetyFixture();
const CALLS = [
  { to: "+1 415 555 2681", agent_id: "agt_1", contact_name: "Dana Lee" },
  { to: "+1 415 555 2682", agent_id: "agt_1" },
];

type Ticket = { approval_id: string; secret: string; arguments: Record<string, unknown> };
const ticketOf = (result: CallToolResult): Ticket => (result._meta as Record<string, Ticket>)[CARD_META_KEY]!;

it("a Decline on the card writes a declined line naming the request and the card; a second decision writes none", async () => {
  const audit = join(tempDir("card-decline"), "audit.jsonl");
  const server = await startServer({
    capabilities: APPS_CAPABILITIES,
    env: envFor(fx.upstream, { ...GUARDS_OFF, OUTBOUND_CALLS_CONFIRM: undefined, OUTBOUND_CALLS_AUDIT_LOG: audit }),
  });
  fx.servers.push(server);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await server.client.callTool({ name, arguments: args })) as CallToolResult;

  for (const [tool, args] of [
    ["create_call", CALLS[0]!],
    ["submit_batch", { calls: CALLS }],
  ] as const) {
    const pending = await call(tool, args);
    const ticket = ticketOf(pending);
    const opened = auditLines(audit).at(-1)!;
    expect(opened).toMatchObject({ tool, decision: "pending" });

    const declined = await call("approval_card_decide", {
      approval_id: ticket.approval_id,
      secret: ticket.secret,
      decision: "decline",
      arguments: ticket.arguments,
    });
    expect(declined.isError, textOf(declined)).toBeFalsy();
    const line = auditLines(audit).at(-1)!;
    expect(line).toMatchObject({
      tool,
      decision: "declined",
      numbers: opened.numbers,
      agents: opened.agents,
      request_key: opened.request_key,
      confirmation: "client",
      approver: "the person, on the approval card",
    });
    expect(JSON.stringify(line)).not.toContain(ticket.secret);

    // The same decision again decides nothing, and writes nothing.
    const lines = auditLines(audit).length;
    const again = await call("approval_card_decide", {
      approval_id: ticket.approval_id,
      secret: ticket.secret,
      decision: "decline",
      arguments: ticket.arguments,
    });
    expect(again.isError).toBe(true);
    expect(auditLines(audit)).toHaveLength(lines);
  }
  expect(posts(fx.upstream)).toHaveLength(0);
});
