/**
 * The tool surface cannot change unnoticed: tools/list (names, titles,
 * descriptions, schemas, annotations) is snapshotted; in CI a missing or
 * different snapshot fails. docs/tools.md documents every tool with its
 * annotations, and the README's tools table lists every tool with its side effects.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { CANARY_KEY, ROOT, startServer, type StartedServer } from "../helpers/server-process.js";

let upstream: FakeUpstream;
let server: StartedServer;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await startServer({ env: { OUTBOUND_CALLS_API_KEY: CANARY_KEY, OUTBOUND_CALLS_BASE_URL: upstream.url } });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

it("lists exactly the six tools, in order", async () => {
  const { tools } = await server.client.listTools();
  expect(tools.map((t) => t.name)).toEqual(["list_agents", "list_calls", "create_call", "get_call", "submit_batch", "add_do_not_call"]);
});

it("matches the tools/list snapshot", async () => {
  const { tools } = await server.client.listTools();
  await expect(JSON.stringify(tools, null, 2) + "\n").toMatchFileSnapshot("__snapshots__/tools-list.json");
});

it("sets a title, an output schema, strict input and all four annotation hints on every tool", async () => {
  const { tools } = await server.client.listTools();
  for (const tool of tools) {
    expect(tool.title, tool.name).toBeTruthy();
    expect(tool.outputSchema, tool.name).toBeTruthy();
    expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    const a = tool.annotations ?? {};
    for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
      expect(typeof a[hint], `${tool.name}.${hint}`).toBe("boolean");
    }
    const writes = tool.name === "create_call" || tool.name === "submit_batch";
    // add_do_not_call writes our opt-out list (never the service): not read-only, and it places no call.
    expect(a.readOnlyHint, tool.name).toBe(!writes && tool.name !== "add_do_not_call");
    if (writes) {
      expect(tool.description).toMatch(/real phone call/);
      // Each write tool states the number format in its own words (create_call in full, submit_batch per row).
      const format = { create_call: "`to` must be E.164 (+ and country code, e.g. +14155550123)", submit_batch: "`to` in E.164, e.g. +14155550123" };
      expect(tool.description).toContain(format[tool.name as keyof typeof format]);
    }
  }
});

it("documents every tool in docs/tools.md, with the annotations the server declares", async () => {
  const doc = readFileSync(`${ROOT}/docs/tools.md`, "utf8");
  const { tools } = await server.client.listTools();
  for (const tool of tools) {
    expect(doc, tool.name).toContain(`### \`${tool.name}\``);
    // | `name` | service call | readOnly | destructive | idempotent | openWorld |
    const row = new RegExp(`^\\| \`${tool.name}\` \\| [^|]+ \\| (true|false) \\| (true|false) \\| (true|false) \\| (true|false) \\|$`, "m").exec(doc);
    expect(row, `${tool.name}: a row in the annotations table`).not.toBeNull();
    const a = tool.annotations ?? {};
    expect(row!.slice(1).map((v) => v === "true"), tool.name).toEqual([a.readOnlyHint, a.destructiveHint, a.idempotentHint, a.openWorldHint]);
  }
});

it("lists every tool in the README's tools table, in order, saying which ones place real calls", async () => {
  const readme = readFileSync(`${ROOT}/README.md`, "utf8");
  const section = readme.slice(readme.indexOf("\n## Tools\n"), readme.indexOf("\n## ", readme.indexOf("\n## Tools\n") + 1));
  const rows = [...section.matchAll(/^\| `([a-z_]+)` \| ([^|]+) \| ([^|]+) \|$/gm)];
  const { tools } = await server.client.listTools();
  expect(rows.map((r) => r[1])).toEqual(tools.map((t) => t.name));
  for (const [i, tool] of tools.entries()) {
    const sideEffects = rows[i]![3]!;
    if (tool.annotations?.readOnlyHint) expect(sideEffects, tool.name).toMatch(/^None: reads/);
    else if (tool.name === "add_do_not_call") expect(sideEffects, tool.name).toMatch(/^Places no call/);
    else expect(sideEffects, tool.name).toMatch(/Places a real phone call/);
  }
});
