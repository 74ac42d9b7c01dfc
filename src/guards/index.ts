/**
 * The safety guards of the write tools, built once per server from the
 * configuration: the clock, the do-not-call list, the confirmation tokens, the
 * audit log, and the guard store (memory, or Redis shared by replicas). In
 * memory mode the audit log seeds the caps and the dedupe window at start, so
 * they survive a restart. Each tool call gets its own DialGuard.
 */
import type { Config } from "../config/env.js";
import type { CallingService } from "../service/index.js";
import { MemoryStore } from "./store/memory.js";
import type { DialRecord } from "./dial/state/store.js";
import type { GuardStore } from "./store/store.js";
import { AuditLog, dialHistoryReader, readAuditHistory, type AuditHistory } from "./dial/audit/log.js";
import { readAuditLogBack } from "./dial/audit/readback.js";
import { clockStartingAt, systemClock, type Clock } from "./dial/clock.js";
import { ConfirmationTokens } from "./approval/tokens.js";

import { DialGuard, type DialCall } from "./dial-guard.js";
import { DoNotCallList, loadDoNotCallList } from "./do-not-call/list.js";
import type { Redactor } from "../text/redact.js";
import type { CallerIdentity, CallScope } from "../service/call-scope.js";
import { callAccess, type CallAccess } from "./per-person/access.js";
import { ownerReader, seedOwners } from "./per-person/history.js";
import { OptOutDesk, type OptOutReader } from "./opt-outs/desk.js";
import { optOutReader, readOptOutHistory, type OptOutEvent } from "./opt-outs/history.js";
import { OptOutJournal } from "./opt-outs/journal.js";
import { OptOutKeeper } from "./opt-outs/keeper.js";
import { loadConsentFile } from "./consent/file.js";
import { frequencyRetentionMs, lawBook, notAppliedText, sandboxRelief } from "./law/book.js";
import { consentBookAtStart } from "./consent-law/start.js";
import { isConsentRuleId } from "./consent-law/book.js";
import type { HoldRule } from "./consent-law/hold.js";
import { holdReader, seedHolds, watchingRefusals } from "./consent-law/hold-watch.js";
import { loadRulesFile, RULES_VARIABLE } from "../config/rules-file.js";
import type { SafetyServices } from "./services.js";

const DAY = 24 * 3_600_000;

export interface Safety {
  /** The guard of one tool call, in its scope (deadline, cancellation, progress, identity). */
  forCall(call: DialCall, scope: CallScope): DialGuard;
  /** The opt-outs: recorded, checked, and the watch over placed calls. */
  optOuts: OptOutDesk;
  /** Which calls this caller may see (get_call, list_calls, the calls:// resources). */
  accessFor(identity: CallerIdentity): CallAccess;
  /** The guards' clock (epoch ms): approvals expire by it too. */
  now(): number;
  close(): void;
}

export interface SafetyDeps {
  service: CallingService;
  store: GuardStore;
  /** The server's one redactor: audit lines go through it. */
  redactor: Redactor;
  log(line: string): void;
  /** Tests only (no setting reaches it): another reader of call records for an opt-out. */
  optOutReader?: OptOutReader | undefined;
}

