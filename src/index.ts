#!/usr/bin/env node
/**
 * CLI entry: argv + env -> config -> stdio transport (the SDK's serveStdio: a
 * 2026-07-28 client is served without a handshake, a 2025-era one after its
 * initialize). Stdout carries JSON-RPC only; everything else goes to stderr,
 * with the key removed.
 */
// First: whether zod compiles fast paths is decided as each schema is built, the SDK's among them (src/mcp/zod-mode.ts).
import "./cli/zod-jitless.js";
import { serveStdio, type StdioServerHandle } from "@modelcontextprotocol/server/stdio";
// The command line only: the help texts (src/cli/args.ts) are built from every variable's documentation, which loads
// modules a stdio start never needs (the HTTP configuration's among them); they load when asked for.
import { parseArgs, UsageError, type Command } from "./cli/command-line.js";
import { loadConfig, type Config } from "./config/env.js";
import { ConfigurationError } from "./config/errors.js";
import { Redactor } from "./text/redact.js";
import { cap } from "./text/clean.js";
import { createCore, createServer, type ServerCore, type ServerDeps } from "./mcp/server.js";
import { openGuardStore } from "./guards/store/open.js";
import { VERSION } from "./config/version.js";
import { forgetOwnVariables, sandboxFromEnv } from "./cli/env-flags.js";
import { confirmModeNotes } from "./approval/start-notes.js";
// Static: src/mcp/server.ts loads it at start anyway (a dynamic import would split the start's chunk, scripts/build.mjs).
import { passkeyStartNote } from "./approval/passkeys/index.js";

// A stray console.log from any dependency would corrupt the JSON-RPC stream: send them to stderr.
/* eslint-disable no-console -- the one place console is touched: to move it off stdout */
console.log = console.error;
console.info = console.error;
console.debug = console.error;
/* eslint-enable no-console */

/** The key the embedded sandbox account uses: fixed, so its agent ids are stable across restarts. */
const SANDBOX_KEY = "sk_test_embedded_sandbox";

let redactor = new Redactor([process.env.OUTBOUND_CALLS_API_KEY, process.env.OUTBOUND_CALLS_OPT_OUT_MODEL_KEY]);
/** Longest diagnostic line written to stderr: a stack, not a flood. */
const MAX_LOG_LINE = 4_000;
const stderr = (line: string) => process.stderr.write(`${cap(redactor.redact(line), MAX_LOG_LINE)}\n`);
// A closed stderr must not turn every later log line into another uncaught error.
process.stderr.on("error", () => undefined);

function fail(message: string, code: number): never {
  stderr(`outbound-calls-mcp: ${message}`);
  process.exit(code);
}

/** What a stdio connection's servers are made of, once the configuration, the sandbox and the guard store are ready. */
interface StdioParts {
  config: Config;
  core: ServerCore;
  deps: ServerDeps;
}

/**
 * Reads stdin from the first moment: clients probe with server/discover as soon as they spawn the server, some
 * with a short deadline (the AI SDK waits 1 s, then falls back to initialize and reports the late answer as an
 * error). The SDK makes the connection's server when `parts` is ready (sandbox, configuration, guard store).
 */
function serveStdioEarly(parts: Promise<StdioParts>): StdioServerHandle {
  const handle = serveStdio(
    async ({ era }) => {
      const { config, core, deps } = await parts;
      return createServer(config, { ...deps, era }, core).mcp;
    },
    { onerror: (error) => stderr(`outbound-calls-mcp: stdio: ${error.message}`) },
  );
  // The bin paused stdin after the first line (src/cli/early-discover.ts); the SDK reads it from here on.
  process.stdin.resume();
  return handle;
}

