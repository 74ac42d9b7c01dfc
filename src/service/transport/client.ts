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
import { errorFromResponse, outcomeUnknown, UpstreamFaultError, type ApiError, type PostSubject } from "../errors.js";
import { sleep, type Deadline } from "../deadline.js";
import { share, TextMemo } from "../../text/shared-values.js";
import { cleanServiceText } from "../../text/clean.js";
import type { Redactor } from "../../text/redact.js";
import { attempt, headerValue, markWrites, type Headers, type HttpAnswer, type NetworkFailure } from "./attempt.js";
import { backoffMs, parseRetryAfter } from "./backoff.js";
import { failureError } from "./failures.js";

export { backoffMs, parseRetryAfter } from "./backoff.js";
export { formatBytes } from "./failures.js";

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
  /** Retries after the first attempt (docs/service-contract.md: at most 2). */
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
  /** The service's request id, already cleaned (one line, no secret). */
  requestId?: string;
  latencyMs: number;
  /** Set when no HTTP answer came: the kind of network failure. */
  failure?: string;
  /** POST only: the Idempotency-Key sent (the same on every attempt of one tool call). Not a secret. */
  idempotencyKey?: string;
}

export interface ApiResponse {
  status: number;
  /** Parsed JSON, as the service sent it (not yet cleaned). */
  body: unknown;
}

/**
 * A POST's answer also carries the service's request id, cleaned, for the audit line. A read's answer does not: no
 * caller reads it there, and cleaning it on every read was a tenth of the server's own work on a get_call (the debug
 * log line still has it, cleaned when read).
 */
export interface PostResponse extends ApiResponse {
  requestId: string | undefined;
}

export interface CallOptions {
  deadline: Deadline;
  query?: Record<string, string | number | undefined>;
  /** Named in a 404 message, e.g. "call call_123". */
  subject?: string;
}

export interface PostOptions extends CallOptions {
  idempotencyKey: string;
  /** What the POST creates, for the wording of an unknown outcome. */
  creates: PostSubject;
}

/** The settings of a client that talks to the configured service. */
export type ClientSettings = Pick<
  ApiClientOptions,
  "apiBaseUrl" | "apiKey" | "timeoutMs" | "connectTimeoutMs" | "maxResponseBytes"
>;

/** A request path URL parsing leaves exactly as written: slashes, letters, digits, `-` and `_`. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

/** `type/subtype` as RFC 9110 spells it (token characters), e.g. text/html, application/problem+json. */
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]{1,64}\/[A-Za-z0-9!#$&^_.+-]{1,64}$/;

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

  constructor(private readonly options: ApiClientOptions) {
    this.maxRetries = options.maxRetries ?? 2;
    this.backoffBaseMs = options.backoffBaseMs ?? 250;
    this.random = options.random ?? Math.random;
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
        lastError = this.toError(result, opts.subject);
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
          const parsed = this.parseSuccess(result, creates);
          return { status: result.status, body: parsed, requestId: this.requestIdOf(result.headers) };
        }
        const requestId = this.requestIdOf(result.headers);
        if (result.status >= 300 && result.status < 400) {
          throw outcomeUnknown(
            creates,
            `The service answered with a redirect (HTTP ${result.status}), which is never followed, so the key goes nowhere else`,
            { status: result.status, requestId },
          );
        }
        if (result.status >= 500) {
          const error = this.toError(result, opts.subject);
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
        throw this.toError(result, opts.subject);
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
      Object.defineProperty(entry, "requestId", { enumerable: true, get: () => this.requestIdOf(answerHeaders) });
      this.options.onRequest(entry);
    }
    return result;
  }

  /**
   * The last request id cleaned, with the answer (its headers object) it came from: an answer's log line and its
   * reading share it. One pair is enough (they are read one after the other), and holds no answer for long.
   */
  private lastRequestId: { headers: Headers; id: string | undefined } | undefined;

  /** The service's request id, for support: header text, so cleaned and capped like any service text. */
  private requestIdOf(headers: Headers | undefined): string | undefined {
    if (!headers) return undefined;
    if (this.lastRequestId?.headers === headers) return this.lastRequestId.id;
    const raw = headerValue(headers["x-request-id"]) ?? headerValue(headers["request-id"]);
    const clean = raw === undefined ? "" : cleanServiceText(this.options.redactor, raw, 100);
    const id = clean.length > 0 ? clean : undefined;
    this.lastRequestId = { headers, id };
    return id;
  }

  /**
   * A read's 2xx body: the same text gives the same value, parsed once and frozen (src/text/shared-values.ts), so what
   * is derived from it is kept too. A model polling a call is sent the same record again and again.
   */
  private readBody(answer: HttpAnswer): unknown {
    const known = this.reads.get(answer.text);
    if (known !== undefined) return known;
    const body = this.parseSuccess(answer, undefined);
    return this.reads.fits(answer.text) ? this.reads.set(answer.text, share(body)) : body;
  }

  /** A 2xx body, parsed: it must be JSON; anything else is an upstream fault (after a POST: an unknown outcome). */
  private parseSuccess(answer: HttpAnswer, creates: PostSubject | undefined): unknown {
    const text = answer.text.trim();
    let problem: string | undefined;
    if (text.length === 0) problem = `an empty answer (HTTP ${answer.status})`;
    else {
      try {
        return JSON.parse(text);
      } catch {
        const type = headerValue(answer.headers["content-type"])?.split(";")[0]?.trim();
        // A header the service chose: named bare only when it reads as a media type, otherwise quoted as its text.
        const shown = !type
          ? "no content type"
          : MEDIA_TYPE.test(type)
            ? type
            : `content type ${JSON.stringify(cleanServiceText(this.options.redactor, type, 40))}`;
        problem = `an answer that is not JSON (HTTP ${answer.status}, ${shown})`;
      }
    }
    const init = { status: answer.status, requestId: this.requestIdOf(answer.headers) };
    if (creates)
      throw outcomeUnknown(
        creates,
        `The service accepted the request but sent ${problem}, so the result cannot be read`,
        init,
      );
    throw new UpstreamFaultError(
      `The calling service sent ${problem}; that is a fault of the service. Try again later.`,
      init,
    );
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
      requestId: this.requestIdOf(answer.headers),
      retryAfterS: parseRetryAfter(headerValue(answer.headers["retry-after"])),
      subject,
      redactor: this.options.redactor,
    });
  }

  private failure(result: NetworkFailure, deadline: Deadline, creates: PostSubject | undefined): ApiError {
    return failureError(result, deadline, creates, this.options.maxResponseBytes, this.requestIdOf(result.headers));
  }
}
