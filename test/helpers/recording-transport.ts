/**
 * A stdio client transport that spawns the built server and records every byte
 * it prints, so tests can assert that stdout carried only JSON-RPC and that the
 * canary key never appeared on stdout or stderr.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

export interface SpawnOptions {
  command?: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export class RecordingStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly stdoutLines: string[] = [];
  /** Lines of stdout that were not a JSON-RPC message. */
  readonly badLines: string[] = [];
  stderr = "";
  child: ChildProcess | undefined;
  exitCode: number | null | undefined;
  private buffer = "";
  private exited: Promise<void> | undefined;

  constructor(private readonly options: SpawnOptions) {}

  async start(): Promise<void> {
    const child = spawn(this.options.command ?? process.execPath, this.options.args, {
      env: this.options.env,
      cwd: this.options.cwd,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.on("exit", (code) => {
        this.exitCode = code;
        resolve();
      });
    });
    child.stdout!.setEncoding("utf8");
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      this.stderr += chunk;
    });
    child.stdout!.on("data", (chunk: string) => this.onStdout(chunk));
    child.on("close", () => this.onclose?.());
    child.on("error", (error) => this.onerror?.(error));
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    });
  }

  private onStdout(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, "");
      this.buffer = this.buffer.slice(newline + 1);
      this.stdoutLines.push(line);
      let message: JSONRPCMessage;
      try {
        message = JSONRPCMessageSchema.parse(JSON.parse(line));
      } catch {
        this.badLines.push(line);
        continue;
      }
      this.onmessage?.(message);
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) throw new Error("server stdin is closed");
    await new Promise<void>((resolve, reject) =>
      stdin.write(`${JSON.stringify(message)}\n`, (e) => (e ? reject(e) : resolve())),
    );
  }

  /**
   * Closes stdin (what a client does when it quits) and waits for the exit. The wait is a backstop for a server
   * that never exits (it is then killed, and exitCode is null), not a bound on how fast it exits: the server
   * writes Node's compile cache as it exits, which on a busy machine takes seconds. A test of how fast it exits
   * measures that itself (test/faults/lifecycle.test.ts).
   */
  async close(): Promise<void> {
    if (!this.child) return;
    this.child.stdin?.end();
    await this.waitForExit(30_000);
  }

  async waitForExit(ms: number): Promise<boolean> {
    if (!this.exited) return true;
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
    clearTimeout(timer);
    if (!done) this.child?.kill("SIGKILL");
    return done;
  }

  /** Everything the process printed, for leak checks. */
  allOutput(): string {
    return `${this.stdoutLines.join("\n")}\n${this.buffer}\n${this.stderr}`;
  }
}
