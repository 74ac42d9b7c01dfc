/**
 * Request bodies held in memory over --http: a body is read whole before it is
 * parsed, and a client may keep it unfinished for up to 60 s (the request
 * timeout). One client holding a hundred 4 MiB bodies held 400 MB of the
 * process (a thousand would take it down). The bodies read at once are bounded
 * per client and per process; past the bound a body is refused at once (503,
 * Retry-After) and its connection closed, and other clients are still served.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  HTTP_TOKEN,
  mcpHeaders,
  rawRequest,
  spawnHttpServer,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";

let server: HttpServerProcess;
const held: Socket[] = [];

beforeAll(async () => {
  server = await spawnHttpServer({
    args: ["--sandbox"],
    env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN, OUTBOUND_CALLS_HTTP_TRUST_PROXY: "1" },
  });
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  expect(await server?.stop()).toBe(0);
});

const MAX = 4 * 1024 * 1024;

/** Sends all but the last byte of a 4 MiB body from `client` (X-Forwarded-For) and keeps the socket; resolves with what came back, if anything, once the server read what it will. */
function holdBody(client: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    held.push(socket);
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(answer || "closed"));
    const body = Buffer.alloc(MAX, 0x20);
    Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}').copy(body);
    const head = Object.entries({
      ...mcpHeaders(),
      host: `127.0.0.1:${server.port}`,
      "content-length": String(MAX),
      "x-forwarded-for": client,
    })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("");
    socket.write(`POST /mcp HTTP/1.1\r\n${head}\r\n`);
    // All of it but the last byte: the server must buffer it while it waits for the rest.
    socket.write(body.subarray(0, MAX - 1), () => setTimeout(() => resolve(answer || "held"), 1_500));
  });
}

it("refuses more bodies than its bound from one client at once, and still serves another", async () => {
  const answers: string[] = [];
  for (let i = 0; i < 12; i++) answers.push(await holdBody("203.0.113.50"));
  const refused = answers.filter((a) => a.startsWith("HTTP/1.1 503"));
  // At most 16 MiB of one client's bodies are read at once: four 4 MiB bodies, the rest refused.
  expect(answers.filter((a) => a === "held")).toHaveLength(4);
  // The others were answered 503 and closed (a client still writing may see only the close: its send was reset).
  expect(answers.filter((a) => a !== "held").every((a) => a.startsWith("HTTP/1.1 503") || a === "closed")).toBe(true);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused[0]).toMatch(/retry-after: \d+/i);

  const other = await rawRequest(server.base, {
    method: "POST",
    headers: { ...mcpHeaders(), "x-forwarded-for": "198.51.100.60" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
  });
  expect(other.status).toBe(200);
});
