import { describe, expect, it } from "vitest";
import { UpstreamFaultError } from "../../src/service/errors.js";
import {
  normalizeAgent,
  normalizeCall,
  readList,
  readPaging,
  readSingle,
  type Paging,
} from "../../src/service/shapes.js";

const A = { id: "a1" };
const B = { id: "a2" };

describe("readList", () => {
  const ok: Array<[string, unknown]> = [
    ["bare array", [A, B]],
    ["{data:[]}", { data: [A, B] }],
    ["{agents:[]}", { agents: [A, B] }],
    ["{calls:[]}", { calls: [A, B], meta: { page: 1 } }],
    ["{items:[]}", { items: [A, B] }],
    ["{results:[]}", { results: [A, B] }],
    ["{data:{calls:[]}}", { data: { calls: [A, B] } }],
    ["{data:{items:[]}}", { data: { items: [A, B], total: 2 } }],
    ["{data:{…no list…}, calls:[]}", { data: { note: "x" }, calls: [A, B] }],
  ];
  it.each(ok)("%s", (_name, body) => {
    expect(readList(body, "agents")).toEqual([A, B]);
  });

  it("returns an empty list as empty", () => {
    expect(readList({ calls: [] }, "calls")).toEqual([]);
    expect(readList([], "calls")).toEqual([]);
  });

  const unreadable: Array<[string, unknown]> = [
    ["null", null],
    ["string", "[]"],
    ["number", 3],
    ["object without a list", { data: { id: "x" }, total: 0 }],
    ["list under an unknown key", { records: [A] }],
    ["list two levels deep", { data: { data: { calls: [A] } } }],
  ];
  it.each(unreadable)("unreadable: %s -> UpstreamFaultError", (_name, body) => {
    expect(() => readList(body, "calls")).toThrow(UpstreamFaultError);
    try {
      readList(body, "calls");
    } catch (error) {
      expect((error as UpstreamFaultError).kind).toBe("upstream_fault");
      expect((error as Error).message).toContain("a list of calls");
      expect((error as Error).message).toContain("fault of the service");
    }
  });
});

describe("readSingle", () => {
  const call = { id: "c1", status: "queued" };
  it.each([
    ["bare", call],
    ["{data:{…}}", { data: call }],
    ["{call:{…}}", { call }],
    ["{data:{…}} preferred over {call:{…}}", { data: call, call: { id: "other" } }],
  ])("%s", (_name, body) => {
    expect(readSingle(body, "a call")).toEqual(call);
  });

  it("keeps the top level when data is not an object", () => {
    const body = { id: "c1", data: [1, 2] };
    expect(readSingle(body, "a call")).toBe(body);
  });

  it.each([null, [], [call], "text", 1, true])("%j -> UpstreamFaultError", (body) => {
    expect(() => readSingle(body, "a call")).toThrow(/a call that is not a JSON object/);
    expect(() => readSingle(body, "a call")).toThrow(UpstreamFaultError);
  });
});

describe("normalizeAgent", () => {
  it.each([
    ["id", { id: "agent_1", name: "Sales" }, { id: "agent_1", name: "Sales" }],
    ["agent_id", { agent_id: "agent_1", name: "Sales" }, { id: "agent_1", name: "Sales" }],
    ["id wins over agent_id", { id: "x", agent_id: "y" }, { id: "x" }],
    ["empty id falls back to agent_id", { id: "", agent_id: "y" }, { id: "y" }],
    ["numeric id", { id: 42, name: "N" }, { id: "42", name: "N" }],
    ["numeric agent_id", { agent_id: 0 }, { id: "0" }],
    [
      "unknown fields kept",
      { id: "a", voice: "alloy", languages: ["en"], extra: { x: 1 } },
      { id: "a", voice: "alloy", languages: ["en"], extra: { x: 1 } },
    ],
    ["non-string name dropped", { id: "a", name: 7 }, { id: "a" }],
  ])("%s", (_name, raw, expected) => {
    expect(normalizeAgent(raw)).toEqual(expected);
  });

  it.each([
    ["no id", { name: "x" }],
    ["null id", { id: null }],
    ["NaN id", { id: Number.NaN }],
    ["object id", { id: { v: 1 } }],
    ["not an object", "agent_1"],
    ["array", [{ id: "a" }]],
    ["null", null],
  ])("%s -> UpstreamFaultError", (_name, raw) => {
    expect(() => normalizeAgent(raw)).toThrow(UpstreamFaultError);
  });
});

