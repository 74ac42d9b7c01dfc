import { describe, expect, it } from "vitest";
import { SANDBOX_TEST_NUMBERS } from "../../src/sandbox/index.js";
import { api, Clock, closeSandboxesAfterEach, firstAgentId, start } from "./helpers.js";

closeSandboxesAfterEach();

async function setup(options: { speed?: number | "instant" } = {}) {
  const clock = new Clock();
  const sandbox = await start({ now: clock.now, ...options });
  const client = api(sandbox);
  const agentId = await firstAgentId(client);
  const place = async (to: string, extra: Record<string, unknown> = {}) => {
    const created = await client.post("/calls", { to, agent_id: agentId, ...extra });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  };
  const read = async (id: string) => (await client.get(`/calls/${id}`)).body.data;
  return { clock, client, agentId, place, read };
}

const ms = (iso: string): number => Date.parse(iso);

describe("lifecycle on the simulated clock (speed 1)", () => {
  it("goes queued -> ringing -> in_progress -> completed with the result fields only at the end", async () => {
    const { clock, place, read, agentId } = await setup();
    const createdMs = clock.ms;
    const id = await place(SANDBOX_TEST_NUMBERS.completed.example, {
      contact_name: "Jane Doe",
      company_name: "Acme Dental",
      metadata: { service_type: "checkup" },
    });

    const queued = await read(id);
    expect(queued).toMatchObject({
      id,
      status: "queued",
      to: "+14155550100",
      agent_id: agentId,
      direction: "outbound",
      campaign_id: null,
      batch_id: null,
      cost_cents: 25,
    });
    expect(queued.agent_name).toBe("Ava — Appointment reminders");
    expect(queued).toMatchObject({
      contact_name: "Jane Doe",
      company_name: "Acme Dental",
      metadata: { service_type: "checkup" },
    });
    expect(queued.created_at).toBe(new Date(createdMs).toISOString());
    expect(queued.queued_at).toBe(queued.created_at);
    for (const later of [
      "ringing_at",
      "answered_at",
      "ended_at",
      "duration_seconds",
      "outcome",
      "summary",
      "transcript",
      "recording_url",
    ]) {
      expect(queued).not.toHaveProperty(later);
    }

    clock.advance(1.999);
    expect((await read(id)).status).toBe("queued");
    clock.advance(0.001);
    const ringing = await read(id);
    expect(ringing.status).toBe("ringing");
    expect(ms(ringing.ringing_at)).toBe(createdMs + 2000);
    expect(ringing).not.toHaveProperty("answered_at");

    clock.advance(6);
    const talking = await read(id);
    expect(talking.status).toBe("in_progress");
    expect(ms(talking.answered_at)).toBe(createdMs + 8000);
    expect(talking).not.toHaveProperty("ended_at");
    expect(talking).not.toHaveProperty("transcript");

    clock.advance(90);
    const done = await read(id);
    expect(done.status).toBe("completed");
    expect(done.outcome).toBe("appointment_confirmed");
    expect(done.duration_seconds).toBeGreaterThanOrEqual(30);
    expect(done.duration_seconds).toBeLessThanOrEqual(90);
    expect(ms(done.ended_at) - ms(done.answered_at)).toBe(done.duration_seconds * 1000);
    expect(done.summary).toContain("Jane Doe");
    expect(done.recording_url).toMatch(new RegExp(`^https://.+/${id}\\.mp3$`));
    const transcript = done.transcript as { speaker: string; text: string; offset_seconds: number }[];
    expect(transcript.length).toBeGreaterThanOrEqual(3);
    expect(new Set(transcript.map((line) => line.speaker))).toEqual(new Set(["agent", "contact"]));
    expect(transcript.map((line) => line.text).join(" ")).toContain("Jane Doe");
    expect(transcript.map((line) => line.text).join(" ")).toContain("Acme Dental");
    const offsets = transcript.map((line) => line.offset_seconds);
    expect([...offsets].sort((x, y) => x - y)).toEqual(offsets);
    expect(Math.max(...offsets)).toBeLessThan(done.duration_seconds);

    // Reading again changes nothing once final.
    clock.advance(3600);
    expect(await read(id)).toEqual(done);
  });

  const finals = [
    {
      name: "busy",
      number: SANDBOX_TEST_NUMBERS.busy.example,
      status: "busy",
      outcome: "busy",
      endsAfter: 4,
      rings: true,
    },
    {
      name: "no answer",
      number: SANDBOX_TEST_NUMBERS.no_answer.example,
      status: "no_answer",
      outcome: "no_answer",
      endsAfter: 32,
      rings: true,
    },
    {
      name: "failed",
      number: SANDBOX_TEST_NUMBERS.failed.example,
      status: "failed",
      outcome: "carrier_error",
      endsAfter: 3,
      rings: false,
    },
  ];

  it.each(finals)("ends $name at +$endsAfter s with outcome, duration 0 and no transcript", async (t) => {
    const { clock, place, read } = await setup();
    const createdMs = clock.ms;
    const id = await place(t.number);
    clock.advance(t.endsAfter - 0.001);
    expect((await read(id)).status).not.toBe(t.status);
    clock.advance(0.001);
    const done = await read(id);
    expect(done).toMatchObject({ status: t.status, outcome: t.outcome, duration_seconds: 0 });
    expect(ms(done.ended_at)).toBe(createdMs + t.endsAfter * 1000);
    expect(done.ringing_at !== undefined).toBe(t.rings);
    for (const absent of ["answered_at", "summary", "transcript", "recording_url"])
      expect(done).not.toHaveProperty(absent);
  });

  it("leaves a voicemail on …0005: completed, outcome voicemail, the agent's message only", async () => {
    const { clock, place, read } = await setup();
    const id = await place(SANDBOX_TEST_NUMBERS.voicemail.example, { contact_name: "Sam" });
    clock.advance(22);
    expect((await read(id)).status).toBe("in_progress");
    clock.advance(25);
    const done = await read(id);
    expect(done).toMatchObject({ status: "completed", outcome: "voicemail" });
    expect(done.duration_seconds).toBeGreaterThanOrEqual(15);
    expect(done.transcript.every((line: { speaker: string }) => line.speaker === "agent")).toBe(true);
    expect(done.transcript[0].text).toContain("Sam");
    expect(done.summary).toMatch(/voicemail/i);
    expect(done.recording_url).toBeTruthy();
  });

  it("uses the agent's own purpose for the outcome", async () => {
    const { clock, client, read } = await setup();
    const agents = (await client.get("/agents")).body.data as { id: string }[];
    const ids: string[] = [];
    for (const agent of agents) {
      const created = await client.post("/calls", { to: "+442079460000", agent_id: agent.id });
      ids.push(created.body.data.id as string);
    }
    clock.advance(200);
    const outcomes = await Promise.all(ids.map(async (id) => (await read(id)).outcome));
    expect(outcomes).toEqual(["appointment_confirmed", "feedback_collected", "payment_promised"]);
  });

  it("speaks without names when none were given", async () => {
    const { clock, place, read } = await setup();
    const id = await place("+61491570006");
    clock.advance(200);
    const done = await read(id);
    expect(done.summary).toMatch(/^The contact /);
    const texts = (done.transcript as { text: string }[]).map((line) => line.text).join(" ");
    expect(texts).not.toMatch(/[{}]|undefined|null/);
    expect(texts).toContain("Thank you, and have a good day.");
  });
});

