/**
 * The stages of a dial before its POST (the POST is post-dial.ts; the order is
 * DialGuard.dial's, in dial-guard.ts). A stage is a small function over the
 * attempt: it reads the DialAttempt, the guards' fixed parts (SafetyServices)
 * and what earlier stages returned, and returns what it decided: its own
 * result, the line a dry run lists (`check`) and the facts it adds to the audit
 * line (`audit`). To refuse, it throws a SafetyRefusal (refusals.ts) before
 * anything is sent. No stage writes the audit line or changes the attempt.
 */
import type { ConsentSelector } from "../consent/selector.js";
import type { CapLedger, CapLimits, OptOutEntry } from "../state/store.js";
import type { AuditFacts } from "./audit-trail.js";
import { refuseOverCap } from "./caps-guard.js";
import { confirmationPlan, confirmDial, tokenRefusal, type Confirmation, type Shown } from "./confirm.js";
import type { ConfirmationTokens } from "./confirmation-token.js";
import type { DialAttempt, SafetyServices } from "./dial-attempt.js";
import { DialClaim } from "./dial-claim.js";
import { claimDial, dryRunDedupeCheck, LEASE_MS, type Replay } from "./dedupe.js";
import { checkRowsCallingHours } from "./hours-guard.js";
import { previewText } from "../consent/preview.js";
import { checkConsent, consentText } from "./compliance/consent-guard.js";
import { refuseOptedOut } from "./compliance/opt-out-guard.js";
import { checkLawOfThePlace } from "./compliance/law-guard.js";
import { rulesForRows } from "./compliance/law-places.js";
import { lawLimits, refuseOverLawLimit } from "./compliance/law-frequency.js";
import { SafetyRefusal } from "./refusals.js";
import { claimOfAnother, ownCalls, ownedThings } from "./call-access.js";

const iso = (ms: number) => new Date(ms).toISOString();
/** The least time the POST after a person's answer gets, however much the stages before asking used. */
const MIN_SEND_MS = 1_000;
/** How long a spent confirmation token stays marked used (tokens last 5 minutes). */
const SPENT_TOKEN_TTL_MS = 10 * 60_000;

/** What the checks before a dial found, as a dry run lists them: the rows' checks came first, in the tool. */
export const ROW_CHECKS = [
  "number: valid, allowed type and country",
  "do-not-call list: not listed",
  "opt-outs: none of these people asked not to be called",
  "agent: available to this key",
] as const;

/** The caps reservation of a dial about to go: taken back when nothing is sent. */
export interface CapReservation {
  id: string;
  /** Never rejects: a reservation the store cannot take back only holds a slot until it ages out. */
  release(): Promise<void>;
}

/** Every dial is refused while the audit log holds damaged lines without numbers: the caps cannot be known. */
export function auditIntact(s: SafetyServices): void {
  if (s.auditDamage) throw new SafetyRefusal("audit_log_damaged", s.auditDamage);
}

/**
 * Opt-outs (src/safety/compliance/): a call to one of these numbers still followed is read first (its person may just have
 * said stop), then a number on the opt-out list is refused, naming the call where the person said it. Run again
 * after confirmation (`before: "post"`), when minutes may have passed: then only the list is read.
 */
export async function optOutStage(
  attempt: DialAttempt,
  s: SafetyServices,
  before: "claim" | "post" = "claim",
): Promise<void> {
  const numbers = [...attempt.numbers];
  if (before === "claim") await s.optOuts.readBeforeDial(numbers, attempt.scope.deadline);
  const entries = await s.optOuts.listed(numbers);
  if (entries.every((e) => e === undefined)) return;
  refuseOptedOut(attempt.rows, entries, await optOutsShown(attempt, s, entries));
}

/**
 * Which opt-out entries the caller may read whole: with OAuth, one learned on a call only when that call is the
 * caller's (call-access.ts), one a model reported only for a caller who reads every call; an operator's always.
 */
async function optOutsShown(
  attempt: DialAttempt,
  s: SafetyServices,
  entries: ReadonlyArray<OptOutEntry | undefined>,
): Promise<(index: number) => boolean> {
  const { identity } = attempt.scope;
  if (!identity.person || identity.readsAllCalls) return () => true;
  const calls = entries.flatMap((e) => (e?.source === "call" && e.callId ? [{ id: e.callId }] : []));
  const own = new Set((await ownCalls(s.store, identity, calls, s.clock.now())).map((c) => c.id));
  return (index) => {
    const entry = entries[index];
    if (!entry || entry.source === "operator") return true;
    return entry.source === "call" && entry.callId !== undefined && own.has(entry.callId);
  };
}

