/**
 * The safety guards of the write tools, built once per server from the
 * configuration: the clock, the do-not-call list, the caps (rebuilt from the
 * audit log), the dedupe memory and the confirmation tokens. Each tool call
 * gets its own CallGuard (ctx.safety). See docs/safety.md.
 */
import type { ApiClient } from "../service/transport/client.js";
import type { Config } from "../config/env.js";
import type { Redactor } from "../text/redact.js";
import { AuditLog } from "./audit-log.js";
import { clockStartingAt, systemClock } from "./clock.js";
import { ConfirmationTokens } from "./confirmation-token.js";
import { DialCaps } from "./dial-caps.js";
import { CallGuard, type CallInfo, type SafetyServices } from "./dial-guard.js";
import { DialMemory } from "./dial-memory.js";
import { DoNotCallList, loadDoNotCallList } from "./do-not-call.js";

const DAY = 24 * 3_600_000;

export interface Safety {
  forCall(info: CallInfo): CallGuard;
  /** The guards' clock (epoch ms): approvals expire by it too. */
  now(): number;
  close(): void;
}

/** Builds the guards; throws ConfigurationError (naming the variable) when a file cannot be used. */
export function createSafety(config: Config, api: ApiClient, redactor: Redactor, log: (line: string) => void): Safety {
  const s = config.safety;
  const clock = s.testNow !== undefined ? clockStartingAt(s.testNow) : systemClock;
  const doNotCall = s.doNotCallFile ? loadDoNotCallList(s.doNotCallFile, s.defaultCountry) : DoNotCallList.empty();
  const audit = s.auditLog ? AuditLog.open(s.auditLog, redactor, (line) => log(`outbound-calls-mcp: ${line}`)) : undefined;
  const caps = new DialCaps({ perHour: s.maxDialsPerHour, perNumberPerDay: s.maxDialsPerNumberPerDay });
  // Counts survive a restart: the dials of the last 24 hours are read back from the log.
  if (audit) caps.load(audit.recentDials(clock.now() - DAY));
  const services: SafetyServices = {
    settings: s,
    clock,
    doNotCall,
    caps,
    memory: new DialMemory<unknown>(s.dedupeWindowMs, () => clock.now()),
    tokens: new ConfirmationTokens(() => clock.now()),
    audit,
    api,
    timeoutMs: config.timeoutMs,
  };
  if (s.testNow !== undefined) {
    log(`outbound-calls-mcp: clock starts at ${new Date(s.testNow).toISOString()} (OUTBOUND_CALLS_TEST_NOW, tests only)`);
  }
  return {
    forCall: (info) => new CallGuard(services, info),
    now: () => clock.now(),
    close: () => audit?.close(),
  };
}
