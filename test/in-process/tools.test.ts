/**
 * The five tools in-process, driven by the SDK Client over an in-memory
 * transport, against the fake service: what each tool asked the service (the
 * normalized rows, the query, the id, one Idempotency-Key per dial), what it
 * answered, and that every refusal asks the service nothing. The HTTP requests
 * themselves (path, query string, headers) are held by one end-to-end test per
 * tool in test/e2e/tools-requests.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AGENTS } from "../helpers/fake-service.js";
import { startInProcess, type InProcessServer } from "../helpers/in-process.js";
import { GUARDS_OFF_FOR_SHAPE_TESTS, textOf } from "../helpers/server-process.js";

let server: InProcessServer;
const service = () => server.service;

beforeAll(async () => {
  server = await startInProcess({ env: { OUTBOUND_CALLS_TIMEOUT_MS: "5000", ...GUARDS_OFF_FOR_SHAPE_TESTS } });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => service().reset());

describe("list_agents", () => {
  it("asks the service for the agents and lists them", async () => {
    const result = await server.call("list_agents");
    expect(result.isError).toBeFalsy();
    expect(service().requests.map((r) => r.op)).toEqual(["agents.list"]);
    expect(service().requests[0]!.deadline.totalMs).toBe(5000);
    expect(result.structuredContent).toEqual({ agents: AGENTS, count: 2 });
    expect(textOf(result)).toContain("agt_1 — Ava");
  });

  it("reads a bare array with agent_id and keeps unknown fields", async () => {
    service().handle("agents.list", () => [{ agent_id: "a-9", name: "Zed", voice: "calm", extra: { x: 1 } }]);
    const result = await server.call("list_agents");
    expect(result.structuredContent).toEqual({
      agents: [{ id: "a-9", name: "Zed", voice: "calm", extra: { x: 1 } }],
      count: 1,
    });
  });
});

describe("list_calls", () => {
  it("asks with the filters given, limit always, page only when given", async () => {
    await server.call("list_calls", {
      status: "completed",
      agent_id: "agt_1",
      date_from: "2026-11-21",
      date_to: "2026-11-21T23:59:59Z",
    });
    await server.call("list_calls", { campaign_id: "cmp_1", page: 3, limit: 50 });
    const [first, second] = service().of("calls.list");
    const defined = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
    expect(defined(first!.query)).toEqual({
      status: "completed",
      agent_id: "agt_1",
      date_from: "2026-11-21",
      date_to: "2026-11-21T23:59:59Z",
      limit: 20,
    });
    expect(defined(second!.query)).toEqual({ campaign_id: "cmp_1", page: 3, limit: 50 });
  });

  it("reports next_page and total from the paging, and leaves transcripts out", async () => {
    service().handle("calls.list", () => ({
      calls: [
        {
          call_id: "c1",
          status: "completed",
          to: "+14155552671",
          transcript: [{ speaker: "agent", text: "hi" }],
          custom: 1,
        },
      ],
      paging: { page: 2, limit: 1, total: 5, nextPage: 3 },
    }));
    const result = await server.call("list_calls", { page: 2, limit: 1 });
    expect(result.structuredContent).toMatchObject({ count: 1, page: 2, next_page: 3, total: 5 });
    const calls = (result.structuredContent as { calls: Record<string, unknown>[] }).calls;
    expect(calls[0]).toEqual({
      id: "c1",
      status: "completed",
      to: "+14155552671",
      transcript_available: true,
      custom: 1,
    });
    expect(textOf(result)).toContain("page=3");
  });

  it("refuses bad filters without asking the service", async () => {
    for (const args of [
      { status: "Completed!" },
      { date_from: "21/11/2026" },
      { date_from: "2026-11-22", date_to: "2026-11-21" },
      { limit: 101 },
      { page: 0 },
      { agent_id: "../x" },
      { unknown_filter: "x" },
    ]) {
      const result = await server.call("list_calls", args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.structuredContent).toBeUndefined();
    }
    expect(service().requests).toHaveLength(0);
  });
});

describe("create_call", () => {
  it("checks the agent, then asks for the normalized call with an Idempotency-Key", async () => {
    const result = await server.call("create_call", {
      to: " +1 (415) 555-2671 ",
      agent_id: "agt_1",
      contact_name: "  Dana Lee ",
      company_name: "Acme",
      metadata: [
        { key: "service_type", value: "reminder" },
        { key: "n", value: 1 },
      ],
    });
    expect(result.isError).toBeFalsy();
    expect(service().requests.map((r) => r.op)).toEqual(["agents.check", "calls.create"]);
    expect(service().of("agents.check")[0]!.ids).toEqual(["agt_1"]);
    const create = service().of("calls.create")[0]!;
    expect(create.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(create.call).toEqual({
      to: "+14155552671",
      agent_id: "agt_1",
      contact_name: "Dana Lee",
      company_name: "Acme",
      metadata: { service_type: "reminder", n: 1 },
    });
    expect(result.structuredContent).toMatchObject({
      call: { id: "call_1", status: "queued" },
      to_international: "+1 415 555 2671",
      country: "US",
      agent_name: "Ava",
    });
    expect(textOf(result)).toContain("Call placed: call_1");
  });

  // The object the service documents, or the published {key, value} pairs: the service receives the same object.
  it("sends metadata written as an object exactly as the same metadata written as pairs", async () => {
    const metadata = { service_type: "renewal", n: 1, vip: true, note: null };
    for (const form of [metadata, Object.entries(metadata).map(([key, value]) => ({ key, value }))]) {
      const result = await server.call("create_call", {
        to: "+14155552671",
        agent_id: "agt_1",
        metadata: form,
        repeat_dial: true,
      });
      expect(result.isError, textOf(result)).toBeFalsy();
    }
    const sent = service()
      .of("calls.create")
      .map((r) => JSON.stringify(r.call));
    expect(sent).toEqual([
      JSON.stringify({ to: "+14155552671", agent_id: "agt_1", metadata }),
      JSON.stringify({ to: "+14155552671", agent_id: "agt_1", metadata }),
    ]);
  });

  it.each([
    ["a key with a space", { "bad key": 1 }, '(not "bad key") at metadata', "at metadata[0].key"],
    ["a nested value", { a: { b: 1 } }, "metadata is flat", "metadata is flat"],
    ["a zero-width space in a value", { note: "re\u200Bminder" }, "invisible characters", "invisible characters"],
    [
      "51 keys",
      Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])),
      "at most 50 keys",
      "at most 50 keys",
    ],
    [
      "over 8 KB",
      Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, "v".repeat(1_000)])),
      "at most 8 KB",
      "at most 8 KB",
    ],
  ])(
    "refuses metadata with %s written either way, and asks for no dial",
    async (_label, metadata, asObject, asPairs) => {
      const pairs = Object.entries(metadata).map(([key, value]) => ({ key, value }));
      for (const [form, mention] of [
        [metadata, asObject],
        [pairs, asPairs],
      ] as const) {
        const result = await server.call("create_call", { to: "+14155552671", agent_id: "agt_1", metadata: form });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain(mention);
      }
      expect(service().requests).toHaveLength(0);
    },
  );

  it("uses a new Idempotency-Key per tool call", async () => {
    await server.call("create_call", { to: "+14155552671", agent_id: "agt_1" });
    await server.call("create_call", { to: "+14155552672", agent_id: "agt_2" });
    const posts = service().posts();
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotencyKey).not.toBe(posts[1]!.idempotencyKey);
  });

  it.each([
    ["text around the number", { to: "call me at +14155552671" }, "to"],
    ["no country code", { to: "4155552671" }, "+1 415 555 2671"],
    ["an extension", { to: "+14155552671 ext. 12" }, "extension"],
    ["premium rate", { to: "+19005550123" }, "premium-rate"],
    ["no country", { to: "+979123456789" }, "no country"],
    ["invalid", { to: "+1415555" }, "to"],
    ["a control character in the name", { contact_name: "Dana\u202Eevil" }, "contact_name"],
    ["an unknown argument", { priority: "high" }, "priority"],
    ["a bad agent id", { agent_id: "agt 1" }, "agent_id"],
    ["nested metadata", { metadata: [{ key: "a", value: { b: 1 } }] }, "metadata"],
    ["metadata neither a list nor an object", { metadata: "service_type=x" }, "metadata"],
    [
      "the same metadata key twice",
      {
        metadata: [
          { key: "a", value: 1 },
          { key: "a", value: 2 },
        ],
      },
      "given twice",
    ],
    [
      "a bidi override in a metadata value (the dialog would not show it)",
      { metadata: [{ key: "note", value: "call\u202Eback" }] },
      "invisible characters",
    ],
    [
      "a zero-width space in a metadata value",
      { metadata: [{ key: "note", value: "re\u200Bminder" }] },
      "invisible characters",
    ],
  ])("refuses %s and asks for no dial", async (_label, patch, mention) => {
    const result = await server.call("create_call", { to: "+14155552671", agent_id: "agt_1", ...patch });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toContain(mention);
    expect(service().posts()).toHaveLength(0);
  });

  it("refuses an agent the key does not have, listing the ones it has", async () => {
    const result = await server.call("create_call", { to: "+14155552671", agent_id: "agt_other" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("agt_1 (Ava), agt_2 (Ben)");
    expect(service().posts()).toHaveLength(0);
  });
});

describe("get_call", () => {
  it("asks for the id and shows result fields with the transcript fenced", async () => {
    service().handle("calls.get", () => ({
      id: "call_9",
      status: "completed",
      duration_seconds: 61,
      outcome: "answered",
      summary: "Confirmed the appointment.",
      transcript: [
        { speaker: "agent", text: "Hello" },
        { speaker: "contact", text: "Hi" },
      ],
      recording_url: "https://rec.example/1",
      new_field: true,
    }));
    const result = await server.call("get_call", { call_id: "call_9" });
    expect(
      service()
        .of("calls.get")
        .map((r) => r.callId),
    ).toEqual(["call_9"]);
    expect(result.structuredContent).toMatchObject({
      final: true,
      call: { id: "call_9", new_field: true, duration_seconds: 61 },
    });
    const text = textOf(result);
    expect(text).toContain("61 s");
    expect(text).toMatch(
      /<call-data [0-9a-f]{8} source="transcript">[\s\S]*agent: Hello\ncontact: Hi\n<\/call-data [0-9a-f]{8}>/,
    );
  });

  it.each(["..", "a/b", "%2e%2e", "x".repeat(129), "", "call 1"])(
    "refuses the id %j without asking the service",
    async (id) => {
      const result = await server.call("get_call", { call_id: id });
      expect(result.isError).toBe(true);
      expect(service().requests).toHaveLength(0);
    },
  );
});

describe("submit_batch", () => {
  const row = (to: string, extra: Record<string, unknown> = {}) => ({ to, agent_id: "agt_1", ...extra });

  it("asks for one batch with every row normalized", async () => {
    const result = await server.call("submit_batch", {
      calls: [row("+1 415 555 2671"), row("+442079460000", { contact_name: "Sam" })],
    });
    expect(result.isError).toBeFalsy();
    const posts = service().posts();
    expect(posts.map((p) => p.op)).toEqual(["calls.createBatch"]);
    const batch = service().of("calls.createBatch")[0]!;
    expect(batch.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(batch.calls).toEqual([row("+14155552671"), row("+442079460000", { contact_name: "Sam" })]);
    expect(result.structuredContent).toMatchObject({
      batch_id: "bat_1",
      campaign_id: "cmp_1",
      count: 2,
      countries: ["GB", "US"],
    });
  });

  it("takes each row's metadata as an object or as pairs, and sends the same rows", async () => {
    const metadata = { service_type: "renewal", n: 2 };
    const pairs = [
      { key: "service_type", value: "renewal" },
      { key: "n", value: 2 },
    ];
    const result = await server.call("submit_batch", {
      calls: [row("+14155552671", { metadata }), row("+14155552672", { metadata: pairs })],
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(JSON.stringify(service().of("calls.createBatch")[0]!.calls)).toBe(
      JSON.stringify([row("+14155552671", { metadata }), row("+14155552672", { metadata })]),
    );
  });

  it("refuses a row's bad metadata in either form and asks nothing", async () => {
    const result = await server.call("submit_batch", {
      calls: [
        row("+14155552671", { metadata: { "a/b": 1 } }),
        row("+14155552672", { metadata: [{ key: "a/b", value: 1 }] }),
      ],
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('(not "a/b") at calls[0].metadata');
    expect(textOf(result)).toContain("at calls[1].metadata[0].key");
    expect(service().requests).toHaveLength(0);
  });

  it("names every bad row and asks nothing", async () => {
    const result = await server.call("submit_batch", {
      calls: [row("+14155552671"), row("+19005550123"), row("4155552672"), row("+14155552671")],
    });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("3 of 4 rows");
    expect(text).toContain("calls[1].to");
    expect(text).toContain("calls[2].to");
    expect(text).toContain("calls[3].to");
    expect(text).toContain("allow_duplicates");
    expect(service().requests).toHaveLength(0);
  });

  it("allows duplicates when asked", async () => {
    const result = await server.call("submit_batch", {
      calls: [row("+14155552671"), row("+1 415 555 2671")],
      allow_duplicates: true,
    });
    expect(result.isError).toBeFalsy();
    expect(service().posts()).toHaveLength(1);
    expect(service().of("calls.createBatch")[0]!.calls).toEqual([row("+14155552671"), row("+14155552671")]);
  });

  it("names the rows whose agent is unknown and asks for no dial", async () => {
    const result = await server.call("submit_batch", {
      calls: [row("+14155552671"), { to: "+14155552672", agent_id: "nope" }],
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("calls[1].agent_id");
    expect(service().posts()).toHaveLength(0);
  });

  it("lists at most 50 problems and counts the rest", async () => {
    const calls = Array.from({ length: 60 }, () => row("+1900555012"));
    const result = await server.call("submit_batch", { calls });
    const text = textOf(result);
    expect(text).toContain("60 of 60 rows");
    expect(text).toContain("calls[49].to");
    expect(text).not.toContain("calls[50].to");
    expect(text).toContain("10 more problems");
    expect(service().requests).toHaveLength(0);
  });
});
