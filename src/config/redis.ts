/**
 * OUTBOUND_CALLS_REDIS_URL and OUTBOUND_CALLS_REDIS_PREFIX: where the guards'
 * shared state lives when several replicas run as one server (src/state/redis-store.ts, src/guards/store/redis.ts).
 * Unset URL: the state stays in process memory. Messages name the variable and
 * never quote the URL, which may carry a password.
 */
import * as z from "zod";
import { blank, custom } from "./parsers.js";
import { declareVariables, type Parsed } from "./variables.js";

export interface RedisSettings {
  /** As given (credentials included): handed to the client only, never printed. */
  url: string;
  /** `rediss:`: TLS to the server. */
  tls: boolean;
  /** Host and port, for messages and logs (no credentials). */
  where: string;
  database: number;
  /** Every key starts with this (default `obc:`). */
  prefix: string;
  /** Bounded waits (not environment variables: the defaults suit a Redis in the same network). */
  connectTimeoutMs: number;
  commandTimeoutMs: number;
}

export const REDIS_DEFAULT_PREFIX = "obc:";
const MAX_DATABASE = 65_535;

const URL_HINT = "expected redis://[user:password@]host[:port][/db] or rediss://… for TLS";

/** What the URL says: the server to reach. */
type RedisTarget = Pick<RedisSettings, "url" | "tls" | "where" | "database">;

function parseRedisUrl(raw: string, ctx: z.RefinementCtx): RedisTarget {
  const fail = (why: string) => {
    ctx.addIssue({ code: "custom", message: `OUTBOUND_CALLS_REDIS_URL ${why}` });
    return z.NEVER;
  };
  const text = raw.trim();
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return fail(`contains white space or control characters; ${URL_HINT}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`is not a URL; ${URL_HINT}`);
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:")
    return fail(`must start with redis:// or rediss:// (TLS); ${URL_HINT}`);
  if (url.hostname === "") return fail(`has no host; ${URL_HINT}`);
  if (url.search || url.hash) return fail("must not carry a query or a fragment");
  const path = url.pathname.replace(/^\/+/, "");
  let database = 0;
  if (path !== "") {
    if (!/^\d{1,5}$/.test(path) || Number(path) > MAX_DATABASE)
      return fail(`names a database that is not a number from 0 to ${MAX_DATABASE} (the part after the last /)`);
    database = Number(path);
  }
  try {
    // node-redis reads the credentials percent-decoded; a broken escape would reach the server garbled.
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return fail("has a user name or password with a broken %-escape");
  }
  const tls = url.protocol === "rediss:";
  return { url: text, tls, where: `${url.hostname}:${url.port || "6379"}`, database };
}

/** Where the guards' shared state lives, and the prefix of its keys. */
export const redisVariables = declareVariables({
  OUTBOUND_CALLS_REDIS_URL: {
    group: "replicas",
    required: "for several replicas",
    unset: "in process memory",
    example: "redis://:password@redis.internal:6379/0",
    summary: "redis:// or rediss:// (TLS), user:password@ and /db allowed: the guard state every replica shares",
    description:
      "`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS: every guard's state (dedupe, caps, tokens, approvals, the HTTP rate limit) lives there, shared by every replica. See [replicas.md](replicas.md).",
    parse: () =>
      z
        .string()
        .optional()
        .transform((raw, ctx) => (blank(raw) ? undefined : parseRedisUrl(raw, ctx))),
  },
  OUTBOUND_CALLS_REDIS_PREFIX: {
    group: "replicas",
    default: REDIS_DEFAULT_PREFIX,
    summary: "prefix of every Redis key (a {hash tag} allowed)",
    description:
      "Prefix of every Redis key (letters, digits, `:_-.` and a `{hash tag}`), so several deployments can share one Redis.",
    parse: () =>
      z
        .string()
        .optional()
        .transform((raw, ctx) => {
          if (blank(raw)) return REDIS_DEFAULT_PREFIX;
          const prefix = raw.trim();
          // Braces allowed: `{obc}:` puts every key in one Redis Cluster hash slot.
          if (!/^[A-Za-z0-9_.:{}-]{1,64}$/.test(prefix)) {
            return custom(
              ctx,
              "OUTBOUND_CALLS_REDIS_PREFIX must be 1 to 64 characters from letters, digits and _ . : - { } (e.g. obc:)",
            );
          }
          return prefix;
        }),
  },
});

/** The Redis settings, or undefined when the state stays in process memory. */
export function redisSettings(e: Parsed<typeof redisVariables>): RedisSettings | undefined {
  const parsed = e.OUTBOUND_CALLS_REDIS_URL;
  if (parsed === undefined) return undefined;
  return { ...parsed, prefix: e.OUTBOUND_CALLS_REDIS_PREFIX, connectTimeoutMs: 2_000, commandTimeoutMs: 1_000 };
}
