/**
 * A retry while Redis is down, of a request whose first attempt may have
 * placed the call. Replica A's POST is at the service (which holds it); the
 * same request on replica B is told it is still under way; Redis then dies and
 * B's next retry is refused. That answer must not say, or let the model read,
 * that nothing was dialed for the request: the first attempt may have placed
 * the call (here it does, once the service answers). It says what this attempt
 * did and that the earlier one may have placed the call.
 */
import { afterEach, expect, it } from "vitest";
import { defaultHandler, sendJson, type Handler } from "../helpers/fake-upstream.js";
import { posts } from "../helpers/guards.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplica } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";

/** The POST of the first attempt, held at the service until the test lets it answer. */
let release: (() => void) | undefined;
const holdingService: Handler = async (req, res, raw) => {
  if (req.method === "POST" && req.path === "/api/v1/calls") {
    await new Promise<void>((resolve) => (release = resolve));
    return sendJson(res, 201, { data: { id: "call_1", status: "queued" } });
  }
  return defaultHandler(req, res, raw);
};

const fx = useReplicasOnRedis(holdingService, "down");
const DIAL = { to: "+14155555301", agent_id: "agt_1", contact_name: "Dana Lee" };
afterEach(() => release?.());

it("a retry refused while Redis is down does not say nothing was dialed when an earlier attempt may have placed the call", async () => {
  const env = fx.env({ OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600" });
  // A waits on the service for up to 60 s; B gives up on an identical request under way after 2 s.
  const a = await startReplica("A", "stdio", { env, extra: { OUTBOUND_CALLS_TIMEOUT_MS: "60000" } });
  const b = await startReplica("B", "stdio", { env, extra: { OUTBOUND_CALLS_TIMEOUT_MS: "2000" } });
  fx.running.push(a, b);
  const first = a.call("create_call", DIAL, 120_000);
  await expect.poll(() => posts(fx.upstream).length, { timeout: 30_000 }).toBe(1);

  const underWay = await b.call("create_call", DIAL);
  expect(underWay.isError).toBe(true);
  expect(textOf(underWay)).toMatch(/is still under way/);

  await fx.redis.kill();
  try {
    const retry = await b.call("create_call", DIAL);
    const text = textOf(retry);
    expect(retry.isError).toBe(true);
    expect(text).toContain("the server's shared guard state (Redis) cannot be reached");
    // Nothing that reads as "nothing was dialed" for the request.
    expect(text).not.toMatch(/Nothing was dialed\.|nothing was dialed for/i);
    expect(text).toMatch(/an earlier attempt of this same request .*may have placed the call/i);
    expect(text).toMatch(/do not dial/i);
    expect(posts(fx.upstream)).toHaveLength(1);
  } finally {
    release?.();
    await first.catch(() => undefined);
    await fx.redis.restart();
  }
});