async function serve(command: Extract<Command, { kind: "serve" }>): Promise<void> {
  let config: Config;
  let closeSandbox: (() => Promise<void>) | undefined;
  let partsReady: (parts: StdioParts) => void = () => undefined;
  const connection = command.http
    ? undefined
    : serveStdioEarly(new Promise<StdioParts>((resolve) => (partsReady = resolve)));
  if (command.sandbox || sandboxFromEnv(process.env)) {
    // Loaded only when asked: the simulated service is not part of the live server's start-up.
    const { startSandbox } = await import("./sandbox/index.js");
    const { parseSandboxArgs } = await import("./sandbox/cli.js");
    const sandbox = await startSandbox({ speed: 10, ...parseSandboxArgs(command.sandboxArgs) });
    closeSandbox = () => sandbox.close();
    config = loadConfig(
      { ...process.env, OUTBOUND_CALLS_API_KEY: SANDBOX_KEY, OUTBOUND_CALLS_BASE_URL: sandbox.url },
      { sandbox: true },
    );
    const hours = config.safety.callingHours
      ? `calling hours ${config.safety.callingHours.text}`
      : "calling hours off (set OUTBOUND_CALLS_CALLING_HOURS, e.g. 08:00-21:00, to try that guard)";
    stderr(
      `outbound-calls-mcp ${VERSION}: sandbox mode, simulated service at ${sandbox.url}; no real call will be placed; ${hours}`,
    );
  } else {
    config = loadConfig(process.env);
  }
  redactor = new Redactor([
    config.apiKey,
    config.optOutModel?.key,
    // Set while the model is off, it is still a secret a wrong variable may quote.
    process.env.OUTBOUND_CALLS_OPT_OUT_MODEL_KEY,
    process.env.OUTBOUND_CALLS_HTTP_TOKEN,
    process.env.OUTBOUND_CALLS_APPROVER_TOKEN,
  ]);

  if (command.http) {
    // Loaded only when asked, like the sandbox: stdio start-up stays as it was.
    const { loadHttpConfig } = await import("./http/config.js");
    const { runHttp } = await import("./http/serve.js");
    const apiKeys = [config.apiKey, process.env.OUTBOUND_CALLS_API_KEY ?? ""];
    // A dial in flight may be waiting for an approver (not when nobody is asked): the shutdown waits for that too.
    const approvalWaitMs = config.safety.confirm === "never" ? 0 : config.safety.approvalWaitMs;
    const http = loadHttpConfig(process.env, command.http, { apiKeys, timeoutMs: config.timeoutMs, approvalWaitMs });
    forgetOwnVariables(process.env);
    await runHttp({ config, http, readOnly: command.readOnly, log: stderr, redactor, onStopped: closeSandbox });
    return;
  }

  // Read: from here on the key lives in `config` only, and no process started by the server inherits it.
  forgetOwnVariables(process.env);
  for (const note of confirmModeNotes(config.safety.confirm, {
    transport: "stdio",
    writes: !command.readOnly && !config.safety.readOnly,
  }))
    stderr(note);
  const store = await openGuardStore(config, stderr);
  // One core for the connection: the server the SDK makes for a server/discover probe and the one it keeps share it.
  const core = createCore(config, { log: stderr, redactor, store });
  partsReady({
    config,
    core,
    deps: { log: stderr, readOnly: command.readOnly, redactor, store, ownsConnection: true },
  });
  if (core.approval.passkeys) {
    void passkeyStartNote(core.approval.passkeys).then((note) => note && stderr(note));
  }

  let closing = false;
  const shutdown = (why: string) => {
    if (closing) return;
    closing = true;
    // In-flight requests are abandoned: the client is gone or asked us to stop.
    const force = setTimeout(() => process.exit(0), 1_000);
    force.unref();
    void Promise.allSettled([connection?.close(), core.close(), closeSandbox?.()]).finally(() => {
      if (why !== "stdin closed") stderr(`outbound-calls-mcp: stopped (${why})`);
      process.exit(0);
    });
  };
  // Stop when stdin closes, whatever else (Redis, the approval page) keeps the process alive.
  process.stdin.on("end", () => shutdown("stdin closed"));
  process.stdin.on("close", () => shutdown("stdin closed"));
  // A client that died without closing stdin: the next answer hits a closed pipe (EPIPE). Nobody is listening; stop.
  process.stdout.on("error", () => shutdown("stdout closed"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // Stdin may have ended while the sandbox or the store were starting (stdin is read from the start).
  if (process.stdin.readableEnded) shutdown("stdin closed");
}

async function main(): Promise<void> {
  // A bug must not kill a server an AI client depends on: log it and keep serving.
  process.on("unhandledRejection", (reason) =>
    stderr(
      `outbound-calls-mcp: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
    ),
  );
  process.on("uncaughtException", (error) =>
    stderr(`outbound-calls-mcp: uncaught exception: ${error.stack ?? error.message}`),
  );

  let command: Command;
  try {
    command = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) fail(error.message, 2);
    throw error;
  }
  switch (command.kind) {
    case "help": {
      // Asked for, so it is the output: stdout (`--help | less` works). Nothing else runs in this mode.
      const { DOCTOR_HELP, HELP } = await import("./cli/args.js");
      process.stdout.write(command.topic === "doctor" ? DOCTOR_HELP : HELP);
      return;
    }
    case "version":
      // On stdout, like --help: nothing else runs in this mode.
      process.stdout.write(`${VERSION}\n`);
      return;
    case "sandbox-service": {
      const { runSandboxCli } = await import("./sandbox/cli.js");
      await runSandboxCli(command.argv);
      return;
    }
    case "doctor": {
      const { runDoctor } = await import("./cli/doctor.js");
      process.exitCode = await runDoctor({
        ...command,
        env: process.env,
        out: (line) => process.stdout.write(`${line}\n`),
      });
      return;
    }
    case "opt-outs-help": {
      const { OPT_OUTS_HELP } = await import("./cli/opt-outs.js");
      process.stdout.write(OPT_OUTS_HELP);
      return;
    }
    case "opt-outs": {
      const { runOptOuts } = await import("./cli/opt-outs.js");
      process.exitCode = await runOptOuts(command, process.env, (line) => process.stdout.write(`${line}\n`), stderr);
      return;
    }
    case "passkeys-help": {
      const { PASSKEYS_HELP } = await import("./cli/passkeys.js");
      process.stdout.write(PASSKEYS_HELP);
      return;
    }
    case "passkeys": {
      const { runPasskeys } = await import("./cli/passkeys.js");
      process.exitCode = await runPasskeys(command, process.env, (line) => process.stdout.write(`${line}\n`), stderr);
      return;
    }
    case "serve":
      await serve(command);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError) fail(error.message, 1);
  // A bad --sandbox-* value is a usage error, like any other flag.
  if (error instanceof Error && error.name === "SandboxUsageError") fail(error.message, 2);
  fail(error instanceof Error ? error.message : String(error), 1);
});
