/**
 * Where enrolled passkeys are kept: one record per credential id, as the
 * consent desk sealed it (consent/passkeys/registry.ts), with no expiry (a
 * passkey lasts until an operator removes it). Two shelves: Redis (the hash
 * `passkeys`, shared by the replicas: state/redis/passkeys.ts) and, without
 * Redis, a file (this one), because the command that enrolls runs as a process
 * of its own and a server without Redis keeps its other state in memory only.
 * The shelf stores text; whether a record is genuine is for the seal to say.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import type { GuardStore } from "./store.js";

export interface PasskeyShelf {
  /** Every record as stored: credential id -> sealed record text. */
  all(): Promise<Map<string, string>>;
  /** Writes (or rewrites) one record. */
  put(id: string, record: string): Promise<void>;
  /** Removes one record; false if it was not there. */
  remove(id: string): Promise<boolean>;
}

/** A bound on the file, so a damaged or hostile one cannot make the server read without end. */
const MAX_FILE_BYTES = 1024 * 1024;

/**
 * The file shelf: `{"version":1,"credentials":{<id>:<record>}}`, read on every use (an enrollment made by the
 * command is seen at once by a running server), written whole to a temporary file and renamed (a reader never
 * sees half a file), 0600 in a folder made 0700.
 */
export class FilePasskeyShelf implements PasskeyShelf {
  constructor(readonly path: string) {}

  async all(): Promise<Map<string, string>> {
    let text: string;
    try {
      const buffer = readFileSync(this.path);
      if (buffer.length > MAX_FILE_BYTES) throw new Error(`${this.path} is larger than ${MAX_FILE_BYTES} bytes`);
      text = buffer.toString("utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
      throw error;
    }
    const parsed = JSON.parse(text) as { credentials?: unknown };
    const out = new Map<string, string>();
    if (parsed.credentials && typeof parsed.credentials === "object") {
      for (const [id, record] of Object.entries(parsed.credentials as Record<string, unknown>)) if (typeof record === "string") out.set(id, record);
    }
    return out;
  }

  async put(id: string, record: string): Promise<void> {
    const all = await this.all();
    all.set(id, record);
    this.write(all);
  }

  async remove(id: string): Promise<boolean> {
    const all = await this.all();
    if (!all.delete(id)) return false;
    this.write(all);
    return true;
  }

  private write(all: Map<string, string>): void {
    const dir = dirname(this.path);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temporary = join(dir, `.passkeys-${randomBytes(6).toString("hex")}.tmp`);
    writeFileSync(temporary, `${JSON.stringify({ version: 1, credentials: Object.fromEntries(all) }, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.path);
  }
}

/** The shelf of this guard store: Redis's hash when the store is Redis, else the file. */
export async function openPasskeyShelf(store: GuardStore, file: string): Promise<PasskeyShelf> {
  if (store.kind !== "redis") return new FilePasskeyShelf(file);
  const [{ RedisPasskeyShelf }, { RedisStore }] = await Promise.all([import("./redis/passkeys.js"), import("./redis-store.js")]);
  if (!(store instanceof RedisStore)) throw new Error("a guard store of kind redis that is not a RedisStore");
  return new RedisPasskeyShelf(store.connection, store.prefix);
}
