/**
 * One error class per kind of failure of the v1 API, built from the status and
 * the body (openai-node's APIError.generate pattern). Code words decide wallet
 * and plan whatever the status; the rest is classified by status. Every message
 * carries upstream text only after it went through the redactor.
 */
import { cleanServiceText } from "../text/clean.js";
import type { Redactor } from "../text/redact.js";

export interface ApiErrorInit {
  status?: number | undefined;
  requestId?: string | undefined;
  code?: string | undefined;
  /** The service's own message, already cleaned. */
  detail?: string | undefined;
  field?: string | undefined;
  retryAfterS?: number | undefined;
}

export abstract class ApiError extends Error {
  abstract readonly kind: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly field: string | undefined;
  readonly retryAfterS: number | undefined;

  constructor(message: string, init: ApiErrorInit = {}) {
    super(message);
    this.status = init.status;
    this.requestId = init.requestId;
    this.code = init.code;
    this.detail = init.detail;
    this.field = init.field;
    this.retryAfterS = init.retryAfterS;
  }
}

export class InvalidRequestError extends ApiError {
  readonly kind = "invalid_request";
}
export class AuthenticationError extends ApiError {
  readonly kind = "key_rejected";
}
export class WalletError extends ApiError {
  readonly kind = "wallet";
}
export class PlanError extends ApiError {
  readonly kind = "plan";
}
export class NotFoundError extends ApiError {
  readonly kind = "not_found";
}
export class ConflictError extends ApiError {
  readonly kind = "conflict";
}
export class RateLimitError extends ApiError {
  readonly kind = "rate_limited";
}
/** 5xx, 3xx, timeouts, resets, bodies that are not the JSON we expect. */
export class UpstreamFaultError extends ApiError {
  readonly kind = "upstream_fault";
}
/**
 * A POST whose fate we cannot know: it may have placed the call. Never retried;
 * the model is told not to dial again.
 */
export class OutcomeUnknownError extends ApiError {
  readonly kind = "outcome_unknown";
}

/** Upstream text quoted inside our own sentences ends with a full stop. */
function endSentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** What a POST creates: one call, or a batch of them. */
export type PostSubject = "call" | "batch";

/**
 * The one wording of an unknown outcome, so every path that may have dialed says the
 * same three things: the outcome is unknown, do not place it again, check with list_calls.
 */
export function outcomeUnknown(creates: PostSubject, reason: string, init: ApiErrorInit = {}): OutcomeUnknownError {
  const next =
    creates === "batch"
      ? "Do not submit the batch again: check with list_calls (newest first) whether its calls were created."
      : "Do not place it again: check with list_calls (newest first) whether the call was created.";
  const service = init.detail ? ` The service said: ${endSentence(init.detail)}` : "";
  return new OutcomeUnknownError(
    `${reason}; the outcome is unknown: the ${creates === "batch" ? "calls" : "call"} may have been placed. ${next}${service}`,
    init,
  );
}

/**
 * Reads the answer to a POST that the service accepted (2xx). If the answer cannot be
 * read (wrong shape, no id), the call was most likely placed: that is an unknown
 * outcome, never "try again later".
 */
export function readCreated<T>(creates: PostSubject, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UpstreamFaultError) {
      throw outcomeUnknown(
        creates,
        "The service accepted the request but its answer could not be read (a shape this server does not know)",
        {
          status: error.status,
          requestId: error.requestId,
        },
      );
    }
    throw error;
  }
}

/** The handler's output does not match the declared schema (a service field of an unexpected type). */
export class OutputMismatchError extends Error {
  override readonly name = "OutputMismatchError";
}

/**
 * The service's answer was read but its fields have types the tool's output schema
 * does not allow (e.g. `status: 5`). For a POST the call was most likely placed.
 */
export function answerDoesNotMatch(creates: PostSubject | undefined): ApiError {
  const what = "its answer has fields of unexpected types (they do not match what this server reports)";
  if (creates) return outcomeUnknown(creates, `The service accepted the request but ${what}`);
  return new UpstreamFaultError(
    `The calling service sent an answer whose fields have unexpected types; that is a fault of the service. Try again later.`,
  );
}

/** What we could read of an error body, whatever its shape. */
export interface ErrorBodyInfo {
  code?: string;
  message?: string;
  field?: string;
  /** Per-field or per-row messages, as `field: message`. */
  details: string[];
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.length > 0 ? v : undefined);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function detailLine(item: unknown): string | undefined {
  if (typeof item === "string") return item;
  if (!isObj(item)) return undefined;
  const message = str(item.message) ?? str(item.reason) ?? str(item.detail);
  if (!message) return undefined;
  const where = [item.index !== undefined ? `row ${String(item.index)}` : undefined, str(item.field)]
    .filter(Boolean)
    .join(" ");
  return where ? `${where}: ${message}` : message;
}

