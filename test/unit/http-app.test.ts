/**
 * The request listener in process: while draining, health says "stopping" and
 * new MCP requests get 503, and waitIdle resolves when the last request ends
 * (or reports false when the bound passes first).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { HttpApp } from "../../src/http/app.js";
import { rawRequest } from "../helpers/http-server-process.js";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(
  mcpPost: ConstructorParameters<typeof HttpApp>[0]["mcpPost"],
): Promise<{ app: HttpApp; base: string }> {
  const app = new HttpApp({ hostCheck: () => undefined, auth: undefined, mcpPost, log: () => undefined });
  server = createServer(app.listener);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { app, base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}` };
}

/** A promise and the function that settles it: the test waits for the endpoint to be reached, not for a pause. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

it("drains: health 503 stopping, MCP 503 with Retry-After, waitIdle when the slow request ends", async () => {
  const gate = signal();
  const reached = signal();
  const { app, base } = await start(async (_req, res) => {
    reached.fire();
    await gate.promise;
    res.end("done");
  });
  const slow = rawRequest(base, { method: "POST", body: "{}" });
  // Handled even if an assertion below fails first: afterEach resets the connection, which must not be unhandled.
  slow.catch(() => undefined);
  await reached.promise;
  expect(app.requestsInFlight).toBe(1);

  app.startDraining();
  const idle = app.waitIdle(5_000);
  const health = await rawRequest(base, { path: "/healthz" });
  expect(health.status).toBe(503);
  expect(health.body).toBe('{"status":"stopping"}');
  const refused = await rawRequest(base, { method: "POST", body: "{}" });
  expect(refused.status).toBe(503);
  expect(refused.headers["retry-after"]).toBe("1");
  expect(refused.headers.connection).toBe("close");

  gate.fire();
  expect((await slow).body).toBe("done");
  expect(await idle).toBe(true);
  expect(app.requestsInFlight).toBe(0);
});

it("waitIdle reports false when the bound passes first", async () => {
  const reached = signal();
  const { app, base } = await start(() => {
    reached.fire();
    return new Promise(() => undefined);
  });
  void rawRequest(base, { method: "POST", body: "{}" }).catch(() => undefined);
  await reached.promise;
  expect(app.requestsInFlight).toBe(1);
  app.startDraining();
  expect(await app.waitIdle(100)).toBe(false);
});

it("answers 500 without details when the endpoint throws", async () => {
  const lines: string[] = [];
  const app = new HttpApp({
    hostCheck: () => undefined,
    auth: undefined,
    mcpPost: () => Promise.reject(new Error("boom at /secret/path")),
    log: (l) => lines.push(l),
  });
  server = createServer(app.listener);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const answer = await rawRequest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    method: "POST",
    body: "{}",
  });
  expect(answer.status).toBe(500);
  expect(answer.body).not.toContain("boom");
  expect(lines.join("\n")).toContain("boom");
});
