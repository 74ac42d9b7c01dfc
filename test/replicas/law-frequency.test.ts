/**
 * Florida's three calls in 24 hours (rule us_fl_frequency) held once across
 * real replicas sharing one real redis-server: concurrent dials to one Florida
 * number spread over two replicas place exactly three calls, and a replica
 * started after the others stopped (a restart) still refuses the fourth.
 */
import { describe, expect, it } from "vitest";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { posts } from "../helpers/guards.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplica, startReplicas } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";

const fx = useReplicasOnRedis(defaultHandler, "law");
const MIAMI = { to: "+13055550100", agent_id: "agt_1", repeat_dial: true };
// Saturday 2026-11-28 18:30 in Miami: inside Florida's hours, so only the frequency rule can refuse.
const env = () =>
  fx.env({ OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing", OUTBOUND_CALLS_TEST_NOW: "2026-11-28T23:30:00Z" });

describe("the law's per-number limit is one for all replicas", () => {
  it("8 concurrent dials to one Florida number over 2 replicas: exactly 3 POSTs; a restarted replica refuses the next", async () => {
    const shared = env();
    const rs = await startReplicas(["stdio", "http"], { env: shared });
    fx.running.push(...rs);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => rs[i % 2]!.call("create_call", MIAMI)));
    expect(posts(fx.upstream)).toHaveLength(3);
    const refused = results.filter((r) => r.isError).map(textOf);
    expect(refused).toHaveLength(5);
    for (const text of refused)
      expect(text).toContain(
        "rule us_fl_frequency, Florida, US [official text, read 2026-11-28]: Fla. Stat. § 501.616(6)(b)",
      );
    await Promise.all(fx.running.splice(0).map((r) => r.close()));

    const restarted = await startReplica("C", "stdio", { env: shared });
    fx.running.push(restarted);
    const again = await restarted.call("create_call", MIAMI);
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain("was dialed 3 times in the last 24 hours");
    expect(posts(fx.upstream)).toHaveLength(3);
  });
});
