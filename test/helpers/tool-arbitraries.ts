/**
 * fast-check generators over every tool's arguments, and the checks a fuzz run
 * applies to each answer. Used by the stdio run (the built server, spawned) and
 * the in-process run (createServer over an in-memory transport).
 *
 * Three kinds of input:
 * - `invalid`: exactly one thing wrong, in a known field. The answer must be
 *   isError, name that field, and nothing may reach the service.
 * - `callIds`: adversarial and valid ids for get_call. A request is made only for
 *   an id matching ^[A-Za-z0-9_-]{1,128}$, and then to /api/v1/calls/{id} exactly.
 * - `anything`: arbitrary JSON under known and unknown keys. No crash, a
 *   well-formed answer, and every request that is made stays on the known paths.
 */
import fc from "fast-check";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { RecordedRequest } from "./fake-upstream.js";

export interface Input {
  tool: string;
  args: Record<string, unknown>;
}

export interface InvalidInput extends Input {
  /** The field the answer must name: "to", "page", "calls[2].metadata", or an unknown key. */
  field: string;
}

const AGENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const CALL_ID = /^[A-Za-z0-9_-]{1,128}$/;
const STATUS = /^[a-z_]{1,32}$/;

// ---- valid pieces -----------------------------------------------------------

const VALID_PHONES = [
  "+14155552671",
  "+1 (415) 555-2671",
  " +1 415.555.2672 ",
  "+442079460958",
  "+44 20 7946 0959",
  "+4930901820",
  "+33142685300",
  "+61293744000",
];
const validPhone = fc.constantFrom(...VALID_PHONES);
const validAgentId = fc.constantFrom("agt_1", "agt_2");
const validName = fc
  .string({ minLength: 1, maxLength: 40 })
  .filter(
    (s) => s.trim().length > 0 && !/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(s),
  );
/** metadata as the tools take it: {key, value} pairs, each key once (as published), or the flat object itself. */
const validPairs = fc.uniqueArray(
  fc.record({
    key: fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/),
    value: fc.oneof(fc.string({ maxLength: 50 }), fc.integer(), fc.boolean(), fc.constant(null)),
  }),
  { selector: (pair) => pair.key, maxLength: 5 },
);
// An object of exactly `key` and `value` is one pair without its list, refused (badMetadata).
const onePairShape = (pairs: { key: string }[]) =>
  pairs.length === 2 && pairs.some((p) => p.key === "key") && pairs.some((p) => p.key === "value");
const validMetadata = fc.oneof(
  validPairs,
  validPairs
    .filter((pairs) => !onePairShape(pairs))
    .map((pairs) => Object.fromEntries(pairs.map(({ key, value }) => [key, value]))),
);
/** An optional argument may be null: it means "not given" (strict-mode models send it). */
const orNull = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 });

const validRow = fc.record(
  {
    to: validPhone,
    agent_id: validAgentId,
    contact_name: orNull(validName),
    company_name: orNull(validName),
    metadata: orNull(validMetadata),
  },
  { requiredKeys: ["to", "agent_id"] },
);

// ---- invalid pieces ---------------------------------------------------------

// No null here: null is a valid "not given" for an optional argument; required ones add it themselves.
// No NaN or Infinity either: JSON (stdio) carries them as null.
const notAString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const notAnInt = fc.oneof(
  fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 5 }),
  fc.boolean(),
);
const orNullToo = (arb: fc.Arbitrary<unknown>) => fc.oneof(arb, fc.constant(null));

