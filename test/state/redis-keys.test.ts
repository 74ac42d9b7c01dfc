/**
 * What the Redis store leaves in Redis: exactly the documented keys
 * (src/state/redis/keys.ts), each with a TTL no longer than its purpose needs,
 * nothing that grows without bound as dials go on, and what a dial costs in
 * bytes (printed for the docs' sizing section; asserted only loosely).
 */
import { CAP_NUMBER_RETENTION_MS } from "../../src/guards/caps/state/store.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RedisStore } from "../../src/guards/store/redis.js";
import { shortReservationId } from "../../src/guards/caps/state/redis.js";
import { startRedisServer, type AdminClient, type RedisServer } from "../helpers/redis-server.js";
import { A, B, DAY, HOUR, LEASE, MIN, WINDOW, claim, placed } from "./contract/support.js";
import { testOutput } from "../helpers/test-output.js";

let server: RedisServer;
let admin: AdminClient;
const stores: RedisStore[] = [];
let serial = 0;

async function open(): Promise<{ store: RedisStore; prefix: string }> {
  serial += 1;
  const prefix = `k${serial}:`;
  const store = await RedisStore.open(server.settings({ prefix, commandTimeoutMs: 5_000 }), () => undefined);
  stores.push(store);
  return { store, prefix };
}

/**
 * Every key under the prefix with its TTL in ms (-1: none), but `epoch`: one key per prefix, set when the store
 * opens, with no TTL (it tells a Redis that came back empty; checked on its own below).
 */
async function keysOf(prefix: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const batch of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
    for (const key of batch) if (key !== `${prefix}epoch`) out.set(key.slice(prefix.length), await admin.pTTL(key));
  }
  return out;
}

beforeAll(async () => {
  server = await startRedisServer();
  admin = await server.admin();
});

afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await server?.stop();
});

