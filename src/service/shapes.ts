/**
 * Tolerant reading of the service's answers (docs/service-contract.md, "Answers"): the
 * real shapes are not published, so lists may be bare or enveloped, ids may be
 * `id` or `agent_id`/`call_id`, and paging hints may sit in several places.
 * Unknown fields are kept. A shape we cannot read at all is an upstream fault.
 */
import { UpstreamFaultError } from "./errors.js";

export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

const LIST_KEYS = ["data", "agents", "calls", "items", "results"] as const;
const SINGLE_KEYS = ["data", "call"] as const;

function fault(what: string): UpstreamFaultError {
  return new UpstreamFaultError(`The calling service sent ${what}; that is a fault of the service. Try again later.`);
}

/** The array of a list answer: bare, or under one of the known envelope keys. */
export function readList(body: unknown, what: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (isObject(body)) {
    for (const key of LIST_KEYS) {
      const value = body[key];
      if (Array.isArray(value)) return value;
      // `{data: {calls: [...]}}` is common enough to accept.
      if (isObject(value)) {
        for (const inner of LIST_KEYS) if (Array.isArray(value[inner])) return value[inner] as unknown[];
      }
    }
  }
  throw fault(`a list of ${what} in a shape that could not be read`);
}

/** A single object: bare, or under `data` / `call`. */
export function readSingle(body: unknown, what: string): JsonObject {
  if (isObject(body)) {
    // A bare record that has its own id is not an envelope, even if it has a `data` field.
    if (idOf(body.id) ?? idOf(body.call_id)) return body;
    for (const key of SINGLE_KEYS) {
      const inner = body[key];
      if (isObject(inner)) return inner;
    }
    return body;
  }
  throw fault(`${what} that is not a JSON object`);
}

function idOf(value: unknown): string | undefined {
  if (typeof value === "string" && value.length > 0) return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A record with its id under `id`, or under the alias (`agent_id`, `call_id`), moved to `id`. */
function withId(raw: unknown, alias: string, what: string): JsonObject & { id: string } {
  if (!isObject(raw)) throw fault(`${what} that is not an object`);
  const id = idOf(raw.id) ?? idOf(raw[alias]);
  if (!id) throw fault(`${what} without an id`);
  const { [alias]: _alias, ...rest } = raw;
  return { ...rest, id };
}

export interface Agent extends JsonObject {
  id: string;
  name?: string;
}

export function normalizeAgent(raw: unknown): Agent {
  const agent: Agent = withId(raw, "agent_id", "an agent");
  if (typeof agent.name !== "string") delete agent.name;
  return agent;
}

export interface CallRecord extends JsonObject {
  id: string;
  status?: string;
}

export function normalizeCall(raw: unknown): CallRecord {
  const call: CallRecord = withId(raw, "call_id", "a call record");
  if (call.status === null) delete call.status;
  else if (call.status !== undefined && typeof call.status !== "string")
    throw fault("a call record whose status is not text");
  return call;
}

export interface Paging {
  page?: number;
  limit?: number;
  total?: number;
  totalPages?: number;
  /** Set only when more is known to exist. */
  nextPage: number | null;
}

const num = (v: unknown): number | undefined => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && /^\d+$/.test(v)) return Number(v);
  return undefined;
};

/** Reads paging hints from the top level or under `meta` / `pagination`. */
export function readPaging(body: unknown, requestedPage: number, requestedLimit: number, itemCount: number): Paging {
  const places = isObject(body) ? [body, body.meta, body.pagination].filter(isObject) : [];
  const pick = (...keys: string[]): unknown => {
    for (const place of places) for (const key of keys) if (place[key] !== undefined) return place[key];
    return undefined;
  };
  const page = num(pick("page", "current_page")) ?? requestedPage;
  const limit = num(pick("limit", "per_page", "page_size")) ?? requestedLimit;
  const total = num(pick("total", "total_count"));
  const totalPages = num(pick("total_pages", "last_page", "page_count"));
  const explicitNext = pick("next_page");
  const rawHasMore = pick("has_more");
  const hasMore = rawHasMore === "true" ? true : rawHasMore === "false" ? false : rawHasMore;

  let nextPage: number | null = null;
  if (num(explicitNext) !== undefined) nextPage = num(explicitNext) ?? null;
  else if (explicitNext === null || hasMore === false) nextPage = null;
  else if (hasMore === true) nextPage = page + 1;
  else if (totalPages !== undefined) nextPage = page < totalPages ? page + 1 : null;
  else if (total !== undefined) nextPage = page * limit < total && itemCount > 0 ? page + 1 : null;

  const paging: Paging = { page, limit, nextPage };
  if (total !== undefined) paging.total = total;
  if (totalPages !== undefined) paging.totalPages = totalPages;
  return paging;
}