/**
 * The operator's consent records (OUTBOUND_CALLS_CONSENT_FILE): each row's record as text, for the preview, the
 * approval and the audit line; a number without a live record is refused when OUTBOUND_CALLS_REQUIRE_CONSENT is set.
 * Without a consent file: no records, no facts.
 */
export function consentStage(
  attempt: DialAttempt,
  s: SafetyServices,
): { records?: readonly string[]; audit: AuditFacts } {
  const records = checkConsent(s.consent, attempt.rows, s.clock.now(), s.settings.requireConsent).map(consentText);
  return s.consent.size > 0 ? { records, audit: { consent: records } } : { audit: {} };
}

/**
 * Dedupe: claims the dial in the store's ledger, or answers with the identical dial placed within the window
 * (a replay), or refuses a number dialed within it by another request (unless repeat_dial). Off (window 0): an
 * unledgered claim.
 */
export async function claimStage(
  attempt: DialAttempt,
  s: SafetyServices,
): Promise<{ kind: "claimed"; claim: DialClaim } | { kind: "replay"; replay: Replay; audit: AuditFacts }> {
  const { settings } = s;
  if (settings.dedupeWindowMs <= 0)
    return { kind: "claimed", claim: DialClaim.unledgered(attempt.key, attempt.numbers) };
  const ledger = {
    store: s.store,
    clock: s.clock,
    windowMs: settings.dedupeWindowMs,
    leaseMs: settings.testLeaseMs ?? LEASE_MS,
  };
  const claimed = await claimDial(attempt, ledger);
  if (claimed.kind === "claimed") {
    await refuseAnothersTakeover(attempt, claimed.claim);
    return claimed;
  }
  const { replay } = claimed;
  await refuseAnothersReplay(attempt, s, replay);
  return {
    ...claimed,
    audit: { decision: "deduplicated", duplicate_of: iso(replay.firstAt), call_ids: replay.callIds },
  };
}

/**
 * With OAuth, the replay of an identical dial another person placed would hand over their call ids and statuses:
 * the dial is still not placed again (the dedupe window holds for everyone), but it is refused without them.
 */
async function refuseAnothersReplay(attempt: DialAttempt, s: SafetyServices, replay: Replay): Promise<void> {
  const { person, readsAllCalls } = attempt.scope.identity;
  if (!person || readsAllCalls) return;
  // A batch whose answer listed no calls is known by its campaign; one known by neither is shown to nobody.
  const campaign =
    typeof replay.summary.campaign_id === "string" && replay.summary.campaign_id !== ""
      ? replay.summary.campaign_id
      : undefined;
  const things = ownedThings(replay.callIds, campaign);
  const owners = things.length > 0 ? await s.store.owners.ownersOf(things, s.clock.now()) : [];
  if (owners.some((owner) => owner === person.sub)) return;
  throw new SafetyRefusal(
    "duplicate",
    `Refused: an identical ${attempt.tool === "submit_batch" ? "batch" : "call"} was placed at ${iso(replay.firstAt)}, within the dedupe window (OUTBOUND_CALLS_DEDUPE_WINDOW_S), ${things.length > 0 ? "by someone else" : "and this server cannot tell by whom"}; it is not placed again. Nothing was dialed.`,
  );
}

/**
 * With OAuth, a dead claim of another person's identical dial is not taken over: its POST may have reached the
 * service, whose answer to the same Idempotency-Key would be their call. It goes back to them (their repeat takes
 * it over), and this dial is refused with nothing sent.
 */
async function refuseAnothersTakeover(attempt: DialAttempt, claim: DialClaim): Promise<void> {
  if (!claim.takeover || !claimOfAnother(claim.previousOwner, attempt.scope.identity.person)) return;
  await claim.release();
  throw new SafetyRefusal(
    "duplicate",
    `Refused: an identical ${attempt.tool === "submit_batch" ? "batch" : "call"} was being sent for someone else when the server sending it stopped; it may have been placed, so it is not sent again for you. Nothing was dialed.`,
  );
}

