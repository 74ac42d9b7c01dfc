#!/usr/bin/env node
/**
 * Runs the official MCP conformance suite (@modelcontextprotocol/conformance,
 * Node 22, fetched by npx) against the built server in `--http --sandbox` mode
 * on a free loopback port, scenario by scenario, and prints a summary.
 *
 *   npm run conformance            # the scenarios that apply; exit 1 if any fails
 *   npm run conformance -- --all   # also run the rest, for information
 *
 * The suite cannot send a bearer token, so the server runs without one, which it
 * allows on loopback only. Needs the npm registry (npx downloads node@22 once).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export const CONFORMANCE_VERSION = "0.1.16";
const ENTRY = fileURLToPath(new URL("../dist/index.js", import.meta.url));

/** Scenarios this server is meant to pass. */
const APPLICABLE = ["server-initialize", "ping", "tools-list", "logging-set-level", "dns-rebinding-protection"];
/** Passed only when the server declares resources / prompts (another issue adds them). */
const IF_DECLARED = { "resources-list": "resources", "prompts-list": "prompts" };

/** Why the rest do not apply (also in docs/hosting.md, "Conformance"). */
export const NOT_APPLICABLE = {
  "completion-complete":
    "needs the fixture prompt test_prompt_with_arguments (this server completes its own prompts and calls:// template)",
  "tools-call-simple-text": "fixture tool test_simple_text (it 'passes' only because the unknown-tool error is text)",
  "tools-call-image": "fixture tool test_image_content",
  "tools-call-audio": "fixture tool test_audio_content",
  "tools-call-embedded-resource": "fixture tool test_embedded_resource",
  "tools-call-mixed-content": "fixture tool test_multiple_content_types",
  "tools-call-with-logging": "fixture tool test_tool_with_logging",
  "tools-call-error": "fixture tool test_error_handling (it 'passes' only because the unknown-tool error has isError)",
  "tools-call-with-progress": "fixture tool test_tool_with_progress",
  "tools-call-sampling": "fixture tool test_sampling; a stateless server cannot ask the client back",
  "tools-call-elicitation": "fixture tool test_elicitation; a stateless server cannot ask the client back",
  "elicitation-sep1034-defaults": "fixture tool for elicitation defaults; no elicitation over stateless HTTP",
  "elicitation-sep1330-enums": "fixture tool for elicitation enums; no elicitation over stateless HTTP",
  "json-schema-2020-12": "fixture tool json_schema_2020_12_tool",
  "server-sse-polling": "fixture tool test_reconnection and sessions (SEP-1699 resumability); this server is stateless",
  "server-sse-multiple-streams": "needs a session id (SEP-1699); this server is stateless, so the suite only warns",
  "resources-list": "until the server declares resources",
  "resources-read-text": "fixture resource test://static-text",
  "resources-read-binary": "fixture resource test://static-binary",
  "resources-templates-read": "fixture resource template test://template/{id}/data",
  "resources-subscribe": "fixture resources and subscriptions; a stateless server has nowhere to send updates",
  "resources-unsubscribe": "fixture resources and subscriptions; a stateless server has nowhere to send updates",
  "prompts-list": "until the server declares prompts",
  "prompts-get-simple": "fixture prompt test_simple_prompt",
  "prompts-get-with-args": "fixture prompt test_prompt_with_arguments",
  "prompts-get-embedded-resource": "fixture prompt test_prompt_with_embedded_resource",
  "prompts-get-with-image": "fixture prompt test_prompt_with_image",
};

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.on("close", (code) => resolve({ code, output }));
    child.on("error", (error) => resolve({ code: -1, output: String(error) }));
  });
}

