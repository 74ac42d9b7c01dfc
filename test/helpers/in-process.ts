/**
 * The server in the test's own process: `createServer(config, deps, createCore(config,
 * { service, store, … }))`, with the SDK's Client connected through
 * `InMemoryTransport.createLinkedPair()`. No process, no socket (unless a test asks
 * for the real HTTP service layer): the layer of the test pyramid where the tools,
 * the dial pipeline, resources, prompts and logging are tested.
 *
 * The configuration comes from `loadConfig(env)`, so tests set the same variables
 * as users do; OUTBOUND_CALLS_TEST_NOW (the `now` option) fixes the guards' clock.
 */
import { afterAll, beforeEach } from "vitest";
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
import { loadConfig, type Config } from "../../src/config/env.js";
import { createCore, createServer, type ServerCore } from "../../src/mcp/server.js";
import type { GuardStore } from "../../src/state/store.js";
import { Redactor } from "../../src/text/redact.js";
import { FakeService } from "./fake-service.js";
import { inProcessLogs } from "./leak-registry.js";
import { CANARY_KEY } from "./server-process.js";

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
}

export interface InProcessServer {
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
 * test names OUTBOUND_CALLS_CONFIRM; `OUTBOUND_CALLS_CONFIRM: undefined` gives the default (a person approves).
 */
export function inProcessConfig(options: Pick<InProcessOptions, "env" | "now"> = {}): Config {
  const env = options.env ?? {};
  return loadConfig({
    OUTBOUND_CALLS_API_KEY: CANARY_KEY,
    OUTBOUND_CALLS_BASE_URL: NOWHERE,
    ...("OUTBOUND_CALLS_CONFIRM" in env ? {} : { OUTBOUND_CALLS_CONFIRM: "never" }),
    ...(options.now ? { OUTBOUND_CALLS_TEST_NOW: options.now } : {}),
    ...env,
  });
}

export async function startInProcess(options: InProcessOptions = {}): Promise<InProcessServer> {
  // A client that can ask is asked: the default mode (a person approves) unless the test names another.
  const env = options.elicit && !("OUTBOUND_CALLS_CONFIRM" in (options.env ?? {})) ? { ...options.env, OUTBOUND_CALLS_CONFIRM: undefined } : options.env;
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
        consentSurface: { kind: "local", env: { PATH: process.env.PATH ?? "", ...options.env } },
        ...(options.store ? { store: options.store } : {}),
        ...(options.service === "http" ? {} : { service: fake }),
      });
  const server = createServer(config, deps, core);

  const asked = options.asked ?? [];
  const capabilities = options.capabilities ?? (options.elicit ? { elicitation: { form: {} } } : {});
  const client = new Client({ name: "in-process-test", version: "1.0.0" }, { capabilities });
  if (options.elicit) {
    const elicit = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request);
      return elicit.current(request);
    });
  }
  let closing: Promise<void> | undefined;
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent: JSONRPCMessage[] = [];
  const send = serverSide.send.bind(serverSide);
  serverSide.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    service: fake,
    config,
    core,
    logs,
    asked,
    sent,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close() {
      closing ??= (async () => {
        await client.close().catch(() => undefined);
        await server.close();
        await core?.close();
      })();
      return closing;
    },
  };
}

/**
 * The fixture of a test file: one fake service for the file (its questions and
 * programmed answers forgotten before each test) shared by the servers a test
 * starts, all closed after the file.
 */
export interface InProcessFixture {
  service: FakeService;
  servers: InProcessServer[];
  /** A server on the file's fake service. */
  start(options?: Omit<InProcessOptions, "service">): Promise<InProcessServer>;
}

export function useInProcess(): InProcessFixture {
  const fx: InProcessFixture = {
    service: new FakeService(new Redactor([CANARY_KEY])),
    servers: [],
    async start(options = {}) {
      const server = await startInProcess({ ...options, service: fx.service });
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
