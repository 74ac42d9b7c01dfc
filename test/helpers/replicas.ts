/**
 * Several replicas of the built server sharing one Redis: each a separate
 * process, over stdio (driven by the SDK's Client) or `--http` (the SDK's
 * Streamable HTTP client), with the same environment but for what the test
 * names per replica. A replica can be killed (SIGKILL) the way a crashed host
 * would go: no shutdown, no settlement, its claims left to their leases.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  spawnHttpServer,
  type HttpClient,
  type HttpServerProcess,
} from "./http-server-process.js";
import { startServer, type StartedServer } from "./server-process.js";

export type ReplicaKind = "http" | "stdio";

export interface Replica {
  readonly name: string;
  readonly kind: ReplicaKind;
  /** The --http process (undefined over stdio). */
  readonly http: HttpServerProcess | undefined;
  /** A tool call; `timeoutMs` is the client's wait (a dial may wait for an approver or a lease). */
  call(tool: string, args?: Record<string, unknown>, timeoutMs?: number): Promise<CallToolResult>;
  /** Everything the process wrote on stderr so far. */
  stderr(): string;
  /** SIGKILL: gone at once, as a crashed host. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  /** Shared by all: upstream, Redis URL, guards. */
  env: Record<string, string | undefined>;
  /** Per replica, on top of `env`. */
  extra?: Record<string, string | undefined>;
  args?: string[];
}

const NAMES = "ABCDEFGH";

export async function startReplica(name: string, kind: ReplicaKind, options: ReplicaOptions): Promise<Replica> {
  const env = { ...options.env, ...options.extra };
  if (kind === "stdio") return stdioReplica(name, await startServer({ env, args: options.args ?? [] }));
  const http = await spawnHttpServer({
    env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN, ...env },
    args: options.args ?? [],
  });
  return httpReplica(name, http, await connectHttpClient(http.url));
}

/** Replicas named A, B, C… of the given kinds, started one after the other (two cores: no stampede). */
export async function startReplicas(kinds: ReplicaKind[], options: ReplicaOptions): Promise<Replica[]> {
  const replicas: Replica[] = [];
  for (const [i, kind] of kinds.entries()) replicas.push(await startReplica(NAMES[i]!, kind, options));
  return replicas;
}

function stdioReplica(name: string, server: StartedServer): Replica {
  return {
    name,
    kind: "stdio",
    http: undefined,
    call: async (tool, args = {}, timeoutMs = 60_000) =>
      (await server.client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: timeoutMs,
      })) as CallToolResult,
    stderr: () => server.transport.stderr,
    kill: async () => {
      server.transport.child?.kill("SIGKILL");
      await server.close();
    },
    close: () => server.close(),
  };
}

function httpReplica(name: string, http: HttpServerProcess, client: HttpClient): Replica {
  return {
    name,
    kind: "http",
    http,
    call: async (tool, args = {}, timeoutMs = 60_000) =>
      (await client.client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: timeoutMs,
      })) as CallToolResult,
    stderr: () => http.stderr,
    kill: async () => {
      await http.stop("SIGKILL");
      await client.close().catch(() => undefined);
    },
    close: async () => {
      await client.close().catch(() => undefined);
      await http.stop();
    },
  };
}
