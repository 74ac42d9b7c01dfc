/**
 * Guard 1, human confirmation, in-process through the SDK Client: elicitation
 * accepted, declined, cancelled; `always` with and without a token, a token of
 * another request, a spent token; `never`; dry runs in every mode ask the
 * service for no dial.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ElicitRequest } from "@modelcontextprotocol/sdk/types.js";
import { textOf } from "../../helpers/server-process.js";
import { useInProcess, type ElicitAnswer, type InProcessServer } from "../../helpers/in-process.js";
import { GUARDS_OFF } from "../../helpers/guards.js";

const CALL = { to: "+1 (415) 555-2671", agent_id: "agt_1", contact_name: "Dana Lee", company_name: "Acme" };
const ACCEPT: ElicitAnswer = () => ({ action: "accept", content: { confirm: true } });

const fx = useInProcess();
const posts = () => fx.service.posts();

/** A server with `env` on top of the guards turned off; its client answers elicitation with `elicit` when given. */
async function start(env: Record<string, string>, elicit?: { current: ElicitAnswer }, asked?: ElicitRequest[]): Promise<InProcessServer> {
  return fx.start({ env: { OUTBOUND_CALLS_TIMEOUT_MS: "5000", ...GUARDS_OFF, ...env }, ...(elicit ? { elicit } : {}), ...(asked ? { asked } : {}) });
}

