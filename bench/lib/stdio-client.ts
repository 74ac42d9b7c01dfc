/**
 * A bare JSON-RPC client over a child's stdio, for timing. The SDK's Client is
 * not used here on purpose: it validates every answer (tool results against
 * their outputSchema, with ajv) and that client-side work would be counted
 * against the server that declares schemas. This one only frames and matches,
 * and sends what each era's SDK Client sends, byte for byte in shape:
 * - `2025-11-25`: the v1 `Client` (`@modelcontextprotocol/sdk`): `initialize`,
 *   `notifications/initialized`, then bare requests;
 * - `2026-07-28`: the v2 `Client` (`@modelcontextprotocol/client`, version
 *   negotiation on): no handshake, every request carries the protocol version,
 *   client info and capabilities in `params._meta`. Its `initialize()` sends
 *   `server/discover` as the clients that probe first do (Claude Code, the AI
 *   SDK, the OpenAI Agents SDK, Mastra); the v2 Client itself skips it on stdio.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export interface RpcAnswer {
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** The two protocol eras a server serves. */
export const ERAS = ["2025-11-25", "2026-07-28"] as const;
export type Era = (typeof ERAS)[number];

const CLIENT_INFO = { name: "outbound-calls-bench", version: "1.0.0" };
/** The envelope the v2 Client puts on every 2026-07-28 request. */
const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
  "io.modelcontextprotocol/clientCapabilities": {},
};

export class StdioRpc {
  readonly child: ChildProcessWithoutNullStreams;
  /** performance.now() just before spawn(). */
  readonly spawnedAt: number;
  stderr = "";
  private buffer = "";
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: RpcAnswer) => void>();
  private readonly exited: Promise<number | null>;

  constructor(
    entry: string,
    env: Record<string, string>,
    args: string[] = [],
    readonly era: Era = "2025-11-25",
    nodeFlags: readonly string[] = [],
  ) {
    this.spawnedAt = performance.now();
    this.child = spawn(
      process.execPath,
      [...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean), ...nodeFlags, entry, ...args],
      { env, stdio: ["pipe", "pipe", "pipe"] },
    );
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => this.onData(chunk));
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk: string) => {
      // Keep the tail only: a failure message is what matters.
      this.stderr = (this.stderr + chunk).slice(-4_000);
    });
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
    this.child.once("exit", () => {
      for (const [id, resolve] of this.waiting)
        resolve({ id, error: { code: -1, message: `server exited; stderr: ${this.stderr.trim()}` } });
      this.waiting.clear();
    });
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`could not start the server: ${this.stderr}`);
    return this.child.pid;
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim() === "") continue;
      const message = JSON.parse(line) as Partial<RpcAnswer> & { method?: string };
      if (typeof message.id !== "number") continue; // a notification (log message)
      const resolve = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      resolve?.(message as RpcAnswer);
    }
  }

  request(method: string, params: Record<string, unknown> = {}): Promise<RpcAnswer> {
    const id = this.nextId++;
    const sent =
      this.era === "2026-07-28"
        ? { ...params, _meta: { ...MODERN_META, ...(params._meta as object | undefined) } }
        : params;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params: sent })}\n`);
    });
  }

  notify(method: string, params: Record<string, unknown> = {}): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method, params })}\n`);
  }

  /** 2025: the MCP handshake (initialize, then the initialized notification). 2026-07-28: `server/discover`. */
  async initialize(): Promise<RpcAnswer> {
    if (this.era === "2026-07-28") {
      const answer = await this.request("server/discover");
      if (answer.error) throw new Error(`server/discover failed: ${answer.error.message}`);
      return answer;
    }
    const answer = await this.request("initialize", {
      protocolVersion: this.era,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    if (answer.error) throw new Error(`initialize failed: ${answer.error.message}`);
    this.notify("notifications/initialized");
    return answer;
  }

  /** tools/call; throws on a protocol error or an isError answer. */
  async callTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await this.request("tools/call", { name, arguments: args });
    if (answer.error) throw new Error(`${name} failed: ${answer.error.message}`);
    const result = answer.result ?? {};
    if (result.isError === true)
      throw new Error(`${name} answered isError: ${JSON.stringify(result.content).slice(0, 500)}`);
    return result;
  }

  /** Resident set size and its peak, in KiB, from /proc (Linux). */
  memory(): { rssKiB: number; peakKiB: number } {
    const status = readFileSync(`/proc/${this.pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rssKiB: field("VmRSS"), peakKiB: field("VmHWM") };
  }

  /**
   * The live heap (and memory outside it) after a full collection, in KiB: needs the server started with
   * `--expose-gc --import bench/heap-probe.mjs`, which answers SIGUSR2 on stderr.
   */
  async liveKiB(): Promise<number> {
    const seen = (this.stderr.match(/heap-probe \d+/g) ?? []).length;
    const answer = new Promise<number>((resolve, reject) => {
      const onData = () => {
        const lines = this.stderr.match(/heap-probe (\d+)/g) ?? [];
        if (lines.length <= seen) return;
        this.child.stderr.off("data", onData);
        resolve(Number(lines.at(-1)!.split(" ")[1]) / 1024);
      };
      this.child.stderr.on("data", onData);
      this.child.once("exit", () => reject(new Error(`the server exited before its heap was read: ${this.stderr}`)));
    });
    this.child.kill("SIGUSR2");
    return answer;
  }

  /** CPU time the process has run so far, every thread, in ms, to the nanosecond (/proc/<pid>/task/<tid>/schedstat, Linux). */
  preciseCpuMs(): number {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${this.pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${this.pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // A thread that ended meanwhile.
      }
    }
    return ns / 1e6;
  }

  /** CPU time (user + system) the process has used so far, in ms (clock ticks of 10 ms on Linux). */
  cpuMs(): number {
    const fields = readFileSync(`/proc/${this.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  }

  /** Closes stdin (how a client stops a stdio server) and waits for the exit; kills it after 3 s. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 3_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** The text blocks of a tool result, joined. */
export function textOf(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? (result.content as { type?: string; text?: string }[]) : [];
  return content.map((c) => (c.type === "text" ? (c.text ?? "") : "")).join("\n");
}
