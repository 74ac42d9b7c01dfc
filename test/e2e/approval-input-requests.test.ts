/**
 * Approval through input requests (protocol 2026-07-28), end to end: the built
 * server driven by the SDK's v2 Client over stdio and --http, in front of the
 * recording fake service. The person's answer travels in the retried
 * tools/call; the server alone decides whether it is an approval, and one
 * approval places at most one dial, whatever the client resends.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_CAPABILITIES_META_KEY } from "@modelcontextprotocol/server";
import { APPROVAL_INPUT } from "../../src/approval/input-channel.js";
import { envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";
import {
  connectHttpClient,
  HTTP_TOKEN,
  spawnHttpServer,
  type HttpServerProcess,
} from "../helpers/http-server-process.js";
import {
  modernHttp,
  modernStdio,
  type FormAnswer,
  type ModernClient,
  type RoundAnswer,
} from "../helpers/input-client.js";
import { startServer } from "../helpers/server-process.js";

const CALL = { to: "+14155552671", agent_id: "agt_1", contact_name: "Dana Lee" };
const YES = { [APPROVAL_INPUT]: { action: "accept", content: { confirm: true } } };
const fx = useSafetyFixture();
const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

const textOf = (answer: RoundAnswer) => (answer.content ?? []).map((c) => c.text ?? "").join("\n");

/** The default mode (a person approves), no browser to open, an audit log, then `extra`. */
function approvalEnv(extra: Record<string, string | undefined> = {}) {
  const audit = join(tempDir("input-requests"), "audit.jsonl");
  return {
    audit,
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CONFIRM: undefined,
      BROWSER: "/nonexistent/browser",
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      ...extra,
    }),
  };
}

const auditLines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function stdio(env: Record<string, string | undefined>, answer?: FormAnswer): Promise<ModernClient> {
  const client = await modernStdio(env, answer ? { answer } : {});
  open.push(client);
  return client;
}

async function http(env: Record<string, string | undefined>): Promise<HttpServerProcess> {
  const server = await spawnHttpServer({ env: { OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN, ...env } });
  open.push({ close: () => server.stop() });
  return server;
}

/** Round one by hand: the form and its state. */
async function firstRound(client: ModernClient, args: Record<string, unknown> = CALL): Promise<string> {
  const answer = await client.round("create_call", args);
  expect(answer.resultType).toBe("input_required");
  expect(Object.keys(answer.inputRequests ?? {})).toEqual([APPROVAL_INPUT]);
  return answer.requestState!;
}