describe("normalizeCall", () => {
  it.each([
    ["id", { id: "call_1", status: "queued" }, { id: "call_1", status: "queued" }],
    [
      "call_id",
      { call_id: "call_1", status: "completed", duration: 61 },
      { id: "call_1", status: "completed", duration: 61 },
    ],
    ["id wins over call_id", { id: "a", call_id: "b" }, { id: "a" }],
    ["numeric id", { id: 123456 }, { id: "123456" }],
    ["no status", { id: "c" }, { id: "c" }],
    [
      "unknown fields kept",
      { id: "c", to: "+14155552671", transcript: "hi", metadata: { k: "v" } },
      { id: "c", to: "+14155552671", transcript: "hi", metadata: { k: "v" } },
    ],
  ])("%s", (_name, raw, expected) => {
    expect(normalizeCall(raw)).toEqual(expected);
  });

  it.each([
    ["no id", { status: "queued" }],
    ["empty id", { id: "", call_id: "" }],
    ["infinite id", { id: Number.POSITIVE_INFINITY }],
    ["status not text", { id: "c", status: 3 }],
    ["not an object", 7],
    ["null", null],
  ])("%s -> UpstreamFaultError", (_name, raw) => {
    expect(() => normalizeCall(raw)).toThrow(UpstreamFaultError);
  });
});

describe("readPaging", () => {
  // [name, body, requestedPage, requestedLimit, itemCount, expected]
  const cases: Array<[string, unknown, number, number, number, Paging]> = [
    ["bare array: no hints", [1, 2], 1, 20, 2, { page: 1, limit: 20, nextPage: null }],
    ["envelope without hints", { calls: [1, 2] }, 3, 50, 2, { page: 3, limit: 50, nextPage: null }],
    [
      "has_more true at the top",
      { calls: [], page: 2, limit: 10, has_more: true },
      1,
      20,
      10,
      { page: 2, limit: 10, nextPage: 3 },
    ],
    [
      "has_more false",
      { calls: [], has_more: false, total: 500 },
      1,
      20,
      20,
      { page: 1, limit: 20, total: 500, nextPage: null },
    ],
    ["next_page explicit", { calls: [], next_page: 5 }, 4, 20, 20, { page: 4, limit: 20, nextPage: 5 }],
    ["next_page as digits", { calls: [], next_page: "5" }, 4, 20, 20, { page: 4, limit: 20, nextPage: 5 }],
    [
      "next_page null beats has_more",
      { calls: [], next_page: null, has_more: true },
      1,
      20,
      20,
      { page: 1, limit: 20, nextPage: null },
    ],
    [
      "next_page beats has_more false",
      { calls: [], next_page: 2, has_more: false },
      1,
      20,
      20,
      { page: 1, limit: 20, nextPage: 2 },
    ],
    [
      "under meta: total_pages",
      { data: [], meta: { current_page: 2, per_page: 25, total_pages: 3 } },
      1,
      20,
      25,
      { page: 2, limit: 25, totalPages: 3, nextPage: 3 },
    ],
    [
      "under meta: last page",
      { data: [], meta: { page: 3, per_page: 25, total_pages: 3 } },
      1,
      20,
      5,
      { page: 3, limit: 25, totalPages: 3, nextPage: null },
    ],
    [
      "under pagination: total",
      { items: [], pagination: { page: 1, page_size: 20, total_count: 45 } },
      1,
      20,
      20,
      { page: 1, limit: 20, total: 45, nextPage: 2 },
    ],
    [
      "under pagination: total reached",
      { items: [], pagination: { page: 3, limit: 20, total: 45 } },
      1,
      20,
      5,
      { page: 3, limit: 20, total: 45, nextPage: null },
    ],
    [
      "total but an empty page",
      { items: [], total: 100 },
      9,
      20,
      0,
      { page: 9, limit: 20, total: 100, nextPage: null },
    ],
    [
      "total with the requested page and limit",
      { calls: [], total: 41 },
      2,
      20,
      20,
      { page: 2, limit: 20, total: 41, nextPage: 3 },
    ],
    [
      "numbers as strings",
      { calls: [], page: "2", per_page: "10", total: "35" },
      1,
      20,
      10,
      { page: 2, limit: 10, total: 35, nextPage: 3 },
    ],
    [
      "last_page and page_count",
      { calls: [], meta: { page: 1, last_page: 4 } },
      1,
      20,
      20,
      { page: 1, limit: 20, totalPages: 4, nextPage: 2 },
    ],
    [
      "top level beats meta",
      { calls: [], page: 5, meta: { page: 1, total_pages: 5 } },
      1,
      20,
      20,
      { page: 5, limit: 20, totalPages: 5, nextPage: null },
    ],
    [
      "junk hints ignored",
      { calls: [], page: "two", total: "many", has_more: "yes" },
      1,
      20,
      20,
      { page: 1, limit: 20, nextPage: null },
    ],
  ];
  it.each(cases)("%s", (_name, body, page, limit, count, expected) => {
    expect(readPaging(body, page, limit, count)).toEqual(expected);
  });
});

describe("answer shapes: edge cases found in review", () => {
  it("a bare record with its own id and a data field is not an envelope", () => {
    expect(readSingle({ id: "c1", data: { note: "x" } }, "a call")).toEqual({ id: "c1", data: { note: "x" } });
  });
  it("a null status is read as missing", () => {
    expect(normalizeCall({ id: "c1", status: null })).toEqual({ id: "c1" });
  });
  it('has_more written as text "true" means more', () => {
    expect(readPaging({ meta: { has_more: "true" } }, 2, 20, 20).nextPage).toBe(3);
    expect(readPaging({ meta: { has_more: "false" } }, 2, 20, 20).nextPage).toBeNull();
  });
});
