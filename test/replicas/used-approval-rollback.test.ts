/**
 * A write to Redis cannot roll a used approval back (issue 23, item 3). A
 * person approved one dial; it went out. Someone who can write to Redis but
 * does not hold the state key sets the used approval's status back to
 * `approved` (its decision seal stays valid: used and approved share it) and
 * deletes the dial's record, then a client repeats the same call: the service
 * must not be asked to place a second call on that one approval.
 *
 * Seals cannot stop a rollback of Redis to an earlier genuine state; what
 * stops it is the POST's Idempotency-Key, derived with the state key from the
 * approval's id and recorded in the dial's claim (safety/dial-claim.ts
 * bindKey): the replayed approval re-sends the first dial's key, and the
 * service answers with the first call instead of placing a second.
 */
import { describe, expect, it } from "vitest";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { decide, pendingApprovalIds, signIn } from "../helpers/inbox.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplica } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { posts } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_rollbk_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d";
const fx = useReplicasOnRedis(defaultHandler, "rollbk");

describe("a used approval set back to approved in Redis", () => {
  it("does not place a second call on the person's one yes", async () => {
    const env = fx.env({
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "20",
    });
    const prefix = env.OUTBOUND_CALLS_REDIS_PREFIX!;
    const a = await startReplica("A", "http", { env });
    fx.running.push(a);
    const b = await startReplica("B", "http", { env });
    fx.running.push(b);
    const args = { to: "+14155552673", agent_id: "agt_1" };
    const first = a.call("create_call", args);
    const id = (await pendingApprovalIds(fx.redis, prefix))[0]!;
    const session = await signIn(b.http!.base, APPROVER_TOKEN, "Ana Approver");
    expect((await decide(b.http!.base, session, id, "approve")).status).toBe(303);
    const result = await first;
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);

    const admin = await fx.redis.admin();
    expect(await admin.hGet(`${prefix}appr:${id}`, "status")).toBe("used");
    await admin.hSet(`${prefix}appr:${id}`, { status: "approved" });
    for (const key of await admin.keys(`${prefix}*`)) {
      if (!key.startsWith(`${prefix}appr`) && key !== `${prefix}epoch`) await admin.del(key);
    }
    const again = await b.call("create_call", args);
    const postsNow = posts(fx.upstream);
    const keys = new Set(postsNow.map((p) => p.headers["idempotency-key"]));
    // Either nothing new went out, or it went with the first call's Idempotency-Key (the service places it once).
    expect(keys.size, `${textOf(again)} | ${b.stderr()}`).toBe(1);
    // And the service placed one call: a second POST, if any, was answered with the first call.
    expect(new Set(postsNow.map((p) => p.text))).toHaveProperty("size", 1);
  });

  // The same for a confirmation token (OUTBOUND_CALLS_CONFIRM=token): its "used" mark lives in Redis too. A token
  // replayed after the mark and the dial's record were deleted goes with the first dial's key.
  it("a token replayed after its used mark was deleted does not place a second call either", async () => {
    const env = fx.env({ OUTBOUND_CALLS_CONFIRM: "token" });
    const prefix = env.OUTBOUND_CALLS_REDIS_PREFIX!;
    const a = await startReplica("A", "http", { env });
    fx.running.push(a);
    const b = await startReplica("B", "http", { env });
    fx.running.push(b);
    const args = { to: "+14155552674", agent_id: "agt_1" };
    const dry = await a.call("create_call", { ...args, dry_run: true });
    const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
    const first = await a.call("create_call", { ...args, confirmation_token: token });
    expect(first.isError, textOf(first)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    const admin = await fx.redis.admin();
    for (const key of await admin.keys(`${prefix}*`)) {
      if (!key.startsWith(`${prefix}secret:`) && key !== `${prefix}epoch`) await admin.del(key);
    }
    const again = await b.call("create_call", { ...args, confirmation_token: token });
    const keys = new Set(posts(fx.upstream).map((p) => p.headers["idempotency-key"]));
    expect(keys.size, `${textOf(again)} | ${b.stderr()}`).toBe(1);
  });
});
