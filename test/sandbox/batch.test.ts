import { describe, expect, it } from "vitest";
import { api, closeSandboxesAfterEach, firstAgentId, start, type Api } from "./helpers.js";

closeSandboxesAfterEach();

async function total(client: Api): Promise<number> {
  return (await client.get("/calls")).body.meta.total as number;
}

describe("POST /calls/batch", () => {
  it("accepts a batch with 202 and its calls carry the batch and campaign ids", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    const answer = await client.post("/calls/batch", {
      calls: [
        { to: "+14155552671", agent_id: agentId, contact_name: "Ann" },
        { to: "+442079460000", agent_id: agentId, metadata: { service_type: "x" } },
        { to: "+14155552671", agent_id: agentId },
      ],
    });
    expect(answer.status).toBe(202);
    const data = answer.body.data;
    expect(data).toMatchObject({ status: "accepted", count: 3 });
    expect(data.batch_id).toMatch(/^bat_[a-z0-9]+$/);
    expect(data.campaign_id).toMatch(/^cmp_[a-z0-9]+$/);
    expect(data.calls).toEqual([
      { id: expect.stringMatching(/^call_/), to: "+14155552671", status: "queued" },
      { id: expect.stringMatching(/^call_/), to: "+442079460000", status: "queued" },
      { id: expect.stringMatching(/^call_/), to: "+14155552671", status: "queued" },
    ]);
    for (const { id } of data.calls as { id: string }[]) {
      const call = (await client.get(`/calls/${id}`)).body.data;
      expect(call).toMatchObject({ batch_id: data.batch_id, campaign_id: data.campaign_id });
    }
    expect((await client.get(`/calls/${data.calls[0].id}`)).body.data.contact_name).toBe("Ann");
    expect((await client.get("/calls", { campaign_id: data.campaign_id })).body.meta.total).toBe(3);
  });

  it("keeps a given campaign_id and name", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    const answer = await client.post("/calls/batch", {
      campaign_id: "cmp_spring",
      name: "Spring reminders",
      calls: [{ to: "+14155552671", agent_id: await firstAgentId(client) }],
    });
    expect(answer.status).toBe(202);
    expect(answer.body.data).toMatchObject({ campaign_id: "cmp_spring", name: "Spring reminders", count: 1 });
  });

  it("refuses the whole batch when any row is bad, naming every bad row, creating and debiting nothing", async () => {
    const sandbox = await start({ startingBalanceCents: 100 });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    const good = { to: "+14155552671", agent_id: agentId };
    const answer = await client.post("/calls/batch", {
      calls: [good, { ...good, to: "+19005550123" }, good, { to: "+1", agent_id: "agt_other", extra: 1 }, "row", good],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe("validation_failed");
    expect(answer.body.error.message).toContain("no call was created");
    expect(answer.body.error.message).toContain("3 of 6 rows");
    expect(answer.body.error.details.map((d: { index: number; field: string }) => [d.index, d.field])).toEqual([
      [1, "to"],
      [3, "to"],
      [3, "agent_id"],
      [3, "extra"],
      [4, "calls"],
    ]);
    expect(await total(client)).toBe(0);
    // The wallet (4 calls' worth) is untouched: a batch of four still fits.
    expect((await client.post("/calls/batch", { calls: [good, good, good, good] })).status).toBe(202);
  });

  const badBodies: [string, unknown, string][] = [
    ["no calls", {}, "calls"],
    ["empty calls", { calls: [] }, "calls"],
    ["calls not an array", { calls: { to: "+14155552671" } }, "calls"],
    ["an unknown field", { calls: [], dry_run: true }, "dry_run"],
    ["a bad campaign_id", { calls: [], campaign_id: "a b" }, "campaign_id"],
    ["a bad name", { calls: [], name: "" }, "name"],
    ["an array body", [], "body"],
  ];

  it.each(badBodies)("refuses %s with 422 naming %s", async (_, body, field) => {
    const sandbox = await start();
    const answer = await api(sandbox).post("/calls/batch", body);
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("refuses more rows than maxBatchSize with 403 plan_batch_limit", async () => {
    const sandbox = await start({ maxBatchSize: 3 });
    const client = api(sandbox);
    const row = { to: "+14155552671", agent_id: await firstAgentId(client) };
    expect((await client.post("/calls/batch", { calls: [row, row, row] })).status).toBe(202);
    const over = await client.post("/calls/batch", { calls: [row, row, row, row] });
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe("plan_batch_limit");
    expect(await total(client)).toBe(3);
  });

  it("counts every row against the monthly limit; a batch is queued, not refused by the concurrent limit", async () => {
    const sandbox = await start({ maxConcurrentCalls: 3 });
    const client = api(sandbox);
    const row = { to: "+14155552671", agent_id: await firstAgentId(client) };
    expect((await client.post("/calls", row)).status).toBe(201);
    expect((await client.post("/calls/batch", { calls: [row, row, row, row, row] })).status).toBe(202);
    // The batch's calls are in progress now, so a single call is over the concurrent limit.
    const over = await client.post("/calls", row);
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe("plan_concurrent_limit");

    const monthly = await start({ monthlyCallLimit: 2, speed: "instant" });
    const other = api(monthly);
    const row2 = { to: "+14155552671", agent_id: await firstAgentId(other) };
    const refused = await other.post("/calls/batch", { calls: [row2, row2, row2] });
    expect(refused.body.error.code).toBe("plan_monthly_limit");
  });

  it("replays an idempotent batch without creating it twice", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    const body = { calls: [{ to: "+14155552671", agent_id: await firstAgentId(client) }] };
    const first = await client.post("/calls/batch", body, { "idempotency-key": "batch-1" });
    const again = await client.post("/calls/batch", body, { "idempotency-key": "batch-1" });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await total(client)).toBe(1);
  });

  // How long it takes is a figure of npm run bench ("sandbox alone" in the batch table), not an assertion here.
  it("validates and accepts a thousand rows", async () => {
    const sandbox = await start({ maxConcurrentCalls: 1000, startingBalanceCents: 100_000 });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    const calls = Array.from({ length: 1000 }, (_, i) => ({
      to: `+1415555${String(2000 + i).padStart(4, "0")}`,
      agent_id: agentId,
    }));
    const answer = await client.post("/calls/batch", { calls });
    expect(answer.status).toBe(202);
    expect(answer.body.data.count).toBe(1000);
    expect(await total(client)).toBe(1000);
  });
});
