/**
 * createCore(config): what outlives one MCP session (the service layer and its
 * connection pool, the guard store, the safety guards, the one redactor).
 * createServer(config, deps, core?): one MCP server on top of it, with the
 * tools (served by tools.ts on the SDK's low-level Server), resources and
 * prompts (the SDK's McpServer). The SDK's serving entries make one for each
 * connection (stdio: serveStdio) or request (HTTP: createMcpHandler), for the
 * protocol era the client speaks; one core serves them all.
 */
import { McpServer, type ServerContext } from "@modelcontextprotocol/server";
import type { Config } from "../config/env.js";
import { USER_AGENT } from "../config/version.js";
import { ApprovalHub, type ApprovalHubOptions } from "../approval/hub.js";
import { registerPrompts } from "../prompts/index.js";
import { registerResources } from "../resources/index.js";
import { createSafety, type Safety, type SafetyDeps } from "../guards/index.js";
import { createService, type CallingService } from "../service/index.js";
import { openCallScope, type CallerIdentity, type Person } from "../service/call-scope.js";
import type { RequestLogEntry } from "../service/transport/client.js";
import { MemoryStore } from "../guards/store/memory.js";
import { stateKeyOnFirstUse } from "../state/state-key.js";
import { createPasskeyGate, partyOf } from "../approval/passkeys/index.js";
import type { GuardStore } from "../guards/store/store.js";
import { cleanServiceText } from "../text/clean.js";
import { Redactor } from "../text/redact.js";
import { toolContext } from "../tools/tool-context.js";
import { WaitSlots } from "../tools/wait-slots.js";
import { describeError } from "../protocol/answers.js";
import { approvalClient } from "../protocol/approval-client.js";
import { CACHE_HINTS, INSTRUCTIONS, SERVER_INFO } from "./identity.js";
import { callerOf, inputRound } from "./input-round.js";
import { clientLog } from "./logging.js";
import { progressReporter } from "../protocol/progress.js";
import { registerTools } from "./tools.js";
import { registerCardResource } from "./card-tool.js";
import { rendersApps } from "../approval/card/apps-support.js";

export interface ServerDeps {
  /** Where diagnostics go (stderr in the CLI); redacted here. */
  log?: (line: string) => void;
  /** The process's redactor (the CLI's, which also knows the HTTP token); made from the key when absent. */
  redactor?: Redactor;
  /** Register only the reading tools (OUTBOUND_CALLS_READ_ONLY turns it on too). */
  readOnly?: boolean;
  /** The guard store (guards/store/open.ts opens Redis when configured); in process memory when absent. */
  store?: GuardStore;
  /** Who the requests come from, for per-client bounds (the HTTP client's address); "local" over stdio. */
  client?: string;
  /**
   * The protocol era this server is made for (the SDK's factory context says which): `modern` for 2026-07-28
   * requests, `legacy` for a 2025-era connection or request. Legacy when absent.
   */
  era?: "legacy" | "modern";
  /**
   * This server is the one of its core's connection (stdio): the upstream request log goes to its client.
   * Servers made on a shared core without it (HTTP) leave that log to stderr.
   */
  ownsConnection?: boolean;
  /** The person behind the requests, vouched for by the identity provider (`--http` with OAuth). */
  person?: Person;
  /** The person's token grants `calls:read_all`: they see every call, not only the ones they placed. */
  readsAllCalls?: boolean;
  /**
   * A 2025-era client over stateless HTTP whose session id says it declared MCP Apps at initialize
   * (src/http/apps-session.ts): this request's server never saw that initialize.
   */
  declaredApps?: boolean;
}

export interface OutboundCallsServer {
  mcp: McpServer;
  close(): Promise<void>;
}

/**
 * What outlives one MCP session. Anything stateful a guard needs across tool calls
 * belongs here (or in the store), or stateless HTTP would reset it.
 */
