/** What the model is told when no usable answer came: by what happened, and whether a POST may have dialed. */
import { outcomeUnknown, UpstreamFaultError, type ApiError, type PostSubject } from "../errors.js";
import type { Deadline } from "../deadline.js";
import type { NetworkFailure } from "./attempt.js";

/** Bytes as people read them: "1 MiB", "64 KiB", "1500 bytes". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** Ends the answer to a POST that provably never left (a takeover replaces it: docs/replicas.md). */
export const NOT_SENT_ADVICE = " Nothing was sent, so nothing was dialed; it is safe to try again later.";

/** The answer was larger than OUTBOUND_CALLS_MAX_RESPONSE_BYTES: a reader may ask for less (list_calls halves its page). */
export class ResponseTooLargeError extends UpstreamFaultError {}

export function failureError(
  failure: NetworkFailure,
  deadline: Deadline,
  creates: PostSubject | undefined,
  maxResponseBytes: number,
  requestId: string | undefined,
): ApiError {
  const seconds = Math.round(deadline.totalMs / 100) / 10;
  const init = { status: failure.status, requestId };
  let what: string;
  if (failure.tooLarge) {
    what = `The calling service sent an answer larger than the ${formatBytes(maxResponseBytes)} limit (OUTBOUND_CALLS_MAX_RESPONSE_BYTES); it was cut off unread`;
  } else if (failure.aborted && failure.notSent) {
    what = deadline.expired()
      ? `The calling service could not be reached within the ${seconds} s deadline (OUTBOUND_CALLS_TIMEOUT_MS); the connection was never made`
      : "The request was cancelled before a connection to the calling service was made";
  } else if (failure.aborted) {
    what = deadline.expired()
      ? `The calling service did not answer within the ${seconds} s deadline (OUTBOUND_CALLS_TIMEOUT_MS)`
      : "The request was cancelled before the calling service answered";
  } else if (failure.notSent) {
    what = `The calling service could not be reached (${failure.code})`;
  } else if (/^HPE_|HTTPParserError/.test(failure.code)) {
    what = `The calling service answered with something that is not valid HTTP (${failure.code})`;
  } else if (failure.status !== undefined) {
    what = `The calling service's answer (HTTP ${failure.status}) broke off before its end (${failure.code})`;
  } else {
    what = `The connection to the calling service failed while the request was in flight (${failure.code})`;
  }
  if (creates && !failure.notSent) return outcomeUnknown(creates, what, init);
  const advice = failure.notSent && creates ? NOT_SENT_ADVICE : " Try again later.";
  return failure.tooLarge
    ? new ResponseTooLargeError(`${what}.${advice}`, init)
    : new UpstreamFaultError(`${what}.${advice}`, init);
}
