import { createHash } from "node:crypto";
import { ServiceError } from "./errors.js";
import type { Reply } from "./routes/context.js";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 255;

interface Remembered {
  fingerprint: string;
  status: number;
  body: string;
  expiresMs: number;
}

/** JSON with sorted keys: the same request written with other spacing or key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest("hex");
}

export type Lookup = { kind: "new" } | { kind: "replay"; status: number; body: string } | { kind: "conflict" };

/** Per-account memory of successful POST answers by Idempotency-Key, for 24 h of the sandbox clock. */
export class IdempotencyStore {
  private readonly entries = new Map<string, Remembered>();

  lookup(key: string, print: string, nowMs: number): Lookup {
    const entry = this.entries.get(key);
    if (entry === undefined) return { kind: "new" };
    if (entry.expiresMs <= nowMs) {
      this.entries.delete(key);
      return { kind: "new" };
    }
    return entry.fingerprint === print
      ? { kind: "replay", status: entry.status, body: entry.body }
      : { kind: "conflict" };
  }

  remember(key: string, print: string, status: number, body: string, nowMs: number): void {
    if (this.entries.size >= 10_000) this.prune(nowMs);
    this.entries.set(key, { fingerprint: print, status, body, expiresMs: nowMs + IDEMPOTENCY_TTL_MS });
  }

  private prune(nowMs: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresMs <= nowMs) this.entries.delete(key);
  }
}

/**
 * Runs a POST under an Idempotency-Key: replays a remembered success, refuses a reused key with another request
 * (409), or runs it and remembers the answer if it succeeded. Only successes are remembered: a refusal created
 * nothing, so a retry is judged afresh. Synchronous, so nothing can slip in between lookup and remember.
 */
export function withIdempotency(
  store: IdempotencyStore,
  key: string,
  print: string,
  nowMs: number,
  run: () => Reply,
): Reply {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
    const message = `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`;
    throw new ServiceError(422, "validation_failed", message, {
      field: "Idempotency-Key",
      details: [{ field: "Idempotency-Key", message }],
    });
  }
  const seen = store.lookup(key, print, nowMs);
  if (seen.kind === "replay")
    return { status: seen.status, body: seen.body, headers: { "Idempotent-Replayed": "true" } };
  if (seen.kind === "conflict") {
    throw new ServiceError(
      409,
      "idempotency_conflict",
      "This Idempotency-Key was already used with a different request; use a new key for a new request.",
    );
  }
  const reply = run();
  if (reply.status < 200 || reply.status >= 300) return reply;
  const text = JSON.stringify(reply.body);
  store.remember(key, print, reply.status, text, nowMs);
  return { ...reply, body: text };
}
