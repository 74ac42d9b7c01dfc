/**
 * repeat_dial is the model's own word that a second call to a recently dialed number is meant. The person who
 * approves must read it wherever they approve: here in the approvers' inbox over --http (the approval page the
 * stdio server opens renders the same view). The built server, its inbox by plain HTTP, a service on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  rawRequest,
  spawnHttpServer,
  type HttpClient,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";
import { approvalIds, decide, inboxPage, signIn, type InboxSession } from "../helpers/inbox.js";
import { envFor, GUARDS_OFF, posts, useSafetyFixture } from "../helpers/guards.js";
import { textOf } from "../helpers/server-process.js";

const APPROVER_TOKEN = "apr_e2e_repeat_4f3e2d1c0b9a8f7e6d5c4b3a";
const fx = useSafetyFixture();
let server: HttpServerProcess;
let client: HttpClient;
let session: InboxSession;

beforeAll(async () => {
  server = await spawnHttpServer({
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600",
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "20",
    }),
  });
  client = await connectHttpClient(server.url);
  session = await signIn(server.base, APPROVER_TOKEN);
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

const call = (name: string, args: Record<string, unknown>) =>
  client.client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 }) as Promise<CallToolResult>;

/** Waits for the next approval in the inbox, returns its page, and approves it. */
async function reviewAndApprove(): Promise<string> {
  let ids: string[] = [];
  for (let i = 0; i < 200 && ids.length === 0; i++) {
    ids = approvalIds((await inboxPage(server.base, session)).body);
    if (ids.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(ids).toHaveLength(1);
  const page = (await rawRequest(server.base, { path: `/approvals/${ids[0]}`, headers: { cookie: session.cookie } }))
    .body;
  expect((await decide(server.base, session, ids[0]!, "approve")).status).toBe(303);
  return page;
}

describe("repeat_dial on the approval page", () => {
  it.each([
    [
      "create_call",
      (to: string, extra: Record<string, unknown>) => ({ to, agent_id: "agt_1", contact_name: "Dana Lee", ...extra }),
    ],
    [
      "submit_batch",
      (to: string, extra: Record<string, unknown>) => ({
        calls: [
          { to, agent_id: "agt_1" },
          { to: "+14155550191", agent_id: "agt_1" },
        ],
        ...extra,
      }),
    ],
  ])("%s: the person reads that it is a second call, and a first call does not say so", async (tool, args) => {
    const to = tool === "create_call" ? "+14155550180" : "+14155550181";
    const first = call(tool, args(to, {}));
    const firstPage = await reviewAndApprove();
    expect((await first).isError, textOf(await first)).toBeFalsy();
    expect(firstPage).not.toMatch(/second call/i);

    const second = call(
      tool,
      args(to, { repeat_dial: true, ...(tool === "create_call" ? { contact_name: "Dana Lee (again)" } : {}) }),
    );
    const secondPage = await reviewAndApprove();
    expect((await second).isError, textOf(await second)).toBeFalsy();
    expect(secondPage).toMatch(/second call/i);
    expect(secondPage).toContain("repeat_dial");
    expect(posts(fx.upstream)).toHaveLength(2);
  });
});
