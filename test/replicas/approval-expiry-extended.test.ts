/**
 * An approval's time is the sealed one (issue 23, item 3). A person approved a
 * dial after the tool call had stopped waiting; nobody repeated the call before
 * the approval expired. Someone who can write to Redis pushes the approval's
 * unsealed `exp` field into the future: a repeat of the call after the expiry
 * must not be placed on that stale yes.
 */
import { describe, expect, it } from "vitest";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { decide, signIn } from "../helpers/inbox.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplica } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { posts } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_expext_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d";
const fx = useReplicasOnRedis(defaultHandler, "expext");

describe("an approved approval whose exp field is pushed past its sealed expiry", () => {
  it("is expired all the same: the repeat after its time is not placed on it", async () => {
    const env = fx.env({
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
      OUTBOUND_CALLS_APPROVAL_TTL_S: "3",
    });
    const prefix = env.OUTBOUND_CALLS_REDIS_PREFIX!;
    const a = await startReplica("A", "http", { env });
    fx.running.push(a);
    const admin = await fx.redis.admin();
    const args = { to: "+14155552675", agent_id: "agt_1" };
    const waited = await a.call("create_call", args);
    expect(waited.isError, textOf(waited)).toBe(true);
    const [id] = await admin.zRange(`${prefix}appr:pending`, 0, -1);
    const session = await signIn(a.http!.base, APPROVER_TOKEN, "Ana Approver");
    expect((await decide(a.http!.base, session, id!, "approve")).status).toBe(303);
    expect(await admin.hGet(`${prefix}appr:${id}`, "status")).toBe("approved");
    const sealedExpiry = (JSON.parse((await admin.hGet(`${prefix}appr:${id}`, "rec"))!) as { expiresAt: number })
      .expiresAt;
    // Wait out the sealed expiry (on the clock the replica reads too), then push the unsealed one.
    while (Date.now() <= sealedExpiry + 50)
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, sealedExpiry + 60 - Date.now())));
    await admin.hSet(`${prefix}appr:${id}`, { exp: String(Date.now() + 600_000) });
    const again = await a.call("create_call", args);
    expect(posts(fx.upstream), textOf(again)).toHaveLength(0);
    expect(textOf(again)).not.toMatch(/person approved/i);
  });
});
