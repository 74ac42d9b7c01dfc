/**
 * Runs the built CLI (dist/index.js) as a process, asynchronously, with exactly
 * the environment given (plus PATH), and returns its exit code and output.
 */
import { spawn } from "node:child_process";
import { ENTRY, serverEnv } from "./server-process.js";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 30_000,
): Promise<CliResult> {
  const started = Date.now();
  const childEnv = serverEnv(env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ENTRY, ...args], { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}