describe("over stdio", () => {
  it("a 2026-07-28 client with forms is asked in the client; yes places exactly one call, with the Idempotency-Key the audit line names", async () => {
    const { env, audit } = approvalEnv();
    const client = await stdio(env, () => ({ action: "accept", content: { confirm: true } }));
    expect(client.client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const answer = await client.call("create_call", CALL);
    expect(answer.isError, textOf(answer)).toBeFalsy();
    expect(client.asked).toHaveLength(1);
    expect(client.asked[0]).toMatchObject({ mode: "form", requestedSchema: { required: ["confirm"] } });
    expect(String(client.asked[0]!.message)).toContain("+14155552671");
    const sent = posts(fx.upstream);
    expect(sent).toHaveLength(1);
    const key = sent[0]!.headers["idempotency-key"];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const lines = auditLines(audit);
    expect(lines.map((l) => l.decision)).toEqual(["pending", "sending", "dialed"]);
    expect(lines.at(-1)).toMatchObject({
      confirmation: "client",
      approver: "the person, in the client",
      idempotency_key: key,
    });
  });

  it("a decline sends nothing", async () => {
    const { env, audit } = approvalEnv();
    const client = await stdio(env, () => ({ action: "decline" }));
    const answer = await client.call("create_call", CALL);
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toContain("declined");
    expect(posts(fx.upstream)).toHaveLength(0);
    expect(auditLines(audit).at(-1)).toMatchObject({ decision: "declined" });
  });

  it("the same approval resent places one call: with the dedupe window the first answer again, without it a refusal", async () => {
    for (const window of ["0", "600"]) {
      fx.upstream.requests.length = 0;
      const { env } = approvalEnv({ OUTBOUND_CALLS_DEDUPE_WINDOW_S: window });
      const client = await stdio(env, () => ({ action: "accept", content: { confirm: true } }));
      const state = await firstRound(client);
      const first = await client.round("create_call", CALL, { inputResponses: YES, requestState: state });
      expect(first.isError, textOf(first)).toBeFalsy();
      const again = await Promise.all(
        [1, 2, 3].map(() => client.round("create_call", CALL, { inputResponses: YES, requestState: state })),
      );
      if (window === "0") for (const a of again) expect(textOf(a)).toContain("already used");
      else for (const a of again) expect(a.structuredContent?.deduplicated, textOf(a)).toBe(true);
      expect(posts(fx.upstream), `dedupe window ${window}`).toHaveLength(1);
    }
  });

  it("an approval does not lift the caps: the cap filled while the person decided refuses the approved dial", async () => {
    const { env } = approvalEnv({ OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "1" });
    const client = await stdio(env, () => ({ action: "accept", content: { confirm: true } }));
    // The form for this call is shown; meanwhile another dial takes the hour's one call.
    const state = await firstRound(client);
    expect((await client.call("create_call", { ...CALL, to: "+14155552672" })).isError).toBeFalsy();
    const approved = await client.round("create_call", CALL, { inputResponses: YES, requestState: state });
    expect(approved.isError).toBe(true);
    expect(textOf(approved)).toContain("OUTBOUND_CALLS_MAX_DIALS_PER_HOUR");
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("a tampered, expired or differently-bound state is refused and sends nothing", async () => {
    const { env } = approvalEnv({ OUTBOUND_CALLS_APPROVAL_TTL_S: "2" });
    const client = await stdio(env, () => ({ action: "accept", content: { confirm: true } }));
    const state = await firstRound(client);
    const flipped = state.slice(0, 8) + (state[8] === "A" ? "B" : "A") + state.slice(9);
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ["tampered", flipped, CALL],
      ["other number", state, { ...CALL, to: "+14155552672" }],
      ["other field", state, { ...CALL, contact_name: "Eve" }],
      ["repeat_dial", state, { ...CALL, repeat_dial: true }],
    ];
    for (const [what, s, args] of cases) {
      const answer = await client.round("create_call", args, { inputResponses: YES, requestState: s });
      expect(answer.isError, what).toBe(true);
      expect(textOf(answer), what).toContain("Refused");
    }
    const batch = await client.round("submit_batch", { calls: [CALL] }, { inputResponses: YES, requestState: state });
    expect(batch.isError).toBe(true);
    // Expired: the approval TTL is 2 s; the state is refused once it is past.
    const old = await firstRound(client);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const late = await client.round("create_call", CALL, { inputResponses: YES, requestState: old });
    expect(textOf(late)).toContain("expired");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("a 2026-07-28 client without forms keeps the page (no browser here: refused, nothing sent)", async () => {
    const { env } = approvalEnv();
    const client = await stdio(env);
    const answer = await client.call("create_call", CALL);
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toContain("no person can be asked");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("a 2025 client (the v1 SDK's Client) keeps form elicitation: asked by elicitation/create, one call", async () => {
    const { env } = approvalEnv();
    const server = await startServer({ env, capabilities: { elicitation: { form: {} } } });
    open.push(server);
    const { ElicitRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
    let asked = 0;
    server.client.setRequestHandler(ElicitRequestSchema, async () => {
      asked += 1;
      return { action: "accept", content: { confirm: true } };
    });
    const answer = await server.call("create_call", CALL);
    expect(answer.isError).toBeFalsy();
    expect(asked).toBe(1);
    expect(posts(fx.upstream)).toHaveLength(1);
  });
});

describe("over --http (stateless)", () => {
  it("a hosted server asks a 2026 client in the client: yes places one call, a decline none", async () => {
    const { env } = approvalEnv();
    const server = await http(env);
    const yes = await modernHttp(server.url, { answer: () => ({ action: "accept", content: { confirm: true } }) });
    open.push(yes);
    expect(yes.client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const placed = await yes.call("create_call", CALL);
    expect(placed.isError, textOf(placed)).toBeFalsy();
    expect(yes.asked).toHaveLength(1);
    expect(posts(fx.upstream)).toHaveLength(1);
    const no = await modernHttp(server.url, { answer: () => ({ action: "decline" }) });
    open.push(no);
    expect((await no.call("create_call", { ...CALL, to: "+14155552672" })).isError).toBe(true);
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("a 2026 client without forms and a 2025 client (v1 SDK) keep the approvers' inbox", async () => {
    const { env } = approvalEnv({
      OUTBOUND_CALLS_APPROVER_TOKEN: "approver_e2e_7d1c9b2a4f6e8d0c1b3a5f7e9d2c4b6a",
      OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
    });
    const server = await http(env);
    const modern = await modernHttp(server.url);
    const legacy = await connectHttpClient(server.url);
    open.push(modern, legacy);
    const fromModern = await modern.call("create_call", CALL);
    expect(fromModern.resultType).toBeUndefined();
    expect(textOf(fromModern)).toContain("approvers' inbox");
    const fromLegacy = await legacy.call("create_call", { ...CALL, to: "+14155552672" });
    expect(fromLegacy.content.map((c) => (c.type === "text" ? c.text : "")).join("\n")).toContain("approvers' inbox");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("a 2025-era request carrying a 2026 client's approval is not approved by it (2025 requests never read input responses)", async () => {
    const { env } = approvalEnv();
    const server = await http(env);
    const modern = await modernHttp(server.url, { answer: () => ({ action: "accept", content: { confirm: true } }) });
    const legacy = await connectHttpClient(server.url);
    open.push(modern, legacy);
    const state = await firstRound(modern);
    const { CallToolResultSchema } = await import("@modelcontextprotocol/sdk/types.js");
    const smuggled = await legacy.client.request(
      // Even dressed as a 2026 request that declares forms.
      {
        method: "tools/call",
        params: {
          name: "create_call",
          arguments: CALL,
          inputResponses: YES,
          requestState: state,
          _meta: { [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {} } } },
        },
      },
      CallToolResultSchema,
    );
    expect(smuggled.isError).toBe(true);
    expect(posts(fx.upstream)).toHaveLength(0);
    // The state itself was good: the 2026 client's own retry places the call.
    expect((await modern.round("create_call", CALL, { inputResponses: YES, requestState: state })).isError).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("a state is bound to the client that asked: another client's retry with it is refused", async () => {
    const { env } = approvalEnv({ OUTBOUND_CALLS_HTTP_TRUST_PROXY: "1" });
    const server = await http(env);
    const alice = await modernHttp(server.url, {
      answer: () => ({ action: "accept", content: { confirm: true } }),
      headers: { "X-Forwarded-For": "203.0.113.7" },
    });
    const mallory = await modernHttp(server.url, {
      answer: () => ({ action: "accept", content: { confirm: true } }),
      headers: { "X-Forwarded-For": "198.51.100.9" },
    });
    open.push(alice, mallory);
    const state = await firstRound(alice);
    const stolen = await mallory.round("create_call", CALL, { inputResponses: YES, requestState: state });
    expect(textOf(stolen)).toContain("another client");
    expect(posts(fx.upstream)).toHaveLength(0);
    expect((await alice.round("create_call", CALL, { inputResponses: YES, requestState: state })).isError).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
  });
});
