/**
 * The server in the test's own process: `createServer(config, deps, createCore(config,
 * { service, store, … }))`, with the SDK's Client connected through
 * `InMemoryTransport.createLinkedPair()`. No process, no socket (unless a test asks
 * for the real HTTP service layer): the layer of the test pyramid where the tools,
 * the dial pipeline, resources, prompts and logging are tested.
 *
 * Two protocol eras (`era`): 2025-11-25 (the default) is the v1 Client with the
 * `initialize` handshake, connected to the server directly; 2026-07-28 is the v2
 * Client pinned to that revision (no handshake, `_meta` on every request), served
 * through the SDK's `serveStdio` over the in-memory pair as the CLI serves stdio, so
 * the server is made for the era the client speaks. A client that answers
 * elicitation is asked in the 2025 way (a request to the client) or, on 2026-07-28,
 * through input requests inside the tool call's answer, fulfilled by the v2 Client
 * with the same `elicit` answer.
 *
 * The configuration comes from `loadConfig(env)`, so tests set the same variables
 * as users do; OUTBOUND_CALLS_TEST_NOW (the `now` option) fixes the guards' clock.
 */
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  ElicitRequestSchema,
  type CallToolResult,
  type ClientCapabilities,
  type ElicitRequest,
  type ElicitResult,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
import {
  Client as ModernClient,
  InMemoryTransport as ModernInMemoryTransport,
  type Transport as ModernTransport,
} from "@modelcontextprotocol/client";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { loadConfig, type Config } from "../../src/config/env.js";
import { createCore, createServer, type CoreDeps, type ServerCore } from "../../src/mcp/server.js";
import type { GuardStore } from "../../src/guards/store/store.js";
import { Redactor } from "../../src/text/redact.js";
import { FakeService } from "./fake-service.js";
import { inProcessLogs } from "./leak-registry.js";
import { CANARY_KEY, unlessNamed } from "./server-process.js";
import { LEGACY, MODERN, type Era } from "./modern-client.js";

import { ERAS } from "./modern-client.js";

export { ERAS, LEGACY, MODERN, type Era } from "./modern-client.js";

