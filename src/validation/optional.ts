/**
 * An optional tool argument. Models in strict function-calling mode (OpenAI's
 * strict tools, and the frameworks that convert MCP schemas for it) must send
 * every property and send `null` for the ones they do not use; so for every
 * optional argument of every tool, `null` means "not given", exactly like an
 * absent key: the handler sees `undefined`, and nothing of it is forwarded.
 *
 * Published as `anyOf: [<schema with its description>, {"type": "null"}]` and
 * listed in `required` of a closedObject(): OpenAI's strict form exactly, which
 * every converter takes (test/e2e/interop/converters.test.ts runs the real ones):
 * - OpenAI strict mode requires every property in `required`; LangChain's
 *   strict binding passes schemas to it unchanged, and the OpenAI Agents SDK's
 *   conversion finds nothing to change;
 * - @google/genai's OpenAPI-subset conversion turns a two-branch anyOf with null
 *   into `nullable: true` plus that branch, description included (a description
 *   beside the anyOf would be lost there);
 * - the Inspector's `--strict` lint accepts anyOf, but warns on the
 *   `["boolean", "null"]` type array zod writes when both branches are a bare
 *   type; the description inside the branch keeps it an anyOf.
 * So the description is an argument here, not a `.describe()` after it.
 */
import { z } from "zod";

/**
 * An object of tool arguments: closed (`additionalProperties: false`) and, as
 * published, every property in `required`. The server still accepts an optional
 * argument left out: "required" here means "send it, null if unused", the form
 * strict function calling demands; an argument is optional when its schema
 * accepts null (optional() above).
 */
export function closedObject<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape).meta(publishedObject(shape));
}

/** The keywords a closed object of arguments publishes beyond zod's: every property required (none: no list). */
export function publishedObject(shape: z.ZodRawShape): { required?: string[] } {
  const keys = Object.keys(shape);
  return keys.length > 0 ? { required: keys } : {};
}

export function optional<T extends z.ZodType>(schema: T, description: string) {
  return schema
    .describe(description)
    .nullable()
    .transform((value): z.output<T> | undefined => value ?? undefined)
    .optional();
}
