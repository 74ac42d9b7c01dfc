/**
 * The real converters that turn MCP tool schemas into a model provider's
 * function declarations, run over the built server's real tools/list (sandbox
 * mode), so a schema change that breaks a provider fails CI:
 *
 * - As published: every object closed but `metadata` (the service's object of
 *   text values), no `patternProperties`/`propertyNames`, `required` listing
 *   only the arguments that are (LangChain and Mastra refuse a call that leaves
 *   out an argument listed there: frameworks.test.ts), every optional one
 *   accepting null.
 * - OpenAI Agents SDK (`@openai/agents-core`): `getAllMcpTools` with
 *   `convertSchemasToStrict`, through its own MCP client (`MCPServerStdio`).
 *   The tools without `metadata` come out `strict: true`, in OpenAI's strict form
 *   (the SDK adds the optional arguments to `required`; their null branch
 *   stays); create_call and submit_batch, whose `metadata` is an open object
 *   strict mode cannot express, fall back to `strict: false` with a logged
 *   warning, their schema as published. Each tool, invoked with the arguments a
 *   strict-mode model sends (every property, null for the unused ones), works.
 * - Gemini (`@google/genai`), against a fake Gemini endpoint on 127.0.0.1 that
 *   records what the SDK would send: the OpenAPI-subset `parameters` path (every
 *   keyword one Gemini's `Schema` has, no empty `properties`; `metadata` an
 *   OBJECT without properties there, as that path drops `additionalProperties`)
 *   and `mcpToTool` (the schemas as they are, and one automatic function call
 *   with nulls answered by the server).
 * - The MCP Inspector CLI's `--strict` schema lint: no error, no warning.
 *
 * These packages need Node 22+: on an older line this file fails with how to
 * run it (npm test runs it on Node 24).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { startModelEndpoint } from "../../helpers/model-endpoint.js";
import { serverCommand } from "../../helpers/test-output.js";
import { requireNodeLine } from "../../helpers/node-line.js";
import {
  ENTRY,
  GUARDS_OFF_FOR_SHAPE_TESTS,
  ROOT,
  serverEnv,
  startServer,
  type StartedServer,
} from "../../helpers/server-process.js";

/** The Agents SDK gives each request but a tool call 5 s by default; a loaded machine can take longer to start a server. */
const SESSION_TIMEOUT_S = 60;

requireNodeLine(
  22,
  "test/e2e/interop/converters.test.ts (@openai/agents-core, @google/genai, @modelcontextprotocol/inspector 2.x)",
);

