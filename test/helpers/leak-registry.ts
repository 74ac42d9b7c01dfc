/**
 * Everything a test file started that test/setup/leak-check.ts inspects after
 * the file: the stdio servers (their stdout and stderr), the --http servers
 * (stopped if still running; stdout must be empty) and the in-process servers'
 * diagnostic lines. Kept apart, with type-only imports, so the setup file loads
 * no client or server code into the many files that start none.
 */
import type { HttpServerProcess } from "./http-server-process.js";
import type { RecordingStdioTransport } from "./recording-transport.js";

/** Runs through every test as the API key: it must never be printed or answered. */
export const CANARY_KEY = "sk_test_CANARY_7f3a9c2e5d1b";

export const started: RecordingStdioTransport[] = [];
export const httpStarted: HttpServerProcess[] = [];
export const inProcessLogs: string[][] = [];
