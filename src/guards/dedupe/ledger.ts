/**
 * No duplicate dials (OUTBOUND_CALLS_DEDUPE_WINDOW_S), on the store's dial ledger:
 * - the same request again (same tool, numbers, agents, fields) within the window
 *   dials nothing: it gets the first one's answer, after waiting for it if it is
 *   still under way (20 identical concurrent calls place one);
 * - another request to a number dialed within the window (another contact name, a
 *   metadata value, create_call after a 1-row batch…) is refused, naming the earlier
 *   call, unless it says a second call is meant (repeat_dial: true); with OAuth its
 *   id is named only to the person who placed it (or a token with calls:read_all):
 *   a call id is not a credential, but it is not another person's to learn either;
 * - a claim whose owner died (its lease ran out) is taken over with the same
 *   Idempotency-Key, so the service itself recognizes a POST that did go out.
 */
import { callIdText } from "../../service/values.js";
import { randomUUID } from "node:crypto";
import type { DialRecord } from "../dial/state/store.js";
import type { GuardStore } from "../store/store.js";
import type { DialAttempt, Replay } from "../dial/attempt.js";
import { DialClaim, type ClaimLedger } from "../dial/claim.js";
import { BatchSafetyRefusal, DuplicateOfUnknownError, SafetyRefusal } from "../dial/refusals.js";
import { agoText } from "../dial/time-text.js";
import { claimOwner } from "../per-person/access.js";

/** What a claim reads of the attempt. */
export type ClaimAttempt = Pick<DialAttempt, "key" | "tool" | "numbers" | "repeatDial" | "scope" | "access"> &
  Partial<Pick<DialAttempt, "released">>;

/** The claim's wait for an identical dial stops: the attempt was refused meanwhile (nothing of it is sent). */
class ClaimAbandoned extends Error {}

/** An unsettled claim lives this long without renewal; its owner renews it every third of it. */
export const LEASE_MS = 60_000;
const RULE = "recent_number";

/** Claims the dial, or answers with the identical earlier dial, or refuses for a recently dialed number. */
export async function claimDial(
  attempt: ClaimAttempt,
  ledger: ClaimLedger,
  owner: string = claimOwner(attempt.scope.identity.person),
): Promise<{ kind: "claimed"; claim: DialClaim } | { kind: "replay"; replay: Replay }> {
  const { store, clock } = ledger;
  for (;;) {
    if (attempt.released) throw new ClaimAbandoned("the dial was refused while its claim waited");
    const result = await store.dials.claim({
      requestKey: attempt.key,
      tool: attempt.tool,
      numbers: [...attempt.numbers],
      idempotencyKey: randomUUID(),
      owner,
      now: clock.now(),
      windowMs: ledger.windowMs,
      leaseMs: ledger.leaseMs,
      allowRecentNumbers: attempt.repeatDial,
    });
    if (result.kind === "claimed") {
      const { idempotencyKey, takeover, previousOwner } = result;
      return {
        kind: "claimed",
        claim: DialClaim.held(ledger, {
          key: attempt.key,
          numbers: attempt.numbers,
          owner,
          idempotencyKey,
          takeover,
          previousOwner,
        }),
      };
    }
    if (result.kind === "recent_numbers") {
      const shown = await shownCallIds(attempt, result.matches);
      throw recentNumbersRefusal(
        result.matches,
        attempt.tool === "create_call" ? undefined : attempt.numbers.length,
        clock.now(),
        shown,
      );
    }
    const settled = await waitSettled(result.record, attempt, ledger);
    // Not placed (forgotten), or its owner died: try to claim it ourselves.
    if (settled === undefined) continue;
    if (settled.state.kind === "unknown") {
      throw new DuplicateOfUnknownError(
        `Not dialed again: an identical request (same numbers, agent and fields) was sent at ${new Date(settled.state.at).toISOString()} and its outcome is unknown (${settled.state.message}). ` +
          "Do not dial again: check with list_calls whether the call exists.",
      );
    }
    if (settled.state.kind === "placed")
      return {
        kind: "replay",
        replay: { firstAt: settled.state.at, callIds: settled.state.callIds, summary: settled.state.summary },
      };
  }
}

