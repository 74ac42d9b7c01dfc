/**
 * The lock of the passkey file and of passkeys-seen.json (state/file-lock.ts):
 * a holder whose lock was broken as stale (it stalled past the stale age: a
 * suspended laptop, a hung disk) must not, when it finishes, remove the lock
 * of the writer that broke it; otherwise a third writer gets in while the
 * second still holds it, and one of their updates is lost.
 */
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PasskeyRegistry, type Passkey } from "../../src/approval/passkeys/registry.js";
import { watermarkFile } from "../../src/approval/passkeys/watermark.js";
import { withFileLock } from "../../src/state/file-lock.js";
import { FilePasskeyShelf } from "../../src/state/passkey-shelf.js";
import { tempDir } from "../helpers/guards.js";

describe("the file lock", () => {
  it("a holder whose lock was broken as stale leaves the next holder's lock in place when it finishes", async () => {
    const path = join(tempDir("file-lock"), "passkeys.json");
    const lock = `${path}.lock`;
    let releaseSecond!: () => void;
    const secondMayGo = new Promise<void>((resolve) => (releaseSecond = resolve));
    let secondIn!: () => void;
    const secondHolds = new Promise<void>((resolve) => (secondIn = resolve));
    let second: Promise<void> | undefined;
    await withFileLock(path, async () => {
      // This holder stalls: its lock is 60 s old, so the next writer breaks it.
      const old = new Date(Date.now() - 60_000);
      utimesSync(lock, old, old);
      second = withFileLock(path, async () => {
        secondIn();
        await secondMayGo;
      });
      await secondHolds;
    });
    // The first holder is done; the second still holds its lock.
    expect(existsSync(lock)).toBe(true);
    const held = readFileSync(lock, "utf8");
    let thirdIn = false;
    const third = withFileLock(path, async () => {
      thirdIn = true;
    });
    expect(readFileSync(lock, "utf8")).toBe(held);
    expect(thirdIn).toBe(false);
    releaseSecond();
    await second;
    await third;
    expect(thirdIn).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });

  it("a lock left by a killed process is broken at once (its pid is gone), whatever its age", async () => {
    const path = join(tempDir("file-lock"), "passkeys.json");
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    writeFileSync(`${path}.lock`, `${dead} ${Date.now()}\n`);
    let ran = false;
    await withFileLock(path, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});

describe("symbolic links planted by a program of the same account", () => {
  const dana: Passkey = {
    id: "cred-dana",
    name: "Dana",
    publicKey: "pk1",
    counter: 1,
    transports: [],
    rpId: "localhost",
    createdAt: 1,
  };

  // JSON of another program (a file it is not, the server would refuse to read, failing closed).
  const VICTIM = '{"not the server\'s":true}\n';

  it("at the passkey file, its lock and passkeys-seen.json: the server replaces the links and never writes through them", async () => {
    const dir = tempDir("file-lock-links");
    const file = join(dir, "passkeys.json");
    const victims = ["a", "b", "c"].map((n) => join(tempDir("file-lock-victim"), `${n}.txt`));
    for (const v of victims) writeFileSync(v, VICTIM);
    const old = new Date(Date.now() - 60_000);
    utimesSync(victims[1]!, old, old);
    symlinkSync(victims[0]!, file);
    symlinkSync(victims[1]!, `${file}.lock`);
    symlinkSync(victims[2]!, watermarkFile(file));
    const registry = new PasskeyRegistry({
      shelf: async () => new FilePasskeyShelf(file),
      key: Buffer.alloc(32, 7),
      watermarkFile: watermarkFile(file),
      now: Date.now,
      log: () => undefined,
    });
    await registry.add(dana);
    for (const v of victims) expect(readFileSync(v, "utf8")).toBe(VICTIM);
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(lstatSync(watermarkFile(file)).isSymbolicLink()).toBe(false);
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    expect((await registry.list()).map((p) => p.name)).toEqual(["Dana"]);
  });
});
