/**
 * Issue 23 item 2, rollback of sealed passkey records: the set is sealed whole
 * with a generation, and a replica refuses a set older than the newest it has
 * seen (in memory and in its own 0600 file), reports it, and writes the newest
 * back. Run on both shelves: the passkey file and a real Redis. An attacker
 * here can write any bytes the shelf ever held (old sealed sets), but cannot
 * seal a new one (no API key).
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnrollGrants } from "../../src/approval/passkeys/grants.js";
import { PasskeyRegistry, type Passkey } from "../../src/approval/passkeys/registry.js";
import { FilePasskeyShelf, type PasskeyShelf } from "../../src/state/passkey-shelf.js";
import { RedisStore } from "../../src/guards/store/redis.js";
import { RedisPasskeyShelf } from "../../src/state/redis/passkeys.js";
import { tempDir } from "../helpers/guards.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";

const KEY = Buffer.alloc(32, 7);
const dana: Passkey = {
  id: "cred-dana",
  name: "Dana",
  publicKey: "pk1",
  counter: 1,
  transports: ["internal"],
  rpId: "calls.example.com",
  createdAt: 1_800_000_000_000,
};
const eve: Passkey = { ...dana, id: "cred-eve", name: "Eve", publicKey: "pk2", createdAt: 1_800_000_000_001 };

let redis: RedisServer;
const stores: RedisStore[] = [];
let serial = 0;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await redis?.stop();
});

interface Shelf {
  shelf: PasskeyShelf;
  /** Writes raw bytes into the shelf, as an attacker with write access would. */
  write(text: string | undefined): Promise<void>;
}

const shelves: Record<string, () => Promise<Shelf>> = {
  file: async () => {
    const shelf = new FilePasskeyShelf(join(tempDir("passkey-rollback"), "passkeys.json"));
    return {
      shelf,
      write: async (text) => {
        const { writeFileSync } = await import("node:fs");
        writeFileSync(
          shelf.path,
          JSON.stringify({ version: 2, ...(text === undefined ? {} : { set: text }), grants: {} }),
        );
      },
    };
  },
  redis: async () => {
    const prefix = `pr${++serial}:`;
    const store = await RedisStore.open(redis.settings({ prefix, commandTimeoutMs: 5_000 }), () => undefined);
    stores.push(store);
    const admin = await redis.admin();
    return {
      shelf: new RedisPasskeyShelf(store.connection, prefix, store.where),
      write: async (text) =>
        void (text === undefined
          ? await admin.del(`${prefix}passkeys:set`)
          : await admin.set(`${prefix}passkeys:set`, text)),
    };
  },
};

/** A replica (or a command run): its own record of the newest set seen, in `seen`. */
function replica(shelf: PasskeyShelf, seen = join(tempDir("passkey-seen"), "seen.json")) {
  const logs: string[] = [];
  return {
    seen,
    logs,
    registry: new PasskeyRegistry({
      shelf: async () => shelf,
      key: KEY,
      watermarkFile: seen,
      now: Date.now,
      log: (l) => logs.push(l),
    }),
  };
}

