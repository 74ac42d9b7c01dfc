/**
 * The diagnostic lines of every in-process server a test file started
 * (test/helpers/in-process.ts): test/setup/leak-check.ts checks them for the
 * canary key after the file, as it checks spawned servers' output. Kept apart
 * so the setup file loads no server code into files that start none.
 */
export const inProcessLogs: string[][] = [];
