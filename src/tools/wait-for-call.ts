/**
 * `get_call` with `wait_seconds`: poll one call until its status is final or the
 * wait ends, instead of having the model poll.
 *
 * Deadlines: a tool call normally lives inside one total deadline
 * (OUTBOUND_CALLS_TIMEOUT_MS, 15 s by default). A wait of up to 600 s must not be
 * cut by it, so here every poll gets its own per-request deadline
 * (`ctx.scope.newDeadline()`, retries of that GET included), and the wait as a whole
 * is bounded by `wait_seconds`: no poll starts after the wait ended, so the tool
 * call lasts at most `wait_seconds` plus one request's deadline. Both are tied to
 * the client's cancellation (`ctx.scope.signal`), which stops the wait at once.
 *
 * Polls back off 1 s, 2 s, 4 s, 8 s, then every 10 s. Each poll sends an MCP
 * progress notification (when the client asked for progress) whose message is the
 * status, e.g. "status: ringing"; `progress` is the seconds waited, `total` the
 * seconds asked for.
 */
import { sleep } from "../service/deadline.js";
import { ApiError, RateLimitError, UpstreamFaultError } from "../service/errors.js";
import type { CallRecord } from "../service/shapes.js";
import type { Deadline } from "../service/deadline.js";
import type { ToolContext } from "./define.js";
import { statusText } from "../service/values.js";

export const MAX_WAIT_SECONDS = 600;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 10_000;

/** Pause after the n-th poll (0-based): 1 s, 2 s, 4 s, 8 s, 10 s, 10 s … */
export function pollDelayMs(n: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(n, 10));
}

export interface WaitResult {
  call: CallRecord;
  final: boolean;
  /** Seconds waited, from the first poll to the answer. */
  waitedSeconds: number;
  polls: number;
}

/** Errors worth waiting through once a first read succeeded: the service may be back at the next poll. */
function isPassing(error: unknown): boolean {
  return error instanceof RateLimitError || (error instanceof UpstreamFaultError && error.kind === "upstream_fault");
}

export async function waitForCall(
  callId: string,
  waitSeconds: number,
  read: (deadline: Deadline) => Promise<CallRecord>,
  isFinal: (call: CallRecord) => boolean,
  ctx: Pick<ToolContext, "scope" | "warn" | "waitSlot">,
): Promise<WaitResult> {
  // Refused before the first poll when too many waits are under way (tools/wait-slots.ts).
  const release = ctx.waitSlot();
  try {
    return await pollUntilFinal(callId, waitSeconds, read, isFinal, ctx);
  } finally {
    release();
  }
}

async function pollUntilFinal(
  callId: string,
  waitSeconds: number,
  read: (deadline: Deadline) => Promise<CallRecord>,
  isFinal: (call: CallRecord) => boolean,
  ctx: Pick<ToolContext, "scope" | "warn">,
): Promise<WaitResult> {
  const started = Date.now();
  const endsAt = started + waitSeconds * 1_000;
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  let lastStatus: string | undefined;

  /** One poll: read with a fresh deadline, report progress, say whether the call is final. */
  const poll = async (): Promise<{ call: CallRecord; final: boolean; at: number }> => {
    const deadline = ctx.scope.newDeadline();
    let call: CallRecord;
    try {
      call = await read(deadline);
    } finally {
      // Each poll's timer and cancel listener end with the poll, not when its deadline would have fired.
      deadline.dispose();
    }
    const at = seconds();
    const status = call.status ?? "unknown";
    const final = isFinal(call);
    const note = final ? " (final)" : status === lastStatus ? " (unchanged)" : "";
    lastStatus = status;
    // The service's status, quoted when it is not a status word (it may be a sentence of the service's).
    await ctx.scope.progress({
      progress: at,
      total: waitSeconds,
      message: `status: ${statusText(call.status)}${note}`,
    });
    return { call, final, at };
  };

  // A first read that fails (bad id, key refused, service down) is the answer.
  let latest = await poll();
  let polls = 1;
  let retryAfterMs = 0;
  while (!latest.final) {
    const left = endsAt - Date.now();
    if (left <= 0) break;
    const pauseMs = Math.max(pollDelayMs(polls - 1), retryAfterMs);
    retryAfterMs = 0;
    // The last pause is cut to the end of the wait, so the last poll happens right then.
    // Rejects (AbortError) when the client cancels; the adapter drops the answer.
    await sleep(Math.min(pauseMs, left), ctx.scope.signal);
    polls += 1;
    try {
      latest = await poll();
    } catch (error) {
      // Later polls wait through passing faults (the service may be back at the next one); the record
      // reported stays the last one read.
      if (ctx.scope.signal.aborted || !isPassing(error)) throw error;
      ctx.warn(`get_call: a poll of ${callId} failed while waiting (${(error as ApiError).kind}); waiting on`);
      if (error instanceof RateLimitError) retryAfterMs = (error.retryAfterS ?? 0) * 1_000;
    }
  }
  return { call: latest.call, final: latest.final, waitedSeconds: seconds(), polls };
}
