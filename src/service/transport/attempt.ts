/**
 * One HTTP attempt to the service on undici: the request, the race against the
 * deadline, and an exact account of whether its bytes may have left this
 * machine (the only fact that allows a POST to be sent again).
 */
import type { Dispatcher } from "undici";

/**
 * Whether an attempt's bytes may have left this machine. undici calls a handler's
 * `onRequestStart` on a connected socket right before it writes the request line; an
 * attempt that never got there provably sent nothing (refused, DNS failure, connect
 * timeout, TLS failure, or cancelled while still connecting).
 */
interface AttemptState {
  mayHaveBeenWritten: boolean;
}

class MarkWhenWritten implements Dispatcher.DispatchHandler {
  constructor(
    private readonly inner: Dispatcher.DispatchHandler,
    private readonly state: AttemptState,
  ) {}
  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.state.mayHaveBeenWritten = true;
    this.inner.onRequestStart?.(controller, context);
  }
  onRequestUpgrade(...args: Parameters<NonNullable<Dispatcher.DispatchHandler["onRequestUpgrade"]>>): void {
    this.inner.onRequestUpgrade?.(...args);
  }
  onResponseStart(...args: Parameters<NonNullable<Dispatcher.DispatchHandler["onResponseStart"]>>): void {
    this.inner.onResponseStart?.(...args);
  }
  onResponseData(...args: Parameters<NonNullable<Dispatcher.DispatchHandler["onResponseData"]>>): void {
    this.inner.onResponseData?.(...args);
  }
  onResponseEnd(...args: Parameters<NonNullable<Dispatcher.DispatchHandler["onResponseEnd"]>>): void {
    this.inner.onResponseEnd?.(...args);
  }
  onResponseError(...args: Parameters<NonNullable<Dispatcher.DispatchHandler["onResponseError"]>>): void {
    this.inner.onResponseError?.(...args);
  }
}

const isAttemptState = (v: unknown): v is AttemptState =>
  typeof v === "object" && v !== null && "mayHaveBeenWritten" in v;

/** An undici interceptor that records, per attempt (passed as `opaque`), whether writing began. */
export const markWrites: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
  const state = (opts as { opaque?: unknown }).opaque;
  return dispatch(opts, isAttemptState(state) ? new MarkWhenWritten(handler, state) : handler);
};

/**
 * Settles when `signal` aborts. undici only notices an abort once a connection exists
 * (nodejs/undici#386): a request stuck connecting would otherwise outlive the deadline
 * until the connect timeout fires.
 */
function whenAborted(signal: AbortSignal): { promise: Promise<never>; dispose(): void } {
  let onAbort: (() => void) | undefined;
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason ?? new Error("aborted"));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  promise.catch(() => undefined);
  return { promise, dispose: () => onAbort && signal.removeEventListener("abort", onAbort) };
}

export type Headers = Record<string, string | string[] | undefined>;

export interface HttpAnswer {
  kind: "answer";
  status: number;
  headers: Headers;
  text: string;
}

export interface NetworkFailure {
  kind: "failure";
  /** True only when the request provably never reached the service. */
  notSent: boolean;
  /** The deadline (or the client's cancellation) ended the attempt. */
  aborted: boolean;
  /** The body was larger than the cap: the answer came but was not read whole. */
  tooLarge: boolean;
  code: string;
  status?: number;
  headers?: Headers;
}

export interface AttemptRequest {
  /** `http(s)://host[:port]`. */
  origin: string;
  /** The path and query, as sent. */
  path: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  payload: string | undefined;
  signal: AbortSignal;
  dispatcher: Dispatcher;
}

function errorCode(error: unknown): string {
  // undici wraps socket errors; the code that tells what happened may sit in a cause.
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return (error as { name?: string })?.name ?? "UNKNOWN";
}

export function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** Sends one attempt and reads its whole answer, or says how it failed. Never throws. */
export async function attempt(req: AttemptRequest): Promise<HttpAnswer | NetworkFailure> {
  if (req.signal.aborted) return { kind: "failure", notSent: true, aborted: true, tooLarge: false, code: "ABORTED" };
  const state: AttemptState = { mayHaveBeenWritten: false };
  const aborted = whenAborted(req.signal);
  let status: number | undefined;
  let headers: Headers | undefined;
  try {
    // The dispatcher's own request (what undici's top-level request calls after parsing a URL).
    const pending = req.dispatcher.request({
      origin: req.origin,
      path: req.path,
      method: req.method,
      headers: req.headers,
      body: req.payload,
      signal: req.signal,
      opaque: state,
    });
    // The loser of the race below settles later (at the connect timeout at worst); nobody awaits it.
    pending.catch(() => undefined);
    const res = await Promise.race([pending, aborted.promise]);
    status = res.statusCode;
    headers = res.headers;
    return { kind: "answer", status, headers, text: await res.body.text() };
  } catch (error) {
    const code = errorCode(error);
    const failure: NetworkFailure = {
      kind: "failure",
      // Only an attempt undici never began to write provably sent nothing.
      notSent: !state.mayHaveBeenWritten,
      aborted: req.signal.aborted,
      tooLarge: code === "UND_ERR_RES_EXCEEDED_MAX_SIZE",
      code: req.signal.aborted && !state.mayHaveBeenWritten ? "still connecting" : code,
    };
    if (status !== undefined) failure.status = status;
    if (headers !== undefined) failure.headers = headers;
    return failure;
  } finally {
    aborted.dispose();
  }
}
