import { describe, expect, it } from "vitest";
import { api, closeSandboxesAfterEach, firstAgentId, KEY_A, KEY_B, start } from "./helpers.js";

closeSandboxesAfterEach();

describe("agents", () => {
  it("lists three agents per account with stable ids, names, language and voice", async () => {
    const sandbox = await start();
    const answer = await api(sandbox).get("/agents");
    expect(answer.status).toBe(200);
    const agents = answer.body.data as Record<string, string>[];
    expect(agents).toHaveLength(3);
    for (const [i, agent] of agents.entries()) {
      expect(agent.id).toMatch(new RegExp(`^agt_[0-9a-f]{8}_${i + 1}$`));
      expect(agent.name).toMatch(/^\w+ — /);
      expect(agent.language).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
      expect(agent.voice).toBeTruthy();
      expect(new Date(agent.created_at as string).toISOString()).toBe(agent.created_at);
    }
    expect(new Set(agents.map((agent) => agent.name)).size).toBe(3);
  });

  it("gives the same agents to the same key after a restart, and other agents to another key", async () => {
    const first = (await api(await start()).get("/agents")).body;
    const again = (await api(await start()).get("/agents")).body;
    const other = (await api(await start(), KEY_B).get("/agents")).body;
    expect(again).toEqual(first);
    expect(other.data[0].id).not.toBe(first.data[0].id);
  });

  it("honours agentsPerAccount", async () => {
    const sandbox = await start({ agentsPerAccount: 7 });
    const agents = (await api(sandbox).get("/agents")).body.data as { id: string; name: string }[];
    expect(agents).toHaveLength(7);
    expect(new Set(agents.map((agent) => agent.name)).size).toBe(7);
  });
});

describe("account isolation", () => {
  it("keeps each key's calls and agents to itself", async () => {
    const sandbox = await start();
    const a = api(sandbox, KEY_A);
    const b = api(sandbox, KEY_B);
    const agentA = await firstAgentId(a);
    const created = await a.post("/calls", { to: "+14155552671", agent_id: agentA });
    expect(created.status).toBe(201);
    const callId = created.body.data.id as string;

    expect((await a.get(`/calls/${callId}`)).status).toBe(200);
    const foreign = await b.get(`/calls/${callId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    const never = await b.get("/calls/call_doesnotexist");
    expect(foreign.body.error.message).toBe(never.body.error.message.replace("call_doesnotexist", callId));

    const listB = await b.get("/calls");
    expect(listB.body.data).toEqual([]);
    expect(listB.body.meta.total).toBe(0);
    expect((await a.get("/calls")).body.meta.total).toBe(1);

    const agentsB = (await b.get("/agents")).body.data as { id: string }[];
    expect(agentsB.map((agent) => agent.id)).not.toContain(agentA);
  });

  it("refuses another account's agent id exactly like an unknown one", async () => {
    const sandbox = await start();
    const agentA = await firstAgentId(api(sandbox, KEY_A));
    const b = api(sandbox, KEY_B);
    const foreign = await b.post("/calls", { to: "+14155552671", agent_id: agentA });
    const unknown = await b.post("/calls", { to: "+14155552671", agent_id: "agt_00000000_1" });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.field).toBe("agent_id");
    expect(foreign.body).toEqual(unknown.body);
    expect(JSON.stringify(foreign.body)).not.toContain(agentA);
  });
});
