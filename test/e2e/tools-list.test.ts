/**
 * The tool surface cannot change unnoticed: tools/list (names, titles,
 * descriptions, schemas, annotations) is snapshotted; in CI a missing or
 * different snapshot fails. docs/tools.md has a section for every tool; its
 * annotations table, the README's tools table and manifest.json's tools are
 * generated from the definitions (test/docs/generated.test.ts).
 *
 * Gemini CLI and Mastra check a tool's arguments against its published input
 * schema before sending them (with ajv, or a converter of it): the service's own
 * example of a create request must pass that check, or the server never sees it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
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
  expect(tools.map((t) => t.name)).toEqual([
    "list_agents",
    "list_calls",
    "create_call",
    "get_call",
    "submit_batch",
    "add_do_not_call",
  ]);
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
      const format = {
        create_call: "`to` must be E.164 (+ and country code, e.g. +14155550123)",
        submit_batch: "`to` in E.164, e.g. +14155550123",
      };
      expect(tool.description).toContain(format[tool.name as keyof typeof format]);
    }
  }
});

it("has a section for every tool in docs/tools.md", async () => {
  const doc = readFileSync(`${ROOT}/docs/tools.md`, "utf8");
  const { tools } = await server.client.listTools();
  for (const tool of tools) expect(doc, tool.name).toContain(`### \`${tool.name}\``);
});

/** The create request of the service's documentation: `metadata` an object with a text value. */
const SERVICE_EXAMPLE = { to: "+14155550123", agent_id: "agt_1", metadata: { service_type: "renewal" } };

it("takes the service's example of a create request, metadata an object, as a client that validates before sending checks it", async () => {
  const { Ajv } = await import("ajv");
  // ajv-formats is CommonJS; its default export is the function.
  const addFormats = createRequire(import.meta.url)("ajv-formats") as (ajv: InstanceType<typeof Ajv>) => unknown;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const { tools } = await server.client.listTools();
  const schemaOf = (name: string) => tools.find((t) => t.name === name)!.inputSchema;
  const check = (name: string, args: unknown) => {
    const validate = ajv.compile(schemaOf(name));
    return validate(args) ? "valid" : ajv.errorsText(validate.errors);
  };
  expect(check("create_call", SERVICE_EXAMPLE)).toBe("valid");
  expect(check("submit_batch", { calls: [SERVICE_EXAMPLE, { ...SERVICE_EXAMPLE, to: "+14155550124" }] })).toBe("valid");
  // A strict-mode model's nulls pass too, and a nested object in metadata is refused before it is sent.
  expect(check("create_call", { ...SERVICE_EXAMPLE, metadata: null, contact_name: null })).toBe("valid");
  expect(check("create_call", { ...SERVICE_EXAMPLE, metadata: { service_type: { kind: "renewal" } } })).toMatch(
    /metadata/,
  );
});
