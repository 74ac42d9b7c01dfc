import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { AccountStore } from "./account.js";
import { apiKeyFrom } from "./auth.js";
import { ServiceError, faultCode } from "./errors.js";
import { fingerprint, withIdempotency } from "./idempotency.js";
import { randomId } from "./ids.js";
import type { ResolvedOptions } from "./options.js";
import { RateLimiter } from "./rate-limit.js";
import { parseJson, readBody, type ParsedBody, type RawBody } from "./read-body.js";
import { record, type RecordedRequest } from "./recorder.js";
import type { Reply } from "./routes/context.js";
import { matchRoute } from "./routes/table.js";

interface Incoming {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  raw: RawBody;
  json: ParsedBody;
}

/** The HTTP side of the sandbox: one pipeline per request, in the order the real service checks things. */
export class SandboxServer {
  readonly requests: RecordedRequest[] = [];
  readonly http: Server;
  private readonly accounts: AccountStore;
  private readonly limiter: RateLimiter | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly pendingDelays = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
  private requestCount = 0;

  constructor(private readonly options: ResolvedOptions) {
    this.accounts = new AccountStore(options.agentsPerAccount, options.startingBalanceCents);
    this.limiter = options.rateLimit === false ? undefined : new RateLimiter(options.rateLimit);
    this.http = createServer((req, res) => {
      this.onRequest(req, res).catch(() => {
        // Last resort: the pipeline already turns errors into answers, so this only guards a broken socket.
        if (!res.headersSent && !res.destroyed) res.destroy();
      });
    });
    this.http.on("connection", (socket: Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  async close(): Promise<void> {
    for (const pending of this.pendingDelays) {
      clearTimeout(pending.timer);
      pending.done();
    }
    this.pendingDelays.clear();
    const closed = new Promise<void>((resolve) => this.http.close(() => resolve()));
    // Keep-alive sockets would hold close() open for seconds; the sandbox owns them all, so cut them.
    for (const socket of this.sockets) socket.destroy();
    this.http.closeAllConnections();
    await closed;
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomId("req", 24);
    const at = this.options.now();
    const incoming = await this.readIncoming(req);
    if (incoming.raw.kind === "aborted") return;

    let reply: Reply;
    try {
      reply = this.process(incoming);
    } catch (error) {
      reply = errorReply(error);
    }
    record(this.requests, {
      method: incoming.method,
      path: incoming.path,
      query: incoming.query,
      headers: incoming.headers,
      body: recordedBody(incoming),
      status: reply.status,
      at,
    });

    if (this.options.faults.delayMs > 0) await this.delay(this.options.faults.delayMs);
    if (res.destroyed || res.writableEnded) return;
    const body = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Request-Id": requestId,
      ...(incoming.raw.kind === "too_large" ? { Connection: "close" } : {}),
      ...reply.headers,
    });
    res.end(body);
  }

  private async readIncoming(req: IncomingMessage): Promise<Incoming> {
    const target = req.url ?? "/";
    const queryAt = target.indexOf("?");
    const path = queryAt === -1 ? target : target.slice(0, queryAt);
    const query = queryAt === -1 ? {} : Object.fromEntries(new URLSearchParams(target.slice(queryAt + 1)));
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const raw = await readBody(req);
    return { method: req.method ?? "GET", path, query, headers, raw, json: parseJson(raw) };
  }

  /**
   * Fault, size, route, key, rate limit, JSON, idempotency, then the route's own checks (fields, plan, wallet).
   * Synchronous on purpose: no other request can run between an idempotency lookup and its answer being remembered.
   */
  private process(incoming: Incoming): Reply {
    this.requestCount += 1;
    const { failEvery, failStatus } = this.options.faults;
    if (failEvery > 0 && this.requestCount % failEvery === 0) {
      throw new ServiceError(
        failStatus,
        faultCode(failStatus),
        `Injected fault: every request whose number is a multiple of ${failEvery} fails; nothing was done. Try again.`,
      );
    }
    if (incoming.raw.kind === "too_large") {
      throw new ServiceError(
        413,
        "payload_too_large",
        `The request body is ${incoming.raw.bytes} bytes; at most 1 MiB is accepted.`,
      );
    }

    const route = matchRoute(incoming.method, incoming.path);
    if (route.kind === "none")
      throw new ServiceError(
        404,
        "not_found",
        `No such endpoint: ${incoming.method} ${safePath(incoming.path)}. The API lives under /api/v1.`,
      );
    if (route.kind === "wrong_method") {
      throw new ServiceError(
        405,
        "method_not_allowed",
        `${incoming.method} is not allowed here; use ${route.allow.join(" or ")}.`,
        {
          headers: { Allow: route.allow.join(", ") },
        },
      );
    }

    const apiKey = apiKeyFrom(incoming.headers.authorization);
    const nowMs = this.options.now();
    const limited = this.limiter?.take(apiKey, nowMs);
    if (limited && !limited.ok) {
      const { requests, windowMs } = this.options.rateLimit as { requests: number; windowMs: number };
      throw new ServiceError(
        429,
        "rate_limited",
        `Too many requests: this key may make ${requests} per ${windowMs / 1000} s. Retry after ${limited.retryAfterS} s.`,
        {
          headers: { "Retry-After": String(limited.retryAfterS) },
        },
      );
    }

    const account = this.accounts.get(apiKey);
    const isPost = incoming.method === "POST";
    let body: unknown = null;
    if (isPost) {
      if (!incoming.json.ok) throw new ServiceError(400, "invalid_json", incoming.json.reason);
      body = incoming.json.value;
    }

    const run = (): Reply =>
      route.handler({ account, body, query: incoming.query, params: route.params, nowMs, options: this.options });
    const idempotencyKey = isPost ? incoming.headers["idempotency-key"] : undefined;
    if (idempotencyKey === undefined) return run();
    return withIdempotency(
      account.idempotency,
      idempotencyKey,
      fingerprint(incoming.method, incoming.path, body),
      nowMs,
      run,
    );
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const pending = {
        done: resolve,
        timer: setTimeout(() => {
          this.pendingDelays.delete(pending);
          resolve();
        }, ms),
      };
      this.pendingDelays.add(pending);
    });
  }
}

function errorReply(error: unknown): Reply {
  if (error instanceof ServiceError) return { status: error.status, body: error.toBody(), headers: error.headers };
  // A bug in the sandbox must still answer in the documented shape, never crash the process.
  return {
    status: 500,
    body: new ServiceError(500, "internal_error", "The sandbox hit an unexpected error.").toBody(),
  };
}

function recordedBody(incoming: Incoming): unknown {
  if (incoming.json.ok) return incoming.json.value;
  return incoming.raw.kind === "text" ? incoming.raw.text : null;
}

function safePath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
