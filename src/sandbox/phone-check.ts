// The same lazily loaded copy as the MCP server's (one copy of the metadata per process under --sandbox).
import { phoneLib } from "../phone/lib.js";

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string };

// The service's doc: "a leading plus sign, then country code and digits". Anything looser is the client's job to normalise.
const E164 = /^\+[1-9][0-9]{1,14}$/;
const EXAMPLE = "e.g. +14155552671";

const BLOCKED_TYPES: Record<string, string> = {
  PREMIUM_RATE: "premium-rate",
  SHARED_COST: "shared-cost",
};

const PARSE_REASONS: Record<string, string> = {
  INVALID_COUNTRY: "its country code is not recognised",
  TOO_SHORT: "it is too short",
  TOO_LONG: "it is too long",
  NOT_A_NUMBER: "it is not a phone number",
  INVALID_LENGTH: "it has the wrong number of digits",
};

/** The server-side number check, independent of any client: E.164, valid, in a country, no extension, not premium/shared-cost. */
export function checkDestination(value: unknown): PhoneCheck {
  if (typeof value !== "string") return { ok: false, message: `to must be a string in E.164 format (${EXAMPLE}).` };
  if (!E164.test(value)) {
    return { ok: false, message: `to must be in E.164 format: "+", the country code, then digits only (${EXAMPLE}).` };
  }
  const { ParseError, parsePhoneNumberWithError } = phoneLib();
  let parsed;
  try {
    parsed = parsePhoneNumberWithError(value, { extract: false });
  } catch (error) {
    const reason = error instanceof ParseError ? PARSE_REASONS[error.message] : undefined;
    return { ok: false, message: `to is not a valid phone number: ${reason ?? "it cannot be parsed"}.` };
  }
  if (!parsed.isValid()) return { ok: false, message: "to is not a valid phone number for its country code." };
  if (parsed.country === undefined) {
    return {
      ok: false,
      message: "to belongs to no country (a global service number); only numbers of a country can be called.",
    };
  }
  if (parsed.ext) return { ok: false, message: "to must not carry an extension." };
  const blocked = BLOCKED_TYPES[parsed.getType() ?? ""];
  if (blocked !== undefined) {
    return { ok: false, message: `to is a ${blocked} number; premium-rate and shared-cost numbers are not called.` };
  }
  return { ok: true, e164: parsed.number };
}
