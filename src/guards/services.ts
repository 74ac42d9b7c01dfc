/**
 * What the guards are built from, once per server (src/guards/index.ts): the settings, the clock, the store, the
 * service, the audit log, and each guard's fixed parts.
 */
import type { SafetySettings } from "../config/safety.js";
import type { CallingService } from "../service/index.js";
import type { GuardStore } from "./store/store.js";
import type { AuditLog } from "./dial/audit/log.js";
import type { Clock } from "./dial/clock.js";
import type { ConfirmationTokens } from "./approval/tokens.js";
import type { ConsentRecord } from "./consent/file.js";
import type { DoNotCallList } from "./do-not-call/list.js";
import type { LawBook } from "./law/book.js";
import type { OptOutDesk } from "./opt-outs/desk.js";
import type { ConsentBook } from "./consent-law/book.js";
import type { ApprovalSelector } from "../approval/selector.js";
import type { CallScope } from "../service/call-scope.js";
import type { GuardModule } from "./dial/guard.js";
import type { StateSlice } from "./store/slice.js";

export interface SafetyServices {
  settings: SafetySettings;
  clock: Clock;
  doNotCall: DoNotCallList;
  store: GuardStore;
  /** The confirmation tokens, keyed by the store's shared secret (so a token checks out on every replica). */
  tokens(): Promise<ConfirmationTokens>;
  audit: AuditLog | undefined;
  service: CallingService;
  /** Set when the audit log holds damaged lines whose numbers cannot be read: the caps cannot be known. */
  auditDamage: string | undefined;
  /** The opt-outs (src/guards/opt-outs/): checked before and after confirmation; placed calls are watched. */
  optOuts: OptOutDesk;
  /** The operator's consent records by number (OUTBOUND_CALLS_CONSENT_FILE); empty without the file. */
  consent: ReadonlyMap<string, ConsentRecord>;
  /** The law of the place called in force (OUTBOUND_CALLS_CALL_PURPOSE, OUTBOUND_CALLS_RULES_FILE). */
  law: LawBook;
  /** Its consent rules and holds (OUTBOUND_CALLS_REQUIRE_CONSENT): guards/consent-law/book.ts. */
  consentLaw: ConsentBook;
  /** Diagnostics (stderr). */
  log?(line: string): void;
}

/** The tool call a guard is built for: how a person can be asked in it, and its scope (deadline, identity). */
export interface GuardCall {
  approval: ApprovalSelector;
  scope: CallScope;
}

/** A guard of this server's list (src/guards/list.ts). */
export type GuardOf = GuardModule<SafetyServices, GuardCall> & {
  /** The guard's own slice of state (src/guards/store/slice.ts), when it keeps one: its build reads s.store.slice(). */
  readonly state?: StateSlice<unknown>;
};
