/**
 * `outbound-calls-mcp doctor [--sandbox]`: checks what a person would otherwise
 * find out from an AI client's silence. It loads the configuration from the
 * environment, asks the service for the agents (GET /agents, within the usual
 * deadline) and prints a short report: the configuration in force, whether the
 * service was reached and how fast, whether the key was accepted, the agents,
 * and the guards' files and state where set (doctor-guards.ts).
 * Each failing line says what to fix. Exit code 0 when every check passed, 1
 * otherwise. The key is never printed: only that it is set.
 *
 * The report goes to stdout (this is not server mode: nothing else is written).
 */
import type { RequestLogEntry } from "../service/transport/client.js";
import { createService } from "../service/index.js";
import { startDeadline } from "../service/deadline.js";
import {
  ApiError,
  AuthenticationError,
  NotFoundError,
  PlanError,
  RateLimitError,
  UpstreamFaultError,
} from "../service/errors.js";
import type { Agent } from "../service/shapes.js";
import { loadConfig, type Config } from "../config/env.js";
import { ConfigurationError } from "../config/errors.js";
import { Redactor } from "../text/redact.js";
import { stripInvisible } from "../text/clean.js";
import { USER_AGENT, VERSION } from "../config/version.js";
import { sandboxFromEnv } from "./env-flags.js";
import { checkGuards } from "./doctor-guards.js";
import { checkVariableNames, variableSummary } from "./doctor-variables.js";

/** The embedded sandbox account `--sandbox` uses, so the agent ids shown are the ones the server will see. */
const SANDBOX_KEY = "sk_test_embedded_sandbox";

export interface DoctorOptions {
  env: NodeJS.ProcessEnv;
  sandbox: boolean;
  sandboxArgs: string[];
  /** Where the report goes, one line per call (stdout in the CLI). */
  out(line: string): void;
}

/** `warn`: works, but weaker than it should be (does not fail doctor). */
type Mark = "ok" | "FAIL" | "warn" | "skip";

const LABEL_WIDTH = 14;

export async function runDoctor(options: DoctorOptions): Promise<number> {
  // Whatever is printed passes through a redactor that knows the key, even text the service sent.
  let redactor = new Redactor([options.env.OUTBOUND_CALLS_API_KEY, options.env.OUTBOUND_CALLS_OPT_OUT_MODEL_KEY]);
  const print = (line = "") => options.out(redactor.redact(stripInvisible(line)));
  let problems = 0;
  const check = (mark: Mark, label: string, detail: string, fix?: string) => {
    if (mark === "FAIL") problems += 1;
    print(`${`[${mark}]`.padEnd(7)}${label.padEnd(LABEL_WIDTH)} ${detail}`);
    if (fix) print(`${" ".repeat(7 + LABEL_WIDTH)} fix: ${fix}`);
  };

  print(`outbound-calls-mcp ${VERSION} doctor`);
  print();

  let sandbox: { url: string; close(): Promise<void> } | undefined;
  let config: Config;
  try {
    const useSandbox = options.sandbox || sandboxFromEnv(options.env);
    if (useSandbox) {
      const { startSandbox } = await import("../sandbox/index.js");
      const { parseSandboxArgs } = await import("../sandbox/cli.js");
      sandbox = await startSandbox({ speed: 10, ...parseSandboxArgs(options.sandboxArgs) });
      config = loadConfig(
        { ...options.env, OUTBOUND_CALLS_API_KEY: SANDBOX_KEY, OUTBOUND_CALLS_BASE_URL: sandbox.url },
        { sandbox: true },
      );
    } else {
      config = loadConfig(options.env);
    }
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    // One line per problem: every missing or wrong variable in this one run.
    for (const problem of error.problems) {
      const variable = /OUTBOUND_CALLS_[A-Z_]+/.exec(problem)?.[0];
      const summary = variable === undefined ? undefined : variableSummary(variable);
      check(
        "FAIL",
        "configuration",
        problem,
        variable
          ? `set ${variable} in the "env" block of this server in the MCP client's configuration (to try without a key: --sandbox)${summary ? `; it is: ${summary}` : ""}`
          : "see outbound-calls-mcp --help for the variables",
      );
    }
    checkVariableNames(options.env, check);
    check("skip", "reachable", "not checked (the configuration is not usable)");
    check("skip", "key accepted", "not checked");
    check("skip", "agents", "not checked");
    return finish(print, problems);
  }
  redactor = new Redactor([
    config.apiKey,
    options.env.OUTBOUND_CALLS_API_KEY,
    config.optOutModel?.key,
    options.env.OUTBOUND_CALLS_OPT_OUT_MODEL_KEY,
  ]);

  try {
    const where = config.sandbox
      ? `built-in sandbox at ${config.origin} (simulated: no real call)`
      : `service at ${config.origin}`;
    check(
      "ok",
      "configuration",
      `${where}; API ${config.apiBaseUrl}; API key ${config.sandbox ? "of the sandbox account" : "set"}`,
    );
    print(`${" ".repeat(7 + LABEL_WIDTH)} ${settingsSummary(config)}`);
    checkVariableNames(options.env, check);

    const entries: RequestLogEntry[] = [];
    const service = createService(config, {
      redactor,
      userAgent: USER_AGENT,
      onRequest: (entry) => entries.push(entry),
    });
    try {
      let agents: Agent[] | undefined;
      let failure: unknown;
      const deadline = startDeadline(config.timeoutMs);
      try {
        agents = await service.agents.list(deadline);
      } catch (error) {
        failure = error;
      } finally {
        deadline.dispose();
      }
      const last = entries.at(-1);
      const attempts = entries.length > 1 ? `, after ${entries.length} attempts` : "";
      const answered =
        last?.status !== undefined
          ? `GET ${pathOf(config)}/agents answered HTTP ${last.status} in ${last.latencyMs} ms${last.requestId ? ` (request ${last.requestId})` : ""}${attempts}`
          : undefined;
      reportReach(check, config, failure, answered, last);
      reportAgents(check, failure, agents, answered !== undefined);
    } finally {
      await service.close().catch(() => undefined);
    }
    await checkGuards(config, check);
  } finally {
    await sandbox?.close().catch(() => undefined);
  }
  return finish(print, problems);
}

