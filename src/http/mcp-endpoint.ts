/**
 * POST /mcp, stateless, for both protocol eras on one endpoint: the SDK's
 * createMcpHandler serves a 2026-07-28 request (no handshake, `server/discover`)
 * and a 2025-era one (its `initialize`, then stateless requests) alike, each with
 * its own McpServer made for that era, wired to the shared core (HTTP client,
 * agent cache), so any replica can answer any request. The body is read here,
 * capped, so every request in it that can reach the calling service is counted
 * against the client's rate limit before anything runs.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, type McpRequestContext } from "@modelcontextprotocol/server";
import type { Config } from "../config/env.js";
import { createServer, type ServerCore, type ServerDeps } from "../mcp/server.js";
import { answerCancelledRequests } from "./answer-cancelled.js";
import { readBody } from "../web/body.js";
import type { BodyBudget } from "./body-budget.js";
import type { RateCounter } from "../state/store.js";
import type { AuthenticatedCaller } from "./auth.js";
import { SCOPES } from "./oauth/scopes.js";
import { countServiceRequests } from "./counted-requests.js";
import { sendRpcError } from "./responses.js";
import { appsSessionFor, declaredAppsBySession } from "./apps-session.js";

export interface McpEndpointOptions {
  config: Config;
  core: ServerCore;
  deps: ServerDeps;
  maxBodyBytes: number;
  /** The bytes of bodies being read at once, per client and in all. */
  bodies: BodyBudget;
  /**
   * `counter` is the guard store's (shared by the replicas with Redis); `fallback` counts in this process
   * while the store cannot answer, so the limit holds per replica instead of refusing every read.
   */
  limiter: { counter: RateCounter; fallback: RateCounter; max: number; windowMs: number } | undefined;
  /** The client of a request: the key of its share of waits, and of its rate limit when no person is known. */
  clientOf: (req: IncomingMessage) => string;
  /** With OAuth: refuses (403) a body that needs a scope the caller's token lacks (src/http/oauth/). */
  authorize?:
    | ((
        caller: AuthenticatedCaller,
        body: unknown,
      ) => { status: number; message: string; headers: Record<string, string> } | undefined)
    | undefined;
  log: (line: string) => void;
}

/** The client a person is counted as, whatever their address. */
const personClient = (sub: string): string => `person:${sub}`;

function requestId(body: unknown): string | number | null {
  const id =
    !Array.isArray(body) && typeof body === "object" && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

export function mcpPost(
  options: McpEndpointOptions,
): (req: IncomingMessage, res: ServerResponse, caller?: AuthenticatedCaller) => Promise<void> {
  let lastFallbackLog = -Infinity;
  // Which client (and, with OAuth, which person) each request came from, for the server the SDK's factory makes for it,
  // whether its session id says it declared MCP Apps at initialize (apps-session.ts), and whether its body is a batch.
  const byRequest = new WeakMap<
    Request,
    { client: string; caller: AuthenticatedCaller | undefined; appsSession: boolean; batch: boolean }
  >();
  const failed = (error: Error) => options.log(`http: request failed: ${error.stack ?? error.message}`);
  const handler = createMcpHandler(
    ({ era, requestInfo }: McpRequestContext) => {
      const from = requestInfo ? byRequest.get(requestInfo) : undefined;
      const person = from?.caller?.person;
      // With OAuth a person is one client from any address, as for the rate limit: their share of pending approvals
      // and of waits is theirs, not that of everyone behind the same address (a hosted client's few, an office's NAT).
      const client = person ? personClient(person.sub) : (from?.client ?? "unknown");
      const readsAllCalls = from?.caller?.scopes.has(SCOPES.readAll) === true;
      const { mcp } = createServer(
        options.config,
        {
          ...options.deps,
          client,
          era,
          ...(person ? { person, readsAllCalls } : {}),
          ...(era === "legacy" && from?.appsSession ? { declaredApps: true } : {}),
        },
        options.core,
      );
      // Only a batch can cancel a request of its own POST: a single message is served without the watch.
      if (era === "legacy" && from?.batch !== false) answerCancelledRequests(mcp.server);
      return mcp;
    },
    { onerror: failed, maxRequestBodySize: options.maxBodyBytes },
  );
  return async (req, res, caller) => {
    const client = options.clientOf(req);
    // The bytes this body holds are the client's until its answer is written (or the client left).
    let held = 0;
    res.once("close", () => options.bodies.release(client, held));
    const body = await readBody(req, options.maxBodyBytes, (bytes) => {
      if (!options.bodies.take(client, bytes)) return false;
      held += bytes;
      return true;
    });
    if (body.busy) {
      return sendRpcError(
        res,
        503,
        -32000,
        "Service unavailable: too many request bodies are being read at once (from this client or in all); retry in a moment",
        {
          connection: "close",
          "retry-after": "1",
        },
      );
    }
    if (body.tooLarge) {
      return sendRpcError(
        res,
        413,
        -32000,
        `Payload too large: a request body may be at most ${options.maxBodyBytes} bytes`,
        {
          connection: "close",
        },
      );
    }
    let message: unknown;
    try {
      message = JSON.parse(body.text);
    } catch {
      return sendRpcError(res, 400, -32700, "Parse error: the body is not JSON");
    }

    if (caller && options.authorize) {
      const refusal = options.authorize(caller, message);
      if (refusal)
        return sendRpcError(res, refusal.status, -32000, refusal.message, refusal.headers, requestId(message));
    }

    // A person is counted as one client from any address; without OAuth the address is the client.
    const rateKey = caller ? personClient(caller.person.sub) : client;
    const counted = countServiceRequests(message);
    if (counted > 0 && options.limiter) {
      const { counter, fallback, max, windowMs } = options.limiter;
      let taken: Awaited<ReturnType<RateCounter["take"]>>;
      try {
        taken = await counter.take(rateKey, counted, max, windowMs, Date.now());
      } catch (error) {
        // The shared counter is away (Redis): count here, so reads go on under a limit per replica. The dials
        // themselves are refused by the guards meanwhile (they need the store).
        if (Date.now() - lastFallbackLog >= 30_000) {
          lastFallbackLog = Date.now();
          options.log(
            `http: the shared rate limit cannot be checked (${error instanceof Error ? error.message : String(error)}); counting per replica meanwhile`,
          );
        }
        taken = await fallback.take(rateKey, counted, max, windowMs, Date.now());
      }
      if (!taken.ok) {
        return sendRpcError(
          res,
          429,
          -32000,
          `Rate limited: at most ${max} requests that reach the calling service (tool calls, resource reads and lists, completions) ` +
            `per ${windowMs / 1000} s per client; retry after ${taken.retryAfterSeconds} s`,
          { "retry-after": String(taken.retryAfterSeconds) },
          requestId(message),
        );
      }
    }

    // The factory is called with the web Request made from `req`: the client's address goes with it.
    const appsSession = declaredAppsBySession(req.headers["mcp-session-id"]);
    const newSession = appsSessionFor(message);
    const serving = {
      fetch: async (request: Request, opts?: Parameters<typeof handler.fetch>[1]) => {
        byRequest.set(request, { client, caller, appsSession, batch: Array.isArray(message) });
        const response = await handler.fetch(request, opts);
        if (!newSession || !response.ok) return response;
        // The initialize answer of a client that declared MCP Apps: the session id it will send on every request.
        const headers = new Headers(response.headers);
        headers.set("mcp-session-id", newSession);
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      },
    };
    await toNodeHandler(serving, { onerror: failed })(req, res, message);
  };
}
