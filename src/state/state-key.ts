/**
 * The state key: a key every replica holds and Redis does not. Derived with
 * HKDF-SHA256 from the service API key (OUTBOUND_CALLS_API_KEY), which every
 * replica of one deployment has and which is never written to Redis. It seals
 * what must not be forgeable by a write to shared state: approval decisions
 * (consent/seal.ts), and the shared secrets of confirmation tokens and approver
 * sessions (RedisStore.secret binds the Redis half to it). Replicas with
 * different API keys cannot read each other's decisions: they are refused,
 * never honoured (fail closed).
 */
import { createHmac, hkdfSync } from "node:crypto";

const SALT = "outbound-calls-mcp state key";

/** 32 bytes for `purpose`; the same on every replica with the same API key. */
export function deriveStateKey(apiKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(apiKey, "utf8"), SALT, purpose, 32));
}

/** A secret kept in shared state, bound to the state key: reading Redis alone does not give it. */
export function bindSecret(stateKey: Buffer, name: string, shared: Buffer): Buffer {
  return createHmac("sha256", stateKey).update(`secret.${name}.`).update(shared).digest();
}
