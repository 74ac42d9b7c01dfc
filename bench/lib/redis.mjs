/**
 * A redis-server for the benchmark: Debian's binary on a free loopback port,
 * no persistence, `maxmemory-policy noeviction` (as docs/hosting.md asks), and
 * what the run reads from it: commands and their server-side time per kind
 * (INFO commandstats), used memory and the number of keys.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { delimiter, join } from "node:path";
import { createClient } from "@redis/client";

/** The redis-server binary on PATH or in /usr/bin, or undefined. */
export function findRedisServer() {
  const dirs = [...(process.env.PATH ?? "").split(delimiter).filter(Boolean), "/usr/bin", "/usr/local/bin"];
  return dirs.map((dir) => join(dir, "redis-server")).find((file) => existsSync(file));
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startRedis(binary) {
  const port = await freePort();
  const child = spawn(
    binary,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--maxmemory-policy",
      "noeviction",
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    const onData = (c) => {
      output += c;
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.setEncoding("utf8").on("data", onData);
    child.stderr.setEncoding("utf8").on("data", onData);
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  const url = `redis://127.0.0.1:${port}/0`;
  const admin = createClient({ url, RESP: 2 });
  admin.on("error", () => undefined);
  await admin.connect();
  return {
    url,
    /**
     * Calls and server-side microseconds of every command kind so far ({cmd: {calls, usec}}), the memory, and the
     * read events Redis processed (`reads`: each is one batch of commands a client wrote at once, so a client waiting
     * for each answer makes one per round trip). This call itself makes two read events (INFO, DBSIZE).
     */
    async stats() {
      const commands = {};
      const info = String(await admin.sendCommand(["INFO", "commandstats", "memory", "stats"]));
      for (const m of info.matchAll(/^cmdstat_(\S+):calls=(\d+),usec=(\d+)/gm))
        commands[m[1]] = { calls: Number(m[2]), usec: Number(m[3]) };
      const memory = Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? 0);
      const reads = Number(/^total_reads_processed:(\d+)/m.exec(info)?.[1] ?? 0);
      return { commands, memory, reads, keys: await admin.dbSize() };
    },
    /** Keys under `prefix` and the bytes Redis reports for them (MEMORY USAGE, every element sampled). */
    async keyBytes(prefix) {
      let keys = 0;
      let bytes = 0;
      for await (const batch of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
        for (const key of batch) {
          keys += 1;
          bytes += Number(await admin.sendCommand(["MEMORY", "USAGE", key, "SAMPLES", "0"])) || 0;
        }
      }
      return { keys, bytes };
    },
    async stop() {
      admin.destroy();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * What happened between two stats(): command calls and server time per kind, memory and keys added. A script's
 * time includes that of the commands it runs, which are also counted on their own lines.
 */
export function statsDelta(before, after) {
  let calls = 0;
  let usec = 0;
  const byCommand = {};
  const usecByCommand = {};
  for (const [cmd, now] of Object.entries(after.commands)) {
    const was = before.commands[cmd] ?? { calls: 0, usec: 0 };
    const c = now.calls - was.calls;
    if (c <= 0 || cmd === "info" || cmd === "dbsize") continue;
    byCommand[cmd] = c;
    usecByCommand[cmd] = now.usec - was.usec;
    calls += c;
    usec += now.usec - was.usec;
  }
  return {
    calls,
    usec,
    // stats() reads after `before` was taken (its DBSIZE) and before `after` was (its INFO): two read events.
    reads: Math.max(0, (after.reads ?? 0) - (before.reads ?? 0) - 2),
    byCommand,
    usecByCommand,
    memoryBytes: after.memory - before.memory,
    keys: after.keys - before.keys,
  };
}
