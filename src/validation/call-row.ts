/**
 * The argument rules of docs/service-contract.md ("Checked before any request"), as zod schemas (what
 * the model sees in tools/list) plus the checks a schema cannot express well
 * (phone policy, trimmed names). Nothing here does I/O.
 */
import * as z from "zod";
import { agentIdSchema } from "./ids.js";
import { closedObject, optional } from "./optional.js";
import { parsePhone, type PhonePolicy, type ParsedPhone } from "../phone/parse.js";
import type { RowProblem } from "./errors.js";
import { INVISIBLE_CHAR, oneLine } from "../text/clean.js";

const METADATA_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
// C0/C1 controls (with NEL), the line and paragraph separators (U+2028, U+2029: a client may break the line there,
// which would let a name forge a line of the dialog a person reads), and the invisible/bidi characters that can
// disguise a name (every default-ignorable code point, as the cleaning of service text drops them).
const LINE_OR_CONTROL = /[\u0000-\u001F\u2028\u2029]/;
const hasControl = (s: string) => LINE_OR_CONTROL.test(s) || INVISIBLE_CHAR.test(s);
const MAX_METADATA_BYTES = 8 * 1024;

const nameSchema = (what: string) =>
  z
    .string()
    .max(200, `${what} must be at most 200 characters`)
    .refine((s) => s.trim().length > 0, `${what} must not be empty`)
    .refine((s) => !hasControl(s), `${what} must not contain control or invisible characters`);

/**
 * `metadata` is published as the service documents it: an object of text values
 * (`{"service_type": "renewal"}`), so that clients which check arguments against
 * the published schema before sending (Gemini CLI, Mastra) let the service's own
 * example through. A list of {key, value} pairs, the form this server published
 * before, is still accepted. Both forms become the one flat object the service
 * receives, checked by the same rules: keys 1-64 of [A-Za-z0-9_.-], each once,
 * at most 50, values text up to 1,000 characters, number, boolean or null, at
 * most 8 KB as JSON.
 *
 * An open object cannot be written in OpenAI's strict function calling: the
 * OpenAI Agents SDK's strict conversion falls back to a non-strict tool for
 * create_call and submit_batch, with a logged warning, and Gemini's older
 * OpenAPI-subset `parameters` path drops `additionalProperties` (docs/clients.md
 * "Agent frameworks"; test/e2e/interop/converters.test.ts).
 */
// A metadata text value is shown to the approving person as JSON writes it (\n and \t escaped, so visible): an
// invisible character there would be sent without being seen, and a separator could start a line of the dialog.
const metadataTextSchema = z
  .string()
  .max(1_000, "metadata text values are at most 1,000 characters")
  .refine(
    (s) => !INVISIBLE_CHAR.test(s) && !/[\u2028\u2029]/.test(s),
    "metadata text values must not contain invisible characters or line separators other than \\n and \\t",
  );

const metadataKeySchema = z
  .string()
  .regex(METADATA_KEY, "metadata keys are 1-64 characters of letters, digits, '_', '.' or '-'");
const metadataValueSchema = z.union([metadataTextSchema, z.number(), z.boolean(), z.null()], {
  error: "metadata values are text, a number, a boolean or null (metadata is flat)",
});
type Metadata = Record<string, string | number | boolean | null>;
const MAX_METADATA_KEYS = 50;
const TOO_MANY_KEYS = "metadata has at most 50 keys";

const metadataPairSchema = z.strictObject({
  key: metadataKeySchema.describe("1-64 letters, digits, '_', '.' or '-'"),
  value: metadataValueSchema.describe("Text (up to 1,000 characters), number, boolean or null"),
});

/** The published form: a list of pairs, each key once. */
const metadataPairsSchema = z
  .array(metadataPairSchema)
  .max(MAX_METADATA_KEYS, TOO_MANY_KEYS)
  .superRefine((pairs, ctx) => {
    const seen = new Map<string, number>();
    pairs.forEach(({ key }, index) => {
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else
        ctx.addIssue({
          code: "custom",
          path: [index, "key"],
          message: `metadata key ${JSON.stringify(key)} is given twice (also at ${first}); each key once`,
        });
    });
  })
  // Object.fromEntries defines own properties, so a key such as "__proto__" stays a key and is sent as one.
  .transform((pairs): Metadata => Object.fromEntries(pairs.map(({ key, value }) => [key, value])))
  .refine(
    (m) => Buffer.byteLength(JSON.stringify(m), "utf8") <= MAX_METADATA_BYTES,
    "metadata is at most 8 KB as JSON",
  );

const ONE_PAIR_WITHOUT_LIST =
  'metadata {"key": …, "value": …} reads as one {key, value} pair outside its list: write the object itself, {"service_type": "renewal"}; ' +
  'to send keys named "key" and "value", write them as pairs, [{"key": "key", "value": …}, {"key": "value", "value": …}]';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * The object form, checked key by key with the pairs' own schemas (so that a refusal names the key,
 * `at metadata.service_type`, and says the same as for a pair), then handed on as the pairs it stands for.
 */