/** Builds the guards; throws ConfigurationError (naming the variable) when a file cannot be used. */
export function createSafety(config: Config, deps: SafetyDeps): Safety {
  const s = config.safety;
  const clock = s.testNow !== undefined ? clockStartingAt(s.testNow) : systemClock;
  const doNotCall = s.doNotCallFile ? loadDoNotCallList(s.doNotCallFile, s.defaultCountry) : DoNotCallList.empty();
  const audit = s.auditLog
    ? AuditLog.open(s.auditLog, deps.redactor, (line) => deps.log(`outbound-calls-mcp: ${line}`))
    : undefined;
  const ruleChanges = s.rulesFile ? loadRulesFile(s.rulesFile) : [];
  const book = lawBook(
    s.callPurpose,
    ruleChanges.filter((c) => !isConsentRuleId(c.id)),
    s.rulesFile ?? "",
    s.rulesProvenance,
  );
  const consentLaw = consentBookAtStart(s, ruleChanges, deps.log);
  // The operator may loosen or switch off a rule: say so at every start, as a loosened rule never refuses to say it.
  for (const change of book.changes ?? [])
    deps.log(`outbound-calls-mcp: ${RULES_VARIABLE} (${s.rulesFile}): ${change}`);
  const leftOut = notAppliedText(book);
  if (leftOut) deps.log(`outbound-calls-mcp: ${leftOut}`);
  // The sandbox places no real call and its first try works at any hour: with its calling hours off, the federal
  // windows and California's rules (its numbers') are off too (law-book.ts sandboxRelief).
  const relief = config.sandbox && s.callingHours === undefined ? sandboxRelief(book) : undefined;
  if (relief && relief.off.length > 0)
    deps.log(
      `outbound-calls-mcp: sandbox: rules ${relief.off.join(", ")} are off while calling hours are (set OUTBOUND_CALLS_CALLING_HOURS to try them)`,
    );
  const law = { ...(relief?.book ?? book), batchSpanPerRowMs: s.batchSpanPerRowMs };
  // With Redis the state outlives the process there; in memory, the log is what a restart remembers: a day of
  // dials for the caps, or the longest window of a per-number limit of the law of the place called in force.
  const since = clock.now() - Math.max(DAY, frequencyRetentionMs(law));
  if (deps.store instanceof MemoryStore) {
    deps.store.caps.keepFor(frequencyRetentionMs(law));
    // No cap and no per-number limit of the law: nothing asks the caps for a count in this process, so none is kept.
    const limited = s.maxDialsPerHour !== undefined || s.maxDialsPerNumberPerDay !== undefined;
    if (!limited && !law.rules.some((r) => r.frequency)) deps.store.caps.countNothing();
  }
  // With Redis, the log rebuilds the caps' counts when Redis comes back empty (src/guards/store/redis.ts writeBack).
  if (audit && "logged" in deps.store) {
    const path = audit.path;
    deps.store.logged = () => {
      const now = clock.now();
      const dials = readAuditHistory(path, now - Math.max(DAY, frequencyRetentionMs(law)), now).dials;
      return { now, dials: dials.flatMap((d) => d.numbers.map((to) => ({ at: d.at, to }))) };
    };
  }
  const journal = s.optOutJournal ? OptOutJournal.open(s.optOutJournal, deps.redactor, deps.log) : undefined;
  const keeper = new OptOutKeeper({
    store: deps.store,
    journal,
    audited: () => (audit ? readOptOutHistory(audit.path) : []),
    log: deps.log,
  });
  const read = audit
    ? readBackAtStart(audit.path, deps, since, clock, s.dedupeWindowMs, consentLaw.hold)
    : { damage: undefined, optOuts: [] };
  const auditDamage = read.damage;
  keeper.start(read.optOuts);
  const optOuts = new OptOutDesk({
    store: deps.store,
    // Every call record the watch reads is also read for a refusal of the offer (France's 60-day hold).
    service: consentLaw.hold
      ? watchingRefusals(deps.service, { rule: consentLaw.hold, store: deps.store, audit, clock, log: deps.log })
      : deps.service,
    audit,
    journal,
    keeper,
    clock,
    pollMs: s.optOutPollMs,
    log: deps.log,
    reader: deps.optOutReader,
    model: config.optOutModel,
  });
  if (s.testNow !== undefined) {
    deps.log(
      `outbound-calls-mcp: clock starts at ${new Date(s.testNow).toISOString()} (OUTBOUND_CALLS_TEST_NOW, tests only)`,
    );
  }
  if (s.testLeaseMs !== undefined)
    deps.log(`outbound-calls-mcp: dial claims lease ${s.testLeaseMs} ms (OUTBOUND_CALLS_TEST_LEASE_MS, tests only)`);
  const services: SafetyServices = {
    settings: s,
    clock,
    doNotCall,
    store: deps.store,
    tokens: sharedTokens(deps.store, clock),
    audit,
    service: deps.service,
    auditDamage,
    optOuts,
    consent: s.consentFile ? loadConsentFile(s.consentFile, s.defaultCountry) : new Map(),
    law,
    consentLaw,
    log: deps.log,
  };
  return {
    forCall: (call, scope) =>
      new DialGuard(
        services,
        call,
        scope,
        callAccess(deps.store, () => clock.now(), scope.identity),
      ),
    optOuts,
    accessFor: (identity) => callAccess(deps.store, () => clock.now(), identity),
    now: () => clock.now(),
    close: () => {
      optOuts.close();
      audit?.close();
    },
  };
}

/**
 * What a start rebuilds from the audit log, in one pass (src/guards/dial/audit/readback.ts; a log it cannot read refuses
 * the start naming the first of these): in memory, the caps' dials and the dedupe window (with Redis the state
 * outlives the process there); the opt-outs, which have no age (in memory they are the list; Redis gets what it
 * lacks, so a Redis restarted empty forgets nobody, and an operator's removal written in the log stays removed); who
 * placed which call (OAuth: what the store lacks comes back, and the first owner of a call stays); the holds after a
 * refusal still running (France's 60-day hold, put back in the store). Returns the refusal to give while the log is
 * damaged, and the opt-outs (the keeper writes them back with the journal's).
 */
