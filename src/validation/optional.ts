/**
 * An optional tool argument. Models in strict function-calling mode (OpenAI's
 * strict tools, and the frameworks that convert MCP schemas for it) must send
 * every property and send `null` for the ones they do not use; so for every
 * optional argument of every tool, `null` means "not given", exactly like an
 * absent key: the handler sees `undefined`, and nothing of it is forwarded.
 *
 * Published as `anyOf: [<schema with its description>, {"type": "null"}]`, and
 * not in `required` (test/interop/converters.test.ts runs the real converters):
 * - the OpenAI Agents SDK's strict conversion reads an optional property that
 *   already allows null, and sends what we accept;
 * - @google/genai's OpenAPI-subset conversion turns a two-branch anyOf with null
 *   into `nullable: true` plus that branch, description included (a description
 *   beside the anyOf would be lost there);
 * - the Inspector's `--strict` lint accepts anyOf, but warns on the
 *   `["boolean", "null"]` type array zod writes when both branches are a bare
 *   type; the description inside the branch keeps it an anyOf.
 * So the description is an argument here, not a `.describe()` after it.
 */
import { z } from "zod";

export function optional<T extends z.ZodType>(schema: T, description: string) {
  return schema
    .describe(description)
    .nullable()
    .transform((value): z.output<T> | undefined => value ?? undefined)
    .optional();
}
