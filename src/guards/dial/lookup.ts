/**
 * After a POST whose outcome is unknown (timeout or reset after sending, 5xx),
 * look once with GET /calls for what it created, within what is left of the
 * tool call's deadline, and say honestly what was found.
 */
import type { Deadline } from "../../service/deadline.js";
import { ConflictError, outcomeUnknown, UpstreamFaultError, type ApiError } from "../../service/errors.js";
import { NOT_SENT_ADVICE } from "../../service/transport/failures.js";
import type { CallingService } from "../../service/index.js";
import { callCreated, callTo } from "../../service/call-fields.js";
import { CALL_ID } from "../../validation/ids.js";
import { statusText, timeText } from "../../service/values.js";

/** The service's clock may run behind ours. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** Below this, a lookup cannot finish; say so instead of trying. */
const MIN_LOOKUP_MS = 500;

export interface FoundCall {
  id: string;
  status: string | undefined;
  to: string;
  /** As the service wrote it; undefined when it gave no time. */
  createdAt: string | undefined;
  /**
   * Created after the attempt started, by a time the service gave: only such a call can be shown to be this dial's
   * (one with no time, or from the allowance for the service's clock before it, may be a dashboard's call).
   */
  afterAttempt: boolean;
}

/**
 * `unshown`: calls found that the caller may not be shown (with OAuth, not recorded as theirs); they are counted,
 * never named.
 */
export type LookupResult =
  { kind: "found"; calls: FoundCall[]; unshown?: number } | { kind: "none" } | { kind: "skipped"; why: string };

const digits = (s: string) => s.replace(/[^0-9]/g, "");
/** The service may write its times to the second: a call of the attempt's own second counts as after it. */
const secondOf = (ms: number) => ms - (((ms % 1000) + 1000) % 1000);

export async function lookForCreatedCalls(
  service: CallingService,
  deadline: Deadline,
  want: { numbers: readonly string[]; agentIds: readonly string[]; startedAt: number },
): Promise<LookupResult> {
  if (deadline.signal.aborted || deadline.remaining() < MIN_LOOKUP_MS) {
    return { kind: "skipped", why: "the tool call's deadline was spent, so the service could not be asked" };
  }
  const since = want.startedAt - CLOCK_SKEW_MS;
  let page;
  try {
    page = await service.calls.list(
      {
        agent_id: want.agentIds.length === 1 ? want.agentIds[0] : undefined,
        date_from: new Date(since).toISOString().slice(0, 10),
        limit: 100,
      },
      deadline,
    );
  } catch {
    // The lookup is a courtesy: its failure must not hide the unknown outcome.
    return { kind: "skipped", why: "the service could not be asked (list_calls failed)" };
  }
  const wanted = new Set(want.numbers.map(digits));
  const found: FoundCall[] = [];
  for (const call of page.calls) {
    const to = callTo(call);
    // Only ids that can be read back are offered to the model as ids (anything else is untrusted text).
    if (!to || !wanted.has(digits(to)) || !CALL_ID.test(call.id)) continue;
    const created = callCreated(call);
    const createdMs = created ? Date.parse(created) : Number.NaN;
    // A call created before this attempt is an older one, not ours.
    if (!Number.isNaN(createdMs) && createdMs < since) continue;
    found.push({
      id: call.id,
      status: call.status,
      to: `+${digits(to)}`,
      createdAt: created?.slice(0, 40),
      afterAttempt: !Number.isNaN(createdMs) && createdMs >= secondOf(want.startedAt),
    });
  }
  return found.length > 0 ? { kind: "found", calls: found } : { kind: "none" };
}

/** The unknown-outcome message, completed with what the lookup found. */
export function unknownOutcomeMessage(original: string, lookup: LookupResult, rowCount: number): string {
  if (lookup.kind === "found") {
    const unshown = lookup.unshown ?? 0;
    if (lookup.calls.length === 0)
      return `${original} ${unshownText("A look at list_calls", unshown, rowCount)} One may be this dial's: outcome unknown — do not dial again. Check with list_calls in a minute.`;
    const also = unshown > 0 ? ` ${unshownText("It also", unshown, rowCount)}` : "";
    if (rowCount === 1) {
      const c = lookup.calls[0]!;
      return (
        `${original} A look at list_calls found call ${c.id} to ${c.to}${c.createdAt ? ` created at ${timeText(c.createdAt)}` : ""}, status ${statusText(c.status)}: ` +
        `it WAS placed. Do not dial again; follow it with get_call {"call_id": "${c.id}"}.${also}`
      );
    }
    return (
      `${original} A look at list_calls found ${lookup.calls.length} call${lookup.calls.length === 1 ? "" : "s"} to numbers of this batch created since the attempt ` +
      `(${lookup.calls
        .slice(0, 10)
        .map((c) => c.id)
        .join(
          ", ",
        )}${lookup.calls.length > 10 ? ", …" : ""}): the batch WAS at least partly placed. Do not submit it again.${also}`
    );
  }
  if (lookup.kind === "none") {
    return `${original} A look at list_calls right after found no such call yet, which proves nothing: outcome unknown — do not dial again. Check with list_calls in a minute.`;
  }
  return `${original} Outcome unknown — do not dial again (${lookup.why}).`;
}

/** The sentences about calls found that cannot be shown to be the caller's: counted, never named. */
function unshownText(lead: string, count: number, rowCount: number): string {
  const one = count === 1;
  return (
    `${lead} found ${count} call${one ? "" : "s"} to ${rowCount === 1 ? "this number" : "numbers of this batch"} from around the attempt whose placer cannot be shown to be you ` +
    `(made before it, with no creation time, or recorded as someone else's). ${one ? "It is" : "They are"} not named here: only a token with calls:read_all can read ${one ? "it" : "them"}.`
  );
}

/**
 * A takeover sends the dead owner's Idempotency-Key, and that owner's POST may have reached the service. What stops
 * the takeover's own POST says nothing of that earlier one: a refusal (a 409 on the key, a 400 or 422 as other
 * services spell a reused key, or any other) is an unknown outcome, never "refused, fix and try again". A takeover
 * that provably sent nothing gives the claim back with its key (dial-guard), but never says "nothing was dialed".
 */
export function takeoverFailed(tool: string, error: ApiError): ApiError {
  const creates = tool === "submit_batch" ? "batch" : "call";
  const init = { status: error.status, requestId: error.requestId, detail: error.detail };
  const earlier =
    "an earlier attempt of this request, whose server stopped before it settled, may have reached the service";
  if (error.status === undefined) {
    const cause = error.message.endsWith(NOT_SENT_ADVICE)
      ? error.message.slice(0, -NOT_SENT_ADVICE.length)
      : error.message;
    return new UpstreamFaultError(
      `${cause} This attempt sent nothing, but ${earlier}: the ${creates === "batch" ? "calls" : "call"} may have been placed. ` +
        `Do not dial these numbers another way; repeating this same request later resends the earlier attempt's Idempotency-Key, so the service places nothing twice.`,
      init,
    );
  }
  if (error instanceof ConflictError) {
    return outcomeUnknown(
      creates,
      "The service already saw this request's Idempotency-Key (HTTP 409): an earlier attempt, whose server stopped before it settled, reached it",
      init,
    );
  }
  return outcomeUnknown(
    creates,
    `The service refused this request (HTTP ${error.status}), but ${earlier} (this one carried its Idempotency-Key)`,
    init,
  );
}
