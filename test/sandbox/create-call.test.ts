import { describe, expect, it } from "vitest";
import { SANDBOX_REFUSED_NUMBERS } from "../../src/sandbox/index.js";
import { api, Clock, closeSandboxesAfterEach, firstAgentId, start, type Api } from "./helpers.js";

closeSandboxesAfterEach();

async function callCount(client: Api): Promise<number> {
  return (await client.get("/calls")).body.meta.total as number;
}

describe("POST /calls validation (422 validation_failed)", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["missing to", { to: undefined }, "to"],
    ["to not a string", { to: 14155552671 }, "to"],
    ["to without +", { to: "14155552671" }, "to"],
    ["to with spaces", { to: "+1 415 555 2671" }, "to"],
    ["to with an extension", { to: "+14155552671 ext. 123" }, "to"],
    ["to invalid", { to: SANDBOX_REFUSED_NUMBERS.invalid }, "to"],
    ["to premium-rate", { to: SANDBOX_REFUSED_NUMBERS.premium_rate }, "to"],
    ["to shared-cost", { to: SANDBOX_REFUSED_NUMBERS.shared_cost }, "to"],
    ["to of no country", { to: SANDBOX_REFUSED_NUMBERS.no_country }, "to"],
    ["to with an unknown country code", { to: "+8755550100" }, "to"],
    ["missing agent_id", { agent_id: undefined }, "agent_id"],
    ["agent_id not a string", { agent_id: 7 }, "agent_id"],
    ["unknown agent_id", { agent_id: "agt_nope" }, "agent_id"],
    ["empty contact_name", { contact_name: "  " }, "contact_name"],
    ["contact_name over 200", { contact_name: "x".repeat(201) }, "contact_name"],
    ["contact_name with a control character", { contact_name: "Jane\u0007" }, "contact_name"],
    ["company_name not a string", { company_name: 5 }, "company_name"],
    ["company_name null", { company_name: null }, "company_name"],
    ["nested metadata", { metadata: { a: { b: 1 } } }, "metadata"],
    ["metadata array", { metadata: ["a"] }, "metadata"],
    ["metadata with a bad key", { metadata: { "bad key": 1 } }, "metadata"],
    ["unknown top-level field", { callback_url: "https://x" }, "callback_url"],
  ];

  it.each(cases)("refuses %s naming field %s", async (_, patch, field) => {
    const sandbox = await start();
    const client = api(sandbox);
    const body = { to: "+14155552671", agent_id: await firstAgentId(client), ...patch };
    const answer = await client.post("/calls", body);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: "validation_failed", field });
    expect(answer.body.error.details).toEqual([{ field, message: expect.any(String) }]);
    expect(await callCount(client)).toBe(0);
  });

  it("lists every bad field at once", async () => {
    const sandbox = await start();
    const answer = await api(sandbox).post("/calls", { to: "555", agent_id: "nope", contact_name: "", extra: true });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      "to",
      "agent_id",
      "contact_name",
      "extra",
    ]);
    expect(answer.body.error.message).toContain("to, agent_id, contact_name, extra");
  });

  it("accepts every optional field at its limits", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    const metadata = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`k${i}`, i % 2 ? "v".repeat(1000) : null]),
    );
    const answer = await client.post("/calls", {
      to: "+442079460000",
      agent_id: await firstAgentId(client),
      contact_name: "Ö".repeat(200),
      company_name: "Acme",
      metadata: { ...metadata, service_type: undefined },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.metadata).toEqual(metadata);
    expect(answer.body.data.contact_name).toBe("Ö".repeat(200));
  });

  it("answers 400 invalid_json for a body that is not JSON, and 422 for JSON that is not an object", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    for (const text of ["{to:", "", "[1,"]) {
      const answer = await client.post("/calls", text);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("invalid_json");
    }
    for (const json of [[], null, "text", 42]) {
      const answer = await client.post("/calls", JSON.stringify(json));
      expect(answer.status).toBe(422);
      expect(answer.body.error.field).toBe("body");
    }
  });

  it("answers 201 with the call under data", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    const answer = await client.post("/calls", { to: "+14155552671", agent_id: await firstAgentId(client) });
    expect(answer.status).toBe(201);
    expect(answer.body.data.id).toMatch(/^call_[a-z0-9]{20}$/);
    expect(answer.body.data.status).toBe("queued");
    expect(answer.headers.get("content-type")).toContain("application/json");
  });
});

describe("wallet (402 insufficient_funds)", () => {
  it("refuses when the balance is below the cost, creating and debiting nothing", async () => {
    const sandbox = await start({ startingBalanceCents: 60, costPerCallCents: 25, speed: "instant" });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    const call = { to: "+14155552671", agent_id: agentId };

    // A batch of three needs 75: refused whole, and the 60 stay untouched...
    const batch = await client.post("/calls/batch", { calls: [call, call, call] });
    expect(batch.status).toBe(402);
    expect(batch.body.error.code).toBe("insufficient_funds");
    expect(await callCount(client)).toBe(0);

    // ...as two single calls still fit, and the third does not.
    expect((await client.post("/calls", call)).status).toBe(201);
    expect((await client.post("/calls", call)).status).toBe(201);
    const third = await client.post("/calls", call);
    expect(third.status).toBe(402);
    expect(third.body.error).toMatchObject({ code: "insufficient_funds" });
    expect(third.body.error.message).toContain("$0.10");
    expect(await callCount(client)).toBe(2);
  });

  it("keeps wallets per account", async () => {
    const sandbox = await start({ startingBalanceCents: 25 });
    const a = api(sandbox, "sk_test_one");
    const b = api(sandbox, "sk_test_two");
    expect((await a.post("/calls", { to: "+14155552671", agent_id: await firstAgentId(a) })).status).toBe(201);
    expect((await b.post("/calls", { to: "+14155552671", agent_id: await firstAgentId(b) })).status).toBe(201);
    expect((await a.post("/calls", { to: "+14155552671", agent_id: await firstAgentId(a) })).status).toBe(402);
  });
});

