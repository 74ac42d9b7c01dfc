/**
 * OUTBOUND_CALLS_APPROVAL_PASSKEY and OUTBOUND_CALLS_PASSKEY_FILE: whether an
 * approval needs a passkey (WebAuthn with user verification, src/approval/passkeys/),
 * and where the enrolled passkeys are kept without Redis.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { text, withDefault } from "./parsers.js";
import { declareVariables, type Parsed } from "./variables.js";

export interface PasskeySettings {
  /** Approve (on the page and in the inbox) needs a WebAuthn assertion with user verification. */
  required: boolean;
  /** The file of enrolled passkeys when there is no Redis. */
  file: string;
  /**
   * OUTBOUND_CALLS_PUBLIC_URL as the relying party of hosted passkeys: its origin, and its host as the RP ID;
   * `problem` when it is set but cannot be one (an IP address, plain http off localhost).
   */
  publicParty: { origin: string; rpId: string } | { problem: string } | undefined;
}

/**
 * A WebAuthn relying party from a public URL. Browsers make passkeys only in a secure context (https, or
 * http://localhost) and for a domain name: an IP address cannot be an RP ID.
 */
export function relyingPartyOf(raw: string | undefined): PasskeySettings["publicParty"] {
  if (raw === undefined || raw.trim() === "") return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: `OUTBOUND_CALLS_PUBLIC_URL is not a URL: ${raw.trim()}` };
  }
  const host = url.hostname.toLowerCase();
  if (/^[\d.]+$/.test(host) || host.startsWith("["))
    return { problem: `passkeys need a host name, and OUTBOUND_CALLS_PUBLIC_URL names an IP address (${host})` };
  if (url.protocol !== "https:" && !(url.protocol === "http:" && host === "localhost")) {
    return {
      problem: `browsers make passkeys only over https (or on http://localhost), and OUTBOUND_CALLS_PUBLIC_URL is ${url.origin}`,
    };
  }
  return { origin: url.origin, rpId: host };
}

export const passkeyVariables = declareVariables({
  OUTBOUND_CALLS_APPROVAL_PASSKEY: {
    group: "safety",
    default: "off",
    example: "required",
    summary:
      "required: Approve needs an enrolled passkey with user verification (PIN, fingerprint); dialogs and model tokens cannot approve",
    description:
      "`required`: Approve, on the approval page and in the inbox, needs a passkey enrolled with `outbound-calls-mcp passkeys enroll` and the person's verification (PIN, fingerprint, face); the client's own dialogs cannot approve, and a dial with no passkey enrolled is refused. See [passkeys.md](passkeys.md).",
    parse: withDefault((raw, fail): boolean => {
      const value = raw.trim().toLowerCase();
      if (value === "off") return false;
      if (value === "required") return true;
      return fail("OUTBOUND_CALLS_APPROVAL_PASSKEY must be off (the default) or required");
    }),
  },
  OUTBOUND_CALLS_PASSKEY_FILE: {
    group: "safety",
    unset: "$XDG_STATE_HOME/outbound-calls-mcp/passkeys.json (~/.local/state/…)",
    summary: "where enrolled passkeys are kept without Redis (with Redis: in Redis)",
    description:
      "Where the enrolled passkeys are kept when there is no Redis (0600; with `OUTBOUND_CALLS_REDIS_URL` they are kept in Redis). Each is sealed with a key derived from the API key.",
    parse: text,
  },
});

/** The default file: in the XDG state folder, beside nothing another program of the system reads. */
export function defaultPasskeyFile(env: NodeJS.ProcessEnv): string {
  const state = env.XDG_STATE_HOME?.trim() || join(env.HOME?.trim() || homedir(), ".local", "state");
  return join(state, "outbound-calls-mcp", "passkeys.json");
}

export function passkeySettings(e: Parsed<typeof passkeyVariables>, env: NodeJS.ProcessEnv): PasskeySettings {
  return {
    required: e.OUTBOUND_CALLS_APPROVAL_PASSKEY,
    file: e.OUTBOUND_CALLS_PASSKEY_FILE ?? defaultPasskeyFile(env),
    publicParty: relyingPartyOf(env.OUTBOUND_CALLS_PUBLIC_URL),
  };
}
