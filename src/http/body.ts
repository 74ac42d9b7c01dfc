/** Reads a request body up to a cap: a larger one is refused as soon as it is known to be larger. */
import type { IncomingMessage } from "node:http";

export type Body = { tooLarge: false; text: string } | { tooLarge: true };

export function readBody(req: IncomingMessage, maxBytes: number): Promise<Body> {
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off("data", onData);
        req.off("end", onEnd);
        // Stop reading; the answer closes the connection.
        req.pause();
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve({ tooLarge: false, text: Buffer.concat(chunks).toString("utf8") });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}
