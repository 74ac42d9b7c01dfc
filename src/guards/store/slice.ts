/**
 * A guard's own slice of state, declared in its folder and named by the guard's entry in the list (GuardOf.state):
 * the store makes it once, in memory or on Redis, and hands it back by its definition (GuardStore.slice). Nothing
 * outside the guard's folder names it: open.ts hands the slices of the listed guards to the Redis store, which loads
 * their scripts with its own when the connection opens.
 */
import type { RedisScripts } from "@redis/client";
import type { RedisConnection } from "../../state/redis/connection.js";

export interface StateSlice<T> {
  /** Names the slice; on Redis its keys start with `<prefix><name>:`. */
  readonly name: string;
  /** The slice in process memory. */
  memory(): T;
  /** Its Redis side, loaded only when the store opens on Redis (a stdio start never loads node-redis). */
  redis(): Promise<RedisSlice<T>>;
}

export interface RedisSlice<T> {
  /** Its Lua scripts (src/state/redis/lua.ts luaScript), handed to the connection when it opens. */
  readonly scripts: RedisScripts;
  /** The slice on Redis; `prefix` is the store's prefix and the slice's name (`obc:<name>:`). */
  open(connection: RedisConnection, prefix: string): T;
}

/** One instance of each slice per store, made on first ask. */
export class SliceShelf {
  private readonly made = new Map<StateSlice<unknown>, unknown>();

  constructor(private readonly make: <T>(slice: StateSlice<T>) => T) {}

  get<T>(slice: StateSlice<T>): T {
    if (!this.made.has(slice)) this.made.set(slice, this.make(slice));
    return this.made.get(slice) as T;
  }
}
