/**
 * The v1 HTTP client on undici: auth header to the configured origin only,
 * one deadline per tool call, capped bodies, no redirects, bounded retries.
 * GETs retry on 408/429/5xx and connection errors; a POST is retried only when
 * the request provably never reached the service, always with the same
 * Idempotency-Key; anything else after a POST was sent is an unknown outcome.
 * It returns parsed JSON as the service sent it: the service layer
 * (src/service/) reads its shape and cleans its text, once.
 */
import { Agent, type Dispatcher } from "undici";
import { outcomeUnknown, UpstreamFaultError, type ApiError, type PostSubject } from "../errors.js";
import { sleep, type Deadline } from "../deadline.js";
import { share, TextMemo } from "../../text/shared-values.js";
import { attempt, markWrites, type HttpAnswer, type NetworkFailure } from "./attempt.js";
import { AnswerReader } from "./answer-reader.js";
import { backoffMs } from "./backoff.js";
import { failureError } from "./failures.js";
import type {
  ApiClientOptions,
  ApiResponse,
  CallOptions,
  PostOptions,
  PostResponse,
  RequestLogEntry,
} from "./options.js";

export { backoffMs, parseRetryAfter } from "./backoff.js";
export { formatBytes } from "./failures.js";
export type {
  ApiClientOptions,
  ApiResponse,
  CallOptions,
  ClientSettings,
  PostOptions,
  PostResponse,
  RequestLogEntry,
} from "./options.js";

