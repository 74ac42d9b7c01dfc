/**
 * Approval through input requests (src/approval/input-channel.ts) on the guard
 * store it relies on, in memory and on a real redis-server: a state one
 * replica issues is verified by every other (the key comes from the store's
 * shared secret), and one approval is one decision however often, and on
 * however many replicas at once, the client resends it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ApprovalRequest, ApprovalVerdict } from "../../src/approval/channel.js";
import { ApprovalHub } from "../../src/approval/hub.js";
import { APPROVAL_INPUT, inputChannel, type InputRound } from "../../src/approval/input-channel.js";
import type { CallerIdentity } from "../../src/approval/request-state.js";
import { dialKey } from "../../src/guards/dial/key.js";
import { MemoryStore } from "../../src/guards/store/memory.js";
import { RedisStore } from "../../src/guards/store/redis.js";
import type { GuardStore } from "../../src/guards/store/store.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { deriveStateKey } from "../../src/state/state-key.js";

const T0 = Date.parse("2026-11-25T12:00:00Z");
const TTL = 10 * 60_000;
const clock = { now: T0 };
const rows = [{ to: "+14155552671", agent_id: "agent_1" }];
const request: ApprovalRequest = {
  requestKey: dialKey("create_call", rows),
  view: { tool: "create_call", rows: [], countries: [], agents: [] },
  text: "Call +1 415 555 2671 with agent_1?",
};
const caller: CallerIdentity = { kind: "http_client", address: "203.0.113.7" };
const approve = { [APPROVAL_INPUT]: { action: "accept", content: { confirm: true } } };

/** One replica's consent, on its own handle of the store. */
function replica(store: GuardStore) {
  const hub = new ApprovalHub({
    approvals: store.approvals,
    marks: store.once,
    secret: (name) => store.secret(name),
    now: () => clock.now,
    ttlMs: TTL,
    sealKey: () => deriveStateKey("sk_test_input_approvals", "approvals"),
    surface: { kind: "hosted", inbox: false },
    log: () => undefined,
  });
  return (round: Partial<InputRound>): Promise<ApprovalVerdict> =>
    inputChannel({
      round: { formElicitation: true, inputResponses: undefined, requestState: undefined, caller, ...round },
      states: () => hub.requestStates(),
      marks: store.once,
      now: () => clock.now,
      ttlMs: TTL,
      dialKey: (use) => hub.desk.dialKeyOf(use),
    }).ask(request, {
      signal: new AbortController().signal,
      progress: { report: () => undefined } as never,
      waitMs: 1_000,
      client: "local",
    });
}

async function firstRound(ask: ReturnType<typeof replica>): Promise<string> {
  const verdict = await ask({});
  if (verdict.kind !== "input_required") throw new Error(`expected input_required, got ${verdict.kind}`);
  return verdict.requestState;
}

type Open = () => Promise<GuardStore[]>;

