/** The few answers the HTTP layer writes itself: small JSON, never cached, never sniffed. */
import type { ServerResponse } from "node:http";

export const BASE_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
} as const;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...BASE_HEADERS,
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** A JSON-RPC error as the body of an HTTP refusal, like the SDK's own (401, 403, 405, 413, 429...). */
export function sendRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  id: string | number | null = null,
): void {
  sendJson(res, status, { jsonrpc: "2.0", error: { code, message }, id }, headers);
}
