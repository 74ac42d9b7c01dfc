/**
 * An optional tool argument. Models in strict function-calling mode (OpenAI's
 * strict tools, and the frameworks that convert MCP schemas for it) must send
 * every property and send `null` for the ones they do not use; other callers
 * leave an unused argument out. So for every optional argument of every tool,
 * `null` means "not given", exactly like an absent key: the handler sees
 * `undefined`, and nothing of it is forwarded.
 *
 * Published as `anyOf: [<schema with its description>, {"type": "null"}]`, and
 * left out of `required` (it is optional). Every converter takes that form
 * (test/e2e/interop/converters.test.ts runs the real ones):
 * - the OpenAI Agents SDK's strict conversion adds every property to `required`
 *   and keeps the null branch, so a strict-mode model sends null;
 * - LangChain and Mastra check arguments against the published schema before
 *   sending: an argument listed in `required` there would be refused when a
 *   caller leaves it out;
 * - @google/genai's OpenAPI-subset conversion turns a two-branch anyOf with null
 *   into `nullable: true` plus that branch, description included (a description
 *   beside the anyOf would be lost there);
 * - the Inspector's `--strict` lint accepts anyOf, but warns on the
 *   `["boolean", "null"]` type array zod writes when both branches are a bare
 *   type; the description inside the branch keeps it an anyOf.
 * So the description is an argument here, not a `.describe()` after it.
 */
import * as z from "zod";

/**
 * An object of tool arguments: closed (`additionalProperties: false`: every
 * argument known, nothing else accepted); `required` lists the arguments that
 * are, optional() ones accept null or absence.
 */
export function closedObject<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape);
}

export function optional<T extends z.ZodType>(schema: T, description: string) {
  return schema
    .describe(description)
    .nullable()
    .transform((value): z.output<T> | undefined => value ?? undefined)
    .optional();
}