function readBackAtStart(
  path: string,
  deps: SafetyDeps,
  since: number,
  clock: Clock,
  dedupeWindowMs: number,
  hold: HoldRule | undefined,
): { damage?: string | undefined; optOuts: OptOutEvent[] } {
  const now = clock.now();
  const memory = deps.store instanceof MemoryStore ? deps.store : undefined;
  const dials = memory ? dialHistoryReader(since, now) : undefined;
  const optOuts = optOutReader();
  const owners = ownerReader(now);
  const holds = hold ? holdReader(hold, now) : undefined;
  readAuditLogBack(path, [...(dials ? [dials] : []), optOuts, owners, ...(holds ? [holds] : [])]);
  if (hold && holds) seedHolds(hold, deps.store, holds.result(), now, deps.log);
  const damage =
    memory && dials ? seedFromAuditLog(memory, dials.result(), clock, dedupeWindowMs, deps.log) : undefined;
  seedOwners(deps.store, owners.result(), deps.log);
  return { damage, optOuts: optOuts.result() };
}

/** Puts the logged dials back into the memory store; returns the refusal to give while the log is damaged. */
function seedFromAuditLog(
  store: MemoryStore,
  history: AuditHistory,
  clock: Clock,
  windowMs: number,
  log: (line: string) => void,
): string | undefined {
  store.caps.seed(history.dials.flatMap((d) => d.numbers.map((to) => ({ at: d.at, to }))));
  // Each person's own dials into their cap (OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON), one seed a person: a seed
  // sorts the person's whole ledger, so one a dial cost seconds at start on a log with many.
  const byPerson = new Map<string, Array<{ at: number; to: string }>>();
  for (const d of history.dials) {
    if (d.person === undefined) continue;
    let past = byPerson.get(d.person);
    if (!past) byPerson.set(d.person, (past = []));
    for (const to of d.numbers) past.push({ at: d.at, to });
  }
  for (const [person, past] of byPerson) store.personCaps(person).seed(past);
  const since = clock.now() - windowMs;
  const records: DialRecord[] = history.dials
    .filter((d) => d.at > since)
    .map((d, i) => ({
      requestKey: d.requestKey ?? `audit-log:${i}`,
      tool: "unknown",
      numbers: d.numbers,
      startedAt: d.at,
      idempotencyKey: "",
      owner: "audit-log",
      state:
        d.decision === "dialed"
          ? { kind: "placed", at: d.at, summary: {}, callIds: d.callIds }
          : { kind: "unknown", at: d.at, message: "it was logged with an unknown outcome before the server restarted" },
    }));
  if (windowMs > 0) store.dials.seed(records, windowMs);
  if (history.damagedLines.length > 0) {
    log(
      `outbound-calls-mcp: OUTBOUND_CALLS_AUDIT_LOG has ${history.damagedLines.length} damaged line(s) (line ${history.damagedLines.slice(0, 5).join(", ")}); ` +
        "every number in them is counted as dialed",
    );
  }
  if (history.unattributed.length === 0) return undefined;
  const lines = history.unattributed.slice(0, 5).join(", ");
  log(
    `outbound-calls-mcp: OUTBOUND_CALLS_AUDIT_LOG line(s) ${lines} cannot be read and show no number: every dial is refused until the log is repaired`,
  );
  return (
    `Refused: the audit log (OUTBOUND_CALLS_AUDIT_LOG) has ${history.unattributed.length} damaged line(s) (line ${lines}) in which no number can be read, ` +
    "so the dial caps cannot be known. A person must repair or move the log and restart the server. Nothing was dialed."
  );
}

/**
 * Tokens keyed by the store's shared secret. The store keeps the secret (and, with Redis, checks it is still
 * the one every replica uses); a new secret makes new tokens.
 */
function sharedTokens(store: GuardStore, clock: Clock): () => Promise<ConfirmationTokens> {
  let last: { secret: Buffer; tokens: ConfirmationTokens } | undefined;
  return async () => {
    const secret = await store.secret("confirmation-tokens");
    if (!last || !last.secret.equals(secret))
      last = { secret, tokens: new ConfirmationTokens(() => clock.now(), secret) };
    return last.tokens;
  };
}
