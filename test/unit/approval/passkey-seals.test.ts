/**
 * The two stores of trust behind passkey approvals, without a browser: the
 * challenges (bound to purpose and approval, in time, spent once on the store's
 * one-time marks) and the registry (only records sealed under the server's key
 * are passkeys; an edit of the file or a record sealed under another key is not).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Challenges } from "../../../src/approval/passkeys/challenges.js";
import { PasskeyRegistry, type Passkey } from "../../../src/approval/passkeys/registry.js";
import { MemoryStore } from "../../../src/guards/store/memory.js";
import { FilePasskeyShelf } from "../../../src/state/passkey-shelf.js";
import { tempDir } from "../../helpers/guards.js";

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);
const T0 = 1_800_000_000_000;

describe("passkey challenges", () => {
  const marks = () => new MemoryStore().once;

  it("checks out for its purpose and approval only, and is spent once", async () => {
    let now = T0;
    const c = new Challenges(KEY, marks(), () => now);
    const challenge = c.issue("approve", "approvalAAAAAAAAAAAAAA", T0 + 60_000);
    expect(c.valid(challenge, "approve", "approvalAAAAAAAAAAAAAA")).toBe(true);
    expect(c.valid(challenge, "approve", "approvalBBBBBBBBBBBBBB")).toBe(false);
    expect(c.valid(challenge, "enroll-auth", "approvalAAAAAAAAAAAAAA")).toBe(false);
    expect(await c.spend(challenge, "approve", "approvalBBBBBBBBBBBBBB")).toBe(false);
    expect(await c.spend(challenge, "approve", "approvalAAAAAAAAAAAAAA")).toBe(true);
    expect(await c.spend(challenge, "approve", "approvalAAAAAAAAAAAAAA")).toBe(false);
    now = T0 + 60_000;
    expect(c.valid(c.issue("approve", "x", T0 + 60_000), "approve", "x")).toBe(false);
  });

  it("is spent on every replica that shares the marks", async () => {
    const shared = marks();
    const a = new Challenges(KEY, shared, () => T0);
    const b = new Challenges(KEY, shared, () => T0);
    const challenge = a.issue("approve", "id", T0 + 60_000);
    const spent = await Promise.all([a.spend(challenge, "approve", "id"), b.spend(challenge, "approve", "id")]);
    expect(spent.filter(Boolean)).toHaveLength(1);
  });

  it("is not ours when another key made it or its text was changed", () => {
    const c = new Challenges(KEY, marks(), () => T0);
    const theirs = new Challenges(OTHER_KEY, marks(), () => T0).issue("approve", "id", T0 + 60_000);
    expect(c.valid(theirs, "approve", "id")).toBe(false);
    const ours = Buffer.from(c.issue("approve", "id", T0 + 60_000), "base64url").toString("utf8");
    const later = ours.replace(
      /^approve\.id\.([0-9a-z]+)\./,
      (_m, exp: string) => `approve.id.${(parseInt(exp, 36) * 2).toString(36)}.`,
    );
    expect(c.valid(Buffer.from(later, "utf8").toString("base64url"), "approve", "id")).toBe(false);
  });
});

describe("the passkey registry", () => {
  const passkey: Passkey = {
    id: "cred1",
    name: "Dana",
    publicKey: "pk",
    counter: 3,
    transports: ["internal"],
    rpId: "localhost",
    createdAt: T0,
  };

  /** A registry on a passkey file; `seen` names the replica's own record of the newest set (a fresh one by default). */
  function registry(
    key = KEY,
    file = join(tempDir("passkey-registry"), "passkeys.json"),
    seen = join(tempDir("passkey-seen"), "seen.json"),
  ) {
    const logs: string[] = [];
    const shelf = new FilePasskeyShelf(file);
    return {
      file,
      logs,
      shelf,
      registry: new PasskeyRegistry({
        shelf: async () => shelf,
        key,
        watermarkFile: seen,
        now: Date.now,
        log: (l) => logs.push(l),
      }),
    };
  }

  it("lists what it sealed; a changed copy is nothing to a replica that never saw the genuine one", async () => {
    const r = registry();
    await r.registry.add(passkey);
    expect(await r.registry.list()).toEqual([passkey]);
    for (const change of [{ name: "Mallory" }, { publicKey: "attacker" }, { rpId: "evil.example" }, { counter: 0 }]) {
      const stored = JSON.parse(readFileSync(r.file, "utf8")) as { set: string };
      const set = JSON.parse(stored.set) as { passkeys: Passkey[] };
      set.passkeys[0] = { ...set.passkeys[0]!, ...change };
      const before = readFileSync(r.file, "utf8");
      writeFileSync(r.file, JSON.stringify({ ...stored, set: JSON.stringify(set) }));
      const fresh = registry(KEY, r.file);
      expect(await fresh.registry.list()).toEqual([]);
      expect(fresh.logs.join("\n")).toContain("does not carry this server's seal");
      writeFileSync(r.file, before);
    }
  });

  it("honours no set sealed under another key (another API key, or one an attacker chose)", async () => {
    const r = registry();
    await registry(OTHER_KEY, r.file).registry.add(passkey);
    expect(await r.registry.list()).toEqual([]);
    expect(await r.registry.get("cred1")).toBeUndefined();
  });

  it("keeps the counter an assertion carried (never lower), removes by name, and never enrolls a removed id again", async () => {
    const r = registry();
    await r.registry.add(passkey);
    await r.registry.setCounter(passkey, 9);
    expect((await r.registry.get("cred1"))?.counter).toBe(9);
    await r.registry.setCounter(passkey, 5);
    expect((await r.registry.get("cred1"))?.counter).toBe(9);
    expect(await r.registry.remove("Dana")).toBe(1);
    expect(await r.registry.list()).toEqual([]);
    await expect(r.registry.add(passkey)).rejects.toThrow(/removed before/);
  });
});
