/**
 * What a 2026-07-28 tools/call gives approval through input requests
 * (src/mcp/input-round.ts): forms only when the request's own capabilities
 * declare them, the retry's answers and state as received, and the caller.
 */
import { describe, expect, it } from "vitest";
import { CLIENT_CAPABILITIES_META_KEY as CLIENT_CAPABILITIES_KEY } from "@modelcontextprotocol/server";
import { callerOf, inputRound } from "../../../src/mcp/input-round.js";

const request = (
  envelope: Record<string, unknown> | undefined,
  inputResponses?: Record<string, unknown>,
  state?: unknown,
) => ({
  mcpReq: { envelope, inputResponses, requestState: () => state },
});

describe("inputRound", () => {
  it("forms only when the request declares elicitation.form", () => {
    const local = callerOf(undefined);
    expect(
      inputRound(request({ [CLIENT_CAPABILITIES_KEY]: { elicitation: { form: {} } } }), local).formElicitation,
    ).toBe(true);
    for (const caps of [
      undefined,
      {},
      { elicitation: {} },
      { elicitation: { url: {} } },
      { elicitation: { form: null } },
      { elicitation: "form" },
      null,
    ]) {
      expect(
        inputRound(request(caps === undefined ? undefined : { [CLIENT_CAPABILITIES_KEY]: caps }), local)
          .formElicitation,
        JSON.stringify(caps),
      ).toBe(false);
    }
    // Capabilities under any other key are not the client's declaration.
    expect(inputRound(request({ clientCapabilities: { elicitation: { form: {} } } }), local).formElicitation).toBe(
      false,
    );
  });

  it("passes the retry's answers and state on as received, for the channel to verify", () => {
    const answers = { approve_dial: { action: "accept", content: { confirm: true } } };
    const round = inputRound(request(undefined, answers, "s1.x.y"), callerOf("203.0.113.7"));
    expect(round).toEqual({
      formElicitation: false,
      inputResponses: answers,
      requestState: "s1.x.y",
      caller: { kind: "http_client", address: "203.0.113.7" },
    });
  });

  it("the caller: local over stdio, the HTTP client's address, or an OAuth subject when there is one", () => {
    expect(callerOf(undefined)).toEqual({ kind: "local" });
    expect(callerOf("::1")).toEqual({ kind: "http_client", address: "::1" });
    expect(callerOf("::1", { issuer: "https://id.example", subject: "alice" })).toEqual({
      kind: "oauth",
      issuer: "https://id.example",
      subject: "alice",
    });
  });
});
