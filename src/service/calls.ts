/**
 * `service.calls`: list, get, create, createBatch. Owns the paths, which POST
 * creates a call and which a batch, the reading of the answers' shapes and the
 * cleaning of their text (once, here). What it returns is safe to show: no
 * secret, no invisible character, one line per string except call content.
 */
import type { ApiClient } from "./transport/client.js";
import type { Deadline } from "./deadline.js";
import { readCreated } from "./errors.js";
import {
  isObject,
  normalizeCall,
  readList,
  readPaging,
  readSingle,
  type CallRecord,
  type JsonObject,
  type Paging,
} from "./shapes.js";
import { cleanServiceJson } from "../text/clean.js";
import { derivedOnce } from "../text/shared-values.js";
import type { Redactor } from "../text/redact.js";
import type { NormalizedCall } from "../validation/call-row.js";
import type { CallsApi } from "./index.js";

export interface CallQuery {
  status?: string | undefined;
  agent_id?: string | undefined;
  campaign_id?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  page?: number | undefined;
  limit: number;
}

export interface CallPage {
  /** At most `limit` records, whatever the service sent. */
  calls: CallRecord[];
  paging: Paging;
  /** Records the service sent beyond the limit asked for, left out. */
  overLimit: number;
}

export interface Created<T> {
  record: T;
  /** The HTTP status of the answer, for the audit log. */
  status: number;
  requestId: string | undefined;
}

/** A batch as the service answered it: our names for the ids and status, the service's other fields kept. */
export type BatchRecord = JsonObject & {
  batch_id: string | null;
  campaign_id: string | null;
  status?: string;
  calls?: Array<JsonObject & { id?: string }>;
};

export interface PostOptions {
  deadline: Deadline;
  idempotencyKey: string;
}

const text = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);

export class CallsResource implements CallsApi {
  constructor(
    private readonly api: ApiClient,
    private readonly redactor: Redactor,
  ) {}

  async list(query: CallQuery, deadline: Deadline): Promise<CallPage> {
    const res = await this.api.get("/calls", { deadline, query: { ...query } });
    const body = cleanServiceJson(res.body, this.redactor);
    const all = readList(body, "calls").map(normalizeCall);
    const calls = all.slice(0, query.limit);
    return {
      calls,
      paging: readPaging(body, query.page ?? 1, query.limit, calls.length),
      overLimit: all.length - calls.length,
    };
  }

  /** A read's record, cleaned once per body the service sent (the client shares a body sent again: a polled call). */
  private readonly recordOf = derivedOnce((body: JsonObject): CallRecord =>
    normalizeCall(readSingle(cleanServiceJson(body, this.redactor), "a call")),
  );

  async get(callId: string, deadline: Deadline): Promise<CallRecord> {
    // The id passed the allowlist regex (validation/ids.ts), so it cannot climb out of /calls/; encoding is belt and braces.
    const res = await this.api.get(`/calls/${encodeURIComponent(callId)}`, { deadline, subject: `call ${callId}` });
    return isObject(res.body) ? this.recordOf(res.body) : normalizeCall(readSingle(res.body, "a call"));
  }

  async create(call: NormalizedCall, opts: PostOptions): Promise<Created<CallRecord>> {
    const res = await this.api.post("/calls", call, { ...opts, creates: "call" });
    // A 2xx answer that cannot be read means the call was most likely placed: an unknown outcome, never "try again".
    const record = readCreated("call", () =>
      normalizeCall(readSingle(cleanServiceJson(res.body, this.redactor), "the new call")),
    );
    return { record, status: res.status, requestId: res.requestId };
  }

  async createBatch(calls: readonly NormalizedCall[], opts: PostOptions): Promise<Created<BatchRecord>> {
    const res = await this.api.post("/calls/batch", { calls }, { ...opts, creates: "batch" });
    const batch = readCreated("batch", () => readSingle(cleanServiceJson(res.body, this.redactor), "the batch"));
    const rows = Array.isArray(batch.calls)
      ? batch.calls.filter(isObject).map((c) => {
          const id = c.id ?? c.call_id;
          return { ...c, ...(typeof id === "string" || typeof id === "number" ? { id: String(id) } : {}) };
        })
      : undefined;
    // Only fields of the expected types are carried under our names; the service's others are kept as they came.
    const { calls: _rows, status: _status, ...rest } = batch;
    const record: BatchRecord = {
      ...rest,
      batch_id: text(batch.batch_id) ?? text(batch.id),
      campaign_id: text(batch.campaign_id),
      ...(typeof batch.status === "string" ? { status: batch.status } : {}),
      ...(rows ? { calls: rows } : {}),
    };
    return { record, status: res.status, requestId: res.requestId };
  }
}
