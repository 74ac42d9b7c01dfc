/**
 * Slow clients over --http, on real sockets: a connection that opens and says
 * nothing, one that drips its headers a line at a time, and a keep-alive
 * connection whose second request drips, are each closed by the server (408)
 * soon after headersTimeout, not left open until node:http's next sweep.
 * The server runs in process with short timeouts; the upstream is never asked.
 * The three run at once, all well inside node:http's default 30 s sweep.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env.js";
import { loadHttpConfig } from "../../src/http/config.js";
import { startHttpServer, type RunningHttpServer } from "../../src/http/serve.js";
import { CANARY_KEY } from "../helpers/server-process.js";

const HEADERS_TIMEOUT_MS = 1_000;
/** How long a test keeps dripping before it calls the socket left open. */
const GIVE_UP_MS = 10_000;

let server: RunningHttpServer;

beforeAll(async () => {
  const config = loadConfig({ OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:9" });
  const http = loadHttpConfig(
    {},
    { host: "127.0.0.1", port: 0 },
    { apiKeys: [CANARY_KEY], timeoutMs: config.timeoutMs },
  );
  server = await startHttpServer({
    config,
    http: { ...http, headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: 2_000 },
    log: () => undefined,
  });
});
afterAll(async () => {
  await server?.stop();
});

interface Outcome {
  /** Who ended the connection: the server, or the test after GIVE_UP_MS. */
  closedBy: "server" | "test";
  received: string;
}

/** Opens a socket, runs `drive` on it, and resolves when it closes (the test destroys it after GIVE_UP_MS). */
function watch(drive: (socket: Socket) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    let received = "";
    let closedBy: Outcome["closedBy"] = "server";
    const giveUp = setTimeout(() => {
      closedBy = "test";
      socket.destroy();
    }, GIVE_UP_MS);
    socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ closedBy, received });
    });
    socket.on("connect", () => drive(socket));
  });
}

/** Writes one more header line every 100 ms until the socket closes. */
function drip(socket: Socket): void {
  let n = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(`x-slow-${n++}: a\r\n`);
  }, 100);
  socket.on("close", () => clearInterval(timer));
}

const REQUEST_LINE = "POST /mcp HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n";

it.concurrent("closes a connection that sends nothing", async () => {
  const outcome = await watch(() => undefined);
  expect(outcome.closedBy).toBe("server");
  expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
});

it.concurrent("closes a connection whose headers drip in a line at a time", async () => {
  const outcome = await watch((socket) => {
    socket.write(REQUEST_LINE);
    drip(socket);
  });
  expect(outcome.closedBy).toBe("server");
  expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
});

it.concurrent("closes a keep-alive connection whose next request drips, after answering the first", async () => {
  const outcome = await watch((socket) => {
    socket.write("GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
    socket.once("data", () => {
      socket.write(REQUEST_LINE);
      drip(socket);
    });
  });
  expect(outcome.closedBy).toBe("server");
  expect(outcome.received).toMatch(/^HTTP\/1\.1 200 [\s\S]*HTTP\/1\.1 408 /);
});
