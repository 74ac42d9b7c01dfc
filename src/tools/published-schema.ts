/**
 * How a tool's schemas are published in tools/list, beyond what zod writes, so
 * that every client's converter takes them as they are (docs/clients.md "Agent
 * frameworks"; test/e2e/interop/converters.test.ts):
 * - no `$schema` (Gemini's OpenAPI-subset path refuses it);
 * - no empty `properties` for a tool without arguments (Gemini refuses an OBJECT
 *   with no properties; the MCP spec writes such a tool as
 *   `{"type": "object", "additionalProperties": false}`);
 * - an object the service may extend says `additionalProperties: true`, not
 *   the `{}` zod writes (the Inspector's `--strict` flags a schema that
 *   constrains nothing).
 * zod copies `.meta()` onto the JSON Schema after its own keywords, and a key
 * set to undefined disappears when the schema is serialized.
 *
 * Left out as noise (publishedJsonSchema): the `minimum`/`maximum` zod writes on
 * every `.int()`, the safe-integer range (±9007199254740991): 50 bytes each,
 * nothing a model or a validator can use. Explicit bounds stay.
 */
import * as z from "zod";
import { closedObject } from "../validation/optional.js";

const NO_SCHEMA_URI = { $schema: undefined };

/** A tool's input or output schema as tools/list publishes it (draft-7, what the MCP SDK writes). */
export function publishedJsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const json: Record<string, unknown> = z.toJSONSchema(schema, { target: "draft-7", io });
  // Also for a schema made without toolInput/toolOutput (an openObject answer).
  delete json.$schema;
  dropSafeIntegerRange(json);
  return json;
}

/**
 * On the written schema, not in zod's `override`: there a nullable integer without bounds would be written as
 * `type: ["integer", "null"]`, which the Inspector's --strict lint flags; its anyOf form stays as it is.
 */
function dropSafeIntegerRange(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropSafeIntegerRange(item);
  } else if (typeof node === "object" && node !== null) {
    const schema = node as Record<string, unknown>;
    if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
    if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
    for (const value of Object.values(schema)) dropSafeIntegerRange(value);
  }
}

/**
 * A tool's arguments: a closed object (every argument known, nothing else
 * accepted); `required` lists only the arguments that are, the optional ones
 * accept null as well as absence (src/validation/optional.ts).
 */
export function toolInput<S extends z.ZodRawShape>(shape: S) {
  const empty = Object.keys(shape).length === 0;
  return closedObject(shape).meta({ ...NO_SCHEMA_URI, ...(empty ? { properties: undefined } : {}) });
}

/** A tool's answer (structuredContent). */
export function toolOutput<S extends z.ZodRawShape>(shape: S) {
  return z.object(shape).meta(NO_SCHEMA_URI);
}

/** An answer object that keeps the fields the service adds (call records, agents). */
export function openObject<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject(shape).meta({ additionalProperties: true });
}