function inputApprovalContract(open: Open): void {
  afterEach(() => {
    clock.now = T0;
  });

  it("asks with one form (a single boolean) and a state; the person's yes approves once, and the same answer again is refused", async () => {
    const [store] = await open();
    const ask = replica(store!);
    const verdict = await ask({});
    expect(verdict).toMatchObject({
      kind: "input_required",
      inputRequests: {
        [APPROVAL_INPUT]: {
          method: "elicitation/create",
          params: { mode: "form", message: request.text, requestedSchema: { required: ["confirm"] } },
        },
      },
      expiresAt: T0 + TTL,
    });
    const state = (verdict as { requestState: string }).requestState;
    const approved = await ask({ requestState: state, inputResponses: approve });
    expect(approved).toEqual({
      kind: "approved",
      via: "client_input",
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    // The key is derived from the state: a replay of it (its mark deleted from the store) re-sends the same key;
    // another state gives another key.
    const id = JSON.parse(Buffer.from(state.split(".")[1]!, "base64url").toString("utf8")).id as string;
    const hub = new ApprovalHub({
      approvals: store!.approvals,
      marks: store!.once,
      secret: (n) => store!.secret(n),
      now: () => clock.now,
      ttlMs: TTL,
      sealKey: () => deriveStateKey("sk_test_input_approvals", "approvals"),
      surface: { kind: "hosted", inbox: false },
      log: () => undefined,
    });
    expect((approved as { idempotencyKey: string }).idempotencyKey).toBe(hub.desk.dialKeyOf(`input-state:${id}`));
    const other = await ask({ requestState: await firstRound(ask), inputResponses: approve });
    expect((other as { idempotencyKey: string }).idempotencyKey).not.toBe(
      (approved as { idempotencyKey: string }).idempotencyKey,
    );
    expect(await ask({ requestState: state, inputResponses: approve })).toMatchObject({
      kind: "refused",
      why: expect.stringContaining("already used"),
    });
  });

  it("a state one replica issued is approved on another, once, and then refused on every replica", async () => {
    const [a, b, c] = await open();
    const state = await firstRound(replica(a!));
    expect((await replica(b!)({ requestState: state, inputResponses: approve })).kind).toBe("approved");
    expect((await replica(c!)({ requestState: state, inputResponses: approve })).kind).toBe("refused");
    expect((await replica(a!)({ requestState: state, inputResponses: approve })).kind).toBe("refused");
  });

  it("the same approval sent 30 times at once to three replicas approves exactly once", async () => {
    const stores = await open();
    const state = await firstRound(replica(stores[0]!));
    const asks = stores.map(replica);
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => asks[i % asks.length]!({ requestState: state, inputResponses: approve })),
    );
    expect(verdicts.filter((v) => v.kind === "approved")).toHaveLength(1);
    expect(verdicts.filter((v) => v.kind === "refused")).toHaveLength(29);
  });

  it("a decline or cancel approves nothing, and its state cannot be answered again with a yes", async () => {
    const [store] = await open();
    const ask = replica(store!);
    const declined = await firstRound(ask);
    expect(
      await ask({ requestState: declined, inputResponses: { [APPROVAL_INPUT]: { action: "decline" } } }),
    ).toMatchObject({ kind: "declined", why: "declined" });
    expect((await ask({ requestState: declined, inputResponses: approve })).kind).toBe("refused");
    const cancelled = await firstRound(ask);
    expect(
      await ask({ requestState: cancelled, inputResponses: { [APPROVAL_INPUT]: { action: "cancel" } } }),
    ).toMatchObject({ kind: "declined", why: "cancelled" });
  });

  it("an answer that is not an accept of the exact form asked approves nothing", async () => {
    const [store] = await open();
    const ask = replica(store!);
    const answers: unknown[] = [
      { action: "accept", content: { confirm: false } },
      { action: "accept", content: { confirm: "true" } },
      { action: "accept", content: { confirm: 1 } },
      { action: "accept", content: { confirm: true, also: "dial +14155550000" } },
      { action: "accept", content: {} },
      { action: "accept" },
      { action: "accept", content: [true] },
      { action: "approve", content: { confirm: true } },
      { method: "elicitation/create", result: { action: "accept", content: { confirm: true } } },
      "accept",
      null,
    ];
    for (const answer of answers) {
      const state = await firstRound(ask);
      const verdict = await ask({ requestState: state, inputResponses: { [APPROVAL_INPUT]: answer } });
      expect(verdict.kind, JSON.stringify(answer)).toBe("declined");
    }
    // A yes under another key is no answer to the form asked: the client is asked again, nothing approved.
    const state = await firstRound(ask);
    const elsewhere = await ask({
      requestState: state,
      inputResponses: { other: { action: "accept", content: { confirm: true } } },
    });
    expect(elsewhere.kind).toBe("input_required");
    expect((elsewhere as { requestState: string }).requestState).not.toBe(state);
    // That state was not spent by the retry without an answer: the person's yes still counts, once.
    expect((await ask({ requestState: state, inputResponses: approve })).kind).toBe("approved");
  });

  it("an answer without a state is no approval: the client is asked again", async () => {
    const [store] = await open();
    expect((await replica(store!)({ inputResponses: approve })).kind).toBe("input_required");
  });

  it("a state past the approval TTL, altered, or of another caller is refused, and is not spent", async () => {
    const [store] = await open();
    const ask = replica(store!);
    const state = await firstRound(ask);
    const altered = state.slice(0, 10) + (state[10] === "A" ? "B" : "A") + state.slice(11);
    expect(await ask({ requestState: altered, inputResponses: approve })).toMatchObject({
      kind: "refused",
      why: expect.stringContaining("another request"),
    });
    expect(
      await ask({
        requestState: state,
        inputResponses: approve,
        caller: { kind: "http_client", address: "198.51.100.1" },
      }),
    ).toMatchObject({ kind: "refused" });
    clock.now = T0 + TTL + 1;
    expect(await ask({ requestState: state, inputResponses: approve })).toMatchObject({
      kind: "refused",
      why: expect.stringContaining("expired"),
    });
    clock.now = T0 + TTL;
    expect((await ask({ requestState: state, inputResponses: approve })).kind).toBe("approved");
  });
}

describe("input-request approvals in memory (one process)", () => {
  inputApprovalContract(async () => {
    const store = new MemoryStore();
    return [store, store, store];
  });
});

describe("input-request approvals on Redis (three replicas)", () => {
  let server: RedisServer;
  let serial = 0;
  const opened: GuardStore[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await server?.stop();
  });
  inputApprovalContract(async () => {
    serial += 1;
    const settings = server.settings({ prefix: `input${serial}:`, commandTimeoutMs: 5_000, connectTimeoutMs: 5_000 });
    const stores = await Promise.all([0, 1, 2].map(() => RedisStore.open(settings, () => undefined)));
    opened.push(...stores);
    return stores;
  });
});
