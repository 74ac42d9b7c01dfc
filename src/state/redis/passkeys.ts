/**
 * The passkey shelf on Redis (state/passkey-shelf.ts): the sealed set under
 * `passkeys:set` (no TTL), replaced by a compare-and-swap script, and the
 * enrollment grants under `passkey-grant:<ticket>` with their expiry, taken
 * with DEL (one caller gets 1). A write to Redis can put anything here; the
 * registry honours only a set that carries the servers' seal and is not older
 * than the newest this replica has seen.
 */
import type { PasskeyShelf } from "../passkey-shelf.js";
import type { RedisConnection, ScriptedConnection } from "./connection.js";
import { swapValue } from "./small-scripts.js";

export class RedisPasskeyShelf implements PasskeyShelf {
  readonly scope: string;
  readonly where = "Redis";
  readonly namespace: string;
  private readonly key: string;

  private readonly redis: ScriptedConnection<{ swapValue: typeof swapValue }>;

  constructor(
    connection: RedisConnection,
    private readonly prefix: string,
    address: string,
  ) {
    this.redis = connection.scripted({ swapValue });
    this.key = `${prefix}passkeys:set`;
    this.scope = `redis ${address} ${prefix}`;
    this.namespace = `redis ${prefix}`;
  }

  async read(): Promise<string | undefined> {
    return (await this.redis.run("the passkeys", (c) => c.get(this.key))) ?? undefined;
  }

  async swap(expected: string | undefined, next: string): Promise<boolean> {
    const reply = await this.redis.run("a passkey update", (c) =>
      c.swapValue([this.key], [expected === undefined ? "0" : "1", expected ?? "", next]),
    );
    return Number(reply) === 1;
  }

  async putGrant(ticket: string, record: string, expiresAt: number): Promise<void> {
    const ms = Math.max(1_000, expiresAt - Date.now());
    await this.redis.run("a passkey enrollment grant", (c) => c.set(this.grantKey(ticket), record, { PX: ms }));
  }

  async getGrant(ticket: string): Promise<string | undefined> {
    return (await this.redis.run("a passkey enrollment grant", (c) => c.get(this.grantKey(ticket)))) ?? undefined;
  }

  async takeGrant(ticket: string): Promise<boolean> {
    return (await this.redis.run("a passkey enrollment grant", (c) => c.del(this.grantKey(ticket)))) === 1;
  }

  private grantKey(ticket: string): string {
    return `${this.prefix}passkey-grant:${ticket}`;
  }
}
