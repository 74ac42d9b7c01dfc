/**
 * A takeover sends a dead replica's Idempotency-Key; that replica's POST may have placed the calls. Whatever stops
 * the takeover's own POST must read as an unknown outcome: never "refused, fix and try again" nor "nothing was
 * dialed, safe to try again" (docs/replicas.md, a replica that dies). The end-to-end 400 case is in
 * test/replicas/faults.test.ts; a takeover whose service cannot be reached is hard to stage there (the agent check
 * before the claim fails first), so the wording of each kind of failure is checked here.
 */
import { describe, expect, it } from "vitest";
import {
  ConflictError,
  InvalidRequestError,
  OutcomeUnknownError,
  RateLimitError,
  UpstreamFaultError,
  WalletError,
} from "../../../src/service/errors.js";
import { takeoverFailed } from "../../../src/guards/dial/lookup.js";

const SAFE = /safe to|nothing was (sent|dialed|placed)|fix the arguments|Nothing was dialed/i;

describe("takeoverFailed", () => {
  it.each([
    ["409 on the key", new ConflictError("The service reported a conflict (HTTP 409).", { status: 409 })],
    [
      "400 idempotency_error",
      new InvalidRequestError(
        "The service refused the request as invalid (HTTP 400). Fix the arguments and try again.",
        { status: 400, detail: "Keys for idempotent requests can only be used with the same parameters" },
      ),
    ],
    [
      "402 wallet",
      new WalletError("The account's wallet cannot pay for this call (HTTP 402). Nothing was dialed.", { status: 402 }),
    ],
    ["429", new RateLimitError("Rate limited by the service; retry in 5 s.", { status: 429, retryAfterS: 5 })],
  ])("%s: an unknown outcome that never says it is safe to dial again", (_name, error) => {
    for (const tool of ["create_call", "submit_batch"]) {
      const out = takeoverFailed(tool, error);
      expect(out).toBeInstanceOf(OutcomeUnknownError);
      expect(out.message).toMatch(/the outcome is unknown/);
      expect(out.message).toMatch(tool === "submit_batch" ? /Do not submit the batch again/ : /Do not place it again/);
      expect(out.message).not.toMatch(SAFE);
      expect(out.status).toBe(error.status);
    }
  });

  it("not reached: this attempt sent nothing (the claim goes back with its key), but the answer says the earlier one may have dialed", () => {
    const error = new UpstreamFaultError(
      "The calling service could not be reached (ECONNREFUSED). Nothing was sent, so nothing was dialed; it is safe to try again later.",
    );
    const out = takeoverFailed("create_call", error);
    expect(out).not.toBeInstanceOf(OutcomeUnknownError);
    expect(out.message).toMatch(
      /^The calling service could not be reached \(ECONNREFUSED\)\. This attempt sent nothing, but an earlier attempt/,
    );
    expect(out.message).toMatch(/the call may have been placed\. Do not dial these numbers another way/);
    expect(out.message).not.toMatch(SAFE);
  });
});
