/**
 * The shared tokens of `--http`: the one clients send (OUTBOUND_CALLS_HTTP_TOKEN) and the one approvers sign in to
 * the inbox with (OUTBOUND_CALLS_APPROVER_TOKEN), each kept apart from the service's key and from the other. Every
 * error names the variable and never echoes a token.
 */
import { ConfigurationError } from "../config/errors.js";
import { optional } from "../config/parsers.js";
import { declareVariables, readVariable } from "../config/variables.js";

/**
 * 32 characters of the bearer alphabet is at least 128 bits when random (hex) and about 190 bits when base64:
 * beyond online guessing, so failed attempts need no lock-out. `openssl rand -hex 32` makes a 64-character one.
 */
export const MIN_TOKEN_LENGTH = 32;
const MAX_TOKEN_LENGTH = 512;
/** RFC 6750 b64token: what may follow "Bearer " without quoting. */
const TOKEN_CHARS = /^[A-Za-z0-9\-._~+/]+=*$/;

/** A token of the bearer alphabet and length, trimmed; unset or blank is undefined. */
const bearerToken = optional((raw, fail, name) => {
  const token = raw.trim();
  if (token.length < MIN_TOKEN_LENGTH || token.length > MAX_TOKEN_LENGTH || !TOKEN_CHARS.test(token)) {
    return fail(
      `${name} must be ${MIN_TOKEN_LENGTH} to ${MAX_TOKEN_LENGTH} characters of A-Z, a-z, 0-9, - . _ ~ + / ` +
        "(optionally ending in =); generate one with: openssl rand -hex 32",
    );
  }
  return token;
});

export const tokenVariables = declareVariables({
  OUTBOUND_CALLS_HTTP_TOKEN: {
    group: "http",
    required: "with `--http` beyond loopback, unless OAuth",
    summary: "bearer token clients send, 32+ chars of A-Za-z0-9-._~+/, nothing of the API key; required off loopback",
    description:
      "The bearer token HTTP clients must send (the simple mode, without an identity provider). 32–512 characters of `A-Z a-z 0-9 - . _ ~ + /` (optionally ending in `=`); must not be or contain the API key, nor 16 characters of it in a row, in any letter case. Make one with `openssl rand -hex 32`.",
    parse: bearerToken,
  },
  OUTBOUND_CALLS_APPROVER_TOKEN: {
    group: "http",
    required: "for the approvers' inbox",
    summary: "approvers sign in with it to the inbox at /approvals; 32+ chars, not the client token nor the key",
    description:
      "Approvers sign in with it at `/approvals` to approve or decline dials. Same format as the client token; must not be, contain or share 16 characters in a row with the client token or the API key (in any case). See [the inbox](approval.md#the-approvers-inbox---http).",
    parse: bearerToken,
  },
});

/** A run of this many characters in common is no coincidence (16 hex characters are 64 bits). */
const KEY_RUN = 16;

/**
 * Whether the token holds the key, is part of it, or shares a long run with it, in any letter case
 * (bearer tokens are compared exactly, but a person reading the token reads the key in any case).
 */
export function sharesKeyMaterial(token: string, key: string): boolean {
  if (key.length === 0) return false;
  const t = token.toLowerCase();
  const k = key.toLowerCase();
  if (t.includes(k) || k.includes(t)) return true;
  for (let i = 0; i + KEY_RUN <= k.length; i++) if (t.includes(k.slice(i, i + KEY_RUN))) return true;
  return false;
}

/** The clients' token, undefined when unset. */
export function parseToken(env: NodeJS.ProcessEnv, apiKeys: string[]): string | undefined {
  const token = readVariable(tokenVariables.OUTBOUND_CALLS_HTTP_TOKEN, env);
  // The service's key is never a client credential: a client that knows the token must learn nothing of the key.
  if (token !== undefined && apiKeys.some((key) => sharesKeyMaterial(token, key))) {
    throw new ConfigurationError(
      `OUTBOUND_CALLS_HTTP_TOKEN must not be (or contain) the API key, nor ${KEY_RUN} characters of it in a row in any letter case: give clients a token of their own`,
    );
  }
  return token;
}

/**
 * The approvers' credential: distinct from the client token and the service key, so that neither a client nor
 * anyone holding the key can approve dials, and an approver cannot use /mcp or the service.
 */
export function parseApproverToken(
  env: NodeJS.ProcessEnv,
  clientToken: string | undefined,
  apiKeys: string[],
): string | undefined {
  const token = readVariable(tokenVariables.OUTBOUND_CALLS_APPROVER_TOKEN, env);
  if (token === undefined) return undefined;
  if (apiKeys.some((key) => sharesKeyMaterial(token, key))) {
    throw new ConfigurationError(
      `OUTBOUND_CALLS_APPROVER_TOKEN must not be (or contain) the API key, nor ${KEY_RUN} characters of it in a row in any letter case: give approvers a token of their own`,
    );
  }
  if (clientToken !== undefined && sharesKeyMaterial(token, clientToken)) {
    throw new ConfigurationError(
      `OUTBOUND_CALLS_APPROVER_TOKEN must differ from OUTBOUND_CALLS_HTTP_TOKEN (neither may contain the other, nor share ${KEY_RUN} characters in a row, in any case): a client must not be able to approve its own dials`,
    );
  }
  return token;
}
