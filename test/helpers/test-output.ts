/**
 * What the tests print that is expected (a fault table, a fuzz seed, a memory
 * figure, the servers' own stderr: their start line, the unattended-dialing
 * banner), kept out of the console when `npm test` runs: scripts/test.mjs sets
 * TESTS_OUTPUT_LOG to a file, and it goes there, so the console shows progress,
 * failures and the summary. Run by hand (no TESTS_OUTPUT_LOG), it goes to stderr
 * as before. Console output of the test files themselves (an identity
 * provider's development warning, a library's warning) goes the same way
 * (vitest.config.ts `onConsoleLog`).
 */
import { appendFileSync, openSync } from "node:fs";
import { ENTRY } from "./server-process.js";

/** The file of expected output, when npm test set one. */
export const OUTPUT_LOG: string | undefined = process.env.TESTS_OUTPUT_LOG || undefined;

/** Writes expected output of a test: to the log file under npm test, to stderr otherwise. */
export function testOutput(text: string): void {
  if (OUTPUT_LOG) appendFileSync(OUTPUT_LOG, text.endsWith("\n") ? text : `${text}\n`);
  else process.stderr.write(text);
}

let logFd: number | undefined;

/**
 * Where a server started by a client's own stdio transport writes its stderr (their `stderr` option, as Node's spawn
 * takes it): the log file under npm test, else the console, as those transports do by default.
 */
export function serverStderr(): "inherit" | number {
  if (!OUTPUT_LOG) return "inherit";
  logFd ??= openSync(OUTPUT_LOG, "a");
  return logFd;
}

/**
 * The command that starts the built server for a client that has no such option (the OpenAI Agents SDK's
 * MCPServerStdio): under npm test, through `sh`, which sends the server's stderr to the log file and then becomes the
 * server (exec: the same process, the same pid).
 */
export function serverCommand(args: readonly string[]): { command: string; args: string[] } {
  if (!OUTPUT_LOG) return { command: process.execPath, args: [ENTRY, ...args] };
  return { command: "/bin/sh", args: ["-c", 'exec "$@" 2>>"$0"', OUTPUT_LOG, process.execPath, ENTRY, ...args] };
}
