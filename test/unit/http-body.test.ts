/** readBody: the cap holds for a declared length and for a chunked body that never declares one. */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { readBody, type Body } from "../../src/web/body.js";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

async function send(chunks: Buffer[], declareLength: boolean, max: number): Promise<Body> {
  let seen!: (b: Body) => void;
  const result = new Promise<Body>((resolve) => (seen = resolve));
  server = createServer((req, res) => {
    void readBody(req, max).then((body) => {
      seen(body);
      res.writeHead(body.tooLarge ? 413 : 200, { connection: "close" }).end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const req = request({
    port: (server.address() as AddressInfo).port,
    method: "POST",
    headers: declareLength ? { "content-length": String(total) } : { "transfer-encoding": "chunked" },
  });
  req.on("error", () => undefined);
  req.on("response", (res) => res.resume());
  for (const chunk of chunks) req.write(chunk);
  req.end();
  return result;
}

it("reads a body under the cap whole", async () => {
  expect(await send([Buffer.from('{"a":'), Buffer.from("1}")], false, 1024)).toEqual({
    tooLarge: false,
    text: '{"a":1}',
  });
});

it("refuses a declared length over the cap without reading it", async () => {
  expect(await send([Buffer.alloc(2048, 97)], true, 1024)).toEqual({ tooLarge: true });
});

it("stops a chunked body as soon as it passes the cap", async () => {
  const chunks = Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024, 97));
  expect(await send(chunks, false, 1024 * 1024)).toEqual({ tooLarge: true });
});

it("holds body bytes per client and in all, and gives them back", async () => {
  const { BodyBudget } = await import("../../src/http/body-budget.js");
  const budget = new BodyBudget(10, 15);
  expect(budget.take("a", 8)).toBe(true);
  expect(budget.take("a", 3)).toBe(false);
  expect(budget.take("b", 7)).toBe(true);
  // b is under its own bound, but the process is full.
  expect(budget.take("b", 1)).toBe(false);
  budget.release("a", 8);
  expect(budget.take("b", 3)).toBe(true);
  expect(budget.take("c", 5)).toBe(true);
});
