#!/usr/bin/env node
/**
 * `npm run dial-path`: which source files of src/ one create_call runs code in, and how many of its calls cross from
 * one room (a folder right under src/) into another (docs/architecture.md gives the figures).
 *
 * Every function of src/ gets a first statement that names its file (the TypeScript compiler's own transform), the
 * copy is bundled with esbuild, and a driver runs the server in-process against the sandbox (the real service
 * layer over loopback): a warm-up dial, then one create_call traced from the tool call's arrival to its answer.
 * The sandbox is the upstream, not the server: its files are left out.
 *
 *   node scripts/dial-path.mjs             unattended (OUTBOUND_CALLS_CONFIRM=never)
 *   node scripts/dial-path.mjs --person    a person approves in the client's form (the default mode)
 *   node scripts/dial-path.mjs --list      also the files in the order first entered
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WORK = join(ROOT, ".cache", "dial-path");
const person = process.argv.includes("--person");
const list = process.argv.includes("--list");

/** Every .ts file under a folder. */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** A first statement in every function body: `__dialPath("<file>")`. */
function traced(file, text) {
  const id = relative(join(ROOT, "src"), file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const f = ts.factory;
  const mark = () => f.createCallExpression(f.createIdentifier("__dialPath"), undefined, [f.createStringLiteral(id)]);
  const transformer = (context) => {
    const visit = (node) => {
      node = ts.visitEachChild(node, visit, context);
      if (ts.isFunctionLike(node) && node.body) {
        if (ts.isBlock(node.body)) {
          const body = f.updateBlock(node.body, [f.createExpressionStatement(mark()), ...node.body.statements]);
          if (ts.isFunctionDeclaration(node))
            return f.updateFunctionDeclaration(
              node,
              node.modifiers,
              node.asteriskToken,
              node.name,
              node.typeParameters,
              node.parameters,
              node.type,
              body,
            );
          if (ts.isFunctionExpression(node))
            return f.updateFunctionExpression(
              node,
              node.modifiers,
              node.asteriskToken,
              node.name,
              node.typeParameters,
              node.parameters,
              node.type,
              body,
            );
          if (ts.isArrowFunction(node))
            return f.updateArrowFunction(
              node,
              node.modifiers,
              node.typeParameters,
              node.parameters,
              node.type,
              node.equalsGreaterThanToken,
              body,
            );
          if (ts.isMethodDeclaration(node))
            return f.updateMethodDeclaration(
              node,
              node.modifiers,
              node.asteriskToken,
              node.name,
              node.questionToken,
              node.typeParameters,
              node.parameters,
              node.type,
              body,
            );
          if (ts.isGetAccessorDeclaration(node))
            return f.updateGetAccessorDeclaration(node, node.modifiers, node.name, node.parameters, node.type, body);
          if (ts.isSetAccessorDeclaration(node))
            return f.updateSetAccessorDeclaration(node, node.modifiers, node.name, node.parameters, body);
          if (ts.isConstructorDeclaration(node)) return node;
        } else if (ts.isArrowFunction(node)) {
          const body = f.createParenthesizedExpression(f.createCommaListExpression([mark(), node.body]));
          return f.updateArrowFunction(
            node,
            node.modifiers,
            node.typeParameters,
            node.parameters,
            node.type,
            node.equalsGreaterThanToken,
            body,
          );
        }
      }
      return node;
    };
    return (root) => ts.visitNode(root, visit);
  };
  const [out] = ts.transform(source, [transformer]).transformed;
  return ts.createPrinter().printFile(out);
}

const DRIVER = `
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { loadConfig } from "./src/config/env.js";
import { createCore, createServer } from "./src/mcp/server.js";
import { startSandbox } from "./src/sandbox/index.js";

const trace: Array<[string, string]> = [];
let on = false;
Error.stackTraceLimit = 6;
globalThis.__dialPath = (file: string) => {
  if (!on || file.startsWith("sandbox/")) return;
  // The stack, mapped to the sources: [0] Error, [1] this function, [2] the function entered, [3] its caller.
  const caller = /dial-path\\/src\\/([^:)]+):\\d+/.exec((new Error().stack ?? "").split("\\n")[3] ?? "");
  trace.push([file, caller ? caller[1] : ""]);
};
const sandbox = await startSandbox({ speed: 40 });
const config = loadConfig({
  // A Tuesday at 10:00 in San Francisco, so the guards' clock is inside every window.
  OUTBOUND_CALLS_TEST_NOW: "2026-11-24T18:00:00Z",
  OUTBOUND_CALLS_BASE_URL: sandbox.url,
  OUTBOUND_CALLS_API_KEY: "sk_test_dialpath0000000000000000",
  OUTBOUND_CALLS_CALL_PURPOSE: "informational",
  // The numbers have no consent record, which the law requires for an AI voice to a US number.
  OUTBOUND_CALLS_REQUIRE_CONSENT: "false",
  ...(${person} ? {} : { OUTBOUND_CALLS_CONFIRM: "never" }),
});
const core = createCore(config, {});
const server = createServer(config, {}, core);
const client = new Client({ name: "dial-path", version: "1" }, { capabilities: ${person} ? { elicitation: { form: {} } } : {} });
if (${person}) client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { confirm: true } }));
const [a, b] = InMemoryTransport.createLinkedPair();
await server.mcp.connect(b);
await client.connect(a);
const agents = await client.callTool({ name: "list_agents", arguments: {} });
const agentId = agents.structuredContent.agents[0].id;
const dial = (to) => client.callTool({ name: "create_call", arguments: { to, agent_id: agentId, contact_name: "Ada" } });
const warm = await dial("+14155550101");
if (warm.isError) throw new Error("warm-up dial failed: " + JSON.stringify(warm.content));
on = true;
const traced = await dial("+14155550102");
on = false;
if (traced.isError) throw new Error("traced dial failed: " + JSON.stringify(traced.content));
await client.close();
await server.close();
core.close?.();
await sandbox.close();
process.stdout.write(JSON.stringify(trace) + "\\n");
process.exit(0);
`;

rmSync(WORK, { recursive: true, force: true });
for (const file of sources(join(ROOT, "src"))) {
  const to = join(WORK, relative(ROOT, file));
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, traced(file, readFileSync(file, "utf8")));
}
writeFileSync(join(WORK, "driver.ts"), DRIVER);
writeFileSync(join(WORK, "package.json"), readFileSync(join(ROOT, "package.json")));
await build({
  entryPoints: [join(WORK, "driver.ts")],
  outfile: join(WORK, "driver.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  logLevel: "error",
  sourcemap: true,
  // The trace is a no-op until the driver sets it: modules run functions as they load.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url); globalThis.__dialPath = () => {};",
  },
});
const { execFileSync } = await import("node:child_process");
const output = execFileSync(process.execPath, ["--enable-source-maps", join(WORK, "driver.mjs")], {
  cwd: ROOT,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
const trace = JSON.parse(output.trim().split("\n").at(-1));
const files = [...new Set(trace.map(([file]) => file))];
/** A room is a folder right under src/ (docs/architecture.md, "The rooms"). */
const room = (file) => (file.includes("/") ? file.slice(0, file.indexOf("/")) : ".");
// A call that crosses rooms: a function of one room calls one of another (a call from outside src/ is the SDK's).
const crossings = trace.filter(([file, caller]) => caller !== "" && room(caller) !== room(file)).length;
process.stdout.write(
  `one create_call (${person ? "a person approves in the client's form" : "unattended"}): ` +
    `${files.length} source files in ${new Set(files.map(room)).size} rooms, ${crossings} calls from one room into another ` +
    `(${trace.length} function entries)\n`,
);
if (list) {
  for (const file of files) process.stdout.write(`  ${file}\n`);
  const pairs = new Map();
  for (const [file, caller] of trace) {
    if (caller === "" || room(caller) === room(file)) continue;
    const pair = `${room(caller)} → ${room(file)}`;
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  for (const [pair, n] of [...pairs].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${n} ${pair}\n`);
}
rmSync(WORK, { recursive: true, force: true });
void pathToFileURL;
