import { isIP } from "node:net";

export interface SandboxOptions {
  /** Default "127.0.0.1"; anything that is not loopback is refused. */
  host?: string;
  /** Default 0 (ephemeral). */
  port?: number;
  /** Simulated-clock multiplier: 1 = realistic durations, 10 = ten times faster; "instant" = final state at once. Default 1. */
  speed?: number | "instant";
  /** Clock in ms. Default Date.now. */
  now?: () => number;
  /** Wallet per account. Default 2000 ($20.00). */
  startingBalanceCents?: number;
  /** Debited when a call is created (each batch row too). Default 25. */
  costPerCallCents?: number;
  /** Plan: calls not yet terminal per account. Default 25. */
  maxConcurrentCalls?: number;
  /** Plan: calls created per account per calendar month (UTC). Default 1000. */
  monthlyCallLimit?: number;
  /** Plan: rows per batch. Default 1000. */
  maxBatchSize?: number;
  /** Per key. Default { requests: 120, windowMs: 60_000 }. */
  rateLimit?: { requests: number; windowMs: number } | false;
  /** Delay every answer; every Nth request answers failStatus (default 503) without doing anything. */
  faults?: { delayMs?: number; failEvery?: number; failStatus?: number };
  /** Default 3. */
  agentsPerAccount?: number;
}

export interface ResolvedOptions {
  host: string;
  port: number;
  speed: number | "instant";
  now: () => number;
  startingBalanceCents: number;
  costPerCallCents: number;
  maxConcurrentCalls: number;
  monthlyCallLimit: number;
  maxBatchSize: number;
  rateLimit: { requests: number; windowMs: number } | false;
  faults: { delayMs: number; failEvery: number; failStatus: number };
  agentsPerAccount: number;
}

export const DEFAULTS = {
  host: "127.0.0.1",
  port: 0,
  speed: 1,
  startingBalanceCents: 2000,
  costPerCallCents: 25,
  maxConcurrentCalls: 25,
  monthlyCallLimit: 1000,
  maxBatchSize: 1000,
  rateLimit: { requests: 120, windowMs: 60_000 },
  failStatus: 503,
  agentsPerAccount: 3,
} as const;

/** The sandbox simulates a service for local use only: it must never be reachable from another machine. */
export function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const family = isIP(bare);
  if (family === 4) return bare.startsWith("127.");
  if (family === 6) return bare === "::1" || /^::ffff:127\./i.test(bare);
  return false;
}

function integer(
  name: string,
  value: number | undefined,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`sandbox option ${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/** Fills defaults and rejects impossible values up front, so a bad option fails at start, not mid-request. */
export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const host = options.host ?? DEFAULTS.host;
  if (!isLoopbackHost(host)) {
    throw new RangeError(
      `sandbox host must be a loopback address (127.0.0.1, ::1 or localhost), got ${JSON.stringify(host)}`,
    );
  }
  const speed = options.speed ?? DEFAULTS.speed;
  if (speed !== "instant" && !(typeof speed === "number" && Number.isFinite(speed) && speed > 0)) {
    throw new RangeError(`sandbox option speed must be a positive number or "instant", got ${String(speed)}`);
  }
  let rateLimit: ResolvedOptions["rateLimit"] = DEFAULTS.rateLimit;
  if (options.rateLimit === false) rateLimit = false;
  else if (options.rateLimit !== undefined) {
    rateLimit = {
      requests: integer("rateLimit.requests", options.rateLimit.requests, 0, 1),
      windowMs: integer("rateLimit.windowMs", options.rateLimit.windowMs, 0, 1),
    };
  }
  const faults = options.faults ?? {};
  return {
    host,
    port: integer("port", options.port, DEFAULTS.port, 0, 65535),
    speed,
    now: options.now ?? Date.now,
    startingBalanceCents: integer(
      "startingBalanceCents",
      options.startingBalanceCents,
      DEFAULTS.startingBalanceCents,
      0,
    ),
    costPerCallCents: integer("costPerCallCents", options.costPerCallCents, DEFAULTS.costPerCallCents, 0),
    maxConcurrentCalls: integer("maxConcurrentCalls", options.maxConcurrentCalls, DEFAULTS.maxConcurrentCalls, 1),
    monthlyCallLimit: integer("monthlyCallLimit", options.monthlyCallLimit, DEFAULTS.monthlyCallLimit, 1),
    maxBatchSize: integer("maxBatchSize", options.maxBatchSize, DEFAULTS.maxBatchSize, 1),
    rateLimit,
    faults: {
      delayMs: integer("faults.delayMs", faults.delayMs, 0, 0, 600_000),
      failEvery: integer("faults.failEvery", faults.failEvery, 0, 0),
      failStatus: integer("faults.failStatus", faults.failStatus, DEFAULTS.failStatus, 500, 599),
    },
    agentsPerAccount: integer("agentsPerAccount", options.agentsPerAccount, DEFAULTS.agentsPerAccount, 1, 50),
  };
}
