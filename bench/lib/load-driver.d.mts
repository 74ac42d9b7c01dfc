/** Types of load-driver.mjs, for the TypeScript sections that use it. */
import type { ChildProcess } from "node:child_process";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

export interface StartedServer {
  child: ChildProcess;
  url: Promise<string>;
  exited: Promise<number | null>;
  /** Live memory after a full collection, kB; undefined if the probe does not answer. */
  heapKb(): Promise<number | undefined>;
  stop(): Promise<number | null | "timeout">;
  output(): { stdout: string; stderr: string };
}

export function startServer(env: Record<string, string>, entry?: string): StartedServer;
export function connectClients(url: string, token: string, n: number): Promise<Client[]>;
export function rssKb(pid: number | undefined): number | undefined;