function startServer() {
  const child = spawn(process.execPath, [ENTRY, "--http", "--sandbox", "--sandbox-speed", "instant", "--port", "0"], {
    // The suite checks the protocol; resource reads and completions count against the rate limit like tool calls.
    env: { PATH: process.env.PATH ?? "", OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const url = new Promise((resolve, reject) => {
    child.stderr.setEncoding("utf8").on("data", (c) => {
      stderr += c;
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return { child, url, exited };
}

async function declaredCapabilities(url) {
  const client = new Client({ name: "conformance-probe", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const capabilities = client.getServerCapabilities() ?? {};
  await client.close();
  return capabilities;
}

/** Node 22 and the suite's entry point, installed (or found in the npx cache) once. */
async function resolveSuite() {
  const { code, output } = await run("npx", [
    "-y",
    "-p",
    "node@22",
    "-p",
    `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`,
    "sh",
    "-c",
    'echo "NODE=$(command -v node)"; echo "SUITE=$(command -v conformance)"; echo "VERSION=$(node --version)"',
  ]);
  const value = (name) => new RegExp(`^${name}=(.+)$`, "m").exec(output)?.[1]?.trim();
  const node = value("NODE");
  const suite = value("SUITE");
  if (code !== 0 || !node || !suite)
    throw new Error(`could not install node@22 and the conformance suite with npx:\n${output}`);
  return { node, suite, nodeVersion: value("VERSION") ?? "?" };
}

async function runScenario(tools, url, scenario, outDir) {
  const started = Date.now();
  const { code, output } = await run(tools.node, [
    tools.suite,
    "server",
    "--url",
    url,
    "--scenario",
    scenario,
    "-o",
    outDir,
  ]);
  const dir = readdirSync(outDir).find((d) => d.startsWith(`server-${scenario}-`));
  const checks = dir ? JSON.parse(readFileSync(join(outDir, dir, "checks.json"), "utf8")) : [];
  const count = (status) => checks.filter((c) => c.status === status).length;
  const passed = code === 0 && checks.length > 0 && count("SUCCESS") === checks.length;
  return {
    scenario,
    passed,
    checks: { success: count("SUCCESS"), failure: count("FAILURE"), warning: count("WARNING"), total: checks.length },
    failures: checks
      .filter((c) => c.status !== "SUCCESS")
      .map((c) => `${c.id}: ${c.status} ${c.errorMessage ?? c.details?.message ?? ""}`.trim()),
    seconds: (Date.now() - started) / 1000,
    output: passed ? "" : output,
  };
}

async function main() {
  const all = process.argv.includes("--all");
  const started = Date.now();
  const server = startServer();
  const outDir = mkdtempSync(join(tmpdir(), "conformance-"));
  const results = [];
  let serverExit;
  try {
    const tools = await resolveSuite();
    const url = await server.url;
    const capabilities = await declaredCapabilities(url);
    const applicable = [
      ...APPLICABLE,
      ...Object.entries(IF_DECLARED)
        .filter(([, cap]) => capabilities[cap])
        .map(([s]) => s),
    ];
    const others = Object.keys(NOT_APPLICABLE).filter((s) => !applicable.includes(s));
    console.log(`conformance ${CONFORMANCE_VERSION} on Node ${tools.nodeVersion} (via npx) against ${url}`);
    for (const scenario of applicable) {
      const result = await runScenario(tools, url, scenario, outDir);
      results.push({ ...result, applicable: true });
      console.log(
        `  ${result.passed ? "PASS" : "FAIL"}  ${scenario}  (${result.checks.success}/${result.checks.total} checks, ${result.seconds.toFixed(1)} s)`,
      );
      for (const f of result.failures) console.log(`        ${f}`);
      if (!result.passed && result.checks.total === 0) console.log(result.output.split("\n").slice(-15).join("\n"));
    }
    if (all) {
      console.log("not applicable (run for information):");
      for (const scenario of others) {
        const result = await runScenario(tools, url, scenario, outDir);
        results.push({ ...result, applicable: false });
        console.log(
          `  ${result.passed ? "pass" : "fail"}  ${scenario}  (${result.checks.success}/${result.checks.total}): ${NOT_APPLICABLE[scenario]}`,
        );
      }
    } else {
      console.log(`not applicable (${others.length}, see docs/hosting.md; --all runs them too): ${others.join(", ")}`);
    }
  } finally {
    server.child.kill("SIGTERM");
    serverExit = await server.exited;
    rmSync(outDir, { recursive: true, force: true });
  }
  const failed = results.filter((r) => r.applicable && !r.passed);
  const passed = results.filter((r) => r.applicable && r.passed);
  console.log(
    `${passed.length} passed, ${failed.length} failed of ${passed.length + failed.length} applicable scenarios in ${((Date.now() - started) / 1000).toFixed(1)} s; server exit code on SIGTERM: ${serverExit}`,
  );
  process.exitCode = failed.length === 0 && serverExit === 0 ? 0 : 1;
}

await main();
