/**
 * The enrolled passkeys, kept as one sealed set (passkey-set.ts) on a shelf
 * (state/passkey-shelf.ts: Redis or a file). A set without this server's seal
 * is never honoured (a write to Redis, an edit of the file by a program that
 * lacks the API key), and is reported once. A sealed set older than the newest
 * this replica has seen (watermark.ts) is a rollback: old sealed bytes written
 * back to undo a removal or a counter. It is refused and reported, the newest
 * set is used instead and written back over it. Every change is a
 * compare-and-swap from the set read to the next generation, so concurrent
 * writers (replicas, the command) retry rather than overwrite each other.
 */
import { createHash } from "node:crypto";
import type { PasskeyShelf } from "../../state/passkey-shelf.js";
import { EMPTY_SET, MAX_TOMBSTONES, sameSet, SetSeal, type Passkey, type PasskeySet } from "./passkey-set.js";
import { SetWatermark, type RollbackNote } from "./watermark.js";

export type { Passkey } from "./passkey-set.js";

/** The name a person gives: letters, digits and a few marks, as the inbox's approver names. */
export const PASSKEY_NAME = /^[\p{L}\p{N} .'@_-]{1,60}$/u;

export interface RegistryOptions {
  shelf: () => Promise<PasskeyShelf>;
  /** The key the set is sealed with (derived from the API key). */
  key: Buffer;
  /** Where this replica keeps the newest set it has seen (watermark.ts). */
  watermarkFile: string;
  now: () => number;
  log: (line: string) => void;
}

interface Current {
  set: PasskeySet;
  /** The text in the shelf now (what a change must swap out). */
  stored: string | undefined;
}

/** What `doctor` shows: the set in force, where, and the last rollback noticed. */
export interface RegistryStatus {
  where: string;
  set: PasskeySet;
  /** The shelf holds a set without this server's seal. */
  forged: boolean;
  /** The shelf holds an older set than the newest seen (now, by this reading). */
  rolledBack: { found: number | null; newest: number } | undefined;
  /** The last rollback a replica of this machine noticed (its note in the watermark file). */
  lastRollback: RollbackNote | undefined;
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest("base64url").slice(0, 16);

export class PasskeyRegistry {
  private readonly reported = new Set<string>();
  private readonly seals = new Map<string, SetSeal>();
  private readonly watermark: SetWatermark;

  constructor(private readonly options: RegistryOptions) {
    this.watermark = new SetWatermark(
      options.watermarkFile,
      (text, scope) => this.seals.get(scope)?.open(text),
      options.log,
    );
  }

  /** The shelf, and the seal of its namespace (a set of another deployment, under the same API key, opens nothing). */
  private async shelf(): Promise<{ shelf: PasskeyShelf; seal: SetSeal }> {
    const shelf = await this.options.shelf();
    let seal = this.seals.get(shelf.scope);
    if (!seal) this.seals.set(shelf.scope, (seal = new SetSeal(this.options.key, shelf.namespace)));
    return { shelf, seal };
  }

  /** The genuine passkeys, oldest first. */
  async list(): Promise<Passkey[]> {
    return [...(await this.current(true)).set.passkeys].sort((a, b) => a.createdAt - b.createdAt);
  }

  async get(id: string): Promise<Passkey | undefined> {
    return (await this.list()).find((p) => p.id === id);
  }

  /** Enrolls `passkey`; `since`: when the link or page it was made on was issued (a removal of its name after that wins). */
  async add(passkey: Passkey, since?: number): Promise<void> {
    await this.change((set) => {
      // A removed credential stays removed: its tombstone outlives any copy of it.
      if (set.removed.includes(passkey.id))
        throw new Error("this credential was removed before and is not enrolled again; make a new passkey");
      if (since !== undefined && nameRemovedSince(set, passkey.name, since))
        throw new Error(`${passkey.name} was removed after this enrollment link was made; ask for a new one`);
      return { ...set, passkeys: [...set.passkeys.filter((p) => p.id !== passkey.id), passkey] };
    });
  }

  /** Records the counter an assertion carried (never lower than the one stored). */
  async setCounter(passkey: Passkey, counter: number): Promise<void> {
    await this.change((set) => {
      const stored = set.passkeys.find((p) => p.id === passkey.id);
      if (!stored || stored.counter >= counter) return undefined;
      return { ...set, passkeys: set.passkeys.map((p) => (p.id === passkey.id ? { ...p, counter } : p)) };
    });
  }

  /** Was `name` removed at or after `since`? (Its enrollment links made before then enroll nothing.) */
  async removedSince(name: string, since: number): Promise<boolean> {
    return nameRemovedSince((await this.current(true)).set, name, since);
  }

  /**
   * Removes the passkeys of this name or id (their ids become tombstones); returns how many. A name (not an id)
   * is recorded as removed now, even with no passkey yet: its enrollment links made before now enroll nothing.
   */
  async remove(nameOrId: string): Promise<number> {
    let removed = 0;
    await this.change((set) => {
      const byId = set.passkeys.some((p) => p.id === nameOrId);
      const gone = set.passkeys.filter((p) => p.id === nameOrId || p.name === nameOrId).map((p) => p.id);
      removed = gone.length;
      const byName = !byId && PASSKEY_NAME.test(nameOrId);
      if (gone.length === 0 && !byName) return undefined;
      const names = byName ? { ...set.namesRemoved, [nameOrId]: this.options.now() } : set.namesRemoved;
      const kept = Object.entries(names)
        .sort(([, a], [, b]) => a - b)
        .slice(-MAX_TOMBSTONES);
      return {
        ...set,
        passkeys: set.passkeys.filter((p) => !gone.includes(p.id)),
        removed: [...set.removed, ...gone].slice(-MAX_TOMBSTONES),
        namesRemoved: Object.fromEntries(kept),
      };
    });
    return removed;
  }

  /** For `doctor`: reads without writing anything back. */
  async status(): Promise<RegistryStatus> {
    const { shelf, seal } = await this.shelf();
    const known = await this.watermark.newest(shelf.scope);
    const stored = await shelf.read();
    const opened = stored === undefined ? undefined : seal.open(stored);
    const older = known && isOlder(opened, known.set);
    return {
      where: shelf.where,
      set: older ? known.set : (opened ?? EMPTY_SET),
      forged: stored !== undefined && !opened,
      rolledBack: older ? { found: opened?.generation ?? null, newest: known.set.generation } : undefined,
      lastRollback: await this.watermark.lastRollback(shelf.scope),
    };
  }

  /** Applies `next` to the current set as one compare-and-swap, retried while other writers come first. */
  private async change(next: (set: PasskeySet) => PasskeySet | undefined): Promise<void> {
    const { shelf, seal } = await this.shelf();
    for (let attempt = 0; attempt < 50; attempt++) {
      const current = await this.current(true);
      const changed = next(current.set);
      if (!changed) return;
      // One above the set it changes, never more (not the clock): a writer that never saw the newest set (the
      // command on another machine, a new replica) and changes an old one put back writes a generation that
      // replicas who saw the newest find taken by another set or lower, and refuse. A change made on a Redis that
      // lost its data gives way the same way to the set a replica remembers.
      const set = { ...changed, generation: current.set.generation + 1 };
      const text = seal.seal(set);
      if (await shelf.swap(current.stored, text)) {
        await this.watermark.saw(shelf.scope, { text, set });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
    }
    throw new Error("the passkeys kept changing under this update (50 tries); try again");
  }

  /** The set in force: the stored one, unless it is forged or older than the newest seen. */
  private async current(repair: boolean): Promise<Current> {
    const { shelf, seal } = await this.shelf();
    // The newest seen first, then the shelf: a set is recorded as seen only once it is in the shelf, so a genuine
    // shelf read after it is never older (read the other way round, a change made in between looks like a rollback).
    const known = await this.watermark.newest(shelf.scope);
    const stored = await shelf.read();
    const opened = stored === undefined ? undefined : seal.open(stored);
    if (stored !== undefined && !opened) {
      this.once(
        `forged ${digest(stored)}`,
        `outbound-calls-mcp: passkeys: the passkey set in ${shelf.where} does not carry this server's seal: something other than outbound-calls-mcp ` +
          "wrote it (or the API key changed); it approves nothing. Check who can write to Redis or the passkey file.",
      );
    }
    if (known && isOlder(opened, known.set)) {
      const found = opened?.generation ?? null;
      this.once(
        `rollback ${digest(stored ?? "")}`,
        `outbound-calls-mcp: passkeys: ROLLBACK: ${shelf.where} holds ${found === null ? "no genuine passkey set" : `the passkey set of generation ${found}`}, older than generation ` +
          `${known.set.generation} this server has seen: old sealed bytes were written back (to bring back a removed passkey or an old counter), or Redis lost its data. ` +
          "It is refused: the newest set is used and written back. Check who can write to Redis or the passkey file.",
      );
      if (!repair) return { set: known.set, stored };
      await this.watermark
        .noteRollback(shelf.scope, { at: this.options.now(), found, newest: known.set.generation, pid: process.pid })
        .catch(() => undefined);
      const restored = await shelf.swap(stored, known.text).catch(() => false);
      return { set: known.set, stored: restored ? known.text : stored };
    }
    if (opened && stored !== undefined && repair) await this.watermark.saw(shelf.scope, { text: stored, set: opened });
    return { set: opened ?? EMPTY_SET, stored };
  }

  private once(key: string, line: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.options.log(line);
  }
}

function nameRemovedSince(set: PasskeySet, name: string, since: number): boolean {
  const at = Object.hasOwn(set.namesRemoved, name) ? set.namesRemoved[name] : undefined;
  return at !== undefined && at >= since;
}

/** Is `found` (undefined: no genuine set) older than `newest`, or a different set of the same generation? */
function isOlder(found: PasskeySet | undefined, newest: PasskeySet): boolean {
  if (!found) return true;
  if (found.generation !== newest.generation) return found.generation < newest.generation;
  return !sameSet(found, newest);
}
