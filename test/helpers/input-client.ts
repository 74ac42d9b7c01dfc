/**
 * The SDK's v2 Client (`@modelcontextprotocol/client`) speaking protocol
 * 2026-07-28 to the built server, over stdio or --http: the client side of
 * approval through input requests. With `answer` it declares form elicitation
 * and fulfils the server's input requests itself (the SDK's auto-fulfilment:
 * the form is answered, the same tools/call sent again with the answer and the
 * state); `round()` sends one round by hand, with whatever inputResponses and
 * requestState a test chooses (a replay, a tampered or foreign state).
 */
import {
  Client,
  StreamableHTTPClientTransport,
  type ElicitRequest,
  type ElicitResult,
  type Transport,
} from "@modelcontextprotocol/client";
import { HTTP_TOKEN } from "./http-server-process.js";
import { MODERN } from "./modern-client.js";
import { RecordingStdioTransport } from "./recording-transport.js";
import { ENTRY, serverEnv, started } from "./server-process.js";

export type FormAnswer = (params: ElicitRequest["params"]) => ElicitResult | Promise<ElicitResult>;

/** One tools/call round's answer: a result, or `input_required` with its requests and state. */
export type RoundAnswer = {
  resultType?: string;
  isError?: boolean;
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  inputRequests?: Record<string, { method: string; params: Record<string, unknown> }>;
  requestState?: string;
};

export interface ModernClient {
  client: Client;
  /** The forms the server asked this client to show. */
  asked: Array<ElicitRequest["params"]>;
  /** A tools/call; input requests are fulfilled by `answer` (the SDK's rounds). */
  call(name: string, args: Record<string, unknown>): Promise<RoundAnswer>;
  /** One round by hand: input_required comes back as is. */
  round(
    name: string,
    args: Record<string, unknown>,
    retry?: { inputResponses?: Record<string, unknown>; requestState?: string },
  ): Promise<RoundAnswer>;
  close(): Promise<void>;
}

export interface ModernOptions {
  /** Declares form elicitation and answers every form; absent: no elicitation declared. */
  answer?: FormAnswer;
  /** Extra HTTP headers (e.g. X-Forwarded-For behind a trusted proxy). */
  headers?: Record<string, string>;
}

function makeClient(options: ModernOptions, asked: Array<ElicitRequest["params"]>): Client {
  const client = new Client(
    { name: "e2e-2026", version: "1.0.0" },
    {
      capabilities: options.answer ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: { pin: MODERN } },
      inputRequired: { autoFulfill: true, maxRounds: 3 },
    },
  );
  const answer = options.answer;
  if (answer) {
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params);
      return answer(request.params);
    });
  }
  return client;
}

function wrap(client: Client, asked: Array<ElicitRequest["params"]>, close: () => Promise<void>): ModernClient {
  return {
    client,
    asked,
    call: async (name, args) => (await client.callTool({ name, arguments: args }, { timeout: 60_000 })) as RoundAnswer,
    round: async (name, args, retry = {}) =>
      (await client.request(
        { method: "tools/call", params: { name, arguments: args, ...retry } },
        { allowInputRequired: true, timeout: 60_000 },
      )) as RoundAnswer,
    close,
  };
}

/** The built server over stdio, spawned by the client's transport. */
export async function modernStdio(
  env: Record<string, string | undefined>,
  options: ModernOptions = {},
): Promise<ModernClient> {
  const asked: Array<ElicitRequest["params"]> = [];
  const transport = new RecordingStdioTransport({ args: [ENTRY], env: serverEnv(env) });
  started.push(transport);
  const client = makeClient(options, asked);
  // The recording transport is typed against the v1 SDK; the wire contract is the same.
  await client.connect(transport as unknown as Transport);
  return wrap(client, asked, async () => {
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
  });
}

/** A --http server at `url`, with the bearer token. */
export async function modernHttp(url: string, options: ModernOptions = {}, token = HTTP_TOKEN): Promise<ModernClient> {
  const asked: Array<ElicitRequest["params"]> = [];
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}`, ...(options.headers ?? {}) } },
  });
  const client = makeClient(options, asked);
  await client.connect(transport);
  return wrap(client, asked, () => client.close().catch(() => undefined));
}