describe("speed", () => {
  it("runs ten times faster at speed 10 and keeps nominal durations", async () => {
    const { clock, place, read } = await setup({ speed: 10 });
    const createdMs = clock.ms;
    const id = await place("+14155552671");
    clock.advance(0.2);
    const ringing = await read(id);
    expect(ringing.status).toBe("ringing");
    expect(ms(ringing.ringing_at)).toBe(createdMs + 200);
    clock.advance(0.6);
    expect((await read(id)).status).toBe("in_progress");
    clock.advance(9);
    const done = await read(id);
    expect(done.status).toBe("completed");
    expect(done.duration_seconds).toBeGreaterThanOrEqual(30);
  });

  it("is final at once with speed instant, in the create answer and in lists", async () => {
    const { client, place, read } = await setup({ speed: "instant" });
    const created = await client.post("/calls", {
      to: SANDBOX_TEST_NUMBERS.busy.example,
      agent_id: await firstAgentId(client),
    });
    expect(created.body.data.status).toBe("busy");
    const id = await place("+14155552671");
    expect((await read(id)).status).toBe("completed");
    const listed = (await client.get("/calls")).body.data as { status: string }[];
    expect(listed.map((call) => call.status)).toEqual(["completed", "busy"]);
  });

  it("works on the real clock too", async () => {
    const sandbox = await start({ speed: 100 });
    const client = api(sandbox);
    const created = await client.post("/calls", {
      to: SANDBOX_TEST_NUMBERS.busy.example,
      agent_id: await firstAgentId(client),
    });
    expect(created.body.data.status).toBe("queued");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await client.get(`/calls/${created.body.data.id}`)).body.data.status).toBe("busy");
  });
});