function objectFormToPairs(value: unknown, ctx: z.RefinementCtx): unknown {
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value);
  // One pair without its list reads as an object of two keys, `key` and `value`: the service would receive
  // {"key": "service_type", "value": "renewal"}, not {"service_type": "renewal"}. Refused: the list form sends those two keys if meant.
  if (entries.length === 2 && Object.hasOwn(value, "key") && Object.hasOwn(value, "value")) {
    ctx.addIssue({ code: "custom", message: ONE_PAIR_WITHOUT_LIST });
    return [];
  }
  // Too many keys is the answer, as for the list (its max() stops there): checking each of 100,000 keys would hold the
  // event loop for seconds and answer with a page of complaints about keys that cannot be sent anyway.
  if (entries.length > MAX_METADATA_KEYS) {
    ctx.addIssue({ code: "custom", message: TOO_MANY_KEYS });
    return [];
  }
  for (const [key, item] of entries) {
    const keyProblem = metadataKeySchema.safeParse(key).error?.issues[0];
    // A refused key is quoted on one line, capped, in the message, never a path segment of its own: it can be anything.
    if (keyProblem)
      ctx.addIssue({ code: "custom", message: `${keyProblem.message} (not ${JSON.stringify(oneLine(key, 40))})` });
    const valueProblem = metadataValueSchema.safeParse(item).error?.issues[0];
    if (valueProblem) ctx.addIssue({ code: "custom", path: keyProblem ? [] : [key], message: valueProblem.message });
  }
  return entries.map(([key, item]) => ({ key, value: item }));
}

/** What tools/list says of `metadata`: the service's object (the input side of the preprocess would be the list). */
const PUBLISHED_METADATA = {
  type: "object",
  additionalProperties: { type: "string", maxLength: 1_000 },
  maxProperties: MAX_METADATA_KEYS,
  // The list's keywords, which zod writes for the schema after the preprocess.
  items: undefined,
  maxItems: undefined,
};

/** `metadata` in either form, published as the object. */
export const metadataSchema = z.preprocess(objectFormToPairs, metadataPairsSchema).meta(PUBLISHED_METADATA);

// The pairs are not named here: a client that checks arguments against the published schema would refuse them.
const METADATA_DESCRIPTION =
  'Data attached to the call, an object of text values, e.g. {"service_type": "appointment_reminder"}; the service receives it as it is. ' +
  "Keys 1-64 letters, digits, '_', '.' or '-', at most 50 keys, values up to 1,000 characters, 8 KB in all.";

/** The fields of one call, shared by create_call and each row of submit_batch. */
export const callFields = {
  to: z
    .string()
    .max(200)
    .describe(
      "Destination in E.164 international format: + then country code and number, e.g. +14155550123. Spaces, dashes, dots and parentheses are allowed.",
    ),
  agent_id: agentIdSchema.describe("Id of the agent that makes the call; one of the ids list_agents returns."),
  contact_name: optional(nameSchema("contact_name"), "Name of the person being called (1-200 characters)."),
  company_name: optional(nameSchema("company_name"), "Company of the person being called (1-200 characters)."),
  metadata: optional(metadataSchema, METADATA_DESCRIPTION),
};

export const callRowSchema = closedObject(callFields);
/** A row as the schema outputs it: null arguments are undefined, metadata is one flat object. */
export type CallRowInput = z.output<typeof callRowSchema>;

/** A row after local validation: exactly what is sent upstream, plus what people read. */
export interface NormalizedCall {
  to: string;
  agent_id: string;
  contact_name?: string;
  company_name?: string;
  metadata?: Record<string, string | number | boolean | null>;
}

export interface CheckedRow {
  request: NormalizedCall;
  phone: ParsedPhone;
}

/** Checks what the schema cannot: the phone number's policy. Names are trimmed. */
export function checkRow(
  row: CallRowInput,
  policy: PhonePolicy,
): { row?: CheckedRow; problems: Omit<RowProblem, "index">[] } {
  const phone = parsePhone(row.to, policy);
  if (!phone.ok)
    return {
      problems: [{ field: "to", reason: `${JSON.stringify(truncate(row.to))} ${phone.reason}`, rule: phone.rule }],
    };
  const request: NormalizedCall = { to: phone.e164, agent_id: row.agent_id };
  if (row.contact_name !== undefined) request.contact_name = row.contact_name.trim();
  if (row.company_name !== undefined) request.company_name = row.company_name.trim();
  if (row.metadata !== undefined) request.metadata = row.metadata;
  return { row: { request, phone }, problems: [] };
}

function truncate(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
