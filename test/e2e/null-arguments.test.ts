/**
 * Models in strict function-calling mode send every property and `null` for the
 * arguments they do not use; other callers leave them out. The schemas are
 * published for both (`required` lists only the arguments that are, an
 * optional one accepts null: test/e2e/interop/ shows the strict converters add
 * the rest themselves, and LangChain and Mastra hold callers to it), and for every
 * optional argument of every tool (read from tools/list, so an argument added
 * later is covered too) `null` means "not given", like leaving it out: the call
 * is accepted and nothing of it reaches the service. Built server over stdio,
 * recording upstream on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { defaultHandler, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import {
  CANARY_KEY,
  GUARDS_OFF_FOR_FAULT_TESTS,
  startServer,
  textOf,
  type StartedServer,
} from "../helpers/server-process.js";

let upstream: FakeUpstream;
let server: StartedServer;
let tools: Tool[];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await startServer({
    env: {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      ...GUARDS_OFF_FOR_FAULT_TESTS,
    },
  });
  tools = (await server.client.listTools()).tools;
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
  upstream.handle(defaultHandler);
});

/** The smallest valid arguments of each tool. */
const MINIMAL: Record<string, Record<string, unknown>> = {
  list_agents: {},
  list_calls: {},
  create_call: { to: "+14155552671", agent_id: "agt_1" },
  get_call: { call_id: "call_1" },
  submit_batch: { calls: [{ to: "+14155552671", agent_id: "agt_1" }] },
  add_do_not_call: { number: "+14155550177", heard: "stop calling me" },
};

type Schema = {
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  type?: string;
  items?: Schema;
};

/** The optional arguments: those whose schema accepts null. */
const optionalNames = (schema: Schema) =>
  Object.entries(schema.properties ?? {})
    .filter(([, s]) => (s.anyOf ?? []).some((b) => b.type === "null"))
    .map(([k]) => k);

/** Every nested object of call rows (submit_batch's `calls` items) too. */
function rowSchema(tool: Tool): Schema | undefined {
  return (tool.inputSchema.properties as Record<string, Schema> | undefined)?.calls?.items;
}

describe("null for an optional argument", () => {
  it("is published with only the required arguments in `required`, the optional ones accepting null (anyOf with a null branch)", () => {
    const published: Record<string, string[]> = {};
    for (const tool of tools) {
      for (const [where, schema] of [
        [tool.name, tool.inputSchema as Schema],
        [`${tool.name}.calls[]`, rowSchema(tool)],
      ] as const) {
        if (!schema) continue;
        published[where] = optionalNames(schema);
        const requiredOnes = Object.keys(schema.properties ?? {}).filter((k) => !published[where]!.includes(k));
        expect(schema.required ?? [], where).toEqual(requiredOnes);
      }
    }
    expect(published).toEqual({
      list_agents: [],
      list_calls: ["status", "agent_id", "campaign_id", "date_from", "date_to", "page", "limit"],
      create_call: ["contact_name", "company_name", "metadata", "dry_run", "confirmation_token", "repeat_dial"],
      get_call: ["wait_seconds"],
      submit_batch: ["allow_duplicates", "dry_run", "confirmation_token", "repeat_dial"],
      "submit_batch.calls[]": ["contact_name", "company_name", "metadata"],
      add_do_not_call: ["call_id"],
    });
  });

  it("means not given, one argument at a time, for every tool: accepted, and the request is the one without it", async () => {
    let checked = 0;
    for (const tool of tools) {
      const minimal = MINIMAL[tool.name];
      if (!minimal) throw new Error(`no minimal arguments for ${tool.name}: add them here`);
      upstream.requests.length = 0;
      const plain = await server.call(tool.name, minimal);
      expect(plain.isError, `${tool.name}: ${textOf(plain)}`).toBeFalsy();
      // A dial first reads the number's earlier call that the server still follows for an opt-out (GET /calls/{id}):
      // whether one is followed depends on the previous variant, not on the argument under test.
      const seen = () =>
        upstream.requests
          .filter(
            (r) =>
              !(
                tool.annotations?.readOnlyHint === false &&
                r.method === "GET" &&
                /^\/api\/v1\/calls\/[^/]+$/.test(r.path)
              ),
          )
          .map((r) => [r.method, r.path, r.query, r.json]);
      const expected = seen();
      const variants: Record<string, unknown>[] = optionalNames(tool.inputSchema as Schema).map((name) => ({
        ...minimal,
        [name]: null,
      }));
      const row = rowSchema(tool);
      if (row) {
        const firstRow = (minimal.calls as Record<string, unknown>[])[0]!;
        variants.push(...optionalNames(row).map((name) => ({ ...minimal, calls: [{ ...firstRow, [name]: null }] })));
      }
      for (const args of variants) {
        upstream.requests.length = 0;
        const answer = await server.call(tool.name, args);
        expect(answer.isError, `${tool.name} ${JSON.stringify(args)}: ${textOf(answer)}`).toBeFalsy();
        expect(seen(), `${tool.name} ${JSON.stringify(args)}`).toEqual(expected);
        checked += 1;
      }
    }
    // list_calls 7, create_call 6, get_call 1, submit_batch 4 + 3 row fields, add_do_not_call 1.
    expect(checked).toBe(22);
  });

  it("all at once, as a strict-mode model sends them: no null reaches the service", async () => {
    await server.call("list_calls", {
      status: null,
      agent_id: null,
      campaign_id: null,
      date_from: null,
      date_to: null,
      page: null,
      limit: null,
    });
    await server.call("create_call", {
      to: "+14155552671",
      agent_id: "agt_1",
      contact_name: null,
      company_name: null,
      metadata: null,
      dry_run: null,
      confirmation_token: null,
      repeat_dial: null,
    });
    await server.call("get_call", { call_id: "call_1", wait_seconds: null });
    await server.call("submit_batch", {
      calls: [{ to: "+14155552671", agent_id: "agt_1", contact_name: null, company_name: null, metadata: null }],
      allow_duplicates: null,
      dry_run: null,
      confirmation_token: null,
      repeat_dial: null,
    });
    const sent = upstream.requests.map((r) => `${r.rawUrl} ${r.text}`).join("\n");
    expect(sent).not.toMatch(/null/);
    expect(upstream.requests.find((r) => r.path === "/api/v1/calls" && r.method === "GET")?.query).toEqual({
      limit: "20",
    });
    expect(upstream.requests.find((r) => r.method === "POST" && r.path === "/api/v1/calls")?.json).toEqual({
      to: "+14155552671",
      agent_id: "agt_1",
    });
  });

  it("is not a way around a required argument: null for `to` or `call_id` is refused", async () => {
    for (const [tool, args, field] of [
      ["create_call", { to: null, agent_id: "agt_1" }, "to"],
      ["get_call", { call_id: null }, "call_id"],
      ["submit_batch", { calls: null }, "calls"],
    ] as const) {
      const answer = await server.call(tool, args);
      expect(answer.isError, tool).toBe(true);
      expect(textOf(answer)).toContain(field);
    }
    expect(upstream.requests).toHaveLength(0);
  });
});