const badAgentId = fc.oneof(
  fc.string({ maxLength: 140 }).filter((s) => !AGENT_ID.test(s)),
  fc.constantFrom("", "agt 1", "../agents", "agt/1", "a".repeat(129), "agt_1\n", "ａｇｔ", "agt;drop"),
  notAString,
);
const badStatus = fc.oneof(
  fc.string({ maxLength: 40 }).filter((s) => !STATUS.test(s)),
  fc.constantFrom("Completed", "in-progress", "", "a".repeat(33)),
  notAString,
);
const badDate = fc.oneof(
  fc.string({ maxLength: 30 }).filter((s) => !/^\d{4}-\d{2}-\d{2}/.test(s)),
  fc.constantFrom(
    "21/11/2026",
    "2026-13-01",
    "2026-02-30T10:00:00Z",
    "2026-11-21T10:00:00",
    "2026-11-21 10:00",
    "yesterday",
    "",
  ),
  notAString,
);
// Certainly not a dialable number under the contract: no leading +, or one of the known refusals.
const badPhone = fc.oneof(
  fc.string({ maxLength: 60 }).filter((s) => !s.trim().startsWith("+")),
  fc.constantFrom(
    "+",
    "+abc",
    "++14155552671",
    "+1415555",
    "+14155552671 ext. 12",
    "+19005550123",
    "+979123456789",
    "call me at +14155552671",
    "+1 911",
    `+1${"5".repeat(70)}`,
    "4155552671",
  ),
  notAString,
  fc.constant(null),
);
const badName = fc.oneof(
  fc.constantFrom("", "   ", "\t", "x".repeat(201), "Dana\u202eevil", "Dana\u0000", "Dana\u200b"),
  notAString,
);
const badMetadata = fc.oneof(
  fc.constant([{ key: "nested", value: { a: 1 } }]),
  fc.constant([{ key: "bad key", value: "x" }]),
  fc.constant([{ key: "list", value: [1, 2] }]),
  fc.constant([{ key: "long", value: "x".repeat(1_001) }]),
  fc.constant(Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: i }))),
  fc.constant(Array.from({ length: 9 }, (_, i) => ({ key: `k${i}`, value: "y".repeat(990) }))),
  fc.constant([
    { key: "twice", value: 1 },
    { key: "twice", value: 2 },
  ]),
  fc.constant([{ key: "extra", value: 1, note: "x" }]),
  fc.constant({ nested: { a: 1 } }),
  fc.constant({ "bad key": "x" }),
  fc.constant({ key: "service_type", value: "x" }),
  fc.constant({ long: "x".repeat(1_001) }),
  fc.constant({ note: "re\u200Bminder" }),
  fc.constant(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))),
  fc.constant(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, "y".repeat(990)]))),
  fc.constantFrom("service_type=x", 5, [1], true),
);
const unknownKey = (known: string[]) =>
  fc.oneof(
    // Not __proto__: the SDK's `arguments` schema (a zod record) drops it before any tool sees it (tested apart).
    {
      arbitrary: fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.includes(k) && k !== "__proto__"),
      weight: 9,
    },
    { arbitrary: fc.constantFrom("constructor", "toString", "hasOwnProperty", "valueOf", "CALL_ID", "To"), weight: 1 },
  );

/** Replaces (or adds) one field of a valid object with a bad value. */
function withBad<T extends Record<string, unknown>>(base: fc.Arbitrary<T>, field: string, bad: fc.Arbitrary<unknown>) {
  return fc.tuple(base, bad).map(([b, v]) => ({ ...b, [field]: v }) as Record<string, unknown>);
}

// ---- per tool ---------------------------------------------------------------

const LIST_CALLS_KEYS = ["status", "agent_id", "campaign_id", "date_from", "date_to", "page", "limit"];
const validListCalls = fc.record(
  {
    status: orNull(fc.constantFrom("completed", "no_answer", "in_progress", "queued")),
    agent_id: orNull(validAgentId),
    campaign_id: orNull(fc.stringMatching(/^[A-Za-z0-9._:-]{1,20}$/)),
    date_from: orNull(fc.constantFrom("2026-11-01", "2026-11-01T00:00:00Z")),
    date_to: orNull(fc.constantFrom("2026-11-30", "2026-11-30T23:59:59+02:00")),
    page: orNull(fc.integer({ min: 1, max: 10_000 })),
    limit: orNull(fc.integer({ min: 1, max: 100 })),
  },
  { requiredKeys: [] },
);
const ROW_KEYS = ["to", "agent_id", "contact_name", "company_name", "metadata"];

