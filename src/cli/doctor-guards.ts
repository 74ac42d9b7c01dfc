/**
 * doctor's checks of the guards' own files and state, the ones the server
 * checks at start (or on the first dial) rather than in its configuration: the
 * do-not-call list (the server does not start with a list it cannot fully
 * read), the audit log (it must open for appending; a log with lines in which
 * no number can be read refuses every dial), and Redis (unreachable: every dial
 * is refused). Only what is set is checked; nothing is written (the audit log is
 * not created, no Redis key is set).
 */
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import type { Config } from "../config/env.js";
import { ConfigurationError } from "../config/errors.js";
import { readAuditHistory, type AuditHistory } from "../guards/dial/audit/log.js";
import { loadDoNotCallList } from "../guards/do-not-call/list.js";
import { openGuardStore } from "../guards/store/open.js";
import type { RedisStore } from "../guards/store/redis.js";
import { persistenceWarning, urlWarnings } from "../state/redis/posture.js";
import { checkPasskeys } from "./doctor-passkeys.js";

type Check = (mark: "ok" | "FAIL" | "warn" | "skip", label: string, detail: string, fix?: string) => void;

const DAY = 24 * 3_600_000;

export async function checkGuards(config: Config, check: Check): Promise<void> {
  const s = config.safety;
  if (s.doNotCallFile !== undefined) checkDoNotCall(s.doNotCallFile, s.defaultCountry, check);
  if (s.auditLog !== undefined) checkAuditLog(s.auditLog, check);
  if (config.redis !== undefined) await checkRedis(config, check);
  await checkPasskeys(config, check);
}

function checkDoNotCall(path: string, defaultCountry: string | undefined, check: Check): void {
  try {
    const list = loadDoNotCallList(path, defaultCountry);
    check("ok", "do-not-call", `${list.size} number${list.size === 1 ? "" : "s"} listed`);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    check(
      "FAIL",
      "do-not-call",
      `${error.message} (the server does not start)`,
      "fix the file, or point OUTBOUND_CALLS_DO_NOT_CALL_FILE at a readable list",
    );
  }
}

function checkAuditLog(path: string, check: Check): void {
  const fix = "point OUTBOUND_CALLS_AUDIT_LOG at a file in an existing folder this user can write";
  if (!existsSync(path)) {
    try {
      if (!statSync(dirname(path)).isDirectory()) throw Object.assign(new Error("not a folder"), { code: "ENOTDIR" });
      accessSync(dirname(path), constants.W_OK);
      check("ok", "audit log", "not there yet: the server creates it (mode 600) at start");
    } catch (error) {
      check("FAIL", "audit log", `its folder cannot be written (${codeOf(error)}): the server does not start`, fix);
    }
    return;
  }
  try {
    if (!statSync(path).isFile()) throw Object.assign(new Error("not a file"), { code: "not a regular file" });
    accessSync(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    check(
      "FAIL",
      "audit log",
      `the file cannot be read and appended to (${codeOf(error)}): the server does not start`,
      fix,
    );
    return;
  }
  const now = Date.now();
  let history: AuditHistory;
  try {
    history = readAuditHistory(path, now - DAY, now);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    check("FAIL", "audit log", error.message, fix);
    return;
  }
  if (history.unattributed.length > 0) {
    check(
      "FAIL",
      "audit log",
      `${history.unattributed.length} damaged line(s) (line ${history.unattributed.slice(0, 5).join(", ")}) show no number: without Redis every dial is refused while they are there`,
      "repair or move the log (keep a copy: it is the record of what was dialed), then start the server",
    );
    return;
  }
  const damaged =
    history.damagedLines.length > 0
      ? `; ${history.damagedLines.length} damaged line(s), their numbers counted as dialed`
      : "";
  check("ok", "audit log", `${history.dials.length} dial(s) in the last 24 h${damaged}`);
}

async function checkRedis(config: Config, check: Check): Promise<void> {
  const lines: string[] = [];
  const store = await openGuardStore(config, (line) => lines.push(line), true);
  try {
    // A read of a key no one writes: proves the connection and the command deadline, changes nothing.
    await store.once.seen("doctor-probe", Date.now());
    check("ok", "guard state", `Redis at ${config.redis!.where} answered`);
    if (store.kind === "redis") {
      for (const warning of urlWarnings(config.redis!)) check("warn", "guard state", warning);
      const persistence = await persistenceWarning((store as RedisStore).connection, config.redis!.where);
      if (persistence) check("warn", "guard state", persistence);
      const { emptiedAt } = await import("../state/redis-store.js");
      const emptied = await emptiedAt(store as RedisStore).catch(() => undefined);
      if (emptied !== undefined) {
        check(
          "warn",
          "guard state",
          `Redis at ${config.redis!.where} came back empty at ${new Date(emptied).toISOString()} (restarted without persistence, or flushed): the replicas wrote back the dials they knew of; dials of replicas that were gone, the caps' counts and pending approvals were lost`,
          "turn on persistence (appendonly yes)",
        );
      }
    }
  } catch (error) {
    // The connection's own log says why (refused, a wrong password, TLS), without the password.
    const logged = lines
      .findLast((line) => !line.includes("not reachable yet"))
      ?.replace(`outbound-calls-mcp: guard state: Redis at ${config.redis!.where}: `, "");
    const why = logged ?? (error instanceof Error ? error.message : String(error));
    check(
      "FAIL",
      "guard state",
      `Redis at ${config.redis!.where} did not answer (${why}): every dial would be refused; the read tools answer`,
      "start Redis or fix OUTBOUND_CALLS_REDIS_URL (host, port, password, rediss:// for TLS)",
    );
  } finally {
    await store.close().catch(() => undefined);
  }
}

function codeOf(error: unknown): string {
  return (error as { code?: string }).code ?? "unknown error";
}
