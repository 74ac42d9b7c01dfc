/**
 * The state key: a key every replica holds and Redis does not. Derived with
 * HKDF-SHA256 from the service API key (OUTBOUND_CALLS_API_KEY), which every
 * replica of one deployment has and which is never written to Redis. It seals
 * what must not be forgeable by a write to shared state: approval decisions
 * (approval/seal.ts), and the shared secrets of confirmation tokens and approver
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

/**
 * deriveStateKey on first use. A start derives nothing: HKDF is the first thing that would load node:crypto, about
 * 5 ms of every start before the first tools/list (docs/performance.md, "Start-up, fourth round").
 */
export function stateKeyOnFirstUse(apiKey: string, purpose: string): () => Buffer {
  let key: Buffer | undefined;
  return () => (key ??= deriveStateKey(apiKey, purpose));
}

/** A secret kept in shared state, bound to the state key: reading Redis alone does not give it. */
export function bindSecret(stateKey: Buffer, name: string, shared: Buffer): Buffer {
  return createHmac("sha256", stateKey).update(`secret.${name}.`).update(shared).digest();
}

/**
 * A UUID (version 8: derived, not random) keyed by `key` over `label`: the same on every replica that holds the
 * key, and nobody without it can predict it. Used for the Idempotency-Key of a dial a single-use yes allows
 * (approval/seal.ts dialKey, safety/confirmation-token.ts dialKey).
 */
export function keyedUuid(key: Buffer, label: string): string {
  const b = createHmac("sha256", key).update(label, "utf8").digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
