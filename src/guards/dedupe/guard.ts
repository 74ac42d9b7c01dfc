/**
 * No duplicate dials (OUTBOUND_CALLS_DEDUPE_WINDOW_S, src/guards/dedupe/ledger.ts): the dial is claimed in the store's
 * ledger, or the identical dial placed within the window answers it (a replay), or a number dialed within the window
 * by another request is refused (unless repeat_dial). Off (window 0): an unledgered claim. A dry run claims nothing.
 * The claim is asked for in begin, with the other guards' requests (one round trip), and held from then on: a refusal
 * by an earlier guard's check gives it back. Its reservation id is known before the store answers.
 */

import { DialClaim, reservationOf } from "../dial/claim.js";
import { Begun } from "../dial/begun.js";
import { claimDial, dryRunDedupeCheck, LEASE_MS } from "./ledger.js";
import type { DialAttempt } from "../dial/attempt.js";
import type { Guard } from "../dial/guard.js";
import { claimOwner } from "../per-person/access.js";
import type { GuardOf, SafetyServices } from "../services.js";

const iso = (ms: number) => new Date(ms).toISOString();

export function dedupeGuard(s: SafetyServices): Guard {
  const { settings } = s;
  const claiming = new Begun<Awaited<ReturnType<typeof claimDial>>>();
  const claim = (attempt: DialAttempt) => {
    const owner = claimOwner(attempt.scope.identity.person);
    attempt.reservationId = reservationOf(attempt.key, owner);
    const ledger = {
      store: s.store,
      clock: s.clock,
      windowMs: settings.dedupeWindowMs,
      leaseMs: settings.testLeaseMs ?? LEASE_MS,
    };
    const claimed = claiming.start(attempt, claimDial(attempt, ledger, owner));
    // Nothing placed (or already settled as unknown): the claim is forgotten so a corrected retry may go.
    attempt.hold(async () => {
      const outcome = await claimed.catch(() => undefined);
      if (outcome?.kind === "claimed") await outcome.claim.release();
    });
  };
  return {
    begin(attempt) {
      if (attempt.dryRun) return;
      if (settings.dedupeWindowMs <= 0) attempt.claim = DialClaim.unledgered(attempt.key, attempt.numbers);
      else claim(attempt);
    },
    async check(attempt) {
      if (attempt.dryRun) {
        if (settings.dedupeWindowMs > 0)
          attempt.checks.push(await dryRunDedupeCheck(attempt, s.store, s.clock.now(), settings.dedupeWindowMs));
        return;
      }
      if (settings.dedupeWindowMs <= 0) {
        attempt.claim ??= DialClaim.unledgered(attempt.key, attempt.numbers);
        return;
      }
      let begun = claiming.take(attempt);
      if (!begun) {
        claim(attempt);
        begun = claiming.take(attempt)!;
      }
      const claimed = await begun;
      if (claimed.kind === "replay") {
        const { replay } = claimed;
        attempt.replay = replay;
        attempt.trail.add({ decision: "deduplicated", duplicate_of: iso(replay.firstAt), call_ids: replay.callIds });
        return;
      }
      attempt.claim = claimed.claim;
    },
  };
}

export const dedupe: GuardOf = {
  name: "no duplicate dials",
  folder: "dedupe",
  docs: {
    refuses:
      "an identical dial within the window (it gets the first one's answer), another dial to a number dialed in it (`recent_number`)",
    default: "within 600 s, unless `repeat_dial: true`",
    setWith: "`OUTBOUND_CALLS_DEDUPE_WINDOW_S`",
  },
  build: (s) => dedupeGuard(s),
};
