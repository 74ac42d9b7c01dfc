/**
 * A stand-in for a model provider's HTTP API on 127.0.0.1 (Gemini, OpenAI), for
 * the interop tests: it records every JSON request body an SDK sends and
 * answers each with what `answer` returns for it (the request's index counts
 * from 0). Nothing leaves the machine.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ModelEndpoint {
  url: string;
  // The SDKs' request bodies are read field by field in the tests.
  bodies: Record<string, any>[];
  close(): Promise<void>;
}

export async function startModelEndpoint(answer: (index: number) => unknown): Promise<ModelEndpoint> {
  const bodies: Record<string, any>[] = [];
  const http = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      bodies.push(JSON.parse(raw) as Record<string, any>);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer(bodies.length - 1)));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
