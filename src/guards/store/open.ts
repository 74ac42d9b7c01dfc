/**
 * The guard store a server runs with: Redis when OUTBOUND_CALLS_REDIS_URL is
 * set (several replicas act as one), else process memory. node-redis is
 * imported here, dynamically, only in the first case: a stdio start does not
 * load it.
 */
import type { RedisSettings } from "../../config/redis.js";
import { MemoryStore } from "./memory.js";
import { deriveStateKey } from "../../state/state-key.js";
import type { GuardStore } from "./store.js";
import { GUARDS } from "../list.js";

/** `inspectOnly`: doctor's look, which writes nothing of its own to Redis. */
export async function openGuardStore(
  config: { redis: RedisSettings | undefined; apiKey: string },
  log: (line: string) => void,
  inspectOnly = false,
): Promise<GuardStore> {
  if (config.redis === undefined) return new MemoryStore();
  const { RedisStore } = await import("./redis.js");
  // The guards' own slices (GuardOf.state) go with the store's: their scripts load when the connection opens.
  const slices = GUARDS.flatMap((guard) => (guard.state ? [guard.state] : []));
  return RedisStore.open(config.redis, log, deriveStateKey(config.apiKey, "shared secrets"), inspectOnly, slices);
}