export const invalid: Record<string, fc.Arbitrary<InvalidInput>> = {
  list_agents: unknownKey([]).chain((k) =>
    fc.jsonValue({ maxDepth: 1 }).map((v) => ({ tool: "list_agents", args: { [k]: v }, field: k })),
  ),

  list_calls: fc.oneof(
    ...(
      [
        ["status", badStatus],
        ["agent_id", badAgentId],
        ["campaign_id", badAgentId],
        ["date_from", badDate],
        ["date_to", badDate],
        ["page", fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 10_001 }), notAnInt)],
        ["limit", fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), notAnInt)],
      ] as Array<[string, fc.Arbitrary<unknown>]>
    ).map(([field, bad]) => withBad(validListCalls, field, bad).map((args) => ({ tool: "list_calls", args, field }))),
    fc
      .tuple(validListCalls, unknownKey(LIST_CALLS_KEYS), fc.jsonValue({ maxDepth: 1 }))
      .map(([args, k, v]) => ({ tool: "list_calls", args: { ...args, [k]: v }, field: k })),
    // Reversed dates: a check in the handler, after the schema.
    validListCalls.map((args) => ({
      tool: "list_calls",
      args: { ...args, date_from: "2026-12-01", date_to: "2026-11-01" },
      field: "date_from",
    })),
  ),

  get_call: fc.oneof(
    fc
      .oneof(
        fc.string({ maxLength: 140 }).filter((s) => !CALL_ID.test(s)),
        orNullToo(notAString),
      )
      .map((id) => ({ tool: "get_call", args: { call_id: id }, field: "call_id" })),
    fc.constant({ tool: "get_call", args: {}, field: "call_id" }),
    fc
      .tuple(fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), unknownKey(["call_id"]), fc.jsonValue({ maxDepth: 1 }))
      .map(([id, k, v]) => ({ tool: "get_call", args: { call_id: id, [k]: v }, field: k })),
  ),

  create_call: fc.oneof(
    ...(
      [
        ["to", badPhone],
        ["agent_id", orNullToo(badAgentId)],
        ["contact_name", badName],
        ["company_name", badName],
        ["metadata", badMetadata],
      ] as Array<[string, fc.Arbitrary<unknown>]>
    ).map(([field, bad]) => withBad(validRow, field, bad).map((args) => ({ tool: "create_call", args, field }))),
    validRow.map(({ to: _to, ...args }) => ({ tool: "create_call", args, field: "to" })),
    fc
      .tuple(validRow, unknownKey(ROW_KEYS), fc.jsonValue({ maxDepth: 1 }))
      .map(([args, k, v]) => ({ tool: "create_call", args: { ...args, [k]: v }, field: k })),
  ),

  submit_batch: fc.oneof(
    // One bad field in one row of an otherwise valid batch (numbers made distinct by the row index).
    fc
      .tuple(
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        fc.constantFrom(
          ...([
            ["to", badPhone],
            ["agent_id", orNullToo(badAgentId)],
            ["contact_name", badName],
            ["company_name", badName],
            ["metadata", badMetadata],
          ] as Array<[string, fc.Arbitrary<unknown>]>),
        ),
      )
      .chain(([n, pick, [field, bad]]) =>
        bad.map((value) => {
          const index = pick % n;
          const calls: Record<string, unknown>[] = Array.from({ length: n }, (_, i) => ({
            to: `+1415555${String(2600 + i)}`,
            agent_id: "agt_1",
          }));
          calls[index] = { ...calls[index], [field]: value };
          return { tool: "submit_batch", args: { calls }, field: `calls[${index}].${field}` };
        }),
      ),
    // The same number twice without allow_duplicates: the second one is named.
    fc.integer({ min: 0, max: 5 }).map((i) => ({
      tool: "submit_batch",
      args: {
        calls: [
          ...Array.from({ length: i }, (_, k) => ({ to: `+1415555${2700 + k}`, agent_id: "agt_1" })),
          { to: "+14155552671", agent_id: "agt_1" },
          { to: "+1 415 555 2671", agent_id: "agt_2" },
        ],
      },
      field: `calls[${i + 1}].to`,
    })),
    fc.constantFrom<InvalidInput>(
      { tool: "submit_batch", args: { calls: [] }, field: "calls" },
      { tool: "submit_batch", args: { calls: "+14155552671" }, field: "calls" },
      { tool: "submit_batch", args: {}, field: "calls" },
      {
        tool: "submit_batch",
        args: { calls: [{ to: "+14155552671", agent_id: "agt_1" }], allow_duplicates: "yes" },
        field: "allow_duplicates",
      },
    ),
    fc.tuple(unknownKey(["calls", "allow_duplicates"]), fc.jsonValue({ maxDepth: 1 })).map(([k, v]) => ({
      tool: "submit_batch",
      args: { calls: [{ to: "+14155552671", agent_id: "agt_1" }], [k]: v },
      field: k,
    })),
  ),
};

