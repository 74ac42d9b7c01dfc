import { describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox/index.js";
import { api, Clock, closeSandboxesAfterEach, firstAgentId, KEY_B, start } from "./helpers.js";

closeSandboxesAfterEach();

describe("rate limit (429 rate_limited)", () => {
  it("refuses past the window's allowance per key with Retry-After, and frees at the window's end", async () => {
    const clock = new Clock();
    const sandbox = await start({ now: clock.now, rateLimit: { requests: 3, windowMs: 10_000 } });
    const client = api(sandbox);
    for (let i = 0; i < 3; i++) expect((await client.get("/agents")).status).toBe(200);
    const limited = await client.get("/agents");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBe("10");
    expect(limited.headers.get("x-request-id")).toMatch(/^req_/);

    clock.advance(4.5);
    expect((await client.get("/agents")).headers.get("retry-after")).toBe("6");
    expect((await api(sandbox, KEY_B).get("/agents")).status).toBe(200);
    clock.advance(5.5);
    expect((await client.get("/agents")).status).toBe(200);

    expect(sandbox.requests.map((request) => request.status)).toEqual([200, 200, 200, 429, 429, 200, 200]);
  });

  it("applies before validation and creates nothing", async () => {
    const clock = new Clock();
    const sandbox = await start({ now: clock.now, rateLimit: { requests: 2, windowMs: 60_000 } });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    expect((await client.post("/calls", { to: "+14155552671", agent_id: agentId })).status).toBe(201);
    expect((await client.post("/calls", { to: "bad" })).status).toBe(429);
    clock.advance(60);
    expect((await client.get("/calls")).body.meta.total).toBe(1);
  });

  it("is on by default at 120 requests per minute", async () => {
    const sandbox = await startSandbox({ now: new Clock().now });
    try {
      const client = api(sandbox);
      const statuses = await Promise.all(
        Array.from({ length: 121 }, () => client.get("/agents").then((a) => a.status)),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(120);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  });
});

describe("fault injection", () => {
  it("answers every Nth request with 503 service_unavailable and does nothing", async () => {
    const sandbox = await start({ faults: { failEvery: 3 }, speed: "instant" });
    const client = api(sandbox);
    const agentId = await firstAgentId(client); // 1
    expect((await client.get("/calls")).status).toBe(200); // 2
    const failed = await client.post("/calls", { to: "+14155552671", agent_id: agentId }); // 3
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe("service_unavailable");
    expect(failed.headers.get("x-request-id")).toMatch(/^req_/);
    expect((await client.get("/calls")).body.meta.total).toBe(0); // 4
    expect((await client.post("/calls", { to: "+14155552671", agent_id: agentId })).status).toBe(201); // 5
    expect((await client.get("/agents")).status).toBe(503); // 6
    // Every request counts, even one that would have been refused.
    expect((await api(sandbox, null).get("/agents")).status).toBe(401); // 7
    expect((await api(sandbox, null).get("/agents")).status).toBe(401); // 8
    expect((await api(sandbox, null).get("/agents")).status).toBe(503); // 9
  });

  it("uses failStatus, with internal_error for other 5xx", async () => {
    const sandbox = await start({ faults: { failEvery: 1, failStatus: 500 } });
    const answer = await api(sandbox).get("/agents");
    expect(answer.status).toBe(500);
    expect(answer.body.error.code).toBe("internal_error");
  });

  it("delays every answer by delayMs; a POST whose answer is lost still created its call", async () => {
    const sandbox = await start({ faults: { delayMs: 150 } });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    const started = Date.now();
    expect((await client.get("/agents")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    const aborted = fetch(`${sandbox.url}/api/v1/calls`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_alpha", "content-type": "application/json" },
      body: JSON.stringify({ to: "+14155552671", agent_id: agentId }),
      signal: AbortSignal.timeout(50),
    });
    await expect(aborted).rejects.toThrow();
    expect((await client.get("/calls")).body.meta.total).toBe(1);
  });

  it("close() cuts a connection whose answer is still delayed instead of waiting for it", async () => {
    const sandbox = await startSandbox({ faults: { delayMs: 60_000 } });
    const pending = fetch(`${sandbox.url}/api/v1/agents`, { headers: { authorization: "Bearer sk_test_alpha" } }).catch(
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Waiting for the answer would take a minute (past the test's timeout) and end in a 200: the request fails instead.
    await sandbox.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});