/** A dry run's dedupe line: what a dial now would meet, claiming nothing. Undefined when dedupe is off. */
export async function dedupeCheckStage(attempt: DialAttempt, s: SafetyServices): Promise<{ check?: string }> {
  if (s.settings.dedupeWindowMs <= 0) return {};
  return { check: await dryRunDedupeCheck(attempt, s.store, s.clock.now(), s.settings.dedupeWindowMs) };
}

/** Calling hours in each callee's local time; the local times go into the preview. */
export function hoursStage(
  attempt: DialAttempt,
  s: SafetyServices,
): { localTimes: ReadonlyMap<number, string>; check: string } {
  const { callingHours } = s.settings;
  const localTimes = checkRowsCallingHours(callingHours, attempt.rows, s.clock.now());
  return {
    localTimes,
    check: callingHours ? `calling hours: inside ${callingHours.text} local time` : "calling hours: off",
  };
}

/**
 * The law of the place called (src/safety/compliance/): the calling hours, days and holidays of each number's place
 * for OUTBOUND_CALLS_CALL_PURPOSE. Its per-number limits are counted with the caps (capsStage, reserveStage).
 */
export async function lawStage(attempt: DialAttempt, s: SafetyServices): Promise<{ check: string; audit: AuditFacts }> {
  const waived = await checkLawOfThePlace(s.law, attempt.rows, s.clock.now(), {
    batch: attempt.tool === "submit_batch",
    consent: s.consent,
  });
  const n = s.law.rules.length;
  // A rule a consent record lifted is in the audit line, as the record itself is.
  const audit: AuditFacts = waived.length > 0 ? { law_exceptions: waived } : {};
  if (n === 0) return { check: `law of the place called: no rule applies to ${s.law.purpose} calls`, audit };
  // A dry run names the rules these numbers meet, with their sources, so the person sees what was checked.
  const met = rulesForRows(s.law, attempt.rows).map((r) => `${r.id} (${r.source.cite})`);
  const these = met.length > 0 ? `these numbers meet ${met.join(", ")}` : "none applies to these numbers";
  return {
    check: `law of the place called: ${s.law.purpose}, allowed now (${n} rule${n === 1 ? "" : "s"} in force; ${these})${waived.map((w) => `; ${w}`).join("")}`,
    audit,
  };
}

/** The caps, checked without counting. A claim taken over from a dead owner may be counted already, under its reservation. */
export async function capsStage(
  attempt: DialAttempt,
  s: SafetyServices,
  claim: DialClaim | undefined,
): Promise<{ check: string }> {
  const { store, clock } = s;
  const numbers = [...attempt.numbers];
  const caps = limits(s, attempt);
  const verdict = await store.caps.check(numbers, clock.now(), caps, claim?.countedAs);
  refuseOverLawLimit(verdict, numbers, s.law, clock.now());
  refuseOverCap(verdict, numbers, caps, clock.now());
  const mine = personLedger(attempt, s);
  if (mine)
    refuseOverCap(
      await mine.caps.check(numbers, clock.now(), mine.limits, claim?.countedAs),
      numbers,
      mine.limits,
      clock.now(),
      true,
    );
  return { check: `caps: within the dials-per-hour${mine ? ", per-person" : ""} and per-number limits` };
}

/** What a person reads before the dial, and a dry run shows. */
export function previewStage(
  attempt: DialAttempt,
  localTimes: ReadonlyMap<number, string>,
  consentRecords?: readonly string[],
): string {
  return previewText({
    rows: attempt.rows,
    agentNames: attempt.agentNames,
    localTimes,
    repeatDial: attempt.repeatDial,
    ...(consentRecords ? { consentRecords } : {}),
  });
}

/** The end of a dry run: the token a dial may bring (token mode), and how a dial would be confirmed. */
export async function dryRunStage(
  attempt: DialAttempt,
  s: SafetyServices,
  consent: ConsentSelector,
): Promise<{ token?: { token: string; expiresAt: number }; check: string; audit: AuditFacts }> {
  const token = s.settings.confirm === "token" ? (await s.tokens()).issue(attempt.key) : undefined;
  return {
    ...(token ? { token } : {}),
    check: confirmationPlan(s.settings.confirm, consent),
    audit: { decision: "dry_run" },
  };
}

