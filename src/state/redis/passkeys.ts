/**
 * The passkey shelf on Redis (state/passkey-shelf.ts): the hash `passkeys`
 * (credential id -> sealed record), no TTL, shared by every replica. A write to
 * Redis can put anything here; the registry honours only records that carry the
 * servers' seal.
 */
import type { PasskeyShelf } from "../passkey-shelf.js";
import type { RedisConnection } from "./connection.js";

export class RedisPasskeyShelf implements PasskeyShelf {
  private readonly key: string;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
  ) {
    this.key = `${prefix}passkeys`;
  }

  async all(): Promise<Map<string, string>> {
    const entries = await this.redis.run("the passkeys", (c) => c.hGetAll(this.key));
    return new Map(Object.entries(entries as Record<string, string>));
  }

  async put(id: string, record: string): Promise<void> {
    await this.redis.run("a passkey", (c) => c.hSet(this.key, id, record));
  }

  async remove(id: string): Promise<boolean> {
    return (await this.redis.run("a passkey removal", (c) => c.hDel(this.key, id))) === 1;
  }
}