/** Reads `{error:{code,message}}`, `{error:"…",code}`, `{message,code}`, `{errors:[…]}` or plain text. */
export function readErrorBody(body: unknown, rawText: string): ErrorBodyInfo {
  const info: ErrorBodyInfo = { details: [] };
  if (!isObj(body)) {
    const text = rawText.trim();
    // An HTML error page says nothing useful to a model.
    if (text && !/^</.test(text)) info.message = text;
    return info;
  }
  const err = body.error;
  if (isObj(err)) {
    info.code = str(err.code) ?? str(err.type);
    info.message = str(err.message);
    info.field = str(err.field) ?? str(err.param);
    for (const d of Array.isArray(err.details) ? err.details : []) {
      const line = detailLine(d);
      if (line) info.details.push(line);
    }
  } else if (typeof err === "string") {
    info.message = err;
  }
  info.code ??= str(body.code) ?? str(body.error_code);
  info.message ??= str(body.message) ?? str(body.detail);
  info.field ??= str(body.field);
  if (Array.isArray(body.errors)) {
    for (const e of body.errors) {
      const line = detailLine(e);
      if (line) info.details.push(line);
      if (!info.field && isObj(e)) info.field = str(e.field);
    }
  }
  return info;
}

export interface ErrorContext {
  status: number;
  body: unknown;
  rawText: string;
  requestId?: string | undefined;
  retryAfterS?: number | undefined;
  /** What was asked, for "not found" messages: e.g. "call call_123". */
  subject?: string | undefined;
  redactor: Redactor;
}

/** Builds the right ApiError for a non-2xx answer. */
export function errorFromResponse(ctx: ErrorContext): ApiError {
  const info = readErrorBody(ctx.body, ctx.rawText);
  const said = [info.message, ...info.details.slice(0, 5)].filter(Boolean).join("; ");
  const detail = said ? cleanServiceText(ctx.redactor, said, 400) : undefined;
  const code = info.code ? cleanServiceText(ctx.redactor, info.code, 64) : undefined;
  const field = info.field ? cleanServiceText(ctx.redactor, info.field, 64) : undefined;
  const init: ApiErrorInit = {
    status: ctx.status,
    requestId: ctx.requestId,
    code,
    detail,
    field,
    retryAfterS: ctx.retryAfterS,
  };
  const service = detail ? ` The service said: ${endSentence(detail)}` : "";
  const lc = (code ?? "").toLowerCase();

  if (/wallet|balance|funds|payment_required/.test(lc) || ctx.status === 402) {
    return new WalletError(
      `The account's wallet cannot pay for this call (HTTP ${ctx.status}${code ? `, ${code}` : ""}). Nothing was dialed. ` +
        `A person must top it up in the service's dashboard; retrying will not help.${service}`,
      init,
    );
  }
  if (/plan|subscription|quota/.test(lc) || ctx.status === 403) {
    return new PlanError(
      `The account's plan does not allow this (HTTP ${ctx.status}${code ? `, ${code}` : ""}).${service || " The service gave no reason."} ` +
        `A person must change the plan or wait for the limit to reset; retrying now will not help.`,
      init,
    );
  }
  switch (ctx.status) {
    case 400:
    case 422:
      return new InvalidRequestError(
        `The service refused the request as invalid (HTTP ${ctx.status}${field ? `, field ${field}` : ""}).${service} Fix the arguments and try again.`,
        init,
      );
    case 401:
      return new AuthenticationError(
        "The service refused the API key (HTTP 401). The MCP server's configuration must be fixed by a person " +
          "(OUTBOUND_CALLS_API_KEY); retrying will not help.",
        init,
      );
    case 404:
      return new NotFoundError(
        `Not found (HTTP 404): ${ctx.subject ?? "the resource"} does not exist for this API key. Check the id (list_calls shows existing calls).`,
        init,
      );
    case 408:
      return new UpstreamFaultError(
        "The calling service timed out reading the request (HTTP 408). Try again later.",
        init,
      );
    case 409:
      return new ConflictError(`The service reported a conflict (HTTP 409).${service}`, init);
    case 429:
      return new RateLimitError(
        ctx.retryAfterS !== undefined
          ? `Rate limited by the service; retry in ${ctx.retryAfterS} s.`
          : "Rate limited by the service; wait a little before trying again.",
        init,
      );
    default:
      if (ctx.status >= 500) {
        const wait =
          ctx.retryAfterS !== undefined
            ? `retry in ${ctx.retryAfterS} s (the service's Retry-After)`
            : "try again later";
        return new UpstreamFaultError(
          `The calling service failed (HTTP ${ctx.status}).${service} It is a fault of the service; ${wait}.`,
          init,
        );
      }
      if (ctx.status >= 300 && ctx.status < 400) {
        return new UpstreamFaultError(
          `The calling service answered with a redirect (HTTP ${ctx.status}); redirects are never followed, so the key is only sent to the configured host. Check OUTBOUND_CALLS_BASE_URL.`,
          init,
        );
      }
      return new InvalidRequestError(`The service refused the request (HTTP ${ctx.status}).${service}`, init);
  }
}
