/** Shared values and helpers of the store contract. */
import type { ClaimRequest } from "../../../src/guards/dial/state/store.js";

export const T0 = Date.parse("2026-11-21T15:00:00Z");
export const SEC = 1_000;
export const MIN = 60 * SEC;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

export const WINDOW = 5 * MIN;
export const LEASE = 30 * SEC;

export const A = "+14155550101";
export const B = "+14155550102";
export const C = "+14155550103";

let serial = 0;

/** A claim with sensible defaults: one number, a fresh owner and Idempotency-Key. */
export function claim(over: Partial<ClaimRequest> = {}): ClaimRequest {
  serial += 1;
  return {
    requestKey: `req-${serial}`,
    tool: "create_call",
    numbers: [A],
    idempotencyKey: `idem-${serial}`,
    owner: `owner-${serial}`,
    now: T0,
    windowMs: WINDOW,
    leaseMs: LEASE,
    allowRecentNumbers: false,
    ...over,
  };
}

export const placed = (at: number, callIds: string[] = ["call-1"]) => ({
  kind: "placed" as const,
  at,
  summary: { call_id: callIds[0] ?? null, status: "queued" },
  callIds,
});

/** Counts of each kind in a list of results. */
export function tally<T extends { kind: string } | { ok: boolean }>(results: T[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) {
    const key = "kind" in r ? r.kind : String(r.ok);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}
