/**
 * An approval approves only the request it was opened for (issue 23, item 3).
 * Someone who can write to Redis lists a person's approval of one call (to one
 * number) among the approvals of another request (another number, the
 * attacker's choice), setting it back to approved if it was used. Its seals are
 * genuine, but they name the first request: the second call is not placed on
 * it, and the person's name is not put on it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { decide, pendingApprovalIds, signIn } from "../helpers/inbox.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplica } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { posts, tempDir } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_another_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5";
const fx = useReplicasOnRedis(defaultHandler, "another");

describe("a genuine approval listed under another request in Redis", () => {
  it("does not place that other call, nor name the approver on it", async () => {
    const audit = join(tempDir("another"), "audit.log");
    const env = fx.env({
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "3",
      OUTBOUND_CALLS_AUDIT_LOG: audit,
    });
    const prefix = env.OUTBOUND_CALLS_REDIS_PREFIX!;
    const a = await startReplica("A", "http", { env });
    fx.running.push(a);
    const admin = await fx.redis.admin();

    // The attacker's call waits for a yes nobody gives; its request's approvals list is now in Redis.
    const target = { to: "+14155552699", agent_id: "agt_1" };
    const waited = await a.call("create_call", target);
    expect(waited.isError, textOf(waited)).toBe(true);
    const [targetApproval] = await pendingApprovalIds(fx.redis, prefix, 1);
    const targetList = (await admin.keys(`${prefix}appr:req:*`))[0]!;
    expect(await admin.zRange(targetList, 0, -1)).toContain(targetApproval);

    // A person approves another call, which goes out.
    const first = a.call("create_call", { to: "+14155552674", agent_id: "agt_1" });
    const ids = await pendingApprovalIds(fx.redis, prefix, 2);
    const genuine = ids.find((id) => id !== targetApproval)!;
    const session = await signIn(a.http!.base, APPROVER_TOKEN, "Ana Approver");
    expect((await decide(a.http!.base, session, genuine, "approve")).status).toBe(303);
    expect((await first).isError).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);

    // Its record, untouched but for the used status, is listed first among the target's approvals.
    await admin.hSet(`${prefix}appr:${genuine}`, { status: "approved" });
    await admin.zAdd(targetList, { score: Date.now() + 1_000, value: genuine });
    const again = await a.call("create_call", target);
    expect(posts(fx.upstream), textOf(again)).toHaveLength(1);
    expect(textOf(again)).not.toMatch(/person approved/i);
    expect(a.stderr()).toContain(`approval ${genuine} of another request is listed among this request's approvals`);
    expect(
      readFileSync(audit, "utf8")
        .split("\n")
        .filter((l) => l.includes("+14155552699") && l.includes("Ana Approver")),
    ).toEqual([]);
  });
});