describe.each(Object.keys(shelves))("rollback of the passkey set (%s)", (kind) => {
  it("a removed passkey put back (the old sealed set written again) is refused, reported, and the newest set written back", async () => {
    const { shelf, write } = await shelves[kind]!();
    const a = replica(shelf);
    await a.registry.add(dana);
    await a.registry.add(eve);
    const withEve = (await shelf.read())!;
    // The operator removes Eve (the command: another process, its own record of what it saw).
    const command = replica(shelf);
    expect(await command.registry.remove("Eve")).toBe(1);
    const withoutEve = (await shelf.read())!;
    expect((await a.registry.list()).map((p) => p.name)).toEqual(["Dana"]);

    await write(withEve);
    expect((await a.registry.list()).map((p) => p.name)).toEqual(["Dana"]);
    expect(await a.registry.get("cred-eve")).toBeUndefined();
    expect(a.logs.join("\n")).toMatch(/ROLLBACK: .* older than generation \d+/);
    expect(await shelf.read()).toBe(withoutEve);
    // The command's own record refuses it too, and so does the replica after a restart (its file).
    await write(withEve);
    expect((await replica(shelf, a.seen).registry.list()).map((p) => p.name)).toEqual(["Dana"]);
    expect(statSync(a.seen).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(a.seen, "utf8")).scopes[shelf.scope].rollback).toMatchObject({
      newest: expect.any(Number),
      pid: process.pid,
    });
  });

  it("a set with a lower counter put back is refused: the counter stays where the last assertion left it", async () => {
    const { shelf, write } = await shelves[kind]!();
    const a = replica(shelf);
    await a.registry.add(dana);
    const before = (await shelf.read())!;
    await a.registry.setCounter(dana, 40);
    await write(before);
    expect((await a.registry.get("cred-dana"))?.counter).toBe(40);
    expect(a.logs.some((l) => l.includes("ROLLBACK"))).toBe(true);
  });

  it("a shelf emptied (or a set without our seal) does not forget the passkeys a replica saw: they are written back", async () => {
    const { shelf, write } = await shelves[kind]!();
    const a = replica(shelf);
    await a.registry.add(dana);
    const newest = await shelf.read();
    await write(undefined);
    expect((await a.registry.list()).map((p) => p.name)).toEqual(["Dana"]);
    expect(await shelf.read()).toBe(newest);
    await write(newest!.replace(/"seal":"[^"]+"/, `"seal":"${"A".repeat(43)}"`));
    expect((await a.registry.list()).map((p) => p.name)).toEqual(["Dana"]);
    expect(a.logs.join("\n")).toContain("does not carry this server's seal");
  });

  it("a writer that never saw the newest set (the command on another machine, a new replica) does not make a rollback stick by changing the old set", async () => {
    const { shelf, write } = await shelves[kind]!();
    const a = replica(shelf);
    await a.registry.add(dana);
    await a.registry.add(eve);
    const withEve = (await shelf.read())!;
    await a.registry.remove("Eve");
    await write(withEve);
    // Its own empty record of what it saw: the old set looks current to it, and it records a counter on it.
    const fresh = replica(shelf);
    await fresh.registry.setCounter(dana, 5);
    expect((await a.registry.list()).map((p) => p.name)).toEqual(["Dana"]);
    expect(await a.registry.get("cred-eve")).toBeUndefined();
    expect(a.logs.join("\n")).toMatch(/ROLLBACK: .* generation/);
    // The replica wrote its newest set back: the next reader without a record of its own gets it.
    expect((await replica(shelf).registry.list()).map((p) => p.name)).toEqual(["Dana"]);
  });

  it("a passkey whose enrollment link was made before its person was removed by name is not enrolled, whichever replica removed", async () => {
    const { shelf } = await shelves[kind]!();
    const a = replica(shelf);
    const command = replica(shelf);
    await a.registry.add(dana);
    const linkMadeAt = Date.now() - 1;
    // No passkey of Eve's yet: the removal by name is recorded all the same, for her links.
    expect(await command.registry.remove("Eve")).toBe(0);
    await expect(a.registry.add(eve, linkMadeAt)).rejects.toThrow(
      /Eve was removed after this enrollment link was made/,
    );
    expect(await a.registry.removedSince("Eve", linkMadeAt)).toBe(true);
    // A link made after the removal enrolls.
    await a.registry.add(eve, Date.now() + 1);
    expect((await a.registry.list()).map((p) => p.name)).toEqual(["Dana", "Eve"]);
  });

  it("concurrent writers (replicas, the command) lose no change: each is a compare-and-swap", async () => {
    const { shelf } = await shelves[kind]!();
    const writers = [replica(shelf), replica(shelf), replica(shelf)];
    const made = Array.from({ length: 24 }, (_, i) => ({
      ...dana,
      id: `cred-${i}`,
      name: `P${i}`,
      createdAt: dana.createdAt + i,
    }));
    await Promise.all(made.map((p, i) => writers[i % writers.length]!.registry.add(p)));
    const listed = await replica(shelf).registry.list();
    expect(listed.map((p) => p.id).sort()).toEqual(made.map((p) => p.id).sort());
    for (const w of writers) expect(w.logs.filter((l) => l.includes("ROLLBACK"))).toEqual([]);
  });
});

describe("a replica whose state folder cannot be written (a read-only container)", () => {
  it("still approves and still refuses a rollback while it runs, and says once that a restart would forget", async () => {
    const { shelf, write } = await shelves.file!();
    const a = replica(shelf, "/dev/null/cannot/seen.json");
    await a.registry.add(dana);
    await a.registry.add(eve);
    const withEve = (await shelf.read())!;
    await a.registry.remove("Eve");
    await write(withEve);
    expect((await a.registry.list()).map((p) => p.name)).toEqual(["Dana"]);
    expect(a.logs.filter((l) => l.includes("cannot be written"))).toHaveLength(1);
    expect(a.logs.some((l) => l.includes("ROLLBACK"))).toBe(true);
  });
});

describe("two deployments sharing one Redis under different prefixes, with the same API key", () => {
  async function deployment(prefix: string) {
    const store = await RedisStore.open(redis.settings({ prefix, commandTimeoutMs: 5_000 }), () => undefined);
    stores.push(store);
    const shelf = new RedisPasskeyShelf(store.connection, prefix, store.where);
    return { prefix, shelf, ...replica(shelf), grants: new EnrollGrants(async () => shelf, KEY, Date.now) };
  }

  it("a passkey set copied from one deployment's keys into the other's is no set there: the other's passkeys stay in force", async () => {
    const staging = await deployment(`stg${++serial}:`);
    const production = await deployment(`prod${serial}:`);
    await production.registry.add(dana);
    await staging.registry.add(eve);
    const admin = await redis.admin();
    // Someone who can write Redis (no API key) copies staging's sealed set over production's.
    await admin.set(`${production.prefix}passkeys:set`, (await admin.get(`${staging.prefix}passkeys:set`))!);
    expect((await production.registry.list()).map((p) => p.name)).toEqual(["Dana"]);
    // Nor does a production replica that never saw Dana's set take it.
    await admin.set(`${production.prefix}passkeys:set`, (await admin.get(`${staging.prefix}passkeys:set`))!);
    expect((await replica(production.shelf).registry.list()).map((p) => p.name)).toEqual([]);
  });

  it("an enrollment grant copied from one deployment's keys into the other's opens nothing there", async () => {
    const staging = await deployment(`stg${++serial}:`);
    const production = await deployment(`prod${serial}:`);
    const { ticket } = await staging.grants.issue("Eve", 60_000);
    expect(await staging.grants.read(ticket)).toMatchObject({ name: "Eve" });
    const admin = await redis.admin();
    await admin.set(
      `${production.prefix}passkey-grant:${ticket}`,
      (await admin.get(`${staging.prefix}passkey-grant:${ticket}`))!,
      { PX: 60_000 },
    );
    expect(await production.grants.read(ticket)).toBeUndefined();
  });
});
