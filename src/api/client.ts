/**
 * The v1 HTTP client on undici: auth header to the configured origin only,
 * one deadline per tool call, capped bodies, no redirects, bounded retries.
 * GETs retry on 408/429/5xx and connection errors; a POST is retried only when
 * the request provably never reached the service, always with the same
 * Idempotency-Key; anything else after a POST was sent is an unknown outcome.
 */
import { Agent, request, type Dispatcher } from "undici";
import { errorFromResponse, OutcomeUnknownError, UpstreamFaultError, RateLimitError, type ApiError } from "./errors.js";
import { sleep, type Deadline } from "./deadline.js";
import type { Redactor } from "../redact.js";

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
}

// Errors that prove the request never left this machine (nothing reached the service).
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

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

/** `Retry-After` as seconds (delta or HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 86_400);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export class ApiClient {
  private readonly dispatcher: Dispatcher;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly random: () => number;

  constructor(private readonly options: ApiClientOptions) {
    this.dispatcher = new Agent({
      connect: { timeout: options.connectTimeoutMs },
      // Backstops only: the tool call's deadline signal is what ends a slow answer.
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      maxResponseSize: options.maxResponseBytes,
      keepAliveTimeout: 4_000,
    });
    this.maxRetries = options.maxRetries ?? 2;
    this.backoffBaseMs = options.backoffBaseMs ?? 250;
    this.random = options.random ?? Math.random;
  }

  async close(): Promise<void> {
    await this.dispatcher.destroy();
  }

  async get(path: string, opts: CallOptions): Promise<ApiResponse> {
    let lastError: ApiError | undefined;
    for (let attempt = 1; attempt <= this.maxRetries + 1; attempt++) {
      const result = await this.send("GET", path, undefined, undefined, opts, attempt);
      let waitS: number | undefined;
      if (result.kind === "answer") {
        if (result.status >= 200 && result.status < 300) return this.parseSuccess(result, attempt, false);
        lastError = this.toError(result, opts.subject);
        const retryable = result.status === 408 || result.status === 429 || result.status >= 500;
        if (!retryable) throw lastError;
        waitS = lastError.retryAfterS;
      } else {
        lastError = this.failureError(result, opts.deadline, false);
        if (result.aborted || result.tooLarge) throw lastError;
      }
      if (attempt > this.maxRetries) break;
      const waitMs = this.backoff(attempt, waitS);
      // A wait that does not fit the deadline is reported, not slept through.
      if (waitMs > opts.deadline.remaining() - 50) break;
      try {
        await sleep(waitMs, opts.deadline.signal);
      } catch {
        throw this.failureError({ kind: "failure", notSent: true, aborted: true, tooLarge: false, code: "ABORTED" }, opts.deadline, false);
      }
    }
    throw lastError ?? new UpstreamFaultError("The calling service did not answer.");
  }

  async post(path: string, body: unknown, opts: PostOptions): Promise<ApiResponse> {
    const payload = JSON.stringify(body);
    let lastError: ApiError | undefined;
    for (let attempt = 1; attempt <= this.maxRetries + 1; attempt++) {
      const result = await this.send("POST", path, payload, opts.idempotencyKey, opts, attempt);
      if (result.kind === "answer") {
        if (result.status >= 200 && result.status < 300) return this.parseSuccess(result, attempt, true);
        if (result.status >= 300 && result.status < 400) {
          throw new OutcomeUnknownError(
            `The service answered the request with a redirect (HTTP ${result.status}), which is never followed; the call may or may not have been placed. ` +
              "Do not place it again: check with list_calls first.",
            { status: result.status, requestId: result.requestId },
          );
        }
        const error = this.toError(result, opts.subject);
        if (result.status >= 500) {
          throw new OutcomeUnknownError(
            `The calling service failed after receiving the request (HTTP ${result.status}); the outcome is unknown. ` +
              "Do not place it again: check with list_calls whether it was created.",
            { status: result.status, requestId: result.requestId },
          );
        }
        throw error;
      }
      lastError = this.failureError(result, opts.deadline, true);
      // Only a request that never left this machine may be sent again.
      if (!result.notSent || result.aborted || attempt > this.maxRetries) throw lastError;
      const waitMs = this.backoff(attempt, undefined);
      if (waitMs > opts.deadline.remaining() - 50) throw lastError;
      try {
        await sleep(waitMs, opts.deadline.signal);
      } catch {
        throw lastError;
      }
    }
    throw lastError ?? new UpstreamFaultError("The calling service did not answer.");
  }

  private backoff(attempt: number, retryAfterS: number | undefined): number {
    if (retryAfterS !== undefined) return retryAfterS * 1000;
    const step = Math.min(4_000, this.backoffBaseMs * 2 ** (attempt - 1));
    // Equal jitter: never zero, never in lock-step with other clients.
    return step / 2 + (this.random() * step) / 2;
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
      this.options.onRequest?.({ method, path, attempt, latencyMs: Math.round(performance.now() - started), ...entry });

    if (opts.deadline.signal.aborted) {
      return { kind: "failure", notSent: true, aborted: true, tooLarge: false, code: "ABORTED" };
    }
    let status: number | undefined;
    try {
      const res = await request(url, {
        method,
        headers,
        body: payload,
        signal: opts.deadline.signal,
        dispatcher: this.dispatcher,
      });
      status = res.statusCode;
      const requestId = headerValue(res.headers["x-request-id"]) ?? headerValue(res.headers["request-id"]);
      const text = await res.body.text();
      log({ status, requestId });
      return { kind: "answer", status, headers: res.headers, text, requestId };
    } catch (error) {
      const code = errorCode(error);
      const aborted = opts.deadline.signal.aborted;
      const tooLarge = code === "UND_ERR_RES_EXCEEDED_MAX_SIZE";
      const failure: NetworkFailure = {
        kind: "failure",
        // An abort before the connection was made still proves nothing about what was sent; be conservative.
        notSent: !aborted && NOT_SENT_CODES.has(code),
        aborted,
        tooLarge,
        code,
      };
      if (status !== undefined) failure.status = status;
      log({ failure: code, ...(status !== undefined ? { status } : {}) });
      return failure;
    }
  }

  private parseSuccess(answer: HttpAnswer, attempts: number, isPost: boolean): ApiResponse {
    const text = answer.text.trim();
    let body: unknown;
    let problem: string | undefined;
    if (text.length === 0) problem = `an empty answer (HTTP ${answer.status})`;
    else {
      try {
        body = JSON.parse(text);
      } catch {
        const type = headerValue(answer.headers["content-type"])?.split(";")[0] ?? "no content type";
        problem = `an answer that is not JSON (HTTP ${answer.status}, ${type.slice(0, 60)})`;
      }
    }
    if (problem) {
      if (isPost) {
        throw new OutcomeUnknownError(
          `The service accepted the request but sent ${problem}; the call was probably placed but its id is unknown. ` +
            "Do not place it again: check with list_calls.",
          { status: answer.status, requestId: answer.requestId },
        );
      }
      throw new UpstreamFaultError(`The calling service sent ${problem}; that is a fault of the service. Try again later.`, {
        status: answer.status,
        requestId: answer.requestId,
      });
    }
    return { status: answer.status, body, requestId: answer.requestId, attempts };
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

  private failureError(failure: NetworkFailure, deadline: Deadline, isPost: boolean): ApiError {
    const seconds = Math.round(deadline.totalMs / 100) / 10;
    let what: string;
    if (failure.tooLarge) what = `sent an answer larger than the ${Math.round(this.options.maxResponseBytes / 1024)} KiB limit; it was cut off`;
    else if (failure.aborted) what = deadline.expired() ? `did not answer within the ${seconds} s deadline` : "request was cancelled";
    else if (failure.notSent) what = `could not be reached (${failure.code})`;
    else what = `connection failed while the request was in flight (${failure.code})`;
    if (isPost && !failure.notSent) {
      return new OutcomeUnknownError(
        `The calling service ${what}; the request may have reached it, so the outcome is unknown. ` +
          "Do not place it again: check with list_calls whether the call was created.",
        { status: failure.status },
      );
    }
    const advice = failure.notSent && isPost ? " Nothing was sent, so nothing was dialed." : " Try again later.";
    return new UpstreamFaultError(`The calling service ${what}.${advice}`, { status: failure.status });
  }
}

export function isRateLimit(error: unknown): error is RateLimitError {
  return error instanceof RateLimitError;
}
