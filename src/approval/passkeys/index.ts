/**
 * Passkeys for approvals (OUTBOUND_CALLS_APPROVAL_PASSKEY=required): the gate a
 * page's Approve passes, made once per process from the guard store (its
 * one-time marks; Redis, or else the passkey file, keeps the passkeys) and keys
 * derived from the API key, which Redis does not hold.
 */
import { openPasskeyShelf, type PasskeyShelf } from "../../state/passkey-shelf.js";
import { deriveStateKey } from "../../state/state-key.js";
import type { PasskeySettings } from "../../config/passkeys.js";
import type { SharedStore } from "../../state/store.js";
import { PasskeyGate, type PublicRelyingParty } from "./gate.js";
import { EnrollGrants } from "./grants.js";
import { PasskeyRegistry } from "./registry.js";
import { watermarkFile } from "./watermark.js";

export { PasskeyGate } from "./gate.js";

export interface PasskeyGateParts {
  store: SharedStore;
  /** OUTBOUND_CALLS_PASSKEY_FILE (or its default): the shelf when the store is not Redis. */
  file: string;
  apiKey: string;
  now: () => number;
  log: (line: string) => void;
  /** OUTBOUND_CALLS_PUBLIC_URL as relying party (config/passkeys.ts); used by the --http inbox and the command. */
  publicParty?: PublicRelyingParty | undefined;
}

export function createPasskeyGate(parts: PasskeyGateParts): PasskeyGate {
  let shelf: Promise<PasskeyShelf> | undefined;
  const open = () => {
    shelf ??= openPasskeyShelf(parts.store, parts.file);
    shelf.catch(() => (shelf = undefined));
    return shelf;
  };
  const registry = new PasskeyRegistry({
    shelf: open,
    key: deriveStateKey(parts.apiKey, "passkeys"),
    watermarkFile: watermarkFile(parts.file),
    now: parts.now,
    log: parts.log,
  });
  const grants = new EnrollGrants(open, deriveStateKey(parts.apiKey, "passkey grants"), parts.now);
  return new PasskeyGate({
    registry,
    grants,
    publicParty: parts.publicParty,
    marks: parts.store.once,
    challengeKey: deriveStateKey(parts.apiKey, "passkey challenges"),
    now: parts.now,
    log: parts.log,
  });
}

/** What to do when a passkey is required and none is enrolled (the refusal and the start note say it). */
export const ENROLL_HOWTO =
  "OUTBOUND_CALLS_APPROVAL_PASSKEY=required and no passkey is enrolled: the person who approves runs `outbound-calls-mcp passkeys enroll --name <their name>` " +
  "with the same variables as this server (it opens a page on this computer where their passkey is made; with OUTBOUND_CALLS_PUBLIC_URL it prints a one-time link to the inbox's own enrollment page), then the dial can be asked again";

/** What the server says on stderr at start when Approve needs a passkey: how many are enrolled, or how to enroll one. */
export async function passkeyStartNote(gate: PasskeyGate | undefined): Promise<string | undefined> {
  if (!gate) return undefined;
  try {
    const count = (await gate.registry.list()).length;
    if (count === 0) return `outbound-calls-mcp: ${ENROLL_HOWTO}; until then every dial is refused.`;
    return `outbound-calls-mcp: OUTBOUND_CALLS_APPROVAL_PASSKEY=required: Approve asks for one of the ${count} enrolled passkey(s); the client's own dialogs cannot approve.`;
  } catch (error) {
    return `outbound-calls-mcp: the enrolled passkeys cannot be read (${error instanceof Error ? error.message : String(error)}); every dial is refused until they can.`;
  }
}

/** The public relying party of the settings, when OUTBOUND_CALLS_PUBLIC_URL can be one. */
export function partyOf(settings: PasskeySettings): PublicRelyingParty | undefined {
  const party = settings.publicParty;
  return party && "origin" in party ? party : undefined;
}
