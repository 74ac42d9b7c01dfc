/**
 * The attestation of consent the law requires, in the approvers' inbox over --http with replicas on Redis (issue
 * 37): an Approve without the basis decides nothing; with it, the dial waiting on another replica goes once and the
 * audit line keeps the basis with the approver. The basis is sealed with the decision: someone who can write to Redis
 * but lacks the servers' key and changes it has the decision not honoured, and nothing is dialed.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { decide, pendingApprovalIds, signIn } from "../helpers/inbox.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplica } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { auditLines, posts, tempDir } from "../helpers/guards.js";

const APPROVER_TOKEN = "apr_attest_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d";
const PEWC = "prior_express_written_consent";
const fx = useReplicasOnRedis(defaultHandler, "attest");

function approvalEnv(extra: Record<string, string | undefined> = {}) {
  return fx.env({
    OUTBOUND_CALLS_CONFIRM: undefined,
    OUTBOUND_CALLS_REQUIRE_CONSENT: undefined,
    OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
    // Tuesday 2026-12-01, 12:30 in New York.
    OUTBOUND_CALLS_TEST_NOW: "2026-12-01T17:30:00Z",
    OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
    ...extra,
  });
}

describe("the approvers' inbox asks the basis of consent the law requires", () => {
  it("Approve without it decides nothing; with it the dial waiting on another replica goes once, the basis audited with the approver", async () => {
    const audit = join(tempDir("attest-inbox"), "audit.log");
    const env = approvalEnv({ OUTBOUND_CALLS_APPROVAL_WAIT_S: "30", OUTBOUND_CALLS_AUDIT_LOG: audit });
    const a = await startReplica("A", "http", { env });
    fx.running.push(a);
    const b = await startReplica("B", "http", { env });
    fx.running.push(b);
    const call = a.call("create_call", { to: "+12125550103", agent_id: "agt_1" });
    const id = (await pendingApprovalIds(fx.redis, env.OUTBOUND_CALLS_REDIS_PREFIX!))[0]!;
    const session = await signIn(b.http!.base, APPROVER_TOKEN, "Ana Approver");
    const page = await (
      await import("../helpers/http-server-process.js")
    ).rawRequest(b.http!.base, {
      path: `/approvals/${id}`,
      headers: { cookie: session.cookie },
    });
    expect(page.body).toContain('<select id="consent_basis" name="consent_basis" required>');
    expect(page.body).toContain("Law of the place (telemarketing)");
    const without = await decide(b.http!.base, session, id, "approve");
    expect(without.status).toBe(403);
    expect(without.body).toContain("Approve needs the basis of the prior consent you hold");
    expect(
      (await decide(b.http!.base, session, id, "approve", { consent_basis: "prior_express_consent" })).status,
    ).toBe(403);
    expect((await decide(b.http!.base, session, id, "approve", { consent_basis: PEWC })).status).toBe(303);
    const result = await call;
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(auditLines(audit).at(-1)).toMatchObject({
      decision: "dialed",
      approver: "approver:Ana Approver",
      consent_law: [expect.stringContaining(`attested ${PEWC} by approver:Ana Approver`)],
    });
  });

  it("a basis changed in Redis after the decision is not honoured: nothing dialed", async () => {
    const env = approvalEnv({ OUTBOUND_CALLS_APPROVAL_WAIT_S: "1" });
    const prefix = env.OUTBOUND_CALLS_REDIS_PREFIX!;
    const a = await startReplica("A", "http", { env });
    fx.running.push(a);
    const args = { to: "+33612345679", agent_id: "agt_1" };
    // Paris 18:30: France's hours allow it; the law asks consent to canvassing or a current contract.
    const first = await a.call("create_call", args);
    expect(textOf(first)).toContain("Waiting for a person");
    const id = (await pendingApprovalIds(fx.redis, prefix))[0]!;
    const session = await signIn(a.http!.base, APPROVER_TOKEN, "Ana Approver");
    expect((await decide(a.http!.base, session, id, "approve", { consent_basis: "current_contract" })).status).toBe(
      303,
    );
    const admin = await fx.redis.admin();
    await admin.hSet(`${prefix}appr:${id}`, { datt: '{"consent_basis":"fr_consent_l223_1"}' });
    // The repeat passes the forged record over (a person is asked anew) and dials nothing.
    const again = await a.call("create_call", args);
    expect(again.isError).toBe(true);
    expect(textOf(again)).not.toContain("Call placed");
    expect(posts(fx.upstream)).toHaveLength(0);
    expect(a.stderr()).toContain(`approval ${id} in the guard state does not carry this server's seal`);
  });
});
