/**
 * The rules of a server whose requests each come from a person (`--http` with OAuth), registered only there: a dial
 * is that person's. Another person's dial is neither handed over (a replay) nor taken over (a dead claim); each
 * person's dials per hour are capped (OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON); the calls a dial placed are
 * recorded as theirs, and a lost answer names only calls that are theirs.
 */
import type { CapLedger, CapLimits } from "../caps/state/store.js";
import type { OwnedThing } from "./state/store.js";
import { refuseOverCap } from "../caps/refusals.js";
import { CapStage } from "../caps/stage.js";
import { claimOfAnother, ownedThings, recordOwner } from "./access.js";
import type { DialAttempt } from "../dial/attempt.js";
import type { Guard } from "../dial/guard.js";
import { SafetyRefusal } from "../dial/refusals.js";
import type { GuardOf, SafetyServices } from "../services.js";

const iso = (ms: number) => new Date(ms).toISOString();

export function perPersonGuard(s: SafetyServices): Guard {
  const { store, clock } = s;
  // As the account's caps: when nobody decides, counted at once in the first round trip (caps/stage.ts).
  const stage = new CapStage(clock);
  /** The person's ledger and limits, when a per-person cap is set. */
  const ledgerOf = (attempt: DialAttempt): { caps: CapLedger; limits: CapLimits } | undefined => {
    const person = attempt.scope.identity.person;
    const perHour = s.settings.maxDialsPerHourPerPerson;
    if (!person || perHour === undefined) return undefined;
    return { caps: store.personCaps(person.sub), limits: { perHour, perNumberPerDay: undefined } };
  };
  const record = async (attempt: DialAttempt, things: OwnedThing[]) => {
    const unrecorded = await recordOwner(store, attempt.scope.identity.person, things, clock.now());
    if (unrecorded) s.log?.(`outbound-calls-mcp: ${attempt.tool}: ${unrecorded}`);
  };
  return {
    begin(attempt) {
      const mine = ledgerOf(attempt);
      if (mine) stage.begin(attempt, mine.caps, mine.limits, true);
    },
    async check(attempt) {
      // A dead claim of another person's identical dial: its POST may have reached the service, whose answer to the
      // same Idempotency-Key would be their call. It goes back to them (their repeat takes it over).
      const claim = attempt.claim;
      if (claim?.takeover && claimOfAnother(claim.previousOwner, attempt.scope.identity.person)) {
        throw new SafetyRefusal(
          "duplicate",
          `Refused: an identical ${what(attempt)} was being sent for someone else when the server sending it stopped; it may have been placed, so it is not sent again for you. Nothing was dialed.`,
        );
      }
      const mine = ledgerOf(attempt);
      if (!mine) return;
      const verdict =
        (await stage.verdict(attempt, mine.caps, mine.limits)) ??
        (await mine.caps.check([...attempt.numbers], clock.now(), mine.limits, claim?.countedAs));
      refuseOverCap(verdict, attempt.numbers, mine.limits, clock.now(), true);
      if (attempt.dryRun) attempt.checks.push("caps: within the per-person dials-per-hour limit");
    },
    async replay(attempt) {
      // The replay of an identical dial another person placed would hand over their call ids and statuses.
      const replay = attempt.replay!;
      const person = attempt.scope.identity.person;
      if (!person || attempt.scope.identity.readsAllCalls) return;
      // A batch whose answer listed no calls is known by its campaign; one known by neither is shown to nobody.
      const campaign = replay.summary.campaign_id;
      const things = ownedThings(
        replay.callIds,
        typeof campaign === "string" && campaign !== "" ? campaign : undefined,
      );
      const owners = things.length > 0 ? await store.owners.ownersOf(things, clock.now()) : [];
      if (owners.some((owner) => owner === person.sub)) return;
      throw new SafetyRefusal(
        "duplicate",
        `Refused: an identical ${what(attempt)} was placed at ${iso(replay.firstAt)}, within the dedupe window (OUTBOUND_CALLS_DEDUPE_WINDOW_S), ${things.length > 0 ? "by someone else" : "and this server cannot tell by whom"}; it is not placed again. Nothing was dialed.`,
      );
    },
    async commit(attempt) {
      const mine = ledgerOf(attempt);
      if (!mine) return;
      // Under the claim's reservation id, as the account-wide count.
      const counted = stage.commit(attempt, mine.caps, mine.limits);
      if (counted) refuseOverCap(await counted, attempt.numbers, mine.limits, clock.now(), true);
    },
    async settle(attempt, posted) {
      if (posted.kind === "placed") {
        // Recorded before the claim is settled, so no replica reads a placed claim whose calls have no owner yet.
        await record(attempt, ownedThings(posted.callIds, posted.campaignId));
        return;
      }
      if (posted.lookup.kind !== "found") return;
      // Only a call created after the attempt, by a time the service gave, can be shown to be this dial's and become
      // the person's: one with no time, or from just before it, may be a dashboard's call, seen then only with
      // calls:read_all.
      const found = posted.lookup.calls;
      await record(
        attempt,
        ownedThings(
          found.filter((c) => c.afterAttempt).map((c) => c.id),
          undefined,
        ),
      );
      // The lookup finds calls to these numbers, whoever placed them: another person's call is counted, not named.
      const own = await attempt.access.mine(found);
      posted.lookup = { kind: "found", calls: own, unshown: found.length - own.length };
    },
  };
}

const what = (attempt: DialAttempt) => (attempt.tool === "submit_batch" ? "batch" : "call");

export const perPerson: GuardOf = {
  name: "per person (OAuth)",
  folder: "per-person",
  docs: {
    refuses:
      "with OAuth: handing over or taking over another person's identical dial (`duplicate`), more dials than a person's hourly cap (`dials_per_hour_per_person`)",
    default: "with OAuth only",
    setWith: "`OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON`",
  },
  build: (s, call) => (call.scope.identity.person ? perPersonGuard(s) : undefined),
};
