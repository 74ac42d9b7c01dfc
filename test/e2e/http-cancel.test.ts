/**
 * notifications/cancelled over stateless HTTP: a cancellation can only reach the
 * request it names inside the same POST (a later POST gets a server of its own).
 * The cancelled request must still end its answer stream (else the POST hangs,
 * counts as in flight for ever and holds every shutdown to its bound), and a
 * cancelled dial must be recorded (audit line) and not placed twice.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  mcpHeaders,
  rawRequest,
  rpcMessages,
  spawnHttpServer,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";

let server: HttpServerProcess;
const dir = mkdtempSync(join(tmpdir(), "obc-cancel-"));
const auditPath = join(dir, "audit.log");

beforeAll(async () => {
  server = await spawnHttpServer({
    args: ["--sandbox", "--sandbox-speed", "instant"],
    // No token: loopback. CONFIRM=never: the dial goes as soon as the guards pass, so the cancellation races the POST.
    env: { OUTBOUND_CALLS_CONFIRM: "never", OUTBOUND_CALLS_AUDIT_LOG: auditPath },
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const cancel = (requestId: number) => ({
  jsonrpc: "2.0",
  method: "notifications/cancelled",
  params: { requestId, reason: "user stopped it" },
});

it("ends the answer of a request cancelled in the same POST with an error for it", async () => {
  const body = JSON.stringify([
    { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_agents", arguments: {} } },
    cancel(7),
  ]);
  const answer = await rawRequest(server.base, { method: "POST", headers: mcpHeaders(null), body });
  expect(answer.status).toBe(200);
  const messages = rpcMessages(answer.body);
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({ id: 7, error: { code: -32800 } });
});

it("records a dial cancelled in the same POST, and a repeat does not dial twice", async () => {
  const args = { to: "+14155550123", agent_id: "agt_e5fafba1_1", contact_name: "Cancel Test" };
  const body = JSON.stringify([
    { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "create_call", arguments: args } },
    cancel(8),
  ]);
  const answer = await rawRequest(server.base, { method: "POST", headers: mcpHeaders(null), body });
  expect(rpcMessages(answer.body)[0]).toMatchObject({ id: 8, error: { code: -32800 } });

  // The tool call ran to its end behind the cancelled answer: its audit line is there.
  let lines: Array<Record<string, unknown>> = [];
  for (let i = 0; i < 50 && !lines.some((l) => l.tool === "create_call" && l.decision !== "sending"); i++) {
    await new Promise((r) => setTimeout(r, 100));
    lines = readFileSync(auditPath, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }
  const final = lines.filter((l) => l.tool === "create_call" && l.decision !== "sending");
  expect(final).toHaveLength(1);

  // Whatever the race gave (not sent, or sent), a repeat neither dials again unseen nor is left waiting.
  const repeat = await rawRequest(server.base, {
    method: "POST",
    headers: mcpHeaders(null),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 9,
      method: "tools/call",
      params: { name: "create_call", arguments: args },
    }),
  });
  const result = rpcMessages(repeat.body)[0]!.result as { isError?: boolean; content: Array<{ text: string }> };
  const sent = lines.some((l) => l.decision === "sending");
  if (sent) expect(result.content[0]!.text).toMatch(/dedupl|already|never settled|outcome/i);
  else expect(result.isError, result.content[0]!.text).toBeFalsy();
});
