/**
 * A CallingService in memory, no HTTP: what the tools, the dial pipeline,
 * resources and prompts see of the calling service, for in-process tests
 * (test/helpers/in-process.ts). It records exactly what it was asked — the
 * normalized rows, the Idempotency-Key, the deadline — and answers what the
 * test programs, or throws the service's own error classes.
 *
 * Its answers keep the layer's contract: records are read with the service
 * layer's shape readers and cleaned with its one cleaning (src/service/shapes.ts,
 * src/text/clean.ts), so a test can hand it hostile text as a service would send it.
 */
import { setTimeout as delay } from "node:timers/promises";
import type { BatchRecord, CallPage, CallQuery, Created, PostOptions } from "../../src/service/calls.js";
import type { Deadline } from "../../src/service/deadline.js";
import {
  errorFromResponse,
  outcomeUnknown,
  readCreated,
  type ApiError,
  type PostSubject,
} from "../../src/service/errors.js";
import type { AgentsApi, CallingService, CallsApi } from "../../src/service/index.js";
import { unknownAgentReason } from "../../src/service/agents.js";
import {
  isObject,
  normalizeAgent,
  normalizeCall,
  readSingle,
  type Agent,
  type CallRecord,
  type Paging,
} from "../../src/service/shapes.js";
import { cleanServiceJson } from "../../src/text/clean.js";
import { Redactor } from "../../src/text/redact.js";
import { UserInputError } from "../../src/validation/errors.js";
import type { NormalizedCall } from "../../src/validation/call-row.js";
import { CANARY_KEY } from "./server-process.js";

/** One question the server asked the service, as it asked it. */
export type ServiceRequest =
  | { op: "agents.list"; deadline: Deadline }
  | { op: "agents.check"; ids: string[]; deadline: Deadline }
  | { op: "calls.list"; query: CallQuery; deadline: Deadline }
  | { op: "calls.get"; callId: string; deadline: Deadline }
  | { op: "calls.create"; call: NormalizedCall; idempotencyKey: string; deadline: Deadline }
  | { op: "calls.createBatch"; calls: NormalizedCall[]; idempotencyKey: string; deadline: Deadline };

export type Op = ServiceRequest["op"];
export type RequestOf<K extends Op> = Extract<ServiceRequest, { op: K }>;

/** A list answer as the test writes it: records as a service sends them, and paging hints. */
export interface ListAnswer {
  calls: unknown[];
  paging?: Partial<Paging>;
}

/** What each operation's handler returns (raw records, read and cleaned like the real layer's), or throws. */
export interface Answers {
  "agents.list": unknown[];
  "agents.check": unknown[];
  "calls.list": ListAnswer;
  "calls.get": unknown;
  "calls.create": unknown;
  "calls.createBatch": unknown;
}

export type Handler<K extends Op> = (request: RequestOf<K>) => Answers[K] | Reply | Promise<Answers[K] | Reply>;

/** A created record with the HTTP status and request id the service gave it (for the audit log). */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly meta: { status?: number; requestId?: string } = {},
  ) {}
}

export const AGENTS = [
  { id: "agt_1", name: "Ava" },
  { id: "agt_2", name: "Ben" },
];

/** The same plausible service as test/helpers/fake-upstream.ts's defaultHandler. */
function defaults(): { [K in Op]: Handler<K> } {
  return {
    "agents.list": () => AGENTS,
    "agents.check": () => AGENTS,
    "calls.list": () => ({ calls: [] }),
    "calls.get": (r) => ({ id: r.callId, status: "completed" }),
    "calls.create": (r) => ({ id: "call_1", status: "queued", ...r.call }),
    "calls.createBatch": (r) => ({
      batch_id: "bat_1",
      campaign_id: "cmp_1",
      status: "accepted",
      calls: r.calls.map((c, i) => ({ id: `call_b${i}`, status: "queued", ...c })),
    }),
  };
}

/** An error of the service as the HTTP layer builds it from a status and a body (src/service/errors.ts). */
export function httpError(
  status: number,
  body: unknown,
  init: { retryAfterS?: number; subject?: string; requestId?: string } = {},
): ApiError {
  return errorFromResponse({
    status,
    body,
    rawText: typeof body === "string" ? body : JSON.stringify(body),
    retryAfterS: init.retryAfterS,
    subject: init.subject,
    requestId: init.requestId ?? "req_fake",
    redactor: new Redactor([CANARY_KEY]),
  });
}

/** The error of a POST whose answer was lost (a timeout or a reset after sending): no status, no request id. */
export function lostAnswer(creates: PostSubject = "call"): ApiError {
  return outcomeUnknown(creates, "The connection to the calling service was reset after the request was sent");
}

/** A batch row's id under `id`, as the real layer reads it (src/service/calls.ts). */
function withRowId(c: Record<string, unknown>): Record<string, unknown> & { id?: string } {
  const id = c.id ?? c.call_id;
  return { ...c, ...(typeof id === "string" || typeof id === "number" ? { id: String(id) } : {}) };
}

export class FakeService implements CallingService {
  /** Every question, in order. */
  readonly requests: ServiceRequest[] = [];
  private handlers = defaults();
  private redactor: Redactor;
  closed = false;