describe("OUTBOUND_CALLS_CONFIRM=auto with a client that can ask", () => {
  const answer = { current: ACCEPT };
  const asked: ElicitRequest[] = [];
  let server: InProcessServer;
  beforeAll(async () => {
    server = await start({}, answer, asked);
  });
  beforeEach(() => {
    asked.length = 0;
    answer.current = ACCEPT;
  });

  it("asks with what a person checks at a glance, and dials exactly once on yes", async () => {
    const result = await server.call("create_call", { ...CALL, metadata: { service_type: "reminder" } });
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(1);
    const params = asked[0]!.params as { message: string; requestedSchema: unknown; mode?: string };
    expect(params.message).toContain("+1 415 555 2671 — United States (US)");
    expect(params.message).toContain("Agent: Ava (agt_1)");
    expect(params.message).toContain("Contact: Dana Lee");
    expect(params.message).toContain("Company: Acme");
    expect(params.message).toContain("service_type=reminder");
    expect(params.requestedSchema).toEqual({
      type: "object",
      properties: { confirm: { type: "boolean", title: "Place this call?", description: "Yes dials now; no dials nothing." } },
      required: ["confirm"],
    });
    expect(posts()).toHaveLength(1);
    expect(result.structuredContent).toMatchObject({ call: { id: "call_1" }, confirmed_by: "user" });
    expect(textOf(result)).toContain("The user confirmed it.");
  });

  it.each([
    ["decline", { action: "decline" } as const, "The user declined"],
    ["cancel", { action: "cancel" } as const, "The user cancelled the confirmation"],
    ["accept with confirm=false", { action: "accept", content: { confirm: false } } as const, "The user declined"],
  ])("%s: nothing is dialed and the model is told so", async (_label, reply, said) => {
    answer.current = () => reply;
    const result = await server.call("create_call", CALL);
    expect(asked).toHaveLength(1);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toContain(`${said}; nothing was dialed. Do not retry unless the user asks.`);
    expect(posts()).toHaveLength(0);
  });

  it("the dial's deadline starts when the person answered: their time is not the service's", async () => {
    let answeredAt = 0;
    answer.current = async () => {
      await new Promise((r) => setTimeout(r, 300));
      answeredAt = Date.now();
      return { action: "accept", content: { confirm: true } };
    };
    expect((await server.call("create_call", CALL)).isError).toBeFalsy();
    const dial = posts()[0]!;
    expect(dial.deadline.totalMs).toBe(5000);
    expect(dial.deadline.at).toBeGreaterThanOrEqual(answeredAt + 5000);
  });

  it("a client error while asking dials nothing", async () => {
    answer.current = () => {
      throw new Error("the dialog crashed");
    };
    const result = await server.call("create_call", CALL);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("confirmation was not obtained");
    expect(posts()).toHaveLength(0);
  });

  it("a client that gives up while the person is still deciding cancels the call: nothing is dialed", async () => {
    // The person says yes, but only after the client gave up on the tool call: too late to dial.
    answer.current = () => new Promise((resolve) => setTimeout(() => resolve({ action: "accept", content: { confirm: true } }), 800));
    const outcome = await server.client.callTool({ name: "create_call", arguments: CALL }, undefined, { timeout: 400 }).then(
      () => "answered",
      (e: Error) => e.message,
    );
    expect(outcome).toMatch(/timed out/i);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(posts()).toHaveLength(0);
    answer.current = ACCEPT;
    expect((await server.call("create_call", CALL)).isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });

  it("a batch shows the row count, countries and first rows, and is sent once on yes", async () => {
    const calls = [
      { to: "+14155552671", agent_id: "agt_1", contact_name: "Dana Lee" },
      { to: "+442079460000", agent_id: "agt_2" },
      ...Array.from({ length: 5 }, (_, i) => ({ to: `+1415555267${i + 2}`, agent_id: "agt_1" })),
    ];
    const result = await server.call("submit_batch", { calls });
    expect(result.isError).toBeFalsy();
    const message = (asked[0]!.params as { message: string }).message;
    expect(message).toContain("Place 7 phone calls now?");
    expect(message).toContain("Countries: United States (US) ×6, United Kingdom (GB) ×1");
    expect(message).toContain("Agents: Ava (agt_1), Ben (agt_2)");
    expect(message).toContain("1. +1 415 555 2671 (US) — Dana Lee — agent Ava (agt_1)");
    expect(message).toContain("2. +44 20 7946 0000 (GB) — agent Ben (agt_2)");
    expect(message).toContain("…and 2 more rows.");
    expect(posts().map((p) => p.op)).toEqual(["calls.createBatch"]);
  });

  it("a declined batch sends nothing", async () => {
    answer.current = () => ({ action: "decline" });
    const result = await server.call("submit_batch", { calls: [{ to: "+14155552671", agent_id: "agt_1" }, { to: "+14155552672", agent_id: "agt_1" }] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("The user declined; nothing was dialed.");
    expect(posts()).toHaveLength(0);
  });

  it("dry_run asks nobody and sends nothing", async () => {
    const result = await server.call("create_call", { ...CALL, dry_run: true });
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(0);
    expect(posts()).toHaveLength(0);
    expect(result.structuredContent).toMatchObject({ dry_run: true, to_international: "+1 415 555 2671", country: "US", agent_name: "Ava" });
    expect(result.structuredContent).not.toHaveProperty("confirmation_token");
    expect(textOf(result)).toContain("Dry run: nothing was sent and nothing was dialed.");
    expect(textOf(result)).toContain("confirmation: the user will be asked before dialing");
  });
});

describe("OUTBOUND_CALLS_CONFIRM=auto with a client that cannot ask", () => {
  it("dials without a human check (documented) and says so in the answer", async () => {
    const server = await start({});
    const result = await server.call("create_call", CALL);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ confirmed_by: "not_asked" });
    expect(posts()).toHaveLength(1);
  });
});

describe("OUTBOUND_CALLS_CONFIRM=always with a client that cannot ask", () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await start({ OUTBOUND_CALLS_CONFIRM: "always" });
  });

  it("refuses a dial without a token and sends nothing", async () => {
    const result = await server.call("create_call", CALL);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("OUTBOUND_CALLS_CONFIRM=always");
    expect(textOf(result)).toContain("dry_run: true");
    expect(posts()).toHaveLength(0);
  });

  it("dials once with the token of a dry run of the same request; the token works once", async () => {
    const dry = await server.call("create_call", { ...CALL, dry_run: true });
    expect(dry.isError).toBeFalsy();
    expect(posts()).toHaveLength(0);
    const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
    expect(token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(textOf(dry)).toContain(`"confirmation_token": "${token}"`);
    // The same request written differently normalizes to the same dial.
    const dial = await server.call("create_call", { ...CALL, to: "+14155552671", contact_name: " Dana Lee ", confirmation_token: token });
    expect(dial.isError).toBeFalsy();
    expect(dial.structuredContent).toMatchObject({ confirmed_by: "token", call: { id: "call_1" } });
    expect(posts()).toHaveLength(1);
    const again = await server.call("create_call", { ...CALL, confirmation_token: token });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain("was already used");
    expect(posts()).toHaveLength(1);
  });

  it("two concurrent dials with one token (dedupe off) dial once", async () => {
    const dry = await server.call("create_call", { ...CALL, dry_run: true });
    const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
    const results = await Promise.all([1, 2].map(() => server.call("create_call", { ...CALL, confirmation_token: token })));
    expect(results.filter((r) => !r.isError)).toHaveLength(1);
    expect(textOf(results.find((r) => r.isError)!)).toContain("was already used");
    expect(posts()).toHaveLength(1);
  });

  it.each([
    ["another number", { to: "+14155552672" }],
    ["another agent", { agent_id: "agt_2" }],
    ["another contact name", { contact_name: "Someone Else" }],
    ["added metadata", { metadata: { service_type: "sales" } }],
  ])("refuses a token issued for a different request (%s)", async (_label, change) => {
    const dry = await server.call("create_call", { ...CALL, dry_run: true });
    const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
    const result = await server.call("create_call", { ...CALL, ...change, confirmation_token: token });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("was issued for a different request");
    expect(posts()).toHaveLength(0);
  });

  it("refuses a token that is not one of ours", async () => {
    const result = await server.call("create_call", { ...CALL, confirmation_token: "made-up" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("is not a token this server issued");
    expect(posts()).toHaveLength(0);
  });

  it("a batch token is bound to the batch", async () => {
    const calls = [{ to: "+14155552671", agent_id: "agt_1" }, { to: "+14155552672", agent_id: "agt_1" }];
    const dry = await server.call("submit_batch", { calls, dry_run: true });
    expect(dry.structuredContent).toMatchObject({ dry_run: true, count: 2, batch_id: null, countries: ["US"] });
    const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
    const other = await server.call("submit_batch", { calls: [...calls, { to: "+14155552673", agent_id: "agt_1" }], confirmation_token: token });
    expect(other.isError).toBe(true);
    expect(posts()).toHaveLength(0);
    const ok = await server.call("submit_batch", { calls, confirmation_token: token });
    expect(ok.isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });
});

describe("OUTBOUND_CALLS_CONFIRM=always with a client that can ask", () => {
  it("asks the person (no token needed)", async () => {
    const asked: ElicitRequest[] = [];
    const server = await start({ OUTBOUND_CALLS_CONFIRM: "always" }, { current: ACCEPT }, asked);
    const result = await server.call("create_call", CALL);
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect(posts()).toHaveLength(1);
  });
});

describe("OUTBOUND_CALLS_CONFIRM=never", () => {
  it("does not ask even a client that can, and dry_run still sends nothing", async () => {
    const asked: ElicitRequest[] = [];
    const server = await start({ OUTBOUND_CALLS_CONFIRM: "never" }, { current: ACCEPT }, asked);
    const dry = await server.call("create_call", { ...CALL, dry_run: true });
    expect(dry.structuredContent).toMatchObject({ dry_run: true });
    expect(posts()).toHaveLength(0);
    const result = await server.call("create_call", CALL);
    expect(result.structuredContent).toMatchObject({ confirmed_by: "not_required" });
    expect(asked).toHaveLength(0);
    expect(posts()).toHaveLength(1);
  });
});
