/**
 * The yes a dial waits for (OUTBOUND_CALLS_CONFIRM, src/guards/approval/confirm.ts): a person, through the channel this tool
 * call can reach (src/approval/), after reading what the dial is (the preview); or a dry run's token, spent once when
 * the dial goes; or none, when the operator accepted unattended dialing. A dry run ends here with the preview, the
 * token (token mode) and how a dial would be confirmed.
 */
import { previewText } from "../../approval/preview.js";
import type { ApprovalSelector } from "../../approval/selector.js";
import { confirmationPlan, confirmDial, tokenRefusal } from "./confirm.js";
import type { DialAttempt } from "../dial/attempt.js";
import type { Guard } from "../dial/guard.js";
import type { GuardOf, SafetyServices } from "../services.js";

/** The least time the POST after a person's answer gets, however much the guards before asking used. */
const MIN_SEND_MS = 1_000;
/** How long a spent confirmation token stays marked used (tokens last 5 minutes). */
const SPENT_TOKEN_TTL_MS = 10 * 60_000;

export function approvalGuard(s: SafetyServices, selector: ApprovalSelector): Guard {
  const { settings } = s;
  const preview = (attempt: DialAttempt) =>
    previewText({
      rows: attempt.rows,
      agentNames: attempt.agentNames,
      localTimes: attempt.localTimes,
      repeatDial: attempt.repeatDial,
      ...(attempt.consentRecords ? { consentRecords: attempt.consentRecords } : {}),
      ...lawShown(attempt),
    });
  return {
    async check(attempt) {
      if (!attempt.dryRun) return;
      attempt.preview = preview(attempt);
      if (settings.confirm === "token") attempt.issued = (await s.tokens()).issue(attempt.key);
      attempt.checks.push(confirmationPlan(settings.confirm, selector));
      attempt.trail.add({ decision: "dry_run" });
    },
    async approve(attempt) {
      attempt.preview = preview(attempt);
      // The tokens (and their shared secret) only in the mode that uses them.
      const tokens = settings.confirm === "token" ? await s.tokens() : undefined;
      // The service's time is one deadline, the person's time aside: the POST after their answer gets a fresh
      // deadline of what the guards before asking left of it (at least a second), the bound a shutdown waits for.
      const { deadline } = attempt.scope;
      const serviceLeftMs = Math.max(Math.min(MIN_SEND_MS, deadline.totalMs), deadline.remaining());
      const confirmation = await confirmDial(
        attempt,
        { mode: settings.confirm, approval: selector, tokens, waitMs: settings.approvalWaitMs },
        {
          preview: attempt.preview,
          localTimes: attempt.localTimes,
          ...(attempt.consentRecords ? { consentRecords: attempt.consentRecords } : {}),
          ...lawShown(attempt),
        },
      );
      const byPerson = confirmation.by === "client" || confirmation.by === "page";
      attempt.approval = {
        ...confirmation,
        ...(byPerson ? { sendWithinMs: serviceLeftMs } : {}),
        ...(confirmation.by === "token" && tokens ? { spends: tokens.usedId(attempt.token ?? "") } : {}),
      };
      attempt.trail.add({
        confirmation: confirmation.by,
        ...(confirmation.approver ? { approver: confirmation.approver } : {}),
      });
      // A single-use yes names the key of its one dial: a replay of it re-sends the first dial's key.
      if (confirmation.idempotencyKey !== undefined) await attempt.claim?.bindKey(confirmation.idempotencyKey);
    },
    async commit(attempt) {
      // A token works once, whatever its spelling: the store marks its MAC used in one atomic step.
      const spends = attempt.approval?.spends;
      if (spends === undefined) return;
      if (await s.store.once.use(spends, s.clock.now(), SPENT_TOKEN_TTL_MS)) return;
      throw tokenRefusal("used");
    },
  };
}

export const approval: GuardOf = {
  name: "a person approves every dial",
  folder: "approval",
  docs: {
    refuses:
      "a dial no person approved: declined, pending, nobody to ask (`confirmation_required`, `confirmation_unavailable`), a bad or used token (`confirmation_token`)",
    default:
      "a person approves every dial: on the approval card of an MCP Apps host, in the client's dialog or link, else the server's approval page (the approvers' inbox over `--http`)",
    setWith: "`OUTBOUND_CALLS_CONFIRM`, `OUTBOUND_CALLS_APPROVAL_WAIT_S`",
  },
  build: (s, call) => approvalGuard(s, call.approval),
};

/** What the person reads of the law of the place called (guards/consent-law/): its lines, the consent to attest. */
function lawShown(attempt: DialAttempt) {
  const groups = attempt.attest ?? [];
  return {
    ...(attempt.lawLines ? { law: attempt.lawLines } : {}),
    ...(groups.length > 0 ? { attest: groups } : {}),
  };
}