/** A request path URL parsing leaves exactly as written: slashes, letters, digits, `-` and `_`. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

export class ApiClient {
  /** Made on the first request: undici is not loaded before it (start-up, docs/performance.md). */
  private agent: Agent | undefined;
  private dispatcher: Dispatcher | undefined;
  private closed = false;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly random: () => number;
  /** The base URL's origin and path, parsed once (every request used to parse a whole URL: a few µs each). */
  private base: { origin: string; path: string } | undefined;
  /** The bodies of recent reads, by their text: 512K characters at most (a body over 128K characters is not kept). */
  private readonly reads = new TextMemo<unknown>(512 * 1024);
  /** Request ids, 2xx bodies and refusals of the service's answers. */
  private readonly answers: AnswerReader;

  constructor(private readonly options: ApiClientOptions) {
    this.maxRetries = options.maxRetries ?? 2;
    this.backoffBaseMs = options.backoffBaseMs ?? 250;
    this.random = options.random ?? Math.random;
    this.answers = new AnswerReader(options.redactor);
  }

  /**
   * Where a request goes. A path of plain characters (no dot, no percent sign, nothing URL parsing would encode or
   * resolve) is appended to the parsed base as is; anything else, and every query, goes through URL as before.
   */
  private target(path: string, query: CallOptions["query"]): { origin: string; path: string } {
    const base = (this.base ??= (({ origin, pathname }) => ({ origin, path: pathname }))(
      new URL(this.options.apiBaseUrl),
    ));
    const hasQuery = query !== undefined && Object.values(query).some((v) => v !== undefined);
    if (!hasQuery && PLAIN_PATH.test(path)) return { origin: base.origin, path: base.path + path };
    const url = new URL(this.options.apiBaseUrl + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return { origin: url.origin, path: url.pathname + url.search };
  }

  private pool(): Dispatcher {
    if (this.dispatcher) return this.dispatcher;
    const { options } = this;
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
    // A request after close() fails as it did on a pool destroyed by close().
    if (this.closed) void this.agent.destroy();
    return this.dispatcher;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.agent?.destroy();
  }

  async get(path: string, opts: CallOptions): Promise<ApiResponse> {
    let lastError: ApiError | undefined;
    for (let n = 1; n <= this.maxRetries + 1; n++) {
      const result = await this.send("GET", path, undefined, undefined, opts, n);
      let retryAfterS: number | undefined;
      if (result.kind === "answer") {
        if (result.status >= 200 && result.status < 300) return { status: result.status, body: this.readBody(result) };
        lastError = this.answers.toError(result, opts.subject);
        const retryable = result.status === 408 || result.status === 429 || result.status >= 500;
        if (!retryable) throw lastError;
        retryAfterS = lastError.retryAfterS;
      } else {
        lastError = this.failure(result, opts.deadline, undefined);
        // The deadline is spent, or the answer was too large (it would be again).
        if (result.aborted || result.tooLarge) throw lastError;
      }
      if (n > this.maxRetries) break;
      const waitMs = backoffMs(n, this.backoffBaseMs, this.random, retryAfterS);
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

  async post(path: string, body: unknown, opts: PostOptions): Promise<PostResponse> {
    const payload = JSON.stringify(body);
    const { creates } = opts;
    let lastError: ApiError | undefined;
    for (let n = 1; n <= this.maxRetries + 1; n++) {
      const result = await this.send("POST", path, payload, opts.idempotencyKey, opts, n);
      if (result.kind === "answer") {
        if (result.status >= 200 && result.status < 300) {
          const parsed = this.answers.parseSuccess(result, creates);
          return { status: result.status, body: parsed, requestId: this.answers.requestIdOf(result.headers) };
        }
        const requestId = this.answers.requestIdOf(result.headers);
        if (result.status >= 300 && result.status < 400) {
          throw outcomeUnknown(
            creates,
            `The service answered with a redirect (HTTP ${result.status}), which is never followed, so the key goes nowhere else`,
            { status: result.status, requestId },
          );
        }
        if (result.status >= 500) {
          const error = this.answers.toError(result, opts.subject);
          throw outcomeUnknown(
            creates,
            `The calling service failed after receiving the request (HTTP ${result.status})`,
            {
              status: result.status,
              requestId,
              detail: error.detail,
            },
          );
        }
        // 4xx: the service refused it; nothing was placed.
        throw this.answers.toError(result, opts.subject);
      }
      lastError = this.failure(result, opts.deadline, creates);
      // Only a request that never left this machine may be sent again, and only with the same Idempotency-Key.
      if (!result.notSent || result.aborted || n > this.maxRetries) throw lastError;
      const waitMs = backoffMs(n, this.backoffBaseMs, this.random);
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
    n: number,
  ): Promise<HttpAnswer | NetworkFailure> {
    const { origin, path: target } = this.target(path, opts.query);
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
    const result = await attempt({
      origin,
      path: target,
      method,
      headers,
      payload,
      signal: opts.deadline.signal,
      dispatcher: this.pool(),
    });
    if (this.options.onRequest) {
      const entry: RequestLogEntry = {
        method,
        path,
        attempt: n,
        latencyMs: Math.round(performance.now() - started),
        ...(idempotencyKey ? { idempotencyKey } : {}),
        ...(result.status !== undefined ? { status: result.status } : {}),
        ...(result.kind === "failure" ? { failure: result.code } : {}),
      };
      // Cleaned when read (the debug log line, doctor): most requests are logged nowhere, and cleaning is not free.
      const { headers: answerHeaders } = result;
      Object.defineProperty(entry, "requestId", {
        enumerable: true,
        get: () => this.answers.requestIdOf(answerHeaders),
      });
      this.options.onRequest(entry);
    }
    return result;
  }

  /**
   * A read's 2xx body: the same text gives the same value, parsed once and frozen (src/text/shared-values.ts), so what
   * is derived from it is kept too. A model polling a call is sent the same record again and again.
   */
  private readBody(answer: HttpAnswer): unknown {
    const known = this.reads.get(answer.text);
    if (known !== undefined) return known;
    const body = this.answers.parseSuccess(answer, undefined);
    return this.reads.fits(answer.text) ? this.reads.set(answer.text, share(body)) : body;
  }

  private failure(result: NetworkFailure, deadline: Deadline, creates: PostSubject | undefined): ApiError {
    return failureError(
      result,
      deadline,
      creates,
      this.options.maxResponseBytes,
      this.answers.requestIdOf(result.headers),
    );
  }
}
