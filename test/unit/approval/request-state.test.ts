/**
 * The signed requestState of an approval asked through input requests
 * (src/approval/request-state.ts), attacked as a client would: altered bytes,
 * other spellings, a state kept past its expiry, a state made for another
 * tool, other rows, another repeat_dial or another caller, and a state made
 * by a server with another key.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  MAX_STATE_CHARS,
  RequestStates,
  type CallerIdentity,
  type StateBinding,
} from "../../../src/approval/request-state.js";
import { dialKey } from "../../../src/guards/dial/key.js";
import type { NormalizedCall } from "../../../src/validation/call-row.js";

const T0 = Date.parse("2026-11-25T12:00:00Z");
const TTL = 10 * 60_000;
const row: NormalizedCall = { to: "+14155552671", agent_id: "agent_1", contact_name: "Ada" } as NormalizedCall;

function setup(secret = randomBytes(32)) {
  const clock = { now: T0 };
  return { clock, secret, states: new RequestStates(secret, () => clock.now, TTL) };
}

const local: CallerIdentity = { kind: "local" };
const bindingOf = (
  rows: NormalizedCall[],
  over: Partial<StateBinding> & { repeat?: boolean; tool?: string } = {},
): StateBinding => {
  const tool = over.tool ?? "create_call";
  return { tool, requestKey: dialKey(tool, rows, over.repeat ?? false), caller: over.caller ?? local };
};

describe("RequestStates", () => {
  it("a state checks out for the binding it was made for, with its body readable (id, tool, expiry, form) and nothing else in it", () => {
    const { states } = setup();
    const binding = bindingOf([row], { caller: { kind: "http_client", address: "203.0.113.7" } });
    const { state, body } = states.mint(binding, "approve_dial");
    expect(states.check(state, binding)).toEqual({ ok: true, body });
    expect(body).toMatchObject({ v: 1, tool: "create_call", exp: T0 + TTL, ask: "approve_dial" });
    const readable = Buffer.from(state.split(".")[1]!, "base64url").toString("utf8");
    expect(Object.keys(JSON.parse(readable)).sort()).toEqual(["ask", "exp", "id", "tool", "v"]);
    // Signed, not encrypted: the caller and the numbers are bound through the MAC, never written into it.
    expect(readable).not.toContain("203.0.113.7");
    expect(readable).not.toContain("+1415");
    expect(state.length).toBeLessThan(MAX_STATE_CHARS);
  });

  it("each state has its own id, so each is its own single-use mark", () => {
    const { states } = setup();
    const ids = new Set(Array.from({ length: 50 }, () => states.mint(bindingOf([row]), "approve_dial").body.id));
    expect(ids.size).toBe(50);
  });

  it("expires after the approval TTL, not a millisecond later", () => {
    const { states, clock } = setup();
    const binding = bindingOf([row]);
    const { state } = states.mint(binding, "approve_dial");
    clock.now = T0 + TTL;
    expect(states.check(state, binding).ok).toBe(true);
    clock.now = T0 + TTL + 1;
    expect(states.check(state, binding)).toEqual({ ok: false, why: "expired" });
  });

  it("a later expiry written into the body by the client breaks the MAC", () => {
    const { states, clock } = setup();
    const binding = bindingOf([row]);
    const { state } = states.mint(binding, "approve_dial");
    const [, text, mac] = state.split(".");
    const body = JSON.parse(Buffer.from(text!, "base64url").toString("utf8"));
    const longer = Buffer.from(JSON.stringify({ ...body, exp: body.exp + 24 * 3_600_000 })).toString("base64url");
    clock.now = T0 + TTL + 1;
    expect(states.check(`s1.${longer}.${mac}`, binding)).toEqual({ ok: false, why: "other_request" });
  });

  it("every single-character change of a state is refused", () => {
    const { states } = setup();
    const binding = bindingOf([row]);
    const { state } = states.mint(binding, "approve_dial");
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";
    for (let i = 0; i < state.length; i++) {
      const replacement = alphabet[(alphabet.indexOf(state[i]!) + 1 + (i % 7)) % alphabet.length]!;
      const altered = state.slice(0, i) + replacement + state.slice(i + 1);
      expect(states.check(altered, binding).ok, `position ${i}`).toBe(false);
    }
  });

  it("another spelling of the same MAC (the spare bits of base64url set) is refused", () => {
    const { states } = setup();
    const binding = bindingOf([row]);
    const { state } = states.mint(binding, "approve_dial");
    const last = state.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    const respelled = state.slice(0, -1) + sibling;
    expect(
      Buffer.from(respelled.split(".")[2]!, "base64url").equals(Buffer.from(state.split(".")[2]!, "base64url")),
    ).toBe(true);
    expect(states.check(respelled, binding)).toEqual({ ok: false, why: "malformed" });
  });

  it("is bound to the tool, every field of every row, repeat_dial and the caller", () => {
    const { states } = setup();
    const binding = bindingOf([row]);
    const { state } = states.mint(binding, "approve_dial");
    const others: Array<[string, StateBinding]> = [
      ["another tool", bindingOf([row], { tool: "submit_batch" })],
      ["another number", bindingOf([{ ...row, to: "+14155552672" }])],
      ["another agent", bindingOf([{ ...row, agent_id: "agent_2" }])],
      ["another contact name", bindingOf([{ ...row, contact_name: "Eve" }])],
      ["a field added", bindingOf([{ ...row, metadata: { note: "x" } } as NormalizedCall])],
      ["a second row", bindingOf([row, { ...row, to: "+14155552672" }])],
      ["repeat_dial", bindingOf([row], { repeat: true })],
      ["another HTTP client", bindingOf([row], { caller: { kind: "http_client", address: "203.0.113.8" } })],
      ["an HTTP client instead of stdio", bindingOf([row], { caller: { kind: "http_client", address: "local" } })],
      [
        "an OAuth subject",
        bindingOf([row], { caller: { kind: "oauth", issuer: "https://id.example", subject: "local" } }),
      ],
    ];
    for (const [what, other] of others)
      expect(states.check(state, other), what).toEqual({ ok: false, why: "other_request" });
    const oauth: CallerIdentity = { kind: "oauth", issuer: "https://id.example", subject: "alice" };
    const alice = states.mint(bindingOf([row], { caller: oauth }), "approve_dial").state;
    expect(states.check(alice, bindingOf([row], { caller: oauth })).ok).toBe(true);
    expect(states.check(alice, bindingOf([row], { caller: { ...oauth, subject: "bob" } })).ok).toBe(false);
    expect(states.check(alice, bindingOf([row], { caller: { ...oauth, issuer: "https://other.example" } })).ok).toBe(
      false,
    );
  });

  it("a server with another key refuses it; one with the same secret (another replica) accepts it", () => {
    const a = setup();
    const binding = bindingOf([row]);
    const { state } = a.states.mint(binding, "approve_dial");
    expect(setup().states.check(state, binding)).toEqual({ ok: false, why: "other_request" });
    expect(setup(Buffer.from(a.secret)).states.check(state, binding).ok).toBe(true);
  });

  it("refuses what is not a state, and a key shorter than 32 bytes", () => {
    const { states } = setup();
    const binding = bindingOf([row]);
    for (const junk of [
      undefined,
      null,
      42,
      {},
      "",
      "s1..",
      "s2.e30.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      `s1.${"A".repeat(600)}.${"A".repeat(43)}`,
    ]) {
      expect(states.check(junk, binding)).toEqual({ ok: false, why: "malformed" });
    }
    expect(() => new RequestStates(randomBytes(31), () => T0, TTL)).toThrow(RangeError);
  });
});
