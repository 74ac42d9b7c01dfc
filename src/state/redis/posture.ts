/**
 * How exposed the guards' Redis is, for `doctor`: who can write to it (no
 * password; off loopback without TLS, where the password and every decision
 * cross the network in clear) and whether it keeps its data across a restart
 * (without persistence a restart empties it: in-flight dials, counted caps and
 * pending approvals are gone until the replicas re-record what they know).
 * Warnings, not failures: the server runs, but the state is weaker than it
 * could be. Never quotes the URL (it may carry a password).
 */
import type { RedisSettings } from "../../config/redis.js";
import { isLoopbackHost } from "../../config/env.js";
import type { RedisConnection } from "./connection.js";

/** What the URL alone says: no password; off loopback without TLS. */
export function urlWarnings(settings: Pick<RedisSettings, "url" | "tls" | "where">): string[] {
  const url = new URL(settings.url);
  const out: string[] = [];
  if (url.password === "") {
    out.push(
      `Redis at ${settings.where} takes connections without a password: anything that reaches it can change the dedupe ledger and the caps ` +
        "(approvals are sealed with a key Redis does not hold, so a write there cannot approve a dial); set requirepass (or an ACL user) and put the password in the URL",
    );
  }
  if (!settings.tls && !isLoopbackHost(url.hostname.replace(/^\[|\]$/g, ""))) {
    out.push(
      `Redis at ${settings.where} is off this machine without TLS: its password and the guards' state cross the network in clear; use rediss://`,
    );
  }
  return out;
}

/** Persistence off (CONFIG GET save and appendonly): a restart empties it. Nothing if CONFIG is refused. */
export async function persistenceWarning(connection: RedisConnection, where: string): Promise<string | undefined> {
  try {
    const config = await connection.run("CONFIG GET", async (c) => ({
      ...(await c.configGet("save")),
      ...(await c.configGet("appendonly")),
    }));
    const save = (config.save ?? "").trim();
    if (save === "" && config.appendonly !== "yes") {
      return (
        `Redis at ${where} keeps nothing across a restart (no RDB snapshots, no AOF): a restart empties it, and what the replicas ` +
        "do not hold themselves (dials of replicas that are gone, counted caps, pending approvals) is forgotten; turn on appendonly yes (appendfsync everysec)"
      );
    }
    return undefined;
  } catch {
    return `could not read the persistence settings of Redis at ${where} (CONFIG GET refused): make sure it keeps its data across a restart (appendonly yes)`;
  }
}
