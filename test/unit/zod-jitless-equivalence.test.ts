/**
 * A stdio server parses the schemas it builds as it starts (the SDK's, the configuration's) with zod's interpreter, and
 * the tools' with their compiled fast paths (src/mcp/zod-mode.ts); --http compiles every one. The two ways must give
 * the same result for every message and argument, to the last key and message. Each tool's arguments (and answers, a
 * stored approval view, and the SDK's schemas of a client's messages) are parsed both ways here: hostile values in
 * every field, unknown, inherited and `__proto__` keys, null and undefined for optional ones. Compared: success, the
 * parsed value (own keys, also those holding undefined, and prototypes) and every issue.
 */
import * as z from "zod";
import { specTypeSchemas } from "@modelcontextprotocol/server";
import { afterEach, beforeEach, expect, it } from "vitest";
import { tools } from "../../src/tools/index.js";
import { storedViewSchema } from "../../src/approval/view-schema.js";

/** A value as far as a caller can tell it apart: own keys in order (symbols too), undefined values, prototypes. */
function described(value: unknown, seen = new Set<object>()): unknown {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : Number.isNaN(value) ? "NaN" : value;
  if (typeof value === "bigint" || typeof value === "symbol" || typeof value === "function")
    return `${typeof value}:${String(value)}`;
  if (value === undefined) return "undefined";
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value)) return "cycle";
  seen.add(value);
  const proto = Object.getPrototypeOf(value);
  const kind =
    proto === Object.prototype
      ? "object"
      : proto === null
        ? "null-prototype"
        : proto === Array.prototype
          ? "array"
          : `other:${proto?.constructor?.name}`;
  return [
    kind,
    Reflect.ownKeys(value).map((key) => [String(key), described((value as Record<PropertyKey, unknown>)[key], seen)]),
  ];
}

const outcome = (schema: z.ZodType, input: unknown, jitless: boolean) => {
  try {
    const result = schema.safeParse(input, { jitless });
    return described({ success: result.success, data: result.data, issues: result.error?.issues });
  } catch (error) {
    return `threw ${String(error)}`;
  }
};

// Counts zod's compiled fast paths (built with `new Function`), to know the fast path ran.
const RealFunction = globalThis.Function;
let compiled = 0;
beforeEach(() => {
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args, newTarget) {
      compiled += 1;
      return Reflect.construct(target, args, newTarget) as object;
    },
  });
});
afterEach(() => {
  globalThis.Function = RealFunction;
});

const E164 = "+14155550123";
const row = {
  to: E164,
  agent_id: "agent_1",
  contact_name: "Ada",
  company_name: "Acme",
  metadata: [{ key: "k", value: "v" }],
};
const writeOptions = { dry_run: true, confirmation_token: "1.abc", repeat_dial: false };
const valid: Record<string, Record<string, unknown>> = {
  list_agents: {},
  list_calls: {
    status: "completed",
    agent_id: "agent_1",
    campaign_id: "c1",
    date_from: "2026-11-21",
    date_to: "2026-11-22",
    page: 1,
    limit: 5,
  },
  create_call: { ...row, ...writeOptions },
  get_call: { call_id: "call_1", wait_seconds: 0 },
  submit_batch: { calls: [row, { to: E164, agent_id: "agent_2" }], allow_duplicates: false, ...writeOptions },
  add_do_not_call: { number: E164, heard: "never again", call_id: "call_1" },
};
const answers: Record<string, Record<string, unknown>> = {
  list_agents: { agents: [{ id: "a", name: "A", extra: 1 }], count: 1 },
  list_calls: {
    calls: [{ id: "c", status: "completed", more: { x: 1 } }],
    count: 1,
    page: 1,
    limit: 5,
    next_page: null,
  },
  get_call: { call: { id: "c", status: "completed" }, final: true },
};
const view = {
  via: "page",
  tool: "create_call",
  rows: [
    {
      e164: E164,
      international: "+1 415-555-0123",
      country: "US",
      countryName: "United States",
      agentId: "a",
      metadata: { k: "v", n: 1 },
    },
  ],
  countries: [{ code: "US", name: "United States", count: 1 }],
  agents: [{ id: "a" }],
};

const proto = (text: string) => JSON.parse(text) as Record<string, unknown>; // JSON.parse makes "__proto__" an own key
const hostileValues: unknown[] = [
  undefined,
  null,
  "",
  " ",
  "\u2028",
  "\u0000",
  "a".repeat(300),
  0,
  -0,
  Number.NaN,
  Infinity,
  -1,
  1.5,
  1e21,
  true,
  false,
  [],
  [null],
  {},
  proto('{"__proto__": {"polluted": true}}'),
  Object.create(null),
  Object.create({ inherited: 1 }),
  [{ key: "__proto__", value: 1 }],
  proto('{"__proto__": 1, "constructor": {"prototype": {"polluted": true}}}'),
  { key: "k", value: "v" },
  { toString: "x", valueOf: 1 },
];
/** Objects built from `base`: each field set to each hostile value, each field left out, and keys that are not fields. */
function hostileObjects(base: Record<string, unknown>): unknown[] {
  const fields = Object.keys(base);
  return [
    base,
    undefined,
    null,
    [],
    "x",
    0,
    true,
    Object.create(null),
    Object.create(base),
    Object.assign(Object.create({ extra: 1 }), base),
    ...fields.flatMap((field) => hostileValues.map((value) => ({ ...base, [field]: value }))),
    ...fields.map((field) => Object.fromEntries(Object.entries(base).filter(([key]) => key !== field))),
    ...fields.map((field) =>
      Object.assign(
        Object.create({ [field]: base[field] }),
        Object.fromEntries(Object.entries(base).filter(([key]) => key !== field)),
      ),
    ),
    ...["extra", "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", ""].map((key) => ({
      ...proto(`{${JSON.stringify(key)}: {"polluted": true}}`),
      ...base,
    })),
    Object.assign(proto('{"__proto__": {"polluted": true}}'), base),
    { ...base, [Symbol("s")]: 1 },
    Object.fromEntries(fields.map((field) => [field, null])),
    Object.fromEntries(fields.map((field) => [field, undefined])),
  ];
}
const metadataForms: unknown[] = [
  proto('{"__proto__": "x", "a": 1}'),
  proto('{"constructor": "x"}'),
  { key: "k", value: "v" },
  Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])),
  [
    { key: "k", value: 1 },
    { key: "k", value: 2 },
  ],
  [{ key: "k", value: { nested: 1 } }],
  [{ key: "k", value: "v", extra: 1 }],
  [{ key: "k" }],
  { "bad key": 1, ok: [1] },
];

