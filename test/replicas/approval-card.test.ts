/**
 * The approval card across --http replicas on one real redis-server: the card
 * that replica A opened is decided on replica B (the approval, its secret's
 * hash and its single-use marks are in the shared store), and the card's
 * Approve sent 10 times at once to both replicas places one call.
 */
import { afterEach, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { posts } from "../helpers/guards.js";
import { HTTP_TOKEN, spawnHttpServer } from "../helpers/http-server-process.js";
import { connectModernHttpClient } from "../helpers/modern-client.js";
import { APPS_CAPABILITIES, CARD_META_KEY } from "../helpers/apps-host.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";

const fx = useReplicasOnRedis(defaultHandler, "card");
const CALL = { to: "+14155552671", agent_id: "agt_1" };
const open: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

type Client = Awaited<ReturnType<typeof connectModernHttpClient>>;

async function replicas(env: Record<string, string | undefined>): Promise<[Client, Client]> {
  const clients: Client[] = [];
  for (let i = 0; i < 2; i++) {
    const server = await spawnHttpServer({
      env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN, OUTBOUND_CALLS_CONFIRM: undefined, ...env },
    });
    const client = await connectModernHttpClient(`${server.base}/mcp`, HTTP_TOKEN, APPS_CAPABILITIES);
    open.push(async () => {
      await client.close();
      await server.stop();
    });
    clients.push(client);
  }
  return clients as [Client, Client];
}

const ticketOf = (result: CallToolResult) =>
  (result._meta as Record<string, { approval_id: string; secret: string; arguments: Record<string, unknown> }>)[
    CARD_META_KEY
  ]!;

it("opened on replica A, approved on replica B: one call", async () => {
  const [a, b] = await replicas(fx.env());
  const t = ticketOf(await a.call("create_call", CALL));
  const approved = await b.call("approval_card_decide", {
    approval_id: t.approval_id,
    secret: t.secret,
    decision: "approve",
    arguments: t.arguments,
  });
  expect(approved.isError, JSON.stringify(approved.content)).toBeFalsy();
  expect(posts(fx.upstream)).toHaveLength(1);
});

it("the card's Approve sent 10 times at once to both replicas places one call (no dedupe window: the store's single-use steps alone)", async () => {
  const [a, b] = await replicas(fx.env());
  const t = ticketOf(await a.call("create_call", CALL));
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? a : b).call("approval_card_decide", {
        approval_id: t.approval_id,
        secret: t.secret,
        decision: "approve",
        arguments: t.arguments,
      }),
    ),
  );
  expect(answers.filter((x) => !x.isError)).toHaveLength(1);
  expect(posts(fx.upstream)).toHaveLength(1);
});