/** Polls an identical dial under way, within the tool call's deadline, until it settles; undefined when it was forgotten or its lease ran out. */
async function waitSettled(
  first: DialRecord,
  attempt: ClaimAttempt,
  { store, clock }: ClaimLedger,
): Promise<DialRecord | undefined> {
  let record: DialRecord | undefined = first;
  for (let pause = 20; record?.state.kind === "in_flight"; pause = Math.min(pause * 2, 500)) {
    if (attempt.released) throw new ClaimAbandoned("the dial was refused while its claim waited");
    if (record.state.leaseUntil <= clock.now()) return undefined;
    if (attempt.scope.deadline.remaining() <= pause) {
      throw new SafetyRefusal(
        RULE,
        `Not dialed: an identical request started at ${new Date(record.startedAt).toISOString()} is still under way (a person may be deciding, or it is being sent). ` +
          "Do not dial again: check its result in a minute with list_calls.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    record = await store.dials.get(first.requestKey);
  }
  return record;
}

/** Which earlier call ids the caller may be told: every one to a caller who reads every call; else their own. */
async function shownCallIds(
  attempt: ClaimAttempt,
  matches: ReadonlyArray<{ record: DialRecord }>,
): Promise<(id: string) => boolean> {
  if (!attempt.access.restricted) return () => true;
  const ids = [...new Set(matches.flatMap((m) => (m.record.state.kind === "placed" ? m.record.state.callIds : [])))];
  const mine = new Set((await attempt.access.mine(ids.map((id) => ({ id })))).map((c) => c.id));
  return (id) => mine.has(id);
}

/** What a dry run says about duplicates, without claiming anything. */
export async function dryRunDedupeCheck(
  attempt: ClaimAttempt,
  store: GuardStore,
  now: number,
  windowMs: number,
): Promise<string> {
  const same = await store.dials.get(attempt.key);
  if (same && same.state.kind !== "in_flight" && same.state.at + windowMs > now) {
    return `duplicate: an identical dial started at ${new Date(same.startedAt).toISOString()}; dialing now would return its answer instead of dialing again`;
  }
  const recent = await store.dials.recentByNumber([...attempt.numbers], now, windowMs);
  if (recent.length === 0) return "duplicate: no dial to these numbers in the window";
  const listed = [...new Set(recent.map((m) => m.number))].join(", ");
  return attempt.repeatDial
    ? `duplicate: ${listed} were dialed within the window; repeat_dial: true places a second call anyway`
    : `duplicate: ${listed} were dialed within the window; dialing now would be refused unless repeat_dial: true`;
}

/**
 * The ids of the calls this dial placed to `number`: one call's own id; in a batch, the calls of its answer
 * whose `to` is that number (compared by digits), or undefined when the answer does not say which.
 */
function callIdsOf(record: DialRecord, number: string): string[] | undefined {
  const s = record.state;
  if (s.kind !== "placed" || s.callIds.length === 0) return undefined;
  if (record.numbers.length === 1 && s.callIds.length === 1) return s.callIds;
  const digits = (v: unknown) => (typeof v === "string" ? v.replace(/\D/g, "") : "");
  const calls = Array.isArray(s.summary.calls) ? s.summary.calls : [];
  const ids = calls.flatMap((c) =>
    typeof c === "object" &&
    c !== null &&
    digits((c as Record<string, unknown>).to) === digits(number) &&
    typeof (c as Record<string, unknown>).id === "string"
      ? [(c as Record<string, unknown>).id as string]
      : [],
  );
  return ids.length > 0 ? ids : undefined;
}

function describe(record: DialRecord, now: number, number: string, shown: (id: string) => boolean): string {
  const s = record.state;
  if (s.kind === "in_flight") {
    return s.leaseUntil > now
      ? `a dial started at ${agoText(record.startedAt, now)} is still under way`
      : `a dial started at ${agoText(record.startedAt, now)} was never settled (the server dialing it stopped), so it may have reached the person`;
  }
  // The service chose these ids: one that does not look like an id is shown quoted, as the service's text.
  if (s.kind !== "placed") return `a dial sent at ${agoText(s.at, now)} has an unknown outcome`;
  // Only the calls of this number: a batch's other rows are other people.
  const own = callIdsOf(record, number);
  const visible = own?.filter(shown);
  const ids = own
    ? visible && visible.length > 0
      ? ` as ${visible.slice(0, 3).map(callIdText).join(", ")}`
      : "; that call is not recorded as one of yours, so its id is not shown"
    : s.callIds.length > 0
      ? ` in a batch of ${record.numbers.length} whose answer does not say which call was this number's (find it with list_calls)`
      : "";
  return `it was dialed at ${agoText(s.at, now)}${ids}`;
}

/** Whether the caller may follow the earlier dial: it is not another person's placed call. */
function ownIds(record: DialRecord, number: string, shown: (id: string) => boolean): boolean {
  if (record.state.kind !== "placed") return true;
  const own = callIdsOf(record, number);
  return own === undefined || own.some(shown);
}

/** `batchRows`: the rows of a batch (its refusal names them), undefined for one call. */
function recentNumbersRefusal(
  matches: Array<{ index: number; number: string; record: DialRecord }>,
  batchRows: number | undefined,
  now: number,
  shown: (id: string) => boolean,
): Error {
  const advice =
    "If the user wants a second call to it now, repeat the request with repeat_dial: true; otherwise do not dial it again";
  if (batchRows === undefined) {
    const m = matches[0]!;
    return new SafetyRefusal(
      RULE,
      `Not dialed: ${m.number} was dialed within the dedupe window by another request (${describe(m.record, now, m.number, shown)}). ` +
        `${ownIds(m.record, m.number, shown) ? "Follow the earlier call with get_call or list_calls. " : ""}${advice}. Nothing was dialed.`,
      "to",
    );
  }
  const first = new Map<number, (typeof matches)[number]>();
  for (const m of matches) if (!first.has(m.index)) first.set(m.index, m);
  const problems = [...first.values()].map((m) => ({
    index: m.index,
    field: "to",
    reason: `${m.number}: ${describe(m.record, now, m.number, shown)}`,
  }));
  return new BatchSafetyRefusal(
    RULE,
    problems,
    batchRows,
    "were dialed within the dedupe window by other requests",
    advice,
  );
}
