/**
 * The SDK's v2 Client pinned to protocol 2026-07-28 (no initialize: every
 * request carries its version, client info and capabilities in `_meta`), over
 * stdio (the built server spawned through the recording transport, so the leak
 * checks see it) or Streamable HTTP. The v1 Client of server-process.ts and
 * http-server-process.ts speaks 2025-11-25: a file that runs a test under both
 * takes `startFor(era)` / `connectHttpFor(era)` and the same `call`.
 */
import {
  Client,
  StreamableHTTPClientTransport,
  type ClientCapabilities,
  type Transport,
} from "@modelcontextprotocol/client";
// One answer type for both clients (the wire shape is the same), so helpers such as textOf serve both.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { RecordingStdioTransport } from "./recording-transport.js";
import { connectHttpClient, HTTP_TOKEN } from "./http-server-process.js";
import { ENTRY, serverEnv, started, startServer, type StartOptions } from "./server-process.js";

export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";
export type Era = typeof MODERN | typeof LEGACY;
export const ERAS: readonly Era[] = [MODERN, LEGACY];

export interface EraClient {
  /** The revision the client and server agreed on. */
  protocol: string | undefined;
  listTools(): Promise<{ tools: Array<{ name: string }>; ttlMs?: number; cacheScope?: string }>;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export function modernClient(capabilities: ClientCapabilities = {}): Client {
  return new Client(
    { name: "e2e-2026", version: "1.0.0" },
    { capabilities, versionNegotiation: { mode: { pin: MODERN } } },
  );
}

/** The built server over stdio, driven by a v2 Client on 2026-07-28. */
export async function startModernServer(
  options: Omit<StartOptions, "capabilities"> & { capabilities?: ClientCapabilities } = {},
): Promise<EraClient & { transport: RecordingStdioTransport }> {
  const transport = new RecordingStdioTransport({
    args: [ENTRY, ...(options.args ?? [])],
    env: serverEnv(options.env),
  });
  started.push(transport);
  const client = modernClient(options.capabilities);
  // The recording transport is typed against the v1 SDK; the wire contract is the same.
  await client.connect(transport as unknown as Transport);
  return {
    transport,
    protocol: client.getNegotiatedProtocolVersion(),
    listTools: () => client.listTools(),
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as unknown as CallToolResult,
    close: async () => {
      await client.close().catch(() => undefined);
      await transport.close();
    },
  };
}

/** A v2 Client on 2026-07-28 over Streamable HTTP, with the bearer token (null: none). */
export async function connectModernHttpClient(
  url: string,
  token: string | null = HTTP_TOKEN,
  capabilities: ClientCapabilities = {},
): Promise<EraClient & { client: Client }> {
  const client = modernClient(capabilities);
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
    }),
  );
  return {
    client,
    protocol: client.getNegotiatedProtocolVersion(),
    listTools: () => client.listTools(),
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as unknown as CallToolResult,
    close: () => client.close(),
  };
}

/** The built server over stdio for a client of `era`: the v2 Client on 2026-07-28, or the v1 Client on 2025-11-25. */
export async function startFor(era: Era, options: Omit<StartOptions, "capabilities"> = {}): Promise<EraClient> {
  if (era === MODERN) return startModernServer(options);
  const server = await startServer(options);
  // The v1 Client does not say what it agreed on: the initialize answer on stdout does.
  const answer = server.transport.stdoutLines
    .map((l) => JSON.parse(l) as { result?: { protocolVersion?: string } })
    .find((m) => m.result?.protocolVersion);
  return {
    protocol: answer?.result?.protocolVersion,
    listTools: () => server.client.listTools(),
    call: server.call,
    close: server.close,
  };
}

/** A client of `era` over Streamable HTTP. */
export async function connectHttpFor(era: Era, url: string, token: string | null = HTTP_TOKEN): Promise<EraClient> {
  if (era === MODERN) return connectModernHttpClient(url, token);
  const http = await connectHttpClient(url, token);
  return { protocol: LEGACY, listTools: () => http.client.listTools(), call: http.call, close: http.close };
}