export type ElicitAnswer = (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>;

export interface InProcessOptions {
  /** Variables on top of the key and a loopback base URL (which lets OUTBOUND_CALLS_TEST_NOW be honoured). */
  env?: Record<string, string | undefined>;
  /** OUTBOUND_CALLS_TEST_NOW: the guards' clock starts at this UTC instant. */
  now?: string;
  /** The fake service (one is made when absent), or "http": the real service layer, to OUTBOUND_CALLS_BASE_URL. */
  service?: FakeService | "http";
  /** The guard store (a fresh memory store when absent). */
  store?: GuardStore;
  /** The --read-only flag. */
  readOnly?: boolean;
  /** Client capabilities, e.g. { elicitation: { form: {} } } (set for you when `elicit` is given). */
  capabilities?: ClientCapabilities;
  /**
   * Answers elicitation (the client then declares it); every question is kept in `asked`. The server then asks
   * in the default mode (a person approves) unless `env` names OUTBOUND_CALLS_CONFIRM.
   */
  elicit?: { current: ElicitAnswer };
  /** Where the questions go (a fresh list when absent). */
  asked?: ElicitRequest[];
  /** The protocol revision the client speaks: 2025-11-25 (the default) or 2026-07-28. */
  era?: Era;
  /** Another reader of call records for an opt-out (the desk's test seam; the server always uses readOptOut). */
  optOutReader?: CoreDeps["optOutReader"];
}

export interface InProcessServer {
  /** The revision the client speaks. */
  era: Era;
  /**
   * The client. On 2026-07-28 the v2 Client behind the v1 Client's request methods (the wire is the same;
   * `callTool`'s second argument, a result schema on v1, is ignored there).
   */
  client: Client;
  /** The fake service; with service: "http", a fake that nothing asks. */
  service: FakeService;
  config: Config;
  /** The core the test made (absent with service: "http" and no store: the server made its own). */
  core: ServerCore | undefined;
  /** The server's diagnostic lines (what the CLI writes to stderr). */
  logs: string[];
  /** The questions elicitation asked. */
  asked: ElicitRequest[];
  /** Every JSON-RPC message the server sent, in order (what stdout would carry). */
  sent: JSONRPCMessage[];
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** The loopback base URL of in-process servers with a fake service: nothing listens there, nothing is sent. */
export const NOWHERE = "http://127.0.0.1:9";

/**
 * As test/helpers/server-process.ts `serverEnv`: dials are unattended (OUTBOUND_CALLS_CONFIRM=never) unless the
 * test names OUTBOUND_CALLS_CONFIRM; `OUTBOUND_CALLS_CONFIRM: undefined` gives the default (a person approves). The
 * same for OUTBOUND_CALLS_CALL_PURPOSE (informational unless named: the law of the place depends on the hour).
 */
export function inProcessConfig(options: Pick<InProcessOptions, "env" | "now"> = {}): Config {
  const env = options.env ?? {};
  return loadConfig({
    OUTBOUND_CALLS_API_KEY: CANARY_KEY,
    OUTBOUND_CALLS_BASE_URL: NOWHERE,
    ...(options.now ? { OUTBOUND_CALLS_TEST_NOW: options.now } : {}),
    ...unlessNamed(env),
  });
}

export async function startInProcess(options: InProcessOptions = {}): Promise<InProcessServer> {
  // A client that can ask is asked: the default mode (a person approves) unless the test names another.
  const env =
    options.elicit && !("OUTBOUND_CALLS_CONFIRM" in (options.env ?? {}))
      ? { ...options.env, OUTBOUND_CALLS_CONFIRM: undefined }
      : options.env;
  options = { ...options, ...(env ? { env } : {}) };
  const config = inProcessConfig(options);
  const logs: string[] = [];
  inProcessLogs.push(logs);
  const log = (line: string) => void logs.push(line);
  const redactor = new Redactor([config.apiKey]);
  const fake = options.service instanceof FakeService ? options.service : new FakeService(redactor);
  const deps = { log, redactor, ...(options.readOnly ? { readOnly: true } : {}) };
  // Over real HTTP without a store of its own, the server makes its core, which also logs each upstream attempt.
  const own = options.service === "http" && !options.store;
  const core = own
    ? undefined
    : createCore(config, {
        log,
        redactor,
        // The approval page's browser sees the test's variables (BROWSER, DISPLAY), as the CLI's sees its own; nothing inherited.
        approvalSurface: { kind: "local", env: { PATH: process.env.PATH ?? "", ...options.env } },
        ...(options.store ? { store: options.store } : {}),
        ...(options.service === "http" ? {} : { service: fake }),
        ...(options.optOutReader ? { optOutReader: options.optOutReader } : {}),
      });
  const asked = options.asked ?? [];
  const capabilities = options.capabilities ?? (options.elicit ? { elicitation: { form: {} } } : {});
  const sent: JSONRPCMessage[] = [];
  const era = options.era ?? LEGACY;
  const connected =
    era === MODERN
      ? await connectModern(config, deps, core, capabilities, options.elicit, asked, sent)
      : await connectLegacy(config, deps, core, capabilities, options.elicit, asked, sent);
  let closing: Promise<void> | undefined;
  return {
    era,
    client: connected.client,
    service: fake,
    config,
    core,
    logs,
    asked,
    sent,
    call: async (name, args = {}) => (await connected.client.callTool({ name, arguments: args })) as CallToolResult,
    close() {
      closing ??= (async () => {
        await connected.client.close().catch(() => undefined);
        await connected.close();
        await core?.close();
      })();
      return closing;
    },
  };
}

type ServerDepsOf = Parameters<typeof createServer>[1];
interface Connected {
  client: Client;
  close(): Promise<void>;
}

/** Every message the server sends is kept in `sent` (what stdout would carry). */
function recordSends<T extends { send: (message: never, options?: never) => Promise<void> }>(
  transport: T,
  sent: unknown[],
): void {
  const send = transport.send.bind(transport) as (message: never, options?: never) => Promise<void>;
  transport.send = ((message: never, options?: never) => {
    sent.push(message);
    return send(message, options);
  }) as T["send"];
}

/** 2025-11-25: the v1 Client and its initialize, the server connected directly (as one stdio connection's server). */
async function connectLegacy(
  config: Config,
  deps: ServerDepsOf,
  core: ServerCore | undefined,
  capabilities: ClientCapabilities,
  elicit: InProcessOptions["elicit"],
  asked: ElicitRequest[],
  sent: JSONRPCMessage[],
): Promise<Connected> {
  const server = createServer(config, deps, core);
  const client = new Client({ name: "in-process-test", version: "1.0.0" }, { capabilities });
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request);
      return elicit.current(request);
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  recordSends(serverSide, sent);
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  return { client, close: () => server.close() };
}

/**
 * 2026-07-28: the v2 Client pinned to the revision, served by the SDK's serveStdio over the in-memory pair (the
 * CLI's stdio path: the server is made for the era of the opening request). Input requests are fulfilled by the
 * client with `elicit`'s answer, and each form asked is kept in `asked` as the 2025 request would be.
 */
async function connectModern(
  config: Config,
  deps: ServerDepsOf,
  core: ServerCore | undefined,
  capabilities: ClientCapabilities,
  elicit: InProcessOptions["elicit"],
  asked: ElicitRequest[],
  sent: JSONRPCMessage[],
): Promise<Connected> {
  const servers: Array<ReturnType<typeof createServer>> = [];
  const [clientSide, serverSide] = ModernInMemoryTransport.createLinkedPair();
  recordSends(serverSide, sent);
  const handle = serveStdio(
    ({ era }) => {
      const server = createServer(config, { ...deps, era }, core);
      servers.push(server);
      return server.mcp;
    },
    { transport: serverSide },
  );
  const client = new ModernClient(
    { name: "in-process-test", version: "1.0.0" },
    {
      capabilities: capabilities as ConstructorParameters<typeof ModernClient>[1] extends { capabilities?: infer C }
        ? C
        : never,
      versionNegotiation: { mode: { pin: MODERN } },
      ...(elicit ? { inputRequired: { autoFulfill: true, maxRounds: 3 } } : {}),
    },
  );
  if (elicit) {
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request as unknown as ElicitRequest);
      return (await elicit.current(request as unknown as ElicitRequest)) as never;
    });
  }
  await client.connect(clientSide as ModernTransport);
  // Pinned: a connection that fell back to 2025 would throw above; this says which revision every request carries.
  if (client.getNegotiatedProtocolVersion() !== MODERN)
    throw new Error(`in-process client negotiated ${client.getNegotiatedProtocolVersion()}, not ${MODERN}`);
  return {
    client: legacyShaped(client),
    close: async () => {
      await handle.close().catch(() => undefined);
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}

/** The v2 Client behind the v1 Client's type: the request methods tests use have the same shape, but for callTool's options. */
function legacyShaped(client: ModernClient): Client {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === "callTool") {
        return (params: unknown, _schema?: unknown, options?: unknown) =>
          target.callTool(params as never, options as never);
      }
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as unknown as Client;
}

