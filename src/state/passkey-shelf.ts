/**
 * Where enrolled passkeys are kept: the whole set as one sealed record (the
 * approvals desk seals it: approval/passkeys/passkey-set.ts), replaced only by a
 * compare-and-swap, so two writers (a counter update on one replica, a removal
 * by the command) never lose each other's change; and the one-time enrollment
 * grants of hosted enrollment, each with its expiry. Two shelves: Redis (keys
 * `passkeys:set` and `passkey-grant:<ticket>`, shared by the replicas:
 * state/redis/passkeys.ts) and, without Redis, a file (this one), because the
 * command that enrolls runs as a process of its own and a server without Redis
 * keeps its other state in memory only. The shelf stores text; whether a
 * record is genuine, and not older than one seen before, is for the registry.
 */
import { readSmallFile, withFileLock, writeFileAtomic } from "./file-lock.js";
import type { SharedStore } from "./store.js";

export interface PasskeyShelf {
  /** Which shelf this is (the file's path, or Redis and prefix): names it in the record of the newest set seen. */
  readonly scope: string;
  /** Where, for people: "Redis" or the file's path. */
  readonly where: string;
  /**
   * Whose passkeys these are, the same on every replica of one deployment ("file", or Redis and prefix): sealed
   * into the set and the grants, so a record copied from another deployment's keys (one Redis, several prefixes,
   * one API key) opens nothing here.
   */
  readonly namespace: string;
  /** The sealed set as stored, undefined when there is none. */
  read(): Promise<string | undefined>;
  /** Stores `next` if the stored set is still `expected` (undefined: none); false when another writer came first. */
  swap(expected: string | undefined, next: string): Promise<boolean>;
  /** Keeps a sealed enrollment grant until `expiresAt`. */
  putGrant(ticket: string, record: string, expiresAt: number): Promise<void>;
  getGrant(ticket: string): Promise<string | undefined>;
  /** Removes the grant; true only for the one caller that removed it (a link works once, on any replica). */
  takeGrant(ticket: string): Promise<boolean>;
}

/** A bound on the file, so a damaged or hostile one cannot make the server read without end. */
const MAX_FILE_BYTES = 1024 * 1024;

interface ShelfFile {
  version: 2;
  set?: string;
  grants: Record<string, { record: string; expiresAt: number }>;
}

function parseFile(text: string | undefined): ShelfFile {
  const out: ShelfFile = { version: 2, grants: {} };
  if (text === undefined) return out;
  const parsed = JSON.parse(text) as { version?: unknown; set?: unknown; grants?: unknown };
  // Version 1 (one record per credential) is not read: those records could be put back one by one.
  if (parsed.version !== 2) return out;
  if (typeof parsed.set === "string") out.set = parsed.set;
  if (parsed.grants && typeof parsed.grants === "object") {
    for (const [ticket, grant] of Object.entries(
      parsed.grants as Record<string, { record?: unknown; expiresAt?: unknown }>,
    )) {
      if (typeof grant?.record === "string" && typeof grant.expiresAt === "number")
        out.grants[ticket] = { record: grant.record, expiresAt: grant.expiresAt };
    }
  }
  return out;
}

/**
 * The file shelf: `{"version":2,"set":<sealed set>,"grants":{…}}`, read on every use (an enrollment made by the
 * command is seen at once by a running server). Every change is made under the file's lock and written whole
 * to a temporary file that is renamed over it (file-lock.ts), 0600 in a folder made 0700.
 */
export class FilePasskeyShelf implements PasskeyShelf {
  readonly scope: string;
  readonly where: string;
  readonly namespace = "file";

  constructor(
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {
    this.scope = `file ${path}`;
    this.where = path;
  }

  async read(): Promise<string | undefined> {
    return parseFile(await readSmallFile(this.path, MAX_FILE_BYTES)).set;
  }

  swap(expected: string | undefined, next: string): Promise<boolean> {
    return this.update((file) => {
      if (file.set !== expected) return false;
      file.set = next;
      return true;
    });
  }

  async putGrant(ticket: string, record: string, expiresAt: number): Promise<void> {
    await this.update((file) => {
      file.grants[ticket] = { record, expiresAt };
      return true;
    });
  }

  async getGrant(ticket: string): Promise<string | undefined> {
    const grant = parseFile(await readSmallFile(this.path, MAX_FILE_BYTES)).grants[ticket];
    return grant && grant.expiresAt > this.now() ? grant.record : undefined;
  }

  takeGrant(ticket: string): Promise<boolean> {
    return this.update((file) => {
      const grant = file.grants[ticket];
      if (!grant) return false;
      delete file.grants[ticket];
      return grant.expiresAt > this.now();
    });
  }

  /** Read, change and write under the lock; `change` says whether anything is to be written. */
  private update(change: (file: ShelfFile) => boolean): Promise<boolean> {
    return withFileLock(this.path, async () => {
      const file = parseFile(await readSmallFile(this.path, MAX_FILE_BYTES));
      const changed = change(file);
      const now = this.now();
      let pruned = false;
      for (const [ticket, grant] of Object.entries(file.grants)) {
        if (grant.expiresAt <= now) {
          delete file.grants[ticket];
          pruned = true;
        }
      }
      if (changed || pruned) await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`);
      return changed;
    });
  }
}

/** The shelf of this guard store: Redis when the store is Redis, else the file. */
export async function openPasskeyShelf(store: SharedStore, file: string): Promise<PasskeyShelf> {
  if (store.kind !== "redis") return new FilePasskeyShelf(file);
  const [{ RedisPasskeyShelf }, { RedisSharedStore }] = await Promise.all([
    import("./redis/passkeys.js"),
    import("./redis-store.js"),
  ]);
  if (!(store instanceof RedisSharedStore)) throw new Error("a guard store of kind redis that is not a RedisStore");
  return new RedisPasskeyShelf(store.connection, store.prefix, store.where);
}