/** Ids for get_call: valid ones, path tricks, and arbitrary text. */
export const callIds: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/),
  fc.constantFrom(
    "..",
    "../agents",
    "..%2fagents",
    "%2e%2e",
    "%2e%2e%2fagents",
    "call_1/../../agents",
    "call_1?x=1",
    "call_1#frag",
    "call_1/",
    "/call_1",
    "call_1%00",
    "call\u00001",
    "call_1\r\nHost: evil",
    "ｃａｌｌ＿１",
    "call_1\u202e",
    " call_1",
    "call.1",
    "",
    "a".repeat(129),
  ),
  fc.string({ maxLength: 40, unit: "binary" }),
  fc.string({ maxLength: 40, unit: "grapheme" }),
);

const ALL_KEYS = ["call_id", "calls", "allow_duplicates", ...LIST_CALLS_KEYS, ...ROW_KEYS];
/** Arbitrary JSON under known and unknown keys, for every tool. */
export const anything: fc.Arbitrary<Input> = fc.record({
  tool: fc.constantFrom("list_agents", "list_calls", "get_call", "create_call", "submit_batch"),
  args: fc.dictionary(
    fc.oneof(fc.constantFrom(...ALL_KEYS), fc.string({ maxLength: 8 })),
    fc.oneof(fc.jsonValue({ maxDepth: 3 }), validPhone, validAgentId, fc.array(validRow, { maxLength: 3 })),
    {
      maxKeys: 6,
    },
  ),
});

// ---- checks -----------------------------------------------------------------

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * True when the answer names `field` the way our errors and the SDK's do, never by
 * a chance word in a sentence: "… at calls[2].to" (the SDK's schema errors),
 * 'Unrecognized key: "x"', "to: …" / "date_from is after …" (our refusals start
 * with the field), "- calls[2].to: …" (a batch refusal's list).
 */
export function namesField(text: string, field: string): boolean {
  const f = escapeRe(field);
  return [
    new RegExp(`\\bat ${f}($|[\\s;,.[])`),
    new RegExp(`"${f}"`),
    new RegExp(`^${f}[: ]`),
    new RegExp(`\\n- ${f}:`),
  ].some((re) => re.test(text));
}

/** What every answer must look like, valid input or not. */
export function wellFormed(result: CallToolResult): string | undefined {
  if (!Array.isArray(result.content) || result.content.length === 0) return "no content";
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  if (text.length === 0) return "empty text";
  if (result.isError && result.structuredContent !== undefined) return "an error with structuredContent";
  if (!result.isError && result.structuredContent === undefined) return "a success without structuredContent";
  if (text.length > 20_000) return `an answer of ${text.length} characters`;
  return undefined;
}

const ALLOWED_PATHS = [
  /^\/api\/v1\/agents$/,
  /^\/api\/v1\/calls(\?[^#]*)?$/,
  /^\/api\/v1\/calls\/[A-Za-z0-9_-]{1,128}$/,
  /^\/api\/v1\/calls\/batch$/,
];
const LIST_QUERY_KEYS = new Set([...LIST_CALLS_KEYS]);

/** Every request a fuzz run caused stays on the contract's paths and query keys. */
export function checkRequests(requests: RecordedRequest[]): string | undefined {
  for (const r of requests) {
    const raw = r.rawUrl ?? r.path;
    if (!ALLOWED_PATHS.some((p) => p.test(raw))) return `request to ${raw}`;
    if (r.path === "/api/v1/calls" && r.method === "GET") {
      const extra = Object.keys(r.query).filter((k) => !LIST_QUERY_KEYS.has(k));
      if (extra.length > 0) return `unexpected query keys ${extra.join(",")}`;
    }
  }
  return undefined;
}