/**
 * The fixture of a test file: one fake service for the file (its questions and
 * programmed answers forgotten before each test) shared by the servers a test
 * starts, all closed after the file.
 */
export interface InProcessFixture {
  service: FakeService;
  servers: InProcessServer[];
  /** The revision `start` gives a server's client unless its options name one (set by `describeEras`). */
  era: Era;
  /** A server on the file's fake service. */
  start(options?: Omit<InProcessOptions, "service">): Promise<InProcessServer>;
}

export function useInProcess(): InProcessFixture {
  const fx: InProcessFixture = {
    service: new FakeService(new Redactor([CANARY_KEY])),
    servers: [],
    era: LEGACY,
    async start(options = {}) {
      const server = await startInProcess({ era: fx.era, ...options, service: fx.service });
      fx.servers.push(server);
      return server;
    },
  };
  beforeEach(() => fx.service.reset());
  afterAll(async () => {
    await Promise.all(fx.servers.map((s) => s.close()));
  });
  return fx;
}

/**
 * The tests of `body` once per protocol revision (2026-07-28, then 2025-11-25): every server the fixture starts in
 * them has a client of that revision. For the guards whose path through the protocol differs by revision (how a
 * person is asked, what a retried request carries); the tests of a file run one after the other, so the revision
 * set before a block holds for all of it.
 */
export function describeEras(fx: InProcessFixture, body: (era: Era) => void): void {
  describe.each(ERAS)("protocol %s", (era) => {
    beforeAll(() => {
      fx.era = era;
    });
    afterAll(() => {
      fx.era = LEGACY;
    });
    body(era);
  });
}
