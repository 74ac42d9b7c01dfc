/**
 * The v1 HTTP client on undici: auth header to the configured origin only,
 * one deadline per tool call, capped bodies, no redirects, bounded retries.
 * GETs retry on 408/429/5xx and connection errors; a POST is retried only when
 * the request provably never reached the service, always with the same
 * Idempotency-Key; anything else after a POST was sent is an unknown outcome.
 */
import { Agent, request, type Dispatcher } from "undici";
import { errorFromResponse, outcomeUnknown, UpstreamFaultError, RateLimitError, type ApiError, type PostSubject } from "../errors.js";
import { sleep, type Deadline } from "../deadline.js";
import { cleanUpstreamText, redactDeep, type Redactor } from "../../text/redact.js";

export interface ApiClientOptions {
  apiBaseUrl: string;
  apiKey: string;
  userAgent: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  maxResponseBytes: number;
  redactor: Redactor;
  /** Called once per HTTP attempt, for logging. Never given the key. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Retries after the first attempt (contract: at most 2). */
  maxRetries?: number;
  /** First backoff step in ms; doubles per retry, jittered. */
  backoffBaseMs?: number;
  random?: () => number;
}

export interface RequestLogEntry {
  method: "GET" | "POST";
  path: string;
  attempt: number;
  status?: number;
  requestId?: string;
  latencyMs: number;
  /** Set when no HTTP answer came: the kind of network failure. */
  failure?: string;
  /** POST only: the Idempotency-Key sent (the same on every attempt of one tool call). Not a secret. */
  idempotencyKey?: string;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  requestId: string | undefined;
  /** HTTP attempts made, including the one that answered. */
  attempts: number;
}

export interface CallOptions {
  deadline: Deadline;
  query?: Record<string, string | number | undefined>;
  /** Named in a 404 message, e.g. "call call_123". */
  subject?: string;
}

export interface PostOptions extends CallOptions {
  idempotencyKey: string;
  /** What the POST creates, for the wording of an unknown outcome; by default read from the path. */
  creates?: PostSubject;
}

/**
 * Whether an attempt's bytes may have left this machine. undici calls a handler's
 * `onRequestStart` (legacy: `onConnect`) on a connected socket right before it writes
 * the request line; an attempt that never got there provably sent nothing (refused,
 * DNS failure, connect timeout, TLS failure, or cancelled while still connecting).
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

const isAttemptState = (v: unknown): v is AttemptState => typeof v === "object" && v !== null && "mayHaveBeenWritten" in v;

/** An undici interceptor that records, per attempt (passed as `opaque`), whether writing began. */
const markWrites: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
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

interface HttpAnswer {
  kind: "answer";
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  requestId: string | undefined;
}
interface NetworkFailure {
  kind: "failure";
  /** True only when the request provably never reached the service. */
  notSent: boolean;
  /** The deadline (or the client's cancellation) ended the attempt. */
  aborted: boolean;
  /** The body was larger than the cap: the answer came but was not read whole. */
  tooLarge: boolean;
  code: string;
  status?: number;
  requestId?: string;
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

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The wait before retry number `attempt` (1-based): exponential from `baseMs`, capped at 4 s,
 * with equal jitter (half fixed, half random) so clients never retry in lock-step. A
 * `Retry-After` from the service is a floor: the wait is never shorter than it.
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number, retryAfterS?: number): number {
  const step = Math.min(4_000, baseMs * 2 ** (attempt - 1));
  const jittered = step / 2 + (random() * step) / 2;
  return retryAfterS !== undefined ? Math.max(retryAfterS * 1000, jittered) : jittered;
}

/** Bytes as people read them: "1 MiB", "64 KiB", "1500 bytes". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** `Retry-After` as seconds (delta or HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 86_400);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The settings of a client that talks to the configured service. */
export interface ClientSettings {
  apiBaseUrl: string;
  apiKey: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  maxResponseBytes: number;
}

export class ApiClient {
  private readonly agent: Agent;
  private readonly dispatcher: Dispatcher;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly random: () => number;

  /** The client of the configured service, as the server and `doctor` both use it. */
  static forConfig(
    config: ClientSettings,
    redactor: Redactor,
    userAgent: string,
    onRequest?: (entry: RequestLogEntry) => void,
  ): ApiClient {
    const { apiBaseUrl, apiKey, timeoutMs, connectTimeoutMs, maxResponseBytes } = config;
    return new ApiClient({ apiBaseUrl, apiKey, userAgent, timeoutMs, connectTimeoutMs, maxResponseBytes, redactor, ...(onRequest ? { onRequest } : {}) });
  }