describe("the Redis keys", () => {
  it("a dial's whole life leaves only the documented keys, each with a bounded TTL", async () => {
    const { store, prefix } = await open();
    // The store's epoch: one bounded key per prefix, kept (no TTL) like the secrets.
    expect(await admin.get(`${prefix}epoch`)).toMatch(/^\d{13}-[0-9a-f]{32}$/);
    expect(await admin.pTTL(`${prefix}epoch`)).toBe(-1);
    const now = Date.now();
    const req = claim({ numbers: [A, B], now });
    await store.dials.claim(req);
    expect(await keysOf(prefix)).toEqual(
      new Map([
        [`dial:${req.requestKey}`, expect.any(Number)],
        [`num:${A}`, expect.any(Number)],
        [`num:${B}`, expect.any(Number)],
      ]),
    );
    await store.caps.reserve("res-1", [A, B], now, { perHour: 10, perNumberPerDay: 3 });
    await store.dials.settle(req.requestKey, req.owner, placed(now), now, WINDOW);
    await store.once.use("token-1", now, 5 * MIN);
    await store.rates.take("10.0.0.7", 1, 60, MIN, now);
    await store.approvals.create({
      id: "ap-1",
      requestKey: req.requestKey,
      tool: "create_call",
      secretHash: "ab".repeat(32),
      view: { to: A },
      createdAt: now,
      expiresAt: now + 10 * MIN,
      status: "pending",
    });
    const keys = await keysOf(prefix);
    const bound: Record<string, number> = {
      [`dial:${req.requestKey}`]: WINDOW,
      [`num:${A}`]: LEASE + WINDOW,
      [`num:${B}`]: LEASE + WINDOW,
      "cap:hour": HOUR,
      // A number's dials are kept for the longest per-number limit of the law of the place called.
      [`cap:day:${A}`]: CAP_NUMBER_RETENTION_MS,
      [`cap:day:${B}`]: CAP_NUMBER_RETENTION_MS,
      [`cap:res:${shortReservationId("res-1")}`]: DAY,
      "once:token-1": 5 * MIN,
      "rate:10.0.0.7": MIN,
      "appr:ap-1": 20 * MIN,
      [`appr:req:${req.requestKey}`]: 20 * MIN,
      "appr:pending": 20 * MIN,
      "appr:pending:exp": 20 * MIN,
    };
    expect([...keys.keys()].sort()).toEqual(Object.keys(bound).sort());
    for (const [key, ttl] of keys) {
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(bound[key]!);
    }
  });

  it("not_placed and release leave nothing behind", async () => {
    const { store, prefix } = await open();
    const now = Date.now();
    const req = claim({ numbers: [A, B], now });
    await store.dials.claim(req);
    await store.caps.reserve("res-1", [A, B], now, { perHour: 10, perNumberPerDay: 3 });
    await store.dials.settle(req.requestKey, req.owner, { kind: "not_placed" }, now, WINDOW);
    await store.caps.release("res-1");
    expect([...(await keysOf(prefix)).keys()]).toEqual([]);
  });

  it("a number's dials are pruned after 31 days (the longest per-number limit of the law)", async () => {
    const { store, prefix } = await open();
    const start = Date.now() - 60 * DAY;
    for (let d = 0; d <= 30; d++)
      await store.caps.reserve(`spaced${d}`, [A], start + d * 2 * DAY, {
        perHour: undefined,
        perNumberPerDay: undefined,
      });
    // Dials every 2 days for 60 days: only those within the last 31 days stay.
    expect(await admin.zCard(`${prefix}cap:day:${A}`)).toBe(16);
  });

  it("indexes stay within their windows however many dials go by (30 h of a dial every 2 min)", async () => {
    const { store, prefix } = await open();
    const start = Date.now() - 30 * HOUR;
    const numbers = [A, B, "+14155550103", "+14155550104", "+14155550105"];
    const step = 2 * MIN;
    let at = start;
    for (let i = 0; at <= start + 30 * HOUR; i++, at += step) {
      const req = claim({ numbers: [numbers[i % numbers.length]!], now: at, allowRecentNumbers: true });
      await store.dials.claim(req);
      await store.caps.reserve(`r${i}`, req.numbers, at, { perHour: undefined, perNumberPerDay: undefined });
      await store.dials.settle(req.requestKey, req.owner, placed(at), at, WINDOW);
    }
    const last = at - step;
    // Every index is pruned as the window moves: an hour, a day, a dedupe window of rows, no more.
    expect(await admin.zCard(`${prefix}cap:hour`)).toBeLessThanOrEqual(HOUR / step + 1);
    for (const n of numbers) {
      expect(await admin.zCard(`${prefix}cap:day:${n}`)).toBeLessThanOrEqual((30 * HOUR) / step / numbers.length + 1);
      await store.dials.recentByNumber([n], last, WINDOW);
      expect(await admin.zCard(`${prefix}num:${n}`)).toBeLessThanOrEqual(WINDOW / step + 1);
    }
    // Dial records carry TTLs measured from their own times (30 h of them exist only because time was simulated).
    for (const [key, ttl] of await keysOf(prefix)) {
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(key.includes("cap:day:") ? CAP_NUMBER_RETENTION_MS : DAY);
    }
  });

  it("what one dial costs in Redis memory (printed for the sizing docs)", async () => {
    const { store, prefix } = await open();
    const now = Date.now();
    const sizes: Record<string, number> = {};
    for (const rows of [1, 10]) {
      const numbers = Array.from({ length: rows }, (_, i) => `+1415555${String(2000 + rows * 100 + i)}`);
      const req = claim({ numbers, now, requestKey: "f".repeat(64), tool: rows > 1 ? "submit_batch" : "create_call" });
      await store.dials.claim(req);
      await store.caps.reserve(`res-${rows}-0123456789abcdef`, numbers, now, { perHour: 100, perNumberPerDay: 3 });
      const callIds = numbers.map((_, i) => `call_${String(i).padStart(24, "0")}`);
      await store.dials.settle(
        req.requestKey,
        req.owner,
        { kind: "placed", at: now, summary: { status: "queued", call_ids: callIds.slice(0, 3), rows }, callIds },
        now,
        WINDOW,
      );
      let total = 0;
      for (const key of (await keysOf(prefix)).keys()) total += (await admin.memoryUsage(`${prefix}${key}`)) ?? 0;
      sizes[`${rows} row${rows > 1 ? "s" : ""}`] = total;
      await admin.sendCommand([
        "EVAL",
        "for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) end",
        "0",
        `${prefix}*`,
      ]);
    }
    testOutput(`redis bytes per dial (dial + number index + caps + reservation): ${JSON.stringify(sizes)}\n`);
    expect(sizes["1 row"]).toBeLessThan(4_096);
    expect(sizes["10 rows"]).toBeLessThan(16_384);
  });
});
