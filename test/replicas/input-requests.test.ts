/**
 * Approval through input requests across replicas on one real redis-server:
 * the form asked by one --http replica is answered to another (the state is
 * signed with the store's shared secret, so every replica verifies it), and the
 * same approval resent to both replicas at once places one call: the server
 * spends each approval once in the shared store.
 */
import { afterEach, expect, it } from "vitest";
import { APPROVAL_INPUT } from "../../src/approval/input-channel.js";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { posts } from "../helpers/guards.js";
import { HTTP_TOKEN, spawnHttpServer } from "../helpers/http-server-process.js";
import { modernHttp, type ModernClient } from "../helpers/input-client.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";

const fx = useReplicasOnRedis(defaultHandler, "input");
const CALL = { to: "+14155552671", agent_id: "agt_1" };
const YES = { [APPROVAL_INPUT]: { action: "accept", content: { confirm: true } } };
const open: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

async function replicas(env: Record<string, string | undefined>): Promise<[ModernClient, ModernClient]> {
  const clients: ModernClient[] = [];
  for (let i = 0; i < 2; i++) {
    const server = await spawnHttpServer({
      env: {
        OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
        OUTBOUND_CALLS_CONFIRM: undefined,
        BROWSER: "/nonexistent/browser",
        ...env,
      },
    });
    const client = await modernHttp(server.url, { answer: () => ({ action: "accept", content: { confirm: true } }) });
    open.push(async () => {
      await client.close();
      await server.stop();
    });
    clients.push(client);
  }
  return clients as [ModernClient, ModernClient];
}

it("asked by replica A, approved on replica B: one call", async () => {
  const [a, b] = await replicas(fx.env({ OUTBOUND_CALLS_CONFIRM: undefined }));
  const first = await a.round("create_call", CALL);
  expect(first.resultType).toBe("input_required");
  const approved = await b.round("create_call", CALL, { inputResponses: YES, requestState: first.requestState! });
  expect(approved.isError, JSON.stringify(approved.content)).toBeFalsy();
  expect(posts(fx.upstream)).toHaveLength(1);
});

it("the same approval sent 10 times at once to both replicas places one call (no dedupe window: the single-use mark alone)", async () => {
  const [a, b] = await replicas(fx.env({ OUTBOUND_CALLS_CONFIRM: undefined }));
  const first = await a.round("create_call", CALL);
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? a : b).round("create_call", CALL, { inputResponses: YES, requestState: first.requestState! }),
    ),
  );
  expect(answers.filter((x) => !x.isError)).toHaveLength(1);
  for (const x of answers.filter((y) => y.isError)) expect(JSON.stringify(x.content)).toContain("already used");
  expect(posts(fx.upstream)).toHaveLength(1);
});