export interface ServerCore {
  service: CallingService;
  store: GuardStore;
  safety: Safety;
  /** The one redactor of the process: the key, and any token the server holds. */
  redactor: Redactor;
  /** The upstream request log line's sink: set by the McpServer that wants it. */
  onRequest?: ((entry: RequestLogEntry) => void) | undefined;
  /** get_calls waiting at once, per client and per process. */
  waits: WaitSlots;
  /** Asking a person before a dial: the approvals desk (over the store) and where its page lives. */
  approval: ApprovalHub;
  close(): Promise<void>;
}

export interface CoreDeps {
  log?: (line: string) => void;
  /** The process's one redactor; made from the key when absent. */
  redactor?: Redactor;
  store?: GuardStore;
  /** The calling service; the HTTP one for the configured base URL when absent (tests give a fake). */
  service?: CallingService;
  /** Where the approval page lives: the browser on this machine (stdio, the default) or the hosted inbox (--http). */
  approvalSurface?: ApprovalHubOptions["surface"];
  /** Tests only (no setting reaches it): another reader of call records for an opt-out (guards/opt-outs/reader/). */
  optOutReader?: SafetyDeps["optOutReader"];
}

/** Throws ConfigurationError (naming the variable) when a safety file cannot be used. */
export function createCore(config: Config, deps: CoreDeps = {}): ServerCore {
  const redactor = deps.redactor ?? new Redactor([config.apiKey, config.optOutModel?.key]);
  const log = (line: string) => deps.log?.(redactor.redact(line));
  const store = deps.store ?? new MemoryStore();
  const service =
    deps.service ??
    createService(config, { redactor, userAgent: USER_AGENT, onRequest: (entry) => core.onRequest?.(entry) });
  const safety = createSafety(config, { service, store, redactor, log, optOutReader: deps.optOutReader });
  const approval = new ApprovalHub({
    approvals: store.approvals,
    marks: store.once,
    secret: (name) => store.secret(name),
    now: safety.now,
    ttlMs: config.safety.approvalTtlMs,
    sealKey: stateKeyOnFirstUse(config.apiKey, "approvals"),
    surface: deps.approvalSurface ?? { kind: "local" },
    log,
    passkeys: config.passkeys.required
      ? createPasskeyGate({
          store,
          file: config.passkeys.file,
          apiKey: config.apiKey,
          now: safety.now,
          log,
          publicParty: partyOf(config.passkeys),
        })
      : undefined,
  });
  const core: ServerCore = {
    redactor,
    store,
    service,
    safety,
    approval,
    waits: new WaitSlots(config.waits),
    async close() {
      await service.close().catch(() => undefined);
      await approval.close().catch(() => undefined);
      safety.close();
      await store.close().catch(() => undefined);
    },
  };
  return core;
}

export const SANDBOX_NOTE = "[SANDBOX: simulated service, no real call was placed and no money was spent]";

