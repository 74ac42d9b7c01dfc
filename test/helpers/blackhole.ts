/**
 * Ports on 127.0.0.1 that behave like a service that is down or unreachable:
 *
 * - `closedPort()`: a port nothing listens on (connection refused at once).
 * - `startBlackhole()`: a port whose connection attempts are never answered, so a
 *   client waits for its connect timeout. A child process listens with a backlog
 *   of 1 and is then stopped (SIGSTOP), so it never accepts; a few filler
 *   connections fill its accept queue, after which Linux drops further SYNs.
 *   Deterministic, no root, no outside network.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, connect, type Socket, type AddressInfo } from "node:net";

export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Blackhole {
  port: number;
  url: string;
  close(): Promise<void>;
}

const LISTENER = `const s = require("node:net").createServer();
s.listen({ port: Number(process.argv[1]), host: "127.0.0.1", backlog: 1 }, () => process.stdout.write(s.address().port + "\\n"));`;

/** `port`: a given port (e.g. one a service just left), or 0 for any. */
export async function startBlackhole(port = 0): Promise<Blackhole> {
  const child: ChildProcess = spawn(process.execPath, ["-e", LISTENER, String(port)], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const bound = await new Promise<number>((resolve, reject) => {
    child.stdout!.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
    child.once("error", reject);
    child.once("exit", () => reject(new Error(`blackhole listener could not listen on ${port}`)));
  });
  child.kill("SIGSTOP");
  const fillers: Socket[] = [];
  for (let i = 0; i < 4; i++) {
    const s = connect(bound, "127.0.0.1");
    s.on("error", () => undefined);
    fillers.push(s);
  }
  // Let the handshakes that can complete complete, so the queue is full before the test connects.
  await new Promise((r) => setTimeout(r, 200));
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    async close() {
      for (const s of fillers) s.destroy();
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
    },
  };
}