const SANDBOX_ARGS = ["--sandbox", "--sandbox-speed", "instant"];
const SANDBOX_ENV = { ...GUARDS_OFF_FOR_SHAPE_TESTS, OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0" };

let server: StartedServer;
let tools: Tool[];
let agentId: string;

beforeAll(async () => {
  server = await startServer({ args: SANDBOX_ARGS, env: SANDBOX_ENV });
  tools = (await server.client.listTools()).tools;
  agentId = ((await server.call("list_agents")).structuredContent as { agents: { id: string }[] }).agents[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

/** The arguments a strict-mode model sends: every property, null where it has nothing to say. */
function strictArguments(name: string, callId: string): Record<string, unknown> {
  const writeNulls = { dry_run: null, confirmation_token: null };
  const row = { to: "+14155550105", agent_id: agentId, contact_name: null, company_name: null };
  switch (name) {
    case "list_agents":
      return {};
    case "list_calls":
      return { status: null, agent_id: null, campaign_id: null, date_from: null, date_to: null, page: null, limit: 5 };
    case "create_call":
      return { ...row, metadata: { service_type: "reminder" }, ...writeNulls };
    case "get_call":
      return { call_id: callId, wait_seconds: null };
    case "submit_batch":
      return { calls: [{ ...row, to: "+14155550102", metadata: null }], allow_duplicates: null, ...writeNulls };
    default:
      throw new Error(`no strict arguments for ${name}`);
  }
}

describe("as published", () => {
  it("every input object is closed and names its properties; what it does not require accepts null", () => {
    for (const tool of tools) {
      for (const [node, path] of nodes(tool.inputSchema)) {
        expect(node, `${tool.name} ${path}`).not.toHaveProperty("patternProperties");
        expect(node, `${tool.name} ${path}`).not.toHaveProperty("propertyNames");
      }
      walkObjects(tool.inputSchema, (node, path) => {
        // metadata is the service's open object: any key, each value text.
        if (path.endsWith(".metadata|0")) {
          expect(node.additionalProperties, `${tool.name} ${path}`).toEqual({ type: "string", maxLength: 1000 });
          return;
        }
        expect(node.additionalProperties, `${tool.name} ${path}`).toBe(false);
        const properties = Object.entries((node.properties ?? {}) as Record<string, Node>);
        const nullable = (s: Node) => ((s.anyOf ?? []) as Node[]).some((b) => b.type === "null");
        const required = new Set((node.required ?? []) as string[]);
        for (const key of required)
          expect(Object.keys(node.properties as object), `${tool.name} ${path}`).toContain(key);
        // A strict-mode model sends every property: one a caller may leave out must take null.
        for (const [key, schema] of properties)
          if (!required.has(key)) expect(nullable(schema), `${tool.name} ${path}.${key}`).toBe(true);
      });
    }
    // The exact lists, tool by tool: test/e2e/null-arguments.test.ts.
    expect(tools.find((t) => t.name === "create_call")!.inputSchema.required).toEqual(["to", "agent_id"]);
  });
});

/** The tools whose arguments carry `metadata`, an open object: OpenAI's strict mode has no way to write one. */
const OPEN_METADATA = ["create_call", "submit_batch"];

describe("OpenAI Agents SDK: strict conversion of every tool", () => {
  it("converts every tool without metadata to strict mode, falls back to non-strict with a warning for the two with it, and each works", async () => {
    const { MCPServerStdio, getAllMcpTools, RunContext, Agent } = await import("@openai/agents-core");
    const mcp = new MCPServerStdio({
      ...serverCommand(SANDBOX_ARGS),
      env: serverEnv(SANDBOX_ENV),
      cacheToolsList: false,
      clientSessionTimeoutSeconds: SESSION_TIMEOUT_S,
    });
    // The SDK's logger warns through console.warn; kept here, where the test reads it, rather than on the console.
    const warnings: string[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      warnings.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(" "));
    });
    await mcp.connect();
    try {
      const converted = await getAllMcpTools({
        mcpServers: [mcp],
        convertSchemasToStrict: true,
        runContext: new RunContext(),
        agent: new Agent({ name: "converter-test" }),
      });
      expect(converted.map((t) => t.name)).toEqual(tools.map((t) => t.name));
      for (const tool of converted) {
        if (tool.type !== "function") throw new Error(`${tool.name}: not a function tool`);
        if (OPEN_METADATA.includes(tool.name)) {
          // Not strict: the model may then leave arguments out, and the schema it gets is the published one.
          expect(tool.strict, `${tool.name} is strict`).toBe(false);
          expect(tool.parameters, tool.name).toEqual(
            expect.objectContaining(tools.find((t) => t.name === tool.name)!.inputSchema),
          );
          continue;
        }
        expect(tool.strict, `${tool.name} is not strict`).toBe(true);
        // Strict mode: every object closed, every property required.
        walkObjects(tool.parameters, (node, path) => {
          expect(node.additionalProperties, `${tool.name} ${path}`).toBe(false);
          expect(new Set(node.required as string[]), `${tool.name} ${path}`).toEqual(
            new Set(Object.keys((node.properties ?? {}) as object)),
          );
        });
      }
      // One warning for each tool that fell back (the SDK leaves out the error's text unless told to log tool data).
      const fallbacks = warnings.filter((w) => w.includes("Error converting MCP schema to strict mode"));
      expect(fallbacks, warnings.join("\n")).toHaveLength(OPEN_METADATA.length);
      const invoke = async (name: string, args: Record<string, unknown>) => {
        const tool = converted.find((t) => t.name === name);
        if (tool?.type !== "function") throw new Error(`no tool ${name}`);
        return JSON.stringify(await tool.invoke(new RunContext(), JSON.stringify(args)));
      };
      const created = await invoke("create_call", strictArguments("create_call", ""));
      expect(created).toContain("Call placed");
      const callId = /Call placed: ([A-Za-z0-9_-]+)/.exec(created)?.[1] ?? "";
      for (const name of ["list_agents", "list_calls", "get_call", "submit_batch"]) {
        const answer = await invoke(name, strictArguments(name, callId));
        expect(answer, name).toMatch(/SANDBOX/);
        expect(answer, name).not.toMatch(/Input validation error|Invalid arguments|isError/);
      }
    } finally {
      warn.mockRestore();
      await mcp.close();
    }
  });
});

/** A fake Gemini API on 127.0.0.1: records every request body, answers from a script. */
function fakeGemini(answers: unknown[]) {
  return startModelEndpoint((i) => ({
    candidates: [
      { content: { role: "model", parts: answers[i] ?? [{ text: "done" }] }, finishReason: "STOP", index: 0 },
    ],
  }));
}

/** The fields of @google/genai's `Schema` (the OpenAPI subset Gemini's `parameters` takes), read from the installed SDK. */
function geminiSchemaFields(): Set<string> {
  const dts = readFileSync(join(ROOT, "node_modules/@google/genai/dist/genai.d.ts"), "utf8");
  const body = /export declare interface Schema \{([\s\S]*?)\n\}/.exec(dts)?.[1] ?? "";
  const fields = new Set([...body.matchAll(/^\s{4}([A-Za-z]+)\??:/gm)].map((m) => m[1]!));
  if (!fields.has("nullable") || !fields.has("anyOf"))
    throw new Error("could not read the Schema fields from @google/genai");
  return fields;
}

type Node = Record<string, unknown>;

/** Calls `visit` for every object schema (type object/OBJECT) under `schema`. */
function walkObjects(schema: unknown, visit: (node: Node, path: string) => void, path = "$"): void {
  if (typeof schema !== "object" || schema === null) return;
  const node = schema as Node;
  if (node.type === "object" || node.type === "OBJECT") visit(node, path);
  for (const [key, value] of Object.entries(node.properties ?? {})) walkObjects(value, visit, `${path}.${key}`);
  if (node.items) walkObjects(node.items, visit, `${path}[]`);
  for (const [i, branch] of ((node.anyOf ?? []) as unknown[]).entries()) walkObjects(branch, visit, `${path}|${i}`);
}

/** Every schema node under `schema`, with its path. */
function* nodes(schema: unknown, path = "$"): Generator<[Node, string]> {
  if (typeof schema !== "object" || schema === null) return;
  const node = schema as Node;
  yield [node, path];
  for (const [key, value] of Object.entries(node.properties ?? {})) yield* nodes(value, `${path}.${key}`);
  if (node.items) yield* nodes(node.items, `${path}[]`);
  for (const [i, branch] of ((node.anyOf ?? []) as unknown[]).entries()) yield* nodes(branch, `${path}|${i}`);
}

describe("Gemini (@google/genai)", () => {
  it("the OpenAPI-subset `parameters` path: only Schema fields, no empty properties, metadata an OBJECT", async () => {
    const { GoogleGenAI } = await import("@google/genai");
    const gemini = await fakeGemini([]);
    try {
      const ai = new GoogleGenAI({ apiKey: "test-key", httpOptions: { baseUrl: gemini.url } });
      const functionDeclarations = tools.map((t) => ({
        name: t.name,
        description: t.description,
        parameters: structuredClone(t.inputSchema) as never,
      }));
      await ai.models.generateContent({
        model: "gemini-test",
        contents: "hi",
        config: { tools: [{ functionDeclarations }] },
      });
      const sent = gemini.bodies[0]!.tools[0].functionDeclarations as {
        name: string;
        parameters?: Node;
        parametersJsonSchema?: unknown;
      }[];
      const fields = geminiSchemaFields();
      for (const declaration of sent) {
        // With a `$schema` keyword the SDK would move the schema to parametersJsonSchema instead of converting it.
        expect(declaration.parametersJsonSchema, declaration.name).toBeUndefined();
        for (const [node, path] of nodes(declaration.parameters)) {
          for (const key of Object.keys(node)) expect(fields, `${declaration.name} ${path}: ${key}`).toContain(key);
          if ("properties" in node)
            expect(
              Object.keys(node.properties as object).length,
              `${declaration.name} ${path}: empty properties`,
            ).toBeGreaterThan(0);
        }
      }
      const createCall = sent.find((d) => d.name === "create_call")!.parameters as any;
      // This path has no additionalProperties: the open object arrives without properties (mcpToTool, below, and
      // Gemini CLI send the schema as it is, parametersJsonSchema).
      expect(createCall.properties.metadata).toMatchObject({ type: "OBJECT", nullable: true });
      expect(createCall.properties.metadata).not.toHaveProperty("additionalProperties");
      // An optional argument keeps its description through the nullable conversion.
      expect(createCall.properties.dry_run).toMatchObject({
        type: "BOOLEAN",
        nullable: true,
        description: expect.stringContaining("send nothing"),
      });
      expect(sent.find((d) => d.name === "list_agents")!.parameters).toEqual({ type: "OBJECT" });
    } finally {
      await gemini.close();
    }
  });

  it("mcpToTool: the schemas go as they are, and an automatic function call with nulls is answered by the server", async () => {
    const { GoogleGenAI, mcpToTool } = await import("@google/genai");
    const gemini = await fakeGemini([
      [
        {
          functionCall: {
            name: "list_calls",
            args: {
              status: null,
              agent_id: null,
              campaign_id: null,
              date_from: null,
              date_to: null,
              page: null,
              limit: 3,
            },
          },
        },
      ],
    ]);
    try {
      const ai = new GoogleGenAI({ apiKey: "test-key", httpOptions: { baseUrl: gemini.url } });
      const answer = await ai.models.generateContent({
        model: "gemini-test",
        contents: "list my calls",
        config: { tools: [mcpToTool(server.client)] },
      });
      expect(answer.text).toBe("done");
      const declarations = gemini.bodies[0]!.tools[0].functionDeclarations as {
        name: string;
        parametersJsonSchema: unknown;
      }[];
      expect(declarations.map((d) => [d.name, d.parametersJsonSchema])).toEqual(
        tools.map((t) => [t.name, t.inputSchema]),
      );
      // The second request carries the tool's answer back to the model.
      const response = JSON.stringify(gemini.bodies[1]!.contents);
      expect(response).toContain("functionResponse");
      expect(response).toMatch(/SANDBOX/);
      expect(response).not.toMatch(/Input validation error|isError\\?":true/);
    } finally {
      await gemini.close();
    }
  });
});

describe("MCP Inspector CLI --strict", () => {
  const home = mkdtempSync(join(tmpdir(), "outbound-calls-inspector-strict-"));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it("finds no portability problem in any tool schema", async () => {
    const launcher = join(ROOT, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          launcher,
          "--cli",
          "--strict",
          "--method",
          "tools/list",
          "--format",
          "json",
          process.execPath,
          ENTRY,
          ...SANDBOX_ARGS,
        ],
        { env: { ...serverEnv(SANDBOX_ENV), HOME: home }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
      );
    });
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { result: { tools: unknown[] } }).result.tools).toHaveLength(6);
    expect(run.stderr).not.toMatch(/^(Warning|Error): tool/m);
    expect(run.stderr).not.toMatch(/\d+ errors?, \d+ warnings?/);
  });
});
