/**
 * Starts the built server in `--http` mode as a child process and finds its URL
 * in the one line it prints on stderr. Every process is remembered so the
 * suite can check that stdout stayed empty and the canary key never appeared.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ENTRY, serverEnv } from "./server-process.js";
import { httpStarted } from "./leak-registry.js";

export interface HttpServerProcess {
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  /** http://127.0.0.1:PORT */
  base: string;
  port: number;
  child: ChildProcess;
  stdout: string;
  stderr: string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Sends the signal (default SIGTERM) and waits for the exit; SIGKILL after `ms`. */
  stop(signal?: NodeJS.Signals, ms?: number): Promise<number | null>;
}

export { httpStarted } from "./leak-registry.js";

/** A token of the accepted length, fixed so failures are reproducible. */
export const HTTP_TOKEN = "tok_e2e_5c0f3a9d8b7e6f1a2b3c4d5e6f7a8b9c";

const LISTENING = /listening on (http:\/\/(\S+?):(\d+))\/mcp/;

function spawnServer(
  args: string[],
  env: Record<string, string | undefined>,
): HttpServerProcess & { ready: Promise<void> } {
  const child = spawn(process.execPath, [ENTRY, ...args], { env: serverEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  const proc = {
    url: "",
    base: "",
    port: 0,
    child,
    stdout: "",
    stderr: "",
  } as HttpServerProcess & { ready: Promise<void> };
  proc.exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  child.stdout!.setEncoding("utf8").on("data", (c: string) => (proc.stdout += c));
  child.stderr!.setEncoding("utf8");
  proc.ready = new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (c: string) => {
      proc.stderr += c;
      const match = LISTENING.exec(proc.stderr);
      if (match && !proc.url) {
        proc.base = match[1]!;
        proc.port = Number(match[3]);
        proc.url = `${proc.base}/mcp`;
        resolve();
      }
    });
    void proc.exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${proc.stderr}`)));
  });
  proc.stop = async (signal = "SIGTERM", ms = 20_000) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    const code = await proc.exited;
    clearTimeout(timer);
    return code;
  };
  httpStarted.push(proc);
  return proc;
}

export interface HttpStartOptions {
  args?: string[];
  env?: Record<string, string | undefined>;
}

/** `--http --port 0` plus `args`; resolves once it listens. */
export async function spawnHttpServer(options: HttpStartOptions = {}): Promise<HttpServerProcess> {
  const proc = spawnServer(["--http", "--port", "0", ...(options.args ?? [])], options.env ?? {});
  await proc.ready;
  return proc;
}

/** For servers that must refuse to start: the exit code and stderr. */
export async function runUntilExit(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const proc = spawnServer(args, env);
  proc.ready.catch(() => undefined);
  // A backstop for a process that never exits (killed; code null), not a bound on speed: under load a refusal to
  // start (the bundle loaded, the configuration read) takes seconds.
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), 60_000);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, stderr: proc.stderr, stdout: proc.stdout };
}

export interface HttpClient {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** The SDK's Streamable HTTP client, with the bearer token (null: none) and extra headers on every request. */
export async function connectHttpClient(
  url: string,
  token: string | null = HTTP_TOKEN,
  headers: Record<string, string> = {},
): Promise<HttpClient> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } },
  });
  const client = new Client({ name: "e2e-http", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with exactly these headers (fetch does not let a test set Host). */
export function rawRequest(
  base: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  const url = new URL(options.path ?? "/mcp", base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Headers of a well-formed MCP POST; token null: no Authorization. */
export function mcpHeaders(token: string | null = HTTP_TOKEN): Record<string, string> {
  return {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** The JSON-RPC messages in an SSE or JSON answer body. */
export function rpcMessages(body: string): Array<Record<string, unknown>> {
  if (body.trimStart().startsWith("{")) return [JSON.parse(body) as Record<string, unknown>];
  return body
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice("data: ".length)) as Record<string, unknown>);
}
