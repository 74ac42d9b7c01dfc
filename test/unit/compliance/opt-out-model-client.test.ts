/**
 * The operator's model's client (src/guards/opt-outs/model.ts) against a real HTTP server on 127.0.0.1: an answer whose
 * body trickles a byte at a time never outlives the question's deadline (undici's body timeout is idle time, reset by
 * each byte; only the deadline's signal ends it), and an error page that echoes the request's headers quotes no key.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ASK_MS, ModelClient } from "../../../src/guards/opt-outs/model.js";

const KEY = "sk-model-canary-trickle-5c1d";
const open: Array<() => void> = [];
afterEach(() => {
  for (const close of open.splice(0)) close();
});

async function serve(reply: (res: ServerResponse, headers: Record<string, unknown>) => void): Promise<string> {
  const http: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => reply(res, req.headers));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  open.push(() => {
    http.closeAllConnections();
    http.close();
  });
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1`;
}

describe("the operator's model's client", () => {
  it("gives up on an answer that trickles a byte at a time at its deadline", async () => {
    const timers: NodeJS.Timeout[] = [];
    open.push(() => timers.forEach(clearInterval));
    const url = await serve((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"choices":[');
      timers.push(setInterval(() => res.write(" "), 200));
    });
    const client = new ModelClient({ url, model: "m", key: KEY });
    open.push(() => client.close());
    const started = Date.now();
    const answer = await client.ask("agent: Hello.\nuser: Okay.");
    expect(answer).toEqual({ failure: `no answer within ${ASK_MS / 1000} s` });
    // Generous for a busy machine: the point is that it ends, not how fast.
    expect(Date.now() - started).toBeLessThan(ASK_MS * 3);
  }, 30_000);

  it("an error page that echoes the request's headers: the failure quotes neither it nor the key", async () => {
    const url = await serve((res, headers) => {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: `bad request`, headers } }));
    });
    const client = new ModelClient({ url, model: "m", key: KEY });
    open.push(() => client.close());
    const answer = await client.ask("agent: Hello.\nuser: Okay.");
    expect(answer).toEqual({ failure: "HTTP 400" });
  });
});