  constructor(private readonly options: ApiClientOptions) {
    this.agent = new Agent({
      connect: { timeout: options.connectTimeoutMs },
      // Backstops only: the tool call's deadline signal is what ends a slow answer
      // (bodyTimeout is per gap between chunks, so a drip would defeat it alone).
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      // Cuts the connection as soon as more than this many body bytes arrive.
      maxResponseSize: options.maxResponseBytes,
      keepAliveTimeout: 4_000,
      // No redirect interceptor: a 3xx is an answer, never followed.
    });
    this.dispatcher = this.agent.compose(markWrites);
    this.maxRetries = options.maxRetries ?? 2;
    this.backoffBaseMs = options.backoffBaseMs ?? 250;
    this.random = options.random ?? Math.random;
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }

  async get(path: string, opts: CallOptions): Promise<ApiResponse> {
    let lastError: ApiError | undefined;
    for (let attempt = 1; attempt <= this.maxRetries + 1; attempt++) {
      const result = await this.send("GET", path, undefined, undefined, opts, attempt);
      let retryAfterS: number | undefined;
      if (result.kind === "answer") {
        if (result.status >= 200 && result.status < 300) return this.parseSuccess(result, attempt, undefined);
        lastError = this.toError(result, opts.subject);
        const retryable = result.status === 408 || result.status === 429 || result.status >= 500;
        if (!retryable) throw lastError;
        retryAfterS = lastError.retryAfterS;
      } else {
        lastError = this.failureError(result, opts.deadline, undefined);
        // The deadline is spent, or the answer was too large (it would be again).
        if (result.aborted || result.tooLarge) throw lastError;
      }
      if (attempt > this.maxRetries) break;
      const waitMs = backoffMs(attempt, this.backoffBaseMs, this.random, retryAfterS);
      // A wait that does not fit the deadline is reported ("retry in N s"), not slept through.
      if (waitMs > opts.deadline.remaining() - 50) break;
      try {
        await sleep(waitMs, opts.deadline.signal);
      } catch {
        // Cancelled by the client (or the deadline) while waiting: the last answer is still the best account.
        throw lastError;
      }
    }
    throw lastError ?? new UpstreamFaultError("The calling service did not answer.");
  }

  async post(path: string, body: unknown, opts: PostOptions): Promise<ApiResponse> {
    const payload = JSON.stringify(body);
    const creates: PostSubject = opts.creates ?? (path.endsWith("/batch") ? "batch" : "call");
    let lastError: ApiError | undefined;
    for (let attempt = 1; attempt <= this.maxRetries + 1; attempt++) {
      const result = await this.send("POST", path, payload, opts.idempotencyKey, opts, attempt);
      if (result.kind === "answer") {
        if (result.status >= 200 && result.status < 300) return this.parseSuccess(result, attempt, creates);
        if (result.status >= 300 && result.status < 400) {
          throw outcomeUnknown(
            creates,
            `The service answered with a redirect (HTTP ${result.status}), which is never followed, so the key goes nowhere else`,
            { status: result.status, requestId: result.requestId },
          );
        }
        if (result.status >= 500) {
          const error = this.toError(result, opts.subject);
          throw outcomeUnknown(creates, `The calling service failed after receiving the request (HTTP ${result.status})`, {
            status: result.status,
            requestId: result.requestId,
            detail: error.detail,
          });
        }
        // 4xx: the service refused it; nothing was placed.
        throw this.toError(result, opts.subject);
      }
      lastError = this.failureError(result, opts.deadline, creates);
      // Only a request that never left this machine may be sent again, and only with the same Idempotency-Key.
      if (!result.notSent || result.aborted || attempt > this.maxRetries) throw lastError;
      const waitMs = backoffMs(attempt, this.backoffBaseMs, this.random);
      if (waitMs > opts.deadline.remaining() - 50) throw lastError;
      try {
        await sleep(waitMs, opts.deadline.signal);
      } catch {
        throw lastError;
      }
    }
    throw lastError ?? new UpstreamFaultError("The calling service did not answer.");
  }

