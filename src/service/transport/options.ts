/** What the HTTP client is given, what it logs per attempt, and what its reads and POSTs answer. */
import type { PostSubject } from "../errors.js";
import type { Deadline } from "../deadline.js";
import type { Redactor } from "../../text/redact.js";

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
