import { describe, expect, it } from "vitest";
import { api, closeSandboxesAfterEach, KEY_A, start } from "./helpers.js";

closeSandboxesAfterEach();

describe("authentication", () => {
  const refused: [string, Record<string, string>][] = [
    ["no Authorization header", {}],
    ["an empty header", { authorization: "" }],
    ["another scheme", { authorization: `Basic ${KEY_A}` }],
    ["a bare key", { authorization: KEY_A }],
    ["a live key", { authorization: "Bearer sk_live_abc123" }],
    ["an empty sandbox key", { authorization: "Bearer sk_test_" }],
    ["a key with a dash", { authorization: "Bearer sk_test_ab-c" }],
    ["a key over 200 characters", { authorization: `Bearer sk_test_${"a".repeat(201)}` }],
    ["a key of another shape", { authorization: "Bearer pk_test_abc" }],
  ];

  it.each(refused)("refuses %s with 401 unauthorized", async (_, headers) => {
    const sandbox = await start();
    const answer = await api(sandbox, null).raw("/api/v1/agents", { headers });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("unauthorized");
    expect(answer.body.error.message).toMatch(/\w/);
    expect(answer.headers.get("x-request-id")).toMatch(/^req_[a-z0-9]+$/);
    expect(JSON.stringify(answer.body)).not.toContain("sk_live_abc123");
  });

  it("refuses a POST without a key before looking at its body", async () => {
    const sandbox = await start();
    const answer = await api(sandbox, null).post("/calls", "{not json");
    expect(answer.status).toBe(401);
  });

  it("accepts any sk_test_ key of 1 to 200 allowed characters, and a lower-case scheme", async () => {
    const sandbox = await start();
    expect((await api(sandbox, `sk_test_${"Z9_".repeat(66)}ab`).get("/agents")).status).toBe(200);
    expect((await api(sandbox, "sk_test_x").get("/agents")).status).toBe(200);
    const lower = await api(sandbox, null).raw("/api/v1/agents", { headers: { authorization: `bearer ${KEY_A}` } });
    expect(lower.status).toBe(200);
  });
});