/** `shared`: a core made by createCore and owned by the caller (HTTP); without it the server makes and closes its own. */
export function createServer(config: Config, deps: ServerDeps = {}, shared?: ServerCore): OutboundCallsServer {
  const core =
    shared ??
    createCore(config, {
      ...(deps.log ? { log: deps.log } : {}),
      ...(deps.redactor ? { redactor: deps.redactor } : {}),
      ...(deps.store ? { store: deps.store } : {}),
    });
  const { redactor, service, safety, approval } = core;
  const log = (line: string) => deps.log?.(redactor.redact(line));
  const era = deps.era ?? "legacy";
  const mcp = new McpServer(SERVER_INFO, {
    capabilities: { logging: {} },
    instructions: INSTRUCTIONS,
    cacheHints: CACHE_HINTS,
  });
  // Client logging only when asked for: logging/setLevel (2025) or the request's own level (2026-07-28), src/mcp/logging.ts.
  const clientLogs = clientLog(mcp.server, era);
  const send = (level: "debug" | "warning", logger: string, data: string, request?: ServerContext) =>
    clientLogs.send(level, logger, redactor.redact(data), request);
  if (!shared || deps.ownsConnection) {
    core.onRequest = (entry) => {
      if (!clientLogs.wants("debug")) return;
      const outcome = entry.status !== undefined ? String(entry.status) : `failed (${entry.failure ?? "?"})`;
      // The request id is the service's text, already cleaned to one line; the Idempotency-Key (a UUID) shows retries reusing it.
      const id = entry.requestId ? `, request ${entry.requestId}` : "";
      const key = entry.idempotencyKey ? `, idempotency key ${entry.idempotencyKey}` : "";
      send(
        "debug",
        "upstream",
        cleanServiceText(
          redactor,
          `${entry.method} ${entry.path} -> ${outcome} in ${entry.latencyMs} ms (attempt ${entry.attempt}${id}${key})`,
          600,
        ),
      );
    };
  }
  // Refusals and faults are worth a client's log at warning; never the key.
  const warnAbout = (request?: ServerContext) => (line: string) => send("warning", "tools", line, request);
  const warn = warnAbout();
  const phonePolicy = {
    allowedCountries: config.allowedCountries,
    blockedTypes: config.blockedTypes,
    blockedPrefixes: config.blockedPrefixes,
    defaultCountry: config.safety.defaultCountry,
  };
  const client = deps.client ?? "local";
  // Who the requests come from: with OAuth the person, and whether their token may read every call.
  const identity: CallerIdentity = deps.person
    ? { client, person: deps.person, ...(deps.readsAllCalls ? { readsAllCalls: true } : {}) }
    : { client };
  const readOnly = deps.readOnly === true || config.safety.readOnly;
  const prefix = config.sandbox ? `${SANDBOX_NOTE}\n` : "";

  registerTools(mcp.server, {
    readOnly,
    mark: config.sandbox ? { sandbox: true } : {},
    prefix,
    context: (tool, request, decision) => {
      // The call's scope, once: the tool, its guard and the approval channels share it.
      const scope = openCallScope({
        timeoutMs: config.timeoutMs,
        signal: request.mcpReq.signal,
        progress: progressReporter(request.mcpReq),
        identity,
      });
      const asked = approvalClient(mcp.server, era, request);
      const selector = approval.forCall(
        asked,
        request.mcpReq.id,
        config.safety.confirm !== "token",
        // A 2026-07-28 request may be asked through input requests; a 2025 one never reads them.
        // With OAuth the state is bound to the person (one issuer per server, so the subject names them).
        era === "modern"
          ? inputRound(
              request,
              callerOf(
                deps.client,
                deps.person ? { issuer: "the configured issuer", subject: deps.person.sub } : undefined,
              ),
            )
          : undefined,
        {
          apps: !config.passkeys.required && (deps.declaredApps === true || rendersApps(asked.getClientCapabilities())),
          ...(decision ? { decision } : {}),
        },
      );
      return toolContext(
        { config, service, phonePolicy, safety, waits: core.waits, warn: warnAbout(request) },
        tool,
        scope,
        selector,
      );
    },
    // With passkeys required the card is never offered (it cannot ask for one): no card, no card tool.
    rendersApps: (request) =>
      !config.passkeys.required &&
      (deps.declaredApps === true || rendersApps(approvalClient(mcp.server, era, request).getClientCapabilities())),
    desk: approval.desk,
    failure: (error, tool, request) => {
      const described = describeError(error, { what: tool.name, creates: tool.creates, redactor, log });
      if (described.warning) warnAbout(request)(described.warning);
      return described.text;
    },
  });
  registerResources(mcp, {
    config,
    service,
    redactor,
    log,
    warn,
    mark: (text) => prefix + text,
    calls: safety.accessFor(identity),
  });
  registerPrompts(mcp, { config, service, phonePolicy, readOnly });
  if (!readOnly) registerCardResource(mcp);

  return {
    mcp,
    async close() {
      await mcp.close().catch(() => undefined);
      if (!shared) await core.close();
    },
  };
}