  constructor(redactor = new Redactor([CANARY_KEY])) {
    this.redactor = redactor;
  }

  /** Answers `op` with `handler` from now on (it may throw, or wait). */
  handle<K extends Op>(op: K, handler: Handler<K>): this {
    (this.handlers as Record<Op, unknown>)[op] = handler;
    return this;
  }

  /** Throws `error` for `op` from now on (a function: a fresh error per request). */
  fail(op: Op, error: Error | ((request: ServiceRequest) => Error)): this {
    (this.handlers as Record<Op, unknown>)[op] = (r: ServiceRequest) => {
      throw typeof error === "function" ? error(r) : error;
    };
    return this;
  }

  /** Answers `op` after `ms`, as its handler would. */
  slow(op: Op, ms: number): this {
    const inner = this.handlers[op] as (r: ServiceRequest) => unknown;
    (this.handlers as Record<Op, unknown>)[op] = async (r: ServiceRequest) => {
      await delay(ms);
      return inner(r);
    };
    return this;
  }

  /** Forgets the questions and the programmed answers. */
  reset(): void {
    this.requests.length = 0;
    this.restore();
  }

  /** Back to the default answers; the questions are kept. */
  restore(): void {
    this.handlers = defaults();
  }

  of<K extends Op>(op: K): RequestOf<K>[] {
    return this.requests.filter((r): r is RequestOf<K> => r.op === op);
  }

  /** The dials the service was asked for: create and createBatch, in order. */
  posts(): Array<RequestOf<"calls.create"> | RequestOf<"calls.createBatch">> {
    return this.requests.filter(
      (r): r is RequestOf<"calls.create"> | RequestOf<"calls.createBatch"> =>
        r.op === "calls.create" || r.op === "calls.createBatch",
    );
  }

  private async ask<K extends Op>(request: RequestOf<K>): Promise<Answers[K]> {
    return (await this.askWithMeta(request)).body as Answers[K];
  }

  private async askWithMeta<K extends Op>(request: RequestOf<K>): Promise<Reply> {
    this.requests.push(request);
    const handler = this.handlers[request.op] as Handler<K>;
    const answer = await handler(request);
    return answer instanceof Reply ? answer : new Reply(answer);
  }

  private clean(value: unknown): unknown {
    return cleanServiceJson(value, this.redactor);
  }

  readonly agents: AgentsApi = {
    list: async (deadline) =>
      (await this.ask({ op: "agents.list", deadline })).map((a) => normalizeAgent(this.clean(a))),
    check: async (ids, deadline) => {
      const agents = (await this.ask({ op: "agents.check", ids, deadline })).map((a) => normalizeAgent(this.clean(a)));
      return { agents, missing: new Set(ids.filter((id) => !agents.some((a) => a.id === id))) };
    },
    require: async (id, deadline) => {
      const { agents } = await this.agents.check([id], deadline);
      const agent: Agent | undefined = agents.find((a) => a.id === id);
      if (!agent) throw new UserInputError(`agent_id ${unknownAgentReason(id, agents)}`, "agent_id");
      return agent;
    },
  };

  readonly calls: CallsApi = {
    list: async (query: CallQuery, deadline: Deadline): Promise<CallPage> => {
      const answer = await this.ask({ op: "calls.list", query: { ...query }, deadline });
      const all = answer.calls.map((c) => normalizeCall(this.clean(c)));
      const calls = all.slice(0, query.limit);
      const paging: Paging = { page: query.page ?? 1, limit: query.limit, nextPage: null, ...answer.paging };
      return { calls, paging, overLimit: all.length - calls.length };
    },
    get: async (callId: string, deadline: Deadline): Promise<CallRecord> =>
      normalizeCall(readSingle(this.clean(await this.ask({ op: "calls.get", callId, deadline })), "a call")),
    create: async (call: NormalizedCall, opts: PostOptions): Promise<Created<CallRecord>> => {
      const { body, meta } = await this.askWithMeta({
        op: "calls.create",
        call: structuredClone(call),
        idempotencyKey: opts.idempotencyKey,
        deadline: opts.deadline,
      });
      const record = readCreated("call", () => normalizeCall(readSingle(this.clean(body), "the new call")));
      return { record, status: meta.status ?? 201, requestId: meta.requestId ?? "req_fake" };
    },
    createBatch: async (calls: readonly NormalizedCall[], opts: PostOptions): Promise<Created<BatchRecord>> => {
      const { body, meta } = await this.askWithMeta({
        op: "calls.createBatch",
        calls: structuredClone([...calls]),
        idempotencyKey: opts.idempotencyKey,
        deadline: opts.deadline,
      });
      const batch = readCreated("batch", () => readSingle(this.clean(body), "the batch"));
      const text = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);
      const { calls: rows, status, ...rest } = batch;
      const record: BatchRecord = {
        ...rest,
        batch_id: text(batch.batch_id) ?? text(batch.id),
        campaign_id: text(batch.campaign_id),
        ...(typeof status === "string" ? { status } : {}),
        ...(Array.isArray(rows) ? { calls: rows.filter(isObject).map(withRowId) } : {}),
      };
      return { record, status: meta.status ?? 202, requestId: meta.requestId ?? "req_fake" };
    },
  };

  async close(): Promise<void> {
    this.closed = true;
  }
}
