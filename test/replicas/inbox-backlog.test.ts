/**
 * The approvers' inbox at any backlog, on Redis (issue 23 item 4). 220 approvals of about 500 KB each wait, from
 * 44 clients (each within its share), written by another replica as the server writes them (sealed, through the
 * desk). The inbox listed the newest 200 by loading every full record in one script: 100 MB through Lua, past the
 * 1 s command timeout, so /approvals answered 503 for as long as they waited. Now every load answers 200 within
 * its deadline, and following the pages lists every one exactly once, also while a flood of new half-megabyte
 * approvals (and of dials through the other replica) goes on.
 */
import { expect, it } from "vitest";
import { ApprovalDesk } from "../../src/approval/desk.js";
import type { ApprovalRequest, ApprovalView } from "../../src/approval/channel.js";
import { RedisStore } from "../../src/guards/store/redis.js";
import { deriveStateKey } from "../../src/state/state-key.js";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { mcpHeaders, rawRequest } from "../helpers/http-server-process.js";
import { pageThrough, signIn, type InboxLoad } from "../helpers/inbox.js";
import { lagProbe } from "../helpers/machine-lag.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplica } from "../helpers/replicas.js";

const APPROVER_TOKEN = "apr_backlog_0a1b2c3d4e5f60718293a4b5c6d7e8f9";
const CLIENTS = 44;
const EACH = 5;
const fx = useReplicasOnRedis(defaultHandler, "backlog");

/** A 60-row batch with 50 metadata keys a row: about 500 KB of view, as the flood of issue 23 sent. */
function bigRequest(n: number): ApprovalRequest {
  const metadata = Object.fromEntries(
    Array.from({ length: 50 }, (_, k) => [`field_${k}`, `${n}:${k}:`.padEnd(150, "x")]),
  );
  const rows = Array.from({ length: 60 }, (_, r) => {
    const digits = String(1_000_000 + ((n * 60 + r) % 9_000_000)).slice(-7);
    return {
      e164: `+1415${digits}`,
      international: `+1 415 ${digits.slice(0, 3)} ${digits.slice(3)}`,
      country: "US",
      countryName: "United States",
      agentId: "agt_1",
      agentName: "Ava",
      metadata,
    };
  });
  const view: ApprovalView = {
    tool: "submit_batch",
    rows,
    countries: [{ code: "US", name: "United States", count: 60 }],
    agents: [{ id: "agt_1", name: "Ava" }],
  };
  return { requestKey: `backlog-${n}`, view, text: "" };
}

it(
  "answers every load within its deadline and pages through 220 approvals of 500 KB exactly once, also under a flood",
  { timeout: 300_000 },
  async () => {
    const env = fx.env({
      OUTBOUND_CALLS_CONFIRM: undefined,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER_TOKEN,
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
      OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off",
      OUTBOUND_CALLS_HTTP_TRUST_PROXY: "1",
    });
    // Another replica: the same Redis, prefix and API key, so the same seals.
    const store = await RedisStore.open(
      fx.redis.settings({ prefix: env.OUTBOUND_CALLS_REDIS_PREFIX!, commandTimeoutMs: 10_000 }),
      () => undefined,
    );
    try {
      const desk = new ApprovalDesk({
        approvals: store.approvals,
        now: Date.now,
        ttlMs: 20 * 60_000,
        sealKey: () => deriveStateKey(env.OUTBOUND_CALLS_API_KEY!, "approvals"),
        log: () => undefined,
      });
      const backlog = new Set<string>();
      for (let c = 0; c < CLIENTS; c++) {
        for (let k = 0; k < EACH; k++)
          backlog.add((await desk.open(bigRequest(c * EACH + k), "page", `10.1.0.${c}`)).record.id);
      }
      expect(backlog.size).toBe(CLIENTS * EACH);

      const a = await startReplica("A", "http", { env });
      fx.running.push(a);
      const b = await startReplica("B", "http", { env });
      fx.running.push(b);
      const session = await signIn(b.http!.base, APPROVER_TOKEN);

      /** Every load 200, in time; the backlog listed exactly once; the ids listed. */
      const check = (loads: InboxLoad[], lag: number) => {
        for (const load of loads) {
          expect(load.status, load.body.slice(0, 400)).toBe(200);
          // The Redis command timeout is 1 s; a page that needed the backlog would pass it. The machine's own lag aside.
          expect(load.ms).toBeLessThan(1_500 + lag);
        }
        const ids = loads.flatMap((l) => l.ids);
        expect(new Set(ids).size, "an approval listed twice").toBe(ids.length);
        for (const id of backlog) expect(ids, `approval ${id} never listed`).toContain(id);
        return ids;
      };

      // Quiet: newest first, then oldest first, each the reverse of the other.
      let probe = lagProbe();
      const newest = await pageThrough(b.http!.base, session, "newest");
      const oldest = await pageThrough(b.http!.base, session, "oldest");
      const lag = probe.stop();
      const quiet = check(newest, lag);
      check(oldest, lag);
      if (process.env.INBOX_FIGURES)
        console.error(
          `quiet: ${newest.length} + ${oldest.length} pages, slowest ${Math.round(Math.max(...[...newest, ...oldest].map((l) => l.ms)))} ms, lag ${lag} ms`,
        );
      expect(newest[0]!.body).toContain(`(${CLIENTS * EACH} waiting)`);
      expect(oldest.flatMap((l) => l.ids)).toEqual([...quiet].reverse());

      // Under a flood: more half-megabyte approvals from new clients through the other desk, and dials through A.
      let flooding = true;
      let made = 0;
      const flood = (async () => {
        for (let n = 0; flooding && n < 60; n++, made++) await desk.open(bigRequest(10_000 + n), "page", `10.2.${n}.1`);
      })();
      const dials = Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          rawRequest(a.http!.base, {
            method: "POST",
            headers: { ...mcpHeaders(), "x-forwarded-for": `10.3.0.${i}` },
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: i,
              method: "tools/call",
              params: { name: "create_call", arguments: { to: `+1415555${String(4000 + i)}`, agent_id: "agt_1" } },
            }),
          }),
        ),
      );
      try {
        for (const order of ["newest", "oldest"] as const) {
          probe = lagProbe();
          const before = made;
          const loads = await pageThrough(b.http!.base, session, order);
          check(loads, probe.stop());
          if (process.env.INBOX_FIGURES)
            console.error(
              `${order} under flood: ${loads.length} pages, slowest ${Math.round(Math.max(...loads.map((l) => l.ms)))} ms, ${made - before} approvals added meanwhile`,
            );
        }
        // The flood did run while the pages were read.
        expect(made).toBeGreaterThan(0);
      } finally {
        flooding = false;
        await flood;
        await dials;
      }
    } finally {
      await store.close();
    }
  },
);
