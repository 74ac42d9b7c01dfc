/**
 * A write to Redis does not approve (issue 23, item 3). Someone who can write
 * to the shared Redis (and read it) but does not hold the servers' state key
 * sets a pending approval to approved with an approver's name, as
 * `HSET <prefix>appr:<id> status approved dby 'approver:…'` would: the replica
 * that waits on it does not dial, does not tell the model a person approved,
 * and audits no approver; it says on stderr that the record was not its own.
 * A real approver's decision, made through the inbox, still dials.
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

const APPROVER_TOKEN = "apr_forged_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d";
const fx = useReplicasOnRedis(defaultHandler, "forged");

describe("a decision written into Redis by anyone but a server", () => {
  it("HSET status approved dby approver:Mallory is not honoured: nothing dialed, no approver told or audited", async () => {
    const audit = join(tempDir("forged"), "audit.log");
    const env = fx.env({
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "20",
      OUTBOUND_CALLS_AUDIT_LOG: audit,
    });
    const prefix = env.OUTBOUND_CALLS_REDIS_PREFIX!;
    const a = await startReplica("A", "http", { env });
    fx.running.push(a);
    const call = a.call("create_call", { to: "+14155552671", agent_id: "agt_1" });
    const id = (await pendingApprovalIds(fx.redis, prefix))[0]!;
    const admin = await fx.redis.admin();
    await admin.hSet(`${prefix}appr:${id}`, { status: "approved", dby: "approver:Mallory", dat: String(Date.now()) });
    await admin.zRem(`${prefix}appr:pending`, id);
    const result = await call;
    const text = textOf(result);
    expect(result.isError, text).toBe(true);
    expect(text).not.toMatch(/approved/i);
    expect(text).toContain("not honoured");
    expect(posts(fx.upstream)).toHaveLength(0);
    expect(readFileSync(audit, "utf8")).not.toContain("Mallory");
    expect(a.stderr()).toContain(`approval ${id} in the guard state does not carry this server's seal`);
  });

  it("the same dial approved by a signed-in approver through the inbox of another replica goes out once", async () => {
    const env = fx.env({
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "20",
    });
    const a = await startReplica("A", "http", { env });
    fx.running.push(a);
    const b = await startReplica("B", "http", { env });
    fx.running.push(b);
    const call = a.call("create_call", { to: "+14155552672", agent_id: "agt_1" });
    const id = (await pendingApprovalIds(fx.redis, env.OUTBOUND_CALLS_REDIS_PREFIX!))[0]!;
    const session = await signIn(b.http!.base, APPROVER_TOKEN, "Ana Approver");
    expect((await decide(b.http!.base, session, id, "approve")).status).toBe(303);
    const result = await call;
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
  });
});
