/**
 * The approvers' inbox lists the 200 newest pending approvals. When more are
 * waiting (a client flooding it, or a busy day), the page must say so: it said
 * "(200 waiting)" and showed no sign of the older ones, which an approver then
 * never saw. Each dial comes from a client of its own (behind one trusted proxy):
 * one client alone may keep only its share waiting (APPROVAL_BOUNDS_PER_CLIENT).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { HTTP_TOKEN, mcpHeaders, rawRequest, spawnHttpServer, type HttpServerProcess } from "../helpers/http-server-process.js";
import { inboxPage, signIn } from "../helpers/inbox.js";

const APPROVER_TOKEN = "apr_e2e_flood_0f1e2d3c4b5a69788796a5b4c3d2e1f0";
let server: HttpServerProcess;

beforeAll(async () => {
  server = await spawnHttpServer({
    args: ["--sandbox", "--sandbox-speed", "instant"],
    env: {
      OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
      OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off",
      OUTBOUND_CALLS_HTTP_TRUST_PROXY: "1",
    },
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const dial = (i: number) =>
  rawRequest(server.base, {
    method: "POST",
    headers: { ...mcpHeaders(), "x-forwarded-for": `10.0.${Math.floor(i / 250)}.${i % 250}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "create_call", arguments: { to: `+1415555${String(1000 + i)}`, agent_id: "agt_e5fafba1_1" } } }),
  });

it("says when more approvals wait than it lists", { timeout: 60_000 }, async () => {
  for (let start = 0; start < 205; start += 41) await Promise.all(Array.from({ length: 41 }, (_, k) => dial(start + k)));
  const session = await signIn(server.base, APPROVER_TOKEN);
  const page = (await inboxPage(server.base, session)).body;
  expect(page).toContain("<title>Approvers&#39; inbox (more than 200 waiting)");
  expect(page).toContain("only the 200 newest are listed");
});
