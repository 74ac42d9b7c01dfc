/**
 * LangChain (`@langchain/mcp-adapters`) and Mastra (`@mastra/mcp`) check a tool's
 * arguments against its published input schema before sending them, so what the
 * schema says is required, and what it lets `metadata` be, decides whether a call
 * reaches the server at all. Each framework's own MCP client drives the built
 * server (sandbox mode) over stdio here, with the arguments callers send:
 *
 * - only the required arguments (a caller that leaves the optional ones out);
 * - every argument, null for the unused ones (a strict-mode model);
 * - `metadata` as the object the service documents (the published form), and as
 *   {key, value} pairs (the form this server published before; the server takes
 *   it, but a framework that validates refuses it first).
 *
 * And what LangChain hands the model (ChatOpenAI against a fake OpenAI endpoint
 * on 127.0.0.1): its schema simplifier drops every `anyOf`, so an optional
 * argument arrives as `{}`, and `metadata` (an anyOf of an object and null) as
 * `{"type": "object"}`, which its own check then holds a null to. docs/clients.md "Agent frameworks" says what each
 * framework needs; these tests hold it to that.
 */
import { describe, expect, it } from "vitest";
import { startModelEndpoint } from "../../helpers/model-endpoint.js";
import { requireNodeLine } from "../../helpers/node-line.js";
import { GUARDS_OFF_FOR_SHAPE_TESTS, serverEnv } from "../../helpers/server-process.js";
import { serverCommand } from "../../helpers/test-output.js";

requireNodeLine(22, "test/e2e/interop/frameworks.test.ts (@langchain/mcp-adapters, @mastra/mcp)");

// Its stderr to the output log under npm test (LangChain's option takes no file).
const SERVER = {
  ...serverCommand(["--sandbox", "--sandbox-speed", "instant"]),
  env: serverEnv(GUARDS_OFF_FOR_SHAPE_TESTS),
};

/** In the sandbox's record of a placed call: the flat object the service received. */
const PLACED_WITH_METADATA = '"metadata":{"service_type":"renewal"}';

const text = (answer: unknown) => (typeof answer === "string" ? answer : JSON.stringify(answer));

/** The arguments callers send, for the sandbox agent named in list_agents' answer. */
function callerArguments(listAgentsAnswer: unknown) {
  const agentId = /agt_[A-Za-z0-9]+_1/.exec(text(listAgentsAnswer))?.[0];
  if (!agentId) throw new Error(`no agent in ${text(listAgentsAnswer).slice(0, 200)}`);
  const leftOut = { to: "+14155550105", agent_id: agentId };
  return {
    leftOut,
    strictNulls: {
      ...leftOut,
      contact_name: null,
      company_name: null,
      metadata: null,
      dry_run: null,
      confirmation_token: null,
      repeat_dial: null,
    },
    pairs: { ...leftOut, metadata: [{ key: "service_type", value: "renewal" }] },
    object: { ...leftOut, metadata: { service_type: "renewal" } },
  };
}

describe("LangChain (@langchain/mcp-adapters)", () => {
  it("sends a call that leaves the optional arguments out, one with nulls but for metadata, and the service's metadata object; refuses metadata null and pairs", async () => {
    const { MultiServerMCPClient } = await import("@langchain/mcp-adapters");
    const client = new MultiServerMCPClient({ mcpServers: { calls: { transport: "stdio", ...SERVER } } });
    try {
      const tools = await client.getTools();
      const createCall = tools.find((t) => t.name.endsWith("create_call"))!;
      const a = callerArguments(await tools.find((t) => t.name.endsWith("list_agents"))!.invoke({}));
      const { metadata: _null, ...nullsButMetadata } = a.strictNulls;
      for (const args of [a.leftOut, nullsButMetadata])
        expect(text(await createCall.invoke(args)), JSON.stringify(args)).toContain("Call placed: call_");
      // The sandbox's call record shows what the service received.
      expect(text(await createCall.invoke(a.object))).toContain(PLACED_WITH_METADATA);
      // Its check is of the simplified schema, where metadata's anyOf became {"type": "object"}: null and the pairs
      // are refused there and never reach the server (which would take both).
      for (const args of [a.strictNulls, a.pairs])
        await expect(createCall.invoke(args), JSON.stringify(args.metadata)).rejects.toThrow(
          /did not match expected schema/,
        );
    } finally {
      await client.close();
    }
  });

  it("hands the model `required` as published, but every optional argument as {} (metadata as an object): type and description dropped", async () => {
    const { MultiServerMCPClient } = await import("@langchain/mcp-adapters");
    const { ChatOpenAI } = await import("@langchain/openai");
    // A fake OpenAI chat-completions API: the request body is what the model would be given.
    const message = { role: "assistant", content: "ok" };
    const openai = await startModelEndpoint(() => ({
      id: "chatcmpl-test",
      object: "chat.completion",
      created: 1,
      model: "gpt-test",
      choices: [{ index: 0, message, finish_reason: "stop" }],
    }));
    const client = new MultiServerMCPClient({ mcpServers: { calls: { transport: "stdio", ...SERVER } } });
    try {
      const tools = await client.getTools();
      const model = new ChatOpenAI({
        model: "gpt-test",
        apiKey: "test-key",
        configuration: { baseURL: `${openai.url}/v1` },
      });
      await model.bindTools(tools).invoke("hi");
      const sent = (openai.bodies[0]!.tools as { function: { name: string; parameters: Record<string, any> } }[]).find(
        (t) => t.function.name.endsWith("create_call"),
      )!;
      const { required, properties } = sent.function.parameters;
      expect(required).toEqual(["to", "agent_id"]);
      expect(properties.to).toMatchObject({ type: "string" });
      for (const name of ["contact_name", "dry_run"]) expect(properties[name], name).toEqual({});
      // Of an anyOf with an object branch it keeps the branch's type only: no null, no description.
      expect(properties.metadata).toEqual({ type: "object" });
    } finally {
      await client.close();
      await openai.close();
    }
  });
});

describe("Mastra (@mastra/mcp)", () => {
  it("sends a call that leaves the optional arguments out, one with nulls, and the service's metadata object; refuses pairs", async () => {
    const { MCPClient } = await import("@mastra/mcp");
    const mastra = new MCPClient({ id: "outbound-calls-interop", servers: { calls: SERVER } });
    try {
      const tools = await mastra.listTools();
      const createCall = tools.calls_create_call!;
      const run = async (args: Record<string, unknown>) => text(await createCall.execute!(args as never, {} as never));
      const a = callerArguments(await tools.calls_list_agents!.execute!({} as never, {} as never));
      for (const args of [a.leftOut, a.strictNulls])
        expect(await run(args), JSON.stringify(args)).toMatch(/"call":\{"id":"call_/);
      expect(await run(a.object)).toContain(PLACED_WITH_METADATA);
      // Mastra holds the caller to the published schema: the pairs never reach the server (which would take them).
      const refused = await run(a.pairs);
      expect(refused).toContain("Tool input validation failed");
      expect(refused).toMatch(/metadata: must be object/);
    } finally {
      await mastra.disconnect();
    }
  });
});
