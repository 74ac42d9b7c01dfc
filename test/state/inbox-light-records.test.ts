/**
 * The inbox lists light records only (issue 23 item 4), in memory and on Redis: after an approval is opened, a
 * page of the inbox never reads its view; a light record that this server did not seal (written into Redis by
 * anyone else, or moved to another approval's id) is not listed, and opening the approval still reads the full,
 * sealed record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApprovalRequest, ApprovalView } from "../../src/approval/channel.js";
import { ApprovalDesk } from "../../src/approval/desk.js";
import { MemoryApprovals } from "../../src/state/memory-approvals.js";
import { RedisStore } from "../../src/guards/store/redis.js";
import { deriveStateKey } from "../../src/state/state-key.js";
import type { ApprovalStore, InboxCursor } from "../../src/state/store.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";

const SEAL_KEY = deriveStateKey("sk_test_inbox_light", "approvals");

/** A batch view of `rows` rows with 50 metadata keys each (60 rows: about 500 KB). */
function request(n: number, rows: number): ApprovalRequest {
  const metadata = Object.fromEntries(
    Array.from({ length: 50 }, (_, k) => [`field_${k}`, `${n}:${k}:`.padEnd(150, "x")]),
  );
  const list = Array.from({ length: rows }, (_, r) => ({
    e164: `+1415555${String(1000 + ((n + r) % 9000))}`,
    international: `+1 415 555 ${String(1000 + ((n + r) % 9000))}`,
    country: "US",
    countryName: "United States",
    agentId: "agt_1",
    metadata,
  }));
  const view: ApprovalView = {
    tool: "submit_batch",
    rows: list,
    countries: [{ code: "US", name: "United States", count: rows }],
    agents: [{ id: "agt_1", name: "Ava" }],
  };
  return { requestKey: `light-${n}`, view, text: "" };
}

function desk(approvals: ApprovalStore, log: string[] = []): ApprovalDesk {
  return new ApprovalDesk({
    approvals,
    now: Date.now,
    ttlMs: 20 * 60_000,
    sealKey: () => SEAL_KEY,
    log: (line) => log.push(line),
  });
}

async function pageAll(d: ApprovalDesk, order: "newest" | "oldest", size = 50): Promise<string[]> {
  const ids: string[] = [];
  let after: InboxCursor | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await d.listPending({ order, size, after });
    // Light records: a page of 50 weighs a few KB, whatever the views weigh.
    expect(JSON.stringify(page).length).toBeLessThan(size * 1_024);
    ids.push(...page.items.map((s) => s.id));
    if (!page.next) break;
    after = page.next;
  }
  return ids;
}

describe("memory", () => {
  it("pages through 220 approvals of 500 KB from 44 clients without loading a full record", async () => {
    // Room for all of them (the default keeps 16 MiB of views): this is about what a page reads, not the bound.
    const approvals = new MemoryApprovals(10_000, 256 * 1024 * 1024);
    const d = desk(approvals);
    const opened: string[] = [];
    for (let c = 0; c < 44; c++)
      for (let k = 0; k < 5; k++) opened.push((await d.open(request(c * 5 + k, 60), "page", `10.1.0.${c}`)).record.id);
    approvals.get = () => Promise.reject(new Error("the inbox loaded a full record"));
    const started = performance.now();
    const newest = await pageAll(d, "newest");
    const ms = performance.now() - started;
    expect(new Set(newest).size).toBe(220);
    expect([...newest].sort()).toEqual([...opened].sort());
    expect(await pageAll(d, "oldest")).toEqual([...newest].reverse());
    // Five pages of light records: milliseconds, not the seconds of parsing 200 views.
    expect(ms).toBeLessThan(2_000);
  });
});

describe("redis", () => {
  let server: RedisServer;
  let store: RedisStore;
  beforeAll(async () => {
    server = await startRedisServer();
    store = await RedisStore.open(server.settings({ prefix: "light:", commandTimeoutMs: 10_000 }), () => undefined);
  });
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  it("lists a light record only with this server's seal; opening reads the full sealed record", async () => {
    const log: string[] = [];
    const d = desk(store.approvals, log);
    const a = (await d.open(request(1, 2), "page", "10.0.0.1")).record;
    const b = (await d.open(request(2, 2), "page", "10.0.0.2")).record;
    expect((await d.listPending({ order: "newest", size: 10 })).items.map((s) => s.id)).toEqual([b.id, a.id]);
    const admin = await server.admin();
    // Someone rewrites a's light record to show other numbers, and copies b's genuine one onto a third id.
    const lite = JSON.parse((await admin.hGet(`light:appr:${a.id}`, "lite"))!) as Record<string, unknown>;
    await admin.hSet(`light:appr:${a.id}`, "lite", JSON.stringify({ ...lite, numbers: "+1 900 555 0100" }));
    const forgedId = "AAAAAAAAAAAAAAAAAAAAAA";
    await admin.hSet(`light:appr:${forgedId}`, {
      status: "pending",
      exp: String(Date.now() + 600_000),
      lite: (await admin.hGet(`light:appr:${b.id}`, "lite"))!,
    });
    await admin.zAdd("light:appr:pending", { score: Date.now(), value: forgedId });
    const page = await d.listPending({ order: "newest", size: 10 });
    expect(page.items.map((s) => s.id)).toEqual([b.id]);
    expect(page.items[0]!.numbers).toContain("+1 415 555");
    expect(log.join("\n")).toContain(a.id);
    expect(log.join("\n")).toContain(forgedId);
    // Opening a still reads its full record and its own seal, untouched by the light one.
    const full = await d.get(a.id);
    expect(full?.requestKey).toBe("light-1");
    expect(await d.get(forgedId)).toBeUndefined();
  });
});