describe("plan (403)", () => {
  it("refuses past maxConcurrentCalls until a call ends", async () => {
    const clock = new Clock();
    const sandbox = await start({ now: clock.now, maxConcurrentCalls: 2 });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    expect((await client.post("/calls", { to: "+14155550104", agent_id: agentId })).status).toBe(201); // fails at +3 s
    expect((await client.post("/calls", { to: "+14155552671", agent_id: agentId })).status).toBe(201);
    const third = await client.post("/calls", { to: "+14155552671", agent_id: agentId });
    expect(third.status).toBe(403);
    expect(third.body.error.code).toBe("plan_concurrent_limit");
    clock.advance(3);
    expect((await client.post("/calls", { to: "+14155552671", agent_id: agentId })).status).toBe(201);
    expect(await callCount(client)).toBe(3);
  });

  it("refuses past monthlyCallLimit until the next UTC month", async () => {
    const clock = new Clock(Date.UTC(2025, 0, 31, 23, 59, 0));
    const sandbox = await start({ now: clock.now, monthlyCallLimit: 2, speed: "instant" });
    const client = api(sandbox);
    const call = { to: "+14155552671", agent_id: await firstAgentId(client) };
    expect((await client.post("/calls", call)).status).toBe(201);
    expect((await client.post("/calls", call)).status).toBe(201);
    const third = await client.post("/calls", call);
    expect(third.status).toBe(403);
    expect(third.body.error.code).toBe("plan_monthly_limit");
    clock.advance(60);
    expect((await client.post("/calls", call)).status).toBe(201);
  });

  it("checks validation, then plan, then wallet", async () => {
    const sandbox = await start({ speed: "instant", monthlyCallLimit: 1, startingBalanceCents: 25 });
    const client = api(sandbox);
    const call = { to: "+14155552671", agent_id: await firstAgentId(client) };
    expect((await client.post("/calls", call)).status).toBe(201);
    // Now over the plan and out of money: the invalid request is a 422, the valid one a 403.
    expect((await client.post("/calls", { ...call, to: "nope" })).status).toBe(422);
    expect((await client.post("/calls", call)).body.error.code).toBe("plan_monthly_limit");
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer for the same key and body, creating nothing", async () => {
    const sandbox = await start({ startingBalanceCents: 25 });
    const client = api(sandbox);
    const call = { to: "+14155552671", agent_id: await firstAgentId(client), metadata: { a: 1, b: "x" } };
    const first = await client.post("/calls", call, { "idempotency-key": "k-1" });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    // Same request with other key order: still the same request. The wallet only held one call, so a second
    // creation would have been a 402.
    const reordered = { metadata: { b: "x", a: 1 }, agent_id: call.agent_id, to: call.to };
    const again = await client.post("/calls", reordered, { "idempotency-key": "k-1" });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(await callCount(client)).toBe(1);
  });

  it("answers 409 idempotency_conflict for the same key with another body", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    await client.post("/calls", { to: "+14155552671", agent_id: agentId }, { "idempotency-key": "k-2" });
    const other = await client.post("/calls", { to: "+14155552672", agent_id: agentId }, { "idempotency-key": "k-2" });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_conflict");
    const otherPath = await client.post(
      "/calls/batch",
      { calls: [{ to: "+14155552671", agent_id: agentId }] },
      { "idempotency-key": "k-2" },
    );
    expect(otherPath.status).toBe(409);
    expect(await callCount(client)).toBe(1);
  });

  it("scopes keys per account and forgets them after 24 hours", async () => {
    const clock = new Clock();
    const sandbox = await start({ now: clock.now, speed: "instant" });
    const a = api(sandbox, "sk_test_one");
    const b = api(sandbox, "sk_test_two");
    const send = async (client: Api) =>
      client.post(
        "/calls",
        { to: "+14155552671", agent_id: await firstAgentId(client) },
        { "idempotency-key": "shared" },
      );
    const fromA = await send(a);
    const fromB = await send(b);
    expect(fromB.status).toBe(201);
    expect(fromB.body.data.id).not.toBe(fromA.body.data.id);
    clock.advance(24 * 3600 - 1);
    expect((await send(a)).body.data.id).toBe(fromA.body.data.id);
    clock.advance(1);
    expect((await send(a)).body.data.id).not.toBe(fromA.body.data.id);
    expect(await callCount(a)).toBe(2);
  });

  it("remembers only successes: a refused request is judged afresh", async () => {
    const sandbox = await start({ speed: "instant" });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    const bad = await client.post("/calls", { to: "+1", agent_id: agentId }, { "idempotency-key": "k-3" });
    expect(bad.status).toBe(422);
    const good = await client.post("/calls", { to: "+14155552671", agent_id: agentId }, { "idempotency-key": "k-3" });
    expect(good.status).toBe(201);
  });

  it("replays even when the plan has since filled up", async () => {
    const sandbox = await start({ maxConcurrentCalls: 1 });
    const client = api(sandbox);
    const call = { to: "+14155552671", agent_id: await firstAgentId(client) };
    const first = await client.post("/calls", call, { "idempotency-key": "k-4" });
    const retry = await client.post("/calls", call, { "idempotency-key": "k-4" });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect((await client.post("/calls", call)).status).toBe(403);
  });

  it("refuses an over-long key", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    const answer = await client.post(
      "/calls",
      { to: "+14155552671", agent_id: await firstAgentId(client) },
      { "idempotency-key": "k".repeat(256) },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error.field).toBe("Idempotency-Key");
  });
});
