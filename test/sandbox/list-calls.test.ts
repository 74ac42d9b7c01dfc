import { describe, expect, it } from "vitest";
import { api, Clock, closeSandboxesAfterEach, start } from "./helpers.js";

closeSandboxesAfterEach();

const DAY = 86_400;

/** Seven calls over three UTC days (2025-06-16..18), two agents, one batch; states at the final clock vary. */
async function seeded() {
  const clock = new Clock(Date.UTC(2025, 5, 16, 23, 59, 0));
  const sandbox = await start({ now: clock.now });
  const client = api(sandbox);
  const agents = ((await client.get("/agents")).body.data as { id: string }[]).map((agent) => agent.id);
  const [ava, leo] = agents as [string, string];
  const ids: string[] = [];
  const place = async (to: string, agent: string) => {
    const answer = await client.post("/calls", { to, agent_id: agent });
    expect(answer.status).toBe(201);
    ids.push(answer.body.data.id);
  };
  await place("+14155552671", ava); // 06-16 23:59:00 -> completed
  clock.advance(60);
  await place("+14155550102", leo); // 06-17 00:00:00 -> busy
  clock.advance(60);
  await place("+14155550103", ava); // 06-17 00:01:00 -> no_answer
  const batch = await client.post("/calls/batch", {
    campaign_id: "spring-promo",
    calls: [
      { to: "+14155552672", agent_id: leo },
      { to: "+14155552673", agent_id: leo },
    ],
  }); // 06-17 00:01:00, same instant as the call before
  ids.push(...(batch.body.data.calls as { id: string }[]).map((call) => call.id));
  clock.advance(DAY);
  await place("+14155552674", ava); // 06-18 00:01:00 -> queued at the end
  await place("+14155550104", ava); // 06-18 00:01:00 -> queued at the end
  return { clock, client, ids, ava, leo };
}

describe("GET /calls", () => {
  it("lists newest first with paging meta", async () => {
    const { client, ids } = await seeded();
    const all = await client.get("/calls");
    expect(all.status).toBe(200);
    expect((all.body.data as { id: string }[]).map((call) => call.id)).toEqual([...ids].reverse());
    expect(all.body.meta).toEqual({ page: 1, limit: 20, total: 7, total_pages: 1, has_more: false });

    const page1 = await client.get("/calls", { limit: 3 });
    expect(page1.body.meta).toEqual({ page: 1, limit: 3, total: 7, total_pages: 3, has_more: true });
    expect(page1.body.data).toHaveLength(3);
    const page3 = await client.get("/calls", { limit: 3, page: 3 });
    expect(page3.body.meta).toMatchObject({ page: 3, total_pages: 3, has_more: false });
    expect(page3.body.data.map((call: { id: string }) => call.id)).toEqual([ids[0]]);
    const beyond = await client.get("/calls", { limit: 3, page: 9 });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ page: 9, total: 7, has_more: false });
  });

  it("answers an empty list with zero pages", async () => {
    const sandbox = await start();
    const answer = await api(sandbox).get("/calls");
    expect(answer.body).toEqual({ data: [], meta: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } });
  });

  it("filters by status as it is now", async () => {
    const { clock, client, ids } = await seeded();
    const statuses = async (status: string) =>
      (await client.get("/calls", { status })).body.data.map((call: { id: string }) => call.id);
    expect(await statuses("queued")).toEqual([ids[6], ids[5]]);
    expect(await statuses("busy")).toEqual([ids[1]]);
    expect(await statuses("no_answer")).toEqual([ids[2]]);
    expect(await statuses("completed")).toEqual([ids[4], ids[3], ids[0]]);
    clock.advance(4);
    expect(await statuses("failed")).toEqual([ids[6]]);
    expect(await statuses("ringing")).toEqual([ids[5]]);
    expect(await statuses("canceled")).toEqual([]);
  });

  it("filters by agent, campaign and date (a date is a whole UTC day, inclusive)", async () => {
    const { client, ids, leo } = await seeded();
    const idsOf = async (query: Record<string, string>) =>
      (await client.get("/calls", query)).body.data.map((call: { id: string }) => call.id);
    expect(await idsOf({ agent_id: leo })).toEqual([ids[4], ids[3], ids[1]]);
    expect(await idsOf({ campaign_id: "spring-promo" })).toEqual([ids[4], ids[3]]);
    expect(await idsOf({ campaign_id: "other" })).toEqual([]);
    expect(await idsOf({ date_from: "2025-06-17", date_to: "2025-06-17" })).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    expect(await idsOf({ date_to: "2025-06-16" })).toEqual([ids[0]]);
    expect(await idsOf({ date_from: "2025-06-18" })).toEqual([ids[6], ids[5]]);
    expect(await idsOf({ date_from: "2025-06-17T00:00:30Z", date_to: "2025-06-17T02:01:00+02:00" })).toEqual([
      ids[4],
      ids[3],
      ids[2],
    ]);
    expect(
      await idsOf({ agent_id: leo, date_from: "2025-06-17", campaign_id: "spring-promo", status: "completed" }),
    ).toEqual([ids[4], ids[3]]);
  });

  it("ignores unknown parameters", async () => {
    const { client } = await seeded();
    const answer = await client.get("/calls", { sort: "oldest", foo: "bar" });
    expect(answer.status).toBe(200);
    expect(answer.body.meta.total).toBe(7);
  });

  const bad: [Record<string, string>, string][] = [
    [{ status: "done" }, "status"],
    [{ status: "" }, "status"],
    [{ agent_id: "has space" }, "agent_id"],
    [{ campaign_id: "x".repeat(129) }, "campaign_id"],
    [{ date_from: "2025-02-30" }, "date_from"],
    [{ date_from: "17/06/2025" }, "date_from"],
    [{ date_to: "2025-06-17T10:00:00" }, "date_to"],
    [{ date_to: "2025-06-17T25:00:00Z" }, "date_to"],
    [{ date_from: "2025-06-18", date_to: "2025-06-17" }, "date_to"],
    [{ page: "0" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ limit: "0" }, "limit"],
    [{ limit: "101" }, "limit"],
    [{ limit: "ten" }, "limit"],
  ];

  it.each(bad)("refuses %j with 422 naming %s", async (query, field) => {
    const sandbox = await start();
    const answer = await api(sandbox).get("/calls", query);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: "validation_failed", field });
  });
});

describe("GET /calls/{id}", () => {
  it("answers 404 not_found for an unknown id, and never echoes a strange one", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    const unknown = await client.get("/calls/call_unknown");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: "not_found", message: "No call call_unknown exists in this account." });
    const odd = await client.get(`/calls/${encodeURIComponent("<script>")}`);
    expect(odd.status).toBe(404);
    expect(odd.body.error.message).not.toContain("<script>");
    expect((await client.get("/calls/%E0%A4%A")).status).toBe(404);
  });
});
