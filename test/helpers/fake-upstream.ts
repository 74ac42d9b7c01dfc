/**
 * A programmable stand-in for the calling service: a real http.Server on
 * 127.0.0.1 that records every request and answers with whatever the test says.
 * Used for answer shapes and faults the sandbox does not produce.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
  /** The request target exactly as it arrived, before URL parsing removed any `..` segments. */
  rawUrl?: string;
}

export type Handler = (req: RecordedRequest, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface FakeUpstream {
  url: string;
  requests: RecordedRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

export const AGENTS = [
  { id: "agt_1", name: "Ava" },
  { id: "agt_2", name: "Ben" },
];

/** A plausible default: agents, calls and creation answer like a simple service. */
export const defaultHandler: Handler = (req, res) => {
  if (req.method === "GET" && req.path === "/api/v1/agents") return sendJson(res, 200, { data: AGENTS });
  if (req.method === "GET" && req.path === "/api/v1/calls")
    return sendJson(res, 200, { data: [], meta: { page: 1, has_more: false } });
  if (req.method === "POST" && req.path === "/api/v1/calls") {
    return sendJson(res, 201, { data: { id: "call_1", status: "queued", ...(req.json as object) } });
  }
  if (req.method === "POST" && req.path === "/api/v1/calls/batch") {
    const calls = ((req.json as { calls?: unknown[] }).calls ?? []).map((c, i) => ({
      id: `call_b${i}`,
      status: "queued",
      ...(c as object),
    }));
    return sendJson(res, 202, { data: { batch_id: "bat_1", campaign_id: "cmp_1", status: "accepted", calls } });
  }
  const call = /^\/api\/v1\/calls\/([^/]+)$/.exec(req.path);
  if (req.method === "GET" && call) return sendJson(res, 200, { data: { id: call[1], status: "completed" } });
  sendJson(res, 404, { error: { code: "not_found", message: "no such route" } });
};

export async function startFakeUpstream(handler: Handler = defaultHandler): Promise<FakeUpstream> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on("data", (c: Buffer) => chunks.push(c));
    raw.on("end", () => {
      const url = new URL(raw.url ?? "/", "http://127.0.0.1");
      const text = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = {
        method: raw.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: raw.headers,
        text,
        json,
        rawUrl: raw.url ?? "",
      };
      requests.push(recorded);
      Promise.resolve(current(recorded, res, raw)).catch(() => res.destroy());
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
