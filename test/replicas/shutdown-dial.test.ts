/**
 * SIGTERM while a dial waits for an approver, with replicas on Redis: the
 * replica stops accepting, the approver decides on another replica, and the
 * waiting replica dials. The shutdown's bound (OUTBOUND_CALLS_TIMEOUT_MS +
 * OUTBOUND_CALLS_APPROVAL_WAIT_S + 2 s, docs/hosting.md) must cover the rest of
 * the dial, so its answer is never cut. It was cut when the guards before the
 * approval (the agent lookup) had used part of the deadline: the POST after the
 * approval got a whole new deadline, so a dial could take two deadlines plus the
 * wait. The service's time is one deadline, the person's time aside.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { HTTP_TOKEN, mcpHeaders, rawRequest, rpcMessages, spawnHttpServer } from "../helpers/http-server-process.js";
import { approvalIds, decide, inboxPage, signIn } from "../helpers/inbox.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";

const APPROVER_TOKEN = "apr_e2e_shutdown_7c6b5a4f3e2d1c0b9a8f7e6d";
let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

it(
  "answers a dial approved on another replica after SIGTERM before the shutdown's bound, and exits 0",
  { timeout: 60_000 },
  async () => {
    const env = {
      OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_REDIS_URL: redis.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "6000",
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "5",
      OUTBOUND_CALLS_CONFIRM: undefined,
    };
    // Replica A's simulated service answers everything in 5 s: the agent lookup before the approval, the POST after.
    const a = await spawnHttpServer({
      args: ["--sandbox", "--sandbox-speed", "instant", "--sandbox-delay-ms", "5000"],
      env,
    });
    const b = await spawnHttpServer({ args: ["--sandbox", "--sandbox-speed", "instant"], env });
    try {
      const session = await signIn(b.base, APPROVER_TOKEN);
      let answer = "";
      // Raw, so a cut answer shows as a broken connection rather than as the SDK client's reconnecting.
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "create_call", arguments: { to: "+14155550188", agent_id: "agt_e5fafba1_1" } },
      });
      const dial = rawRequest(a.base, { method: "POST", headers: mcpHeaders(), body }).then(
        (raw) => (answer = raw.body),
        (error: unknown) => (answer = `no answer: ${String(error)}`),
      );
      // From here A has 5 + 6 + 2 = 13 s; the dial has used none of its wait yet.
      await new Promise((r) => setTimeout(r, 300));
      a.child.kill("SIGTERM");
      let ids: string[] = [];
      for (let i = 0; ids.length === 0 && i < 60; i++) {
        await new Promise((r) => setTimeout(r, 200));
        ids = approvalIds((await inboxPage(b.base, session)).body);
      }
      // The approver takes a while (inside the 5 s wait), as people do.
      await new Promise((r) => setTimeout(r, 3_000));
      expect((await decide(b.base, session, ids[0]!, "approve")).status).toBe(303);
      // A connection cut mid-answer may end the raw response without an 'end': the process's exit settles it too.
      await Promise.race([dial, a.exited.then(() => new Promise((r) => setTimeout(r, 500)))]);
      answer ||= "no answer: the connection was cut";
      expect(answer).not.toMatch(/^no answer/);
      expect(rpcMessages(answer)[0]).toMatchObject({ id: 1, result: { content: [{ type: "text" }] } });
      expect(await a.exited).toBe(0);
      expect(a.stderr).toContain("stopped (SIGTERM)");
      expect(a.stderr).not.toContain("cut off");
    } finally {
      await a.stop();
      await b.stop();
    }
  },
);
