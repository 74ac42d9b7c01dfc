/**
 * A Redis that comes back empty does not make a dial go out twice (issue 23,
 * item 5). A POST is at the service when Redis is killed and restarted with
 * nothing in it (the test server runs without persistence, as a default
 * install does). The replica that sent it still knows the dial: once it
 * reconnects it writes the dial back (its claim, its numbers, its
 * Idempotency-Key, then its outcome), says on stderr that Redis came back
 * empty, and doctor says so too. The identical retry, on the same replica or
 * another, is answered with the first dial: one POST.
 */
import { describe, expect, it } from "vitest";
import { defaultHandler, type Handler } from "../helpers/fake-upstream.js";
import { doctorInProcess } from "../helpers/doctor.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplicas, type Replica } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { posts } from "../helpers/guards.js";

let release: () => void = () => undefined;
/** POSTs wait until the test releases them: the dial is under way while Redis restarts. */
const held: Handler = async (req, res, raw) => {
  if (req.method === "POST") await new Promise<void>((resolve) => (release = resolve));
  return defaultHandler(req, res, raw);
};
const fx = useReplicasOnRedis(held, "emptied");

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} did not happen in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const EMPTIED = "came back empty (restarted without persistence, or flushed)";

describe("Redis restarted empty while a POST was at the service", () => {
  it("the replica writes the dial back; identical retries on it and on another replica place nothing new", async () => {
    // The POST waits for the restart: give it longer than the default deadline.
    const env = fx.env({ OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600", OUTBOUND_CALLS_TIMEOUT_MS: "60000" });
    const [a, b] = (await startReplicas(["stdio", "stdio"], { env })) as [Replica, Replica];
    fx.running.push(a, b);
    const call = { to: "+14155556010", agent_id: "agt_1", contact_name: "Dana Lee" };
    const first = a.call("create_call", call);
    await eventually(() => posts(fx.upstream).length === 1, "the POST");
    const key = posts(fx.upstream)[0]!.headers["idempotency-key"];

    await fx.redis.kill();
    await fx.redis.restart();
    await eventually(() => a.stderr().includes(EMPTIED), "A noticing the empty Redis");
    expect(a.stderr()).toContain("wrote back the 1 dial(s) it knows of");
    await eventually(() => b.stderr().includes(EMPTIED), "B noticing the empty Redis");

    // Still under way: the retry on B waits for the first dial's answer (the claim was written back) and
    // sends nothing meanwhile.
    const early = b.call("create_call", call);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(posts(fx.upstream)).toHaveLength(1);

    release();
    const placed = await first;
    expect(placed.isError, textOf(placed)).toBeFalsy();
    expect((await early).structuredContent, textOf(await early)).toMatchObject({ deduplicated: true });
    for (const r of [a, b]) {
      const again = await r.call("create_call", call);
      expect(again.structuredContent, `${r.name}: ${textOf(again)}`).toMatchObject({ deduplicated: true });
    }
    // Another request to the number is refused for the window, on either replica.
    const other = await b.call("create_call", { ...call, contact_name: "Someone Else" });
    expect(textOf(other)).toContain("was dialed within the dedupe window");
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(posts(fx.upstream)[0]!.headers["idempotency-key"]).toBe(key);

    const { stdout } = await doctorInProcess(["doctor", "--sandbox"], {
      OUTBOUND_CALLS_REDIS_URL: fx.redis.url,
      OUTBOUND_CALLS_REDIS_PREFIX: env.OUTBOUND_CALLS_REDIS_PREFIX,
    });
    expect(stdout).toMatch(/^\[warn\]\s+guard state\s+Redis at 127\.0\.0\.1:\d+ came back empty at \d{4}-/m);
  }, 90_000);
});
