/**
 * The approvers' inbox at any backlog, in memory (issue 23 item 4): it listed
 * the 200 newest pending approvals and said more were waiting; an approver
 * never saw the older ones. Now it pages: 50 a page from light records, newest
 * or oldest first, and following its links lists every pending approval
 * exactly once. Each dial comes from a client of its own (behind one trusted
 * proxy): one client alone may keep only its share waiting.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  HTTP_TOKEN,
  mcpHeaders,
  rawRequest,
  spawnHttpServer,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";
import { pageThrough, signIn } from "../helpers/inbox.js";

const APPROVER_TOKEN = "apr_e2e_flood_0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const WAITING = 205;
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
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: i,
      method: "tools/call",
      params: { name: "create_call", arguments: { to: `+1415555${String(1000 + i)}`, agent_id: "agt_e5fafba1_1" } },
    }),
  });

it(
  "lists every waiting approval exactly once, a page at a time, newest or oldest first",
  { timeout: 120_000 },
  async () => {
    for (let start = 0; start < WAITING; start += 41)
      await Promise.all(Array.from({ length: Math.min(41, WAITING - start) }, (_, k) => dial(start + k)));
    const session = await signIn(server.base, APPROVER_TOKEN);
    const newest = await pageThrough(server.base, session, "newest");
    expect(newest.map((l) => l.status)).toEqual([200, 200, 200, 200, 200]);
    expect(newest[0]!.body).toContain(`<title>Approvers&#39; inbox (${WAITING} waiting)`);
    expect(newest.map((l) => l.ids.length)).toEqual([50, 50, 50, 50, 5]);
    const ids = newest.flatMap((l) => l.ids);
    expect(new Set(ids).size).toBe(WAITING);
    // Newest first: the dials were asked in waves of 41, one after another, so the first page holds the last wave's
    // and the last page the first wave's.
    const rows = (body: string) => [...body.matchAll(/<td>\+1 415 555 (\d{4})<br>/g)].map((m) => Number(m[1]) - 1000);
    expect(
      rows(newest[0]!.body)
        .slice(0, 41)
        .filter((i) => i < 164),
    ).toEqual([]);
    expect(rows(newest.at(-1)!.body)).toHaveLength(5);
    expect(rows(newest.at(-1)!.body).every((i) => i < 41)).toBe(true);
    const oldest = await pageThrough(server.base, session, "oldest");
    expect(oldest.flatMap((l) => l.ids)).toEqual([...ids].reverse());
  },
);
