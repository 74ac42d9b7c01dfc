/**
 * A real redis-server (Debian's) for a test file: on a free loopback port, no
 * persistence, DEBUG allowed from loopback (for `DEBUG SLEEP`). It can be
 * killed, restarted on the same port (a store must find it again by itself),
 * and made slow. `admin` is a separate node-redis connection for looking at
 * keys; nothing in the tests goes through a mock.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { createClient } from "@redis/client";
import type { RedisSettings } from "../../src/config/redis.js";
import { requirePart } from "./parts.js";

export type AdminClient = ReturnType<typeof createClient<{}, {}, {}, 2>>;

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Store settings for this server; short bounds so fault tests finish quickly. */
  settings(overrides?: Partial<RedisSettings>): RedisSettings;
  /** A plain client for inspecting and arranging keys (reconnects after a restart). */
  admin(): Promise<AdminClient>;
  /** SIGKILL: connections drop at once, state is gone (no persistence). */
  kill(): Promise<void>;
  /** Starts again on the same port. */
  restart(): Promise<void>;
  /** Redis answers nothing for `ms` (DEBUG SLEEP: the whole server blocks). Resolves when it is asleep. */
  sleep(ms: number): Promise<void>;
  /** Sends a signal: SIGSTOP stalls it (connections stay open, nothing answers), SIGCONT resumes. */
  signal(signal: NodeJS.Signals): void;
  /** Stops the server for good (afterAll). */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RedisServerOptions {
  /** requirepass: the URL then carries it. */
  password?: string;
  /** TLS only (rediss://), with this certificate and key (PEM files). */
  tls?: { certFile: string; keyFile: string };
  /** More redis-server arguments, e.g. ["--maxmemory-policy", "allkeys-lru"]. */
  args?: string[];
}

export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = requirePart("redis-server");
  const port = await freePort();
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : "";
  const url = `${options.tls ? "rediss" : "redis"}://${auth}127.0.0.1:${port}/0`;
  let child: ChildProcess | undefined;
  let admin: AdminClient | undefined;

  const launch = async () => {
    const args = ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--enable-debug-command", "local"];
    if (options.tls) {
      args.push(
        "--port",
        "0",
        "--tls-port",
        String(port),
        "--tls-cert-file",
        options.tls.certFile,
        "--tls-key-file",
        options.tls.keyFile,
        "--tls-auth-clients",
        "no",
      );
    } else {
      args.push("--port", String(port));
    }
    if (options.password) args.push("--requirepass", options.password);
    args.push(...(options.args ?? []));
    const proc = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    running.add(proc);
    proc.once("exit", () => running.delete(proc));
    child = proc;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        proc.kill("SIGKILL");
        reject(new Error(`redis-server did not start on ${port}: ${output}`));
      }, 10_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout?.on("data", onData);
      proc.stderr?.on("data", onData);
      proc.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}) before it was ready: ${output}`));
      });
    });
  };

  const kill = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGKILL");
    await exited;
  };

  await launch();

  return {
    port,
    url,
    settings: (overrides = {}) => ({
      url,
      tls: options.tls !== undefined,
      where: `127.0.0.1:${port}`,
      database: 0,
      prefix: "obc:",
      connectTimeoutMs: 500,
      commandTimeoutMs: 300,
      ...overrides,
    }),
    admin: async () => {
      if (!admin) {
        const client: AdminClient = createClient({ url, RESP: 2, socket: { reconnectStrategy: () => 50 } });
        client.on("error", () => undefined);
        await client.connect();
        admin = client;
      }
      return admin;
    },
    kill,
    restart: async () => {
      await kill();
      await launch();
    },
    sleep: async (ms) => {
      // Its own connection: the admin client must stay free to be used after the sleep.
      const sleeper: AdminClient = createClient({ url, RESP: 2 });
      sleeper.on("error", () => undefined);
      await sleeper.connect();
      void sleeper
        .sendCommand(["DEBUG", "SLEEP", String(ms / 1000)])
        .catch(() => undefined)
        .finally(() => sleeper.destroy());
      // Give the command time to reach the server before the caller starts timing it.
      await new Promise((r) => setTimeout(r, 50));
    },
    signal: (signal) => {
      child?.kill(signal);
    },
    stop: async () => {
      admin?.destroy();
      admin = undefined;
      await kill();
    },
  };
}
