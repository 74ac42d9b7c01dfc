/**
 * Reads a request body up to a cap: a larger one is refused as soon as it is known to be larger. `hold`, when
 * given, is asked for each chunk's bytes before they are kept (src/http/body-budget.ts); a refusal stops the read.
 */
import type { IncomingMessage } from "node:http";

export type Body =
  { tooLarge: false; busy?: false; text: string } | { tooLarge: true; busy?: false } | { tooLarge: false; busy: true };

export function readBody(req: IncomingMessage, maxBytes: number, hold?: (bytes: number) => boolean): Promise<Body> {
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (body: Body) => {
      req.off("data", onData);
      req.off("end", onEnd);
      // Stop reading; the answer closes the connection.
      req.pause();
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return stop({ tooLarge: true });
      if (hold && !hold(chunk.length)) return stop({ tooLarge: false, busy: true });
      chunks.push(chunk);
    };
    const onEnd = () => resolve({ tooLarge: false, text: Buffer.concat(chunks).toString("utf8") });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}
