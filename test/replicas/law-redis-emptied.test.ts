/**
 * the law's per-number counts live in Redis only. A Redis restarted empty (no persistence,
 * the default install) forgets them, and a replica that comes back writes back its dials only for the dedupe
 * window, not the caps' counts, so France's fifth telemarketing call in 30 days goes out. Issue 24 item 5 asks
 * that the frequency counts survive restarts. Now the replica writes its audit log's dials back to the per-number
 * counts. A real redis-server, a real replica (stdio, real MCP client) with an audit log holding the four dials.
 */
import { expect, it } from "vitest";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { posts, tempDir } from "../helpers/guards.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplicas } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";

const fx = useReplicasOnRedis(defaultHandler, "law-emptied");
const EMPTIED = "came back empty (restarted without persistence, or flushed)";
const PARIS = { to: "+33142685300", agent_id: "agt_1", repeat_dial: true };

it("France's four calls in 30 days are still counted after Redis came back empty", { timeout: 120_000 }, async () => {
  const env = fx.env({
    OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
    // Monday 2026-11-23 11:00 in Paris.
    OUTBOUND_CALLS_TEST_NOW: "2026-11-23T10:00:00Z",
    OUTBOUND_CALLS_AUDIT_LOG: `${tempDir("law-emptied")}/audit.log`,
  });
  const [a] = await startReplicas(["stdio"], { env });
  fx.running.push(a!);
  for (let i = 0; i < 4; i++) {
    const r = await a!.call("create_call", PARIS);
    expect(r.isError, textOf(r)).toBeFalsy();
  }
  await fx.redis.kill();
  await fx.redis.restart();
  const until = Date.now() + 30_000;
  while (!a!.stderr().includes(EMPTIED)) {
    if (Date.now() > until) throw new Error("the replica did not notice the empty Redis");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const fifth = await a!.call("create_call", PARIS);
  expect(fifth.isError, textOf(fifth)).toBe(true);
  expect(textOf(fifth)).toContain("rule fr_frequency, France");
  expect(posts(fx.upstream)).toHaveLength(4);
});

it(
  "two replicas sharing one audit log write each logged dial back once: the fourth call still goes",
  { timeout: 120_000 },
  async () => {
    const env = fx.env({
      OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
      OUTBOUND_CALLS_TEST_NOW: "2026-11-23T10:00:00Z",
      OUTBOUND_CALLS_AUDIT_LOG: `${tempDir("law-emptied-shared")}/audit.log`,
    });
    const [a, b] = await startReplicas(["stdio", "stdio"], { env });
    fx.running.push(a!, b!);
    for (let i = 0; i < 3; i++) {
      const r = await a!.call("create_call", PARIS);
      expect(r.isError, textOf(r)).toBeFalsy();
    }
    await fx.redis.kill();
    await fx.redis.restart();
    const until = Date.now() + 30_000;
    while (!(
      a!.stderr().includes("wrote back 3 logged dial(s)") && b!.stderr().includes("wrote back 3 logged dial(s)")
    )) {
      if (Date.now() > until) throw new Error("both replicas did not write the log back");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const fourth = await b!.call("create_call", PARIS);
    expect(fourth.isError, textOf(fourth)).toBeFalsy();
    const fifth = await a!.call("create_call", PARIS);
    expect(fifth.isError).toBe(true);
    expect(textOf(fifth)).toContain("was dialed 4 times in the last 30 days, and rule fr_frequency, France");
    expect(posts(fx.upstream)).toHaveLength(4);
  },
);
