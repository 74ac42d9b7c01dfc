/**
 * A dial's first round trip to Redis carries the opt-out list with the store's epoch, the claim and (unattended) the
 * caps' reservation together: the claim and the reservation are taken before the guards that come earlier in the
 * list have looked. What that merge could break, on real replicas and a real redis-server:
 * - a refusal by any guard after them (an opt-out, a recent number, a replay of an identical dial) leaves neither
 *   the claim nor the reservation behind;
 * - a dial on a dry run's token is counted in that round trip too: a token refused later gives the count back;
 * - two replicas racing for the last slot of a cap: one dial goes, the others leave nothing counted;
 * - a FLUSHALL since the replica last looked is noticed by the dial's own first round trip (refused: the list may be
 *   incomplete), and what that dial claimed and reserved in the emptied Redis is given back.
 */
import { describe, expect, it } from "vitest";
import { defaultHandler } from "../helpers/fake-upstream.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplicas, type Replica, type ReplicaKind } from "../helpers/replicas.js";
import { textOf } from "../helpers/server-process.js";
import { posts } from "../helpers/guards.js";

const fx = useReplicasOnRedis(defaultHandler, "rt");
const CALL = { to: "+14155556101", agent_id: "agt_1", contact_name: "Dana Lee" };

async function replicas(kinds: ReplicaKind[], extra: Record<string, string>): Promise<[Replica[], string]> {
  const env = fx.env({ OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600", ...extra });
  const started = await startReplicas(kinds, { env });
  fx.running.push(...started);
  return [started, env.OUTBOUND_CALLS_REDIS_PREFIX!];
}

/** What the dials hold in Redis under `prefix`: claimed numbers, rows counted this hour, reservations. */
async function held(prefix: string) {
  const admin = await fx.redis.admin();
  const keys = await admin.keys(`${prefix}*`);
  const numbers = keys.filter((k) => k.startsWith(`${prefix}num:`)).map((k) => k.slice(`${prefix}num:`.length));
  return {
    numbers: numbers.sort(),
    dials: keys.filter((k) => k.startsWith(`${prefix}dial:`)).length,
    hour: await admin.zCard(`${prefix}cap:hour`),
    reservations: keys.filter((k) => k.startsWith(`${prefix}cap:res:`)).length,
  };
}

describe("a refusal after the claim and the reservation of the first round trip", () => {
  it("an opt-out, a recent number and a replay leave no claim and no reservation behind", async () => {
    const [[a], p] = await replicas(["stdio"], { OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "10" });
    const placed = await a!.call("create_call", CALL);
    expect(placed.isError, textOf(placed)).toBeFalsy();
    const once = { numbers: [CALL.to], dials: 1, hour: 1, reservations: 1 };
    expect(await held(p)).toEqual(once);

    // The identical dial again: answered with the first one's call; its reservation is given back.
    const replay = await a!.call("create_call", CALL);
    expect(replay.structuredContent, textOf(replay)).toMatchObject({ deduplicated: true });
    expect(await held(p)).toEqual(once);

    // Another request to the number: refused by the dedupe guard after its reservation was taken.
    const recent = await a!.call("create_call", { ...CALL, contact_name: "Someone Else" });
    expect(textOf(recent)).toContain("was dialed within the dedupe window by another request");
    expect(await held(p)).toEqual(once);

    // A number on the opt-out list: the opt-outs guard, first in the list, refuses what was already claimed.
    const stop = "+14155556102";
    const listed = await a!.call("add_do_not_call", { number: stop, heard: "please never call me again" });
    expect(listed.isError, textOf(listed)).toBeFalsy();
    const refused = await a!.call("create_call", { ...CALL, to: stop });
    expect(textOf(refused)).toContain("Refused (opted_out)");
    expect(await held(p)).toEqual(once);
    expect(posts(fx.upstream)).toHaveLength(1);
  }, 60_000);
});

describe("a dry run's token: nobody decides after the check, so the dial is counted in the first round trip", () => {
  it("a token spent already, or another request's, refuses after the count: nothing stays counted", async () => {
    const [[a], p] = await replicas(["stdio"], {
      OUTBOUND_CALLS_CONFIRM: "token",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
      OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "10",
    });
    const dry = await a!.call("create_call", { ...CALL, dry_run: true });
    const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
    const dialed = await a!.call("create_call", { ...CALL, confirmation_token: token });
    expect(dialed.structuredContent, textOf(dialed)).toMatchObject({ confirmed_by: "token" });
    const once = { numbers: [], dials: 0, hour: 1, reservations: 1 };
    expect(await held(p)).toEqual(once);

    // Spent when the dial commits, after the count: given back.
    expect(textOf(await a!.call("create_call", { ...CALL, confirmation_token: token }))).toContain("was already used");
    expect(await held(p)).toEqual(once);
    // Another request's token: refused at the approval, after the count: given back.
    const other = await a!.call("create_call", { ...CALL, to: "+14155556140", confirmation_token: token });
    expect(textOf(other)).toContain("was issued for a different request");
    expect(await held(p)).toEqual(once);
    expect(posts(fx.upstream)).toHaveLength(1);
  }, 60_000);
});

describe("two replicas racing for the last slot of a cap", () => {
  it("an hourly cap of 3 with 2 used: 6 dials at once over 2 replicas place exactly 1; the refused leave nothing", async () => {
    const [[a, b], p] = await replicas(["stdio", "http"], { OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "3" });
    for (const to of ["+14155556110", "+14155556111"]) {
      const r = await a!.call("create_call", { ...CALL, to });
      expect(r.isError, textOf(r)).toBeFalsy();
    }
    const racing = Array.from({ length: 6 }, (_, i) =>
      (i % 2 === 0 ? a! : b!).call("create_call", { ...CALL, to: `+1415555612${i}` }),
    );
    const results = await Promise.all(racing);
    expect(results.filter((r) => !r.isError)).toHaveLength(1);
    for (const r of results.filter((r) => r.isError)) expect(textOf(r)).toContain("Refused by the dials-per-hour cap");
    expect(posts(fx.upstream)).toHaveLength(3);
    const state = await held(p);
    expect(state).toMatchObject({ dials: 3, hour: 3, reservations: 3 });
    expect(state.numbers).toHaveLength(3);
  }, 60_000);
});

describe("a FLUSHALL since the replica last looked", () => {
  it("is noticed by the dial's own first round trip; what it claimed and reserved is given back; then it dials", async () => {
    // The watch's tick (which also looks at the epoch) once a minute: the dial is the first to look.
    const [[a], p] = await replicas(["stdio"], {
      OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "10",
      OUTBOUND_CALLS_OPT_OUT_POLL_S: "60",
      OUTBOUND_CALLS_OPT_OUT_JOURNAL: "off",
    });
    const placed = await a!.call("create_call", CALL);
    expect(placed.isError, textOf(placed)).toBeFalsy();
    await (await fx.redis.admin()).flushAll();

    const other = { ...CALL, to: "+14155556130" };
    const refused = await a!.call("create_call", other);
    expect(textOf(refused)).toContain("opt_out_list_incomplete");
    const after = await held(p);
    expect(after.numbers).not.toContain(other.to);
    expect(after.hour).toBe(0);
    expect(after.reservations).toBe(0);

    // Once the replica wrote back what it knows, the same dial goes, once.
    let again = await a!.call("create_call", other);
    for (let i = 0; i < 50 && textOf(again).includes("opt_out_list_incomplete"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await a!.call("create_call", other);
    }
    expect(again.isError, textOf(again)).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(2);
    expect(await held(p)).toMatchObject({ hour: 1, reservations: 1 });
  }, 60_000);
});