it("every tool's arguments, answers and a stored approval view parse the same with zod's interpreter as with its compiled fast paths", () => {
  expect(z.config().jitless).not.toBe(true);
  const cases: Array<[string, z.ZodType, unknown]> = [];
  for (const tool of tools) {
    const base = valid[tool.name];
    if (!base) throw new Error(`no valid arguments written here for ${tool.name}`);
    for (const input of hostileObjects(base)) cases.push([`${tool.name} arguments`, tool.inputSchema, input]);
    const answer = answers[tool.name];
    if (answer)
      for (const input of hostileObjects(answer)) cases.push([`${tool.name} answer`, tool.outputSchema, input]);
  }
  const createCall = tools.find((tool) => tool.name === "create_call")!;
  const submitBatch = tools.find((tool) => tool.name === "submit_batch")!;
  for (const metadata of metadataForms) {
    cases.push(["create_call metadata", createCall.inputSchema, { ...valid.create_call, metadata }]);
    cases.push(["submit_batch row", submitBatch.inputSchema, { calls: [{ ...row, metadata }] }]);
  }
  for (const field of Object.keys(row))
    for (const value of hostileValues)
      cases.push(["submit_batch row", submitBatch.inputSchema, { calls: [{ ...row, [field]: value }] }]);
  for (const input of hostileObjects(view)) cases.push(["stored view", storedViewSchema(), input]);
  for (const input of hostileObjects(view.rows[0]!))
    cases.push(["stored view row", storedViewSchema(), { ...view, rows: [input] }]);

  const accepted = compareAll(cases);
  // Both kinds of outcome were compared, not only refusals.
  expect(accepted).toBeGreaterThan(50);
  expect(cases.length - accepted).toBeGreaterThan(500);
});

it("the SDK's schemas of what a client sends parse every hostile message the same both ways", () => {
  const messages: Record<string, unknown>[] = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: { elicitation: {} },
        clientInfo: { name: "c", version: "1" },
      },
    },
    {
      jsonrpc: "2.0",
      id: "a",
      method: "tools/call",
      params: {
        name: "create_call",
        arguments: { to: E164 },
        _meta: { progressToken: 1, "io.modelcontextprotocol/protocolVersion": "2026-07-28" },
      },
    },
    { jsonrpc: "2.0", id: 2, method: "tools/list", params: { cursor: "x" } },
    { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "x" } },
    { jsonrpc: "2.0", id: 1, result: { action: "accept", content: { approve: true } } },
    { jsonrpc: "2.0", id: 1, error: { code: -32600, message: "x", data: { a: 1 } } },
  ];
  const inputs = messages.flatMap((message) => [
    ...hostileObjects(message),
    ...(typeof message.params === "object"
      ? hostileObjects(message.params as Record<string, unknown>).map((params) => ({ ...message, params }))
      : []),
  ]);
  const names = [
    "JSONRPCMessage",
    "JSONRPCRequest",
    "JSONRPCNotification",
    "JSONRPCResponse",
    "ClientRequest",
    "ClientNotification",
    "ClientResult",
    "InitializeRequest",
    "CallToolRequest",
    "ListToolsRequest",
    "CancelledNotification",
    "ElicitResult",
    "DiscoverRequest",
  ] as const;
  const cases: Array<[string, z.ZodType, unknown]> = [];
  for (const name of names) {
    const schema = (specTypeSchemas as unknown as Record<string, z.ZodType | undefined>)[name];
    if (!schema) throw new Error(`the SDK has no ${name} schema`);
    for (const input of inputs) cases.push([name, schema, input]);
    cases.push([`${name} result`, schema, (messages[4] as { result: unknown }).result]);
  }
  const accepted = compareAll(cases);
  expect(accepted).toBeGreaterThan(100);
  expect(cases.length - accepted).toBeGreaterThan(1_000);
});

/** Parses each case both ways and compares; returns how many were accepted. */
function compareAll(cases: Array<[string, z.ZodType, unknown]>): number {
  let accepted = 0;
  for (const [what, schema, input] of cases) {
    const interpreted = outcome(schema, input, true);
    // A fresh copy of the schema: its fast path is compiled on this parse, whatever parsed the shared one before.
    const before = compiled;
    const fast = outcome(schema.clone(), input, false);
    expect(fast, `${what}: ${JSON.stringify(described(input))}`).toEqual(interpreted);
    const objectInput = typeof input === "object" && input !== null && !Array.isArray(input);
    if (schema instanceof z.ZodObject && objectInput && compiled === before)
      throw new Error(`${what}: the fast path did not run`);
    if ((interpreted as [string, [string, unknown][]])[1]?.[0]?.[1] === true) accepted += 1;
  }
  return accepted;
}