  private async send(
    method: "GET" | "POST",
    path: string,
    payload: string | undefined,
    idempotencyKey: string | undefined,
    opts: CallOptions,
    attempt: number,
  ): Promise<HttpAnswer | NetworkFailure> {
    const url = new URL(this.options.apiBaseUrl + path);
    for (const [name, value] of Object.entries(opts.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: "application/json",
      "user-agent": this.options.userAgent,
    };
    if (method === "POST") {
      headers["content-type"] = "application/json";
      if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    }
    const started = performance.now();
    const log = (entry: Partial<RequestLogEntry>) =>
      this.options.onRequest?.({
        method,
        path,
        attempt,
        latencyMs: Math.round(performance.now() - started),
        ...(idempotencyKey ? { idempotencyKey } : {}),
        ...entry,
      });

    if (opts.deadline.signal.aborted) {
      return { kind: "failure", notSent: true, aborted: true, tooLarge: false, code: "ABORTED" };
    }
    const state: AttemptState = { mayHaveBeenWritten: false };
    const aborted = whenAborted(opts.deadline.signal);
    let status: number | undefined;
    let requestId: string | undefined;
    try {
      const pending = request(url, {
        method,
        headers,
        body: payload,
        signal: opts.deadline.signal,
        dispatcher: this.dispatcher,
        opaque: state,
      });
      // The loser of the race below settles later (at the connect timeout at worst); nobody awaits it.
      pending.catch(() => undefined);
      const res = await Promise.race([pending, aborted.promise]);
      status = res.statusCode;
      requestId = this.readRequestId(res.headers);
      const text = await res.body.text();
      log({ status, ...(requestId ? { requestId } : {}) });
      return { kind: "answer", status, headers: res.headers, text, requestId };
    } catch (error) {
      const code = errorCode(error);
      const tooLarge = code === "UND_ERR_RES_EXCEEDED_MAX_SIZE";
      const failure: NetworkFailure = {
        kind: "failure",
        // Only an attempt undici never began to write provably sent nothing.
        notSent: !state.mayHaveBeenWritten,
        aborted: opts.deadline.signal.aborted,
        tooLarge,
        code: opts.deadline.signal.aborted && !state.mayHaveBeenWritten ? "still connecting" : code,
      };
      if (status !== undefined) failure.status = status;
      if (requestId !== undefined) failure.requestId = requestId;
      log({ failure: failure.code, ...(status !== undefined ? { status } : {}), ...(requestId ? { requestId } : {}) });
      return failure;
    } finally {
      aborted.dispose();
    }
  }

  /** The service's request id, for support: header text, so cleaned and capped like any upstream text. */
  private readRequestId(headers: Record<string, string | string[] | undefined>): string | undefined {
    const raw = headerValue(headers["x-request-id"]) ?? headerValue(headers["request-id"]);
    if (raw === undefined) return undefined;
    const clean = cleanUpstreamText(this.options.redactor, raw, 100);
    return clean.length > 0 ? clean : undefined;
  }

  /**
   * A 2xx body must be JSON. The parsed body has the key removed from every string
   * (keys included) before any tool sees it: the service may echo what it was sent.
   */
  private parseSuccess(answer: HttpAnswer, attempts: number, creates: PostSubject | undefined): ApiResponse {
    const text = answer.text.trim();
    let body: unknown;
    let problem: string | undefined;
    if (text.length === 0) problem = `an empty answer (HTTP ${answer.status})`;
    else {
      try {
        body = JSON.parse(text);
      } catch {
        const type = headerValue(answer.headers["content-type"])?.split(";")[0];
        const shown = type ? cleanUpstreamText(this.options.redactor, type, 60) : "no content type";
        problem = `an answer that is not JSON (HTTP ${answer.status}, ${shown})`;
      }
    }
    if (problem) {
      if (creates) {
        throw outcomeUnknown(creates, `The service accepted the request but sent ${problem}, so the result cannot be read`, {
          status: answer.status,
          requestId: answer.requestId,
        });
      }
      throw new UpstreamFaultError(`The calling service sent ${problem}; that is a fault of the service. Try again later.`, {
        status: answer.status,
        requestId: answer.requestId,
      });
    }
    return { status: answer.status, body: redactDeep(body, this.options.redactor), requestId: answer.requestId, attempts };
  }

  private toError(answer: HttpAnswer, subject: string | undefined): ApiError {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      body = undefined;
    }
    return errorFromResponse({
      status: answer.status,
      body,
      rawText: answer.text,
      requestId: answer.requestId,
      retryAfterS: parseRetryAfter(headerValue(answer.headers["retry-after"])),
      subject,
      redactor: this.options.redactor,
    });
  }

  private failureError(failure: NetworkFailure, deadline: Deadline, creates: PostSubject | undefined): ApiError {
    const seconds = Math.round(deadline.totalMs / 100) / 10;
    const init = { status: failure.status, requestId: failure.requestId };
    let what: string;
    if (failure.tooLarge) {
      what = `The calling service sent an answer larger than the ${formatBytes(this.options.maxResponseBytes)} limit (OUTBOUND_CALLS_MAX_RESPONSE_BYTES); it was cut off unread`;
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
    const advice = failure.notSent && creates ? " Nothing was sent, so nothing was dialed; it is safe to try again later." : " Try again later.";
    return new UpstreamFaultError(`${what}.${advice}`, init);
  }
}

export function isRateLimit(error: unknown): error is RateLimitError {
  return error instanceof RateLimitError;
}