/**
 * Confirmation: a person (through the consent selector), a dry run's token, or none (OUTBOUND_CALLS_CONFIRM=never).
 * `sendWithinMs` is set when a person was asked: the service's time is one deadline, the person's time aside, so the
 * POST after their answer gets a fresh deadline of what the stages before asking left of it (at least a second), and
 * a dial takes at most the deadline plus the wait, the bound a shutdown waits for (docs/hosting.md).
 */
export async function confirmStage(
  attempt: DialAttempt,
  s: SafetyServices,
  consent: ConsentSelector,
  shown: Shown,
): Promise<Confirmation & { tokens?: ConfirmationTokens | undefined; sendWithinMs?: number; audit: AuditFacts }> {
  const { settings } = s;
  // The tokens (and their shared secret) only in the mode that uses them.
  const tokens = settings.confirm === "token" ? await s.tokens() : undefined;
  const { deadline } = attempt.scope;
  const serviceLeftMs = Math.max(Math.min(MIN_SEND_MS, deadline.totalMs), deadline.remaining());
  const confirmation = await confirmDial(
    attempt,
    { mode: settings.confirm, consent, tokens, waitMs: settings.approvalWaitMs },
    shown,
  );
  const byPerson = confirmation.by === "client" || confirmation.by === "page";
  return {
    ...confirmation,
    tokens,
    ...(byPerson ? { sendWithinMs: serviceLeftMs } : {}),
    audit: { confirmation: confirmation.by, ...(confirmation.approver ? { approver: confirmation.approver } : {}) },
  };
}

/** The caps, checked and counted in one atomic step of the store, under the claim's reservation. */
export async function reserveStage(attempt: DialAttempt, s: SafetyServices, claim: DialClaim): Promise<CapReservation> {
  const { store, clock } = s;
  const numbers = [...attempt.numbers];
  const id = claim.reservation;
  const caps = limits(s, attempt);
  const verdict = await store.caps.reserve(id, numbers, clock.now(), caps, claim.countedAs);
  refuseOverLawLimit(verdict, numbers, s.law, clock.now());
  refuseOverCap(verdict, numbers, caps, clock.now());
  const mine = personLedger(attempt, s);
  if (!mine) return { id, release: () => store.caps.release(id).catch(() => undefined) };
  // The person's cap counts under the same reservation id: over it, the account-wide count is taken back.
  let personal: Awaited<ReturnType<CapLedger["reserve"]>>;
  try {
    personal = await mine.caps.reserve(id, numbers, clock.now(), mine.limits, claim.countedAs);
  } catch (error) {
    await store.caps.release(id).catch(() => undefined);
    throw error;
  }
  if (!personal.ok) await store.caps.release(id).catch(() => undefined);
  refuseOverCap(personal, numbers, mine.limits, clock.now(), true);
  return {
    id,
    release: async () => {
      await Promise.all([store.caps.release(id).catch(() => undefined), mine.caps.release(id).catch(() => undefined)]);
    },
  };
}

/** The ledger and limits of the person behind the dial, when there is one and a per-person cap is set. */
function personLedger(attempt: DialAttempt, s: SafetyServices): { caps: CapLedger; limits: CapLimits } | undefined {
  const person = attempt.scope.identity.person;
  const perHour = s.settings.maxDialsPerHourPerPerson;
  if (!person || perHour === undefined) return undefined;
  return { caps: s.store.personCaps(person.sub), limits: { perHour, perNumberPerDay: undefined } };
}

/** A token works once, whatever its spelling: the store marks its MAC used in one atomic step. */
export async function spendTokenStage(
  attempt: DialAttempt,
  s: SafetyServices,
  confirmed: Pick<Confirmation, "by"> & { tokens?: ConfirmationTokens | undefined },
  reservation: CapReservation,
): Promise<void> {
  if (confirmed.by !== "token" || !confirmed.tokens) return;
  if (await s.store.once.use(confirmed.tokens.usedId(attempt.token ?? ""), s.clock.now(), SPENT_TOKEN_TTL_MS)) return;
  await reservation.release();
  throw tokenRefusal("used");
}

function limits(s: SafetyServices, attempt: DialAttempt): CapLimits {
  const perNumberLaw = lawLimits(s.law, attempt.rows);
  return {
    perHour: s.settings.maxDialsPerHour,
    perNumberPerDay: s.settings.maxDialsPerNumberPerDay,
    ...(perNumberLaw ? { perNumberLaw } : {}),
  };
}
