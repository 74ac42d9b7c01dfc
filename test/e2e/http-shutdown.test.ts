/**
 * Graceful shutdown of --http: on SIGTERM the port stops accepting at once, a
 * tool call in flight (against a slow sandbox) still gets its answer, and the
 * process exits 0.
 */
import { connect } from "node:net";
import { expect, it } from "vitest";
import { connectHttpClient, HTTP_TOKEN, rawRequest, spawnHttpServer } from "../helpers/http-server-process.js";
import { textOf } from "../helpers/server-process.js";

function tryConnect(port: number): Promise<"connected" | string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}

it("finishes the call in flight, refuses new connections, exits 0", async () => {
  const server = await spawnHttpServer({
    // Every answer of the simulated service takes 3 s.
    args: ["--sandbox", "--sandbox-speed", "instant", "--sandbox-delay-ms", "3000"],
    env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN },
  });
  const client = await connectHttpClient(server.url);
  expect((await rawRequest(server.base, { path: "/healthz" })).status).toBe(200);

  const started = Date.now();
  let settled = false;
  const inFlight = client.call("list_agents").finally(() => (settled = true));
  await new Promise((r) => setTimeout(r, 300));
  server.child.kill("SIGTERM");

  // The port closes as soon as the signal is handled, while the call is still running.
  let refused = "";
  while (refused !== "ECONNREFUSED" && Date.now() - started < 2_500) {
    refused = await tryConnect(server.port);
    if (refused !== "ECONNREFUSED") await new Promise((r) => setTimeout(r, 50));
  }
  expect(refused).toBe("ECONNREFUSED");
  expect(settled).toBe(false);

  const result = await inFlight;
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
  expect(await server.exited).toBe(0);
  expect(server.stderr).toMatch(/SIGTERM: no new requests; finishing 1 in flight \(at most 17 s\)/);
  expect(server.stderr).toContain("stopped (SIGTERM)");
  await client.close().catch(() => undefined);
});

it("exits 0 at once on SIGTERM when nothing is in flight", async () => {
  // A 60 s deadline makes the shutdown's grace longer than this test's timeout: an exit held up until the grace
  // runs out would fail the test, so exiting at all shows nothing held it.
  const server = await spawnHttpServer({
    args: ["--sandbox"],
    env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN, OUTBOUND_CALLS_TIMEOUT_MS: "60000" },
  });
  const client = await connectHttpClient(server.url);
  expect((await client.call("list_agents")).isError).toBeFalsy();
  // The client's keep-alive connection stays open: it must not hold the exit up.
  expect(await server.stop("SIGTERM")).toBe(0);
  expect(server.stderr).toMatch(/SIGTERM: no new requests; finishing 0 in flight/);
  expect(server.stderr).toMatch(/stopped \(SIGTERM\)\n/);
  await client.close().catch(() => undefined);
});