function finish(print: (line?: string) => void, problems: number): number {
  print();
  print(
    problems === 0
      ? "All checks passed."
      : `${problems} problem${problems === 1 ? "" : "s"} found: the server would not work as configured.`,
  );
  return problems === 0 ? 0 : 1;
}

function pathOf(config: Config): string {
  return new URL(config.apiBaseUrl).pathname.replace(/\/$/, "");
}

function settingsSummary(config: Config): string {
  const countries = config.allowedCountries ? [...config.allowedCountries].join(",") : "any";
  const blocked = config.blockedTypes.size ? [...config.blockedTypes].join(",") : "none";
  return (
    `timeout ${config.timeoutMs} ms · countries ${countries} · blocked number types ${blocked} · ` +
    (config.blockedPrefixes ? `blocked ranges ${config.blockedPrefixes.size} · ` : "") +
    `max batch ${config.maxBatchSize} · largest answer ${config.maxResponseBytes} bytes`
  );
}

type Check = (mark: Mark, label: string, detail: string, fix?: string) => void;

const BASE_URL_FIX =
  "set OUTBOUND_CALLS_BASE_URL to your account's application host only, e.g. https://app.example.com (the server adds /api/v1)";

function reportReach(
  check: Check,
  config: Config,
  failure: unknown,
  answered: string | undefined,
  last: RequestLogEntry | undefined,
): void {
  if (answered === undefined) {
    // No HTTP answer at all: DNS, refused connection, timeout.
    const why = failure instanceof ApiError ? failure.message : String(failure);
    check(
      "FAIL",
      "reachable",
      `no answer from ${config.origin}${last?.failure ? ` (${last.failure})` : ""}: ${why}`,
      config.sandbox
        ? "the built-in sandbox did not answer; report this as a bug"
        : "check OUTBOUND_CALLS_BASE_URL and that this machine can reach that host (proxy, VPN, firewall)",
    );
    check("skip", "key accepted", "not checked (the service was not reached)");
    return;
  }
  if (
    failure instanceof NotFoundError ||
    (failure instanceof UpstreamFaultError && failure.status !== undefined && failure.status < 500)
  ) {
    // A 404 or a redirect or a web page: something answered, but not the v1 API.
    const what = failure instanceof NotFoundError ? "no calling API at that address" : (failure as ApiError).message;
    check("FAIL", "reachable", `${answered}: ${what}`, BASE_URL_FIX);
    check("skip", "key accepted", "not checked (the API was not found at that address)");
    return;
  }
  check("ok", "reachable", answered);
  if (failure instanceof AuthenticationError) {
    check(
      "FAIL",
      "key accepted",
      "no: key refused (HTTP 401): fix OUTBOUND_CALLS_API_KEY",
      "copy the key again from the service's developer section into OUTBOUND_CALLS_API_KEY; a key of another account or environment is refused",
    );
  } else if (
    failure === undefined ||
    failure instanceof PlanError ||
    failure instanceof RateLimitError ||
    failure instanceof UpstreamFaultError
  ) {
    // Anything but 401 means the key itself got past authentication (or was not judged yet on a fault).
    check(
      failure instanceof UpstreamFaultError ? "skip" : "ok",
      "key accepted",
      failure instanceof UpstreamFaultError ? "not known (the service failed)" : "yes",
    );
  } else {
    check("ok", "key accepted", "yes");
  }
}

function reportAgents(check: Check, failure: unknown, agents: Agent[] | undefined, answered: boolean): void {
  if (agents) {
    if (agents.length === 0) {
      check(
        "FAIL",
        "agents",
        "none: this key has no agent, so no call can be placed",
        "create an agent in the service's dashboard",
      );
      return;
    }
    const names = agents.slice(0, 10).map((a) => (a.name ? `${a.id} (${a.name})` : a.id));
    const more = agents.length > 10 ? `, and ${agents.length - 10} more` : "";
    check("ok", "agents", `${agents.length}: ${names.join(", ")}${more}`);
    return;
  }
  if (answered && failure instanceof ApiError && failure.status === undefined) {
    // An answer came but could not be read as a list of agents.
    check(
      "FAIL",
      "agents",
      failure.message,
      "the service's answer was not understood; check OUTBOUND_CALLS_BASE_URL, or report it",
    );
    return;
  }
  if (failure instanceof AuthenticationError || !(failure instanceof ApiError) || failure.status === undefined) {
    check("skip", "agents", "not checked");
    return;
  }
  if (failure instanceof NotFoundError || (failure instanceof UpstreamFaultError && failure.status < 500)) {
    check("skip", "agents", "not checked");
  } else if (failure instanceof PlanError) {
    check("FAIL", "agents", failure.message, "the account's plan must allow API access; see the service's dashboard");
  } else if (failure instanceof RateLimitError) {
    check(
      "FAIL",
      "agents",
      failure.message,
      "wait, then run doctor again; if it persists, another client is using the key heavily",
    );
  } else {
    check(
      "FAIL",
      "agents",
      failure.message,
      "the service failed; try again later, and contact the service if it persists",
    );
  }
}
