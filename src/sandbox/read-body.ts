import type { IncomingMessage } from "node:http";

export const MAX_BODY_BYTES = 1024 * 1024;
// Past the cap the rest is drained (so the client can read the 413) up to this much, then the socket is cut.
const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;

export type RawBody =
  { kind: "empty" } | { kind: "text"; text: string } | { kind: "too_large"; bytes: number } | { kind: "aborted" };

export function readBody(req: IncomingMessage): Promise<RawBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const finish = (body: RawBody): void => {
      if (settled) return;
      settled = true;
      resolve(body);
    };
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (bytes > DRAIN_LIMIT_BYTES) {
        req.destroy();
        finish({ kind: "aborted" });
      }
    });
    req.on("end", () => {
      if (bytes > MAX_BODY_BYTES) finish({ kind: "too_large", bytes });
      else if (bytes === 0) finish({ kind: "empty" });
      else finish({ kind: "text", text: Buffer.concat(chunks).toString("utf8") });
    });
    req.on("error", () => finish({ kind: "aborted" }));
    req.on("close", () => finish({ kind: "aborted" }));
  });
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; reason: string };

export function parseJson(body: RawBody): ParsedBody {
  if (body.kind !== "text") return { ok: false, reason: "The request body is empty; send a JSON object." };
  try {
    return { ok: true, value: JSON.parse(body.text) as unknown };
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : "";
    return { ok: false, reason: `The request body is not valid JSON${detail}.` };
  }
}
