/**
 * The enrolled passkeys as one sealed record: every passkey, a generation
 * number that every change raises, and the credential ids removed so far
 * (tombstones), under one HMAC with a key derived from the API key, which the
 * servers hold and Redis does not. Sealing the whole set, not each passkey,
 * is what makes a rollback visible: an old set (a removed passkey, a lower
 * counter) carries a lower generation, and a replica that has seen a newer one
 * refuses it (registry.ts). A set nobody sealed (written into Redis or the
 * file by anything but this code) is no set at all.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface Passkey {
  /** The credential id, base64url (not a secret: the browser is told it). */
  id: string;
  /** The person's name given at enrollment, for the audit line and the list. */
  name: string;
  /** COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter as last seen. */
  counter: number;
  transports: string[];
  /** The relying party the passkey was made for (localhost, or the inbox's public host). */
  rpId: string;
  createdAt: number;
}

export interface PasskeySet {
  /** Raised by every change; a set with a lower one is older. */
  generation: number;
  passkeys: Passkey[];
  /** Credential ids removed (newest last, at most MAX_TOMBSTONES): never enrolled again. */
  removed: string[];
  /**
   * The names removed (`passkeys remove <name>`) and when (ms, at most MAX_TOMBSTONES, the oldest dropped): an
   * enrollment link made for that name before then enrolls nothing, even one being used while the removal runs.
   */
  namesRemoved: Record<string, number>;
}

export const MAX_TOMBSTONES = 1_000;
export const EMPTY_SET: PasskeySet = { generation: 0, passkeys: [], removed: [], namesRemoved: {} };

const str = (v: unknown): v is string => typeof v === "string";
const int = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

function passkeyOf(r: Partial<Passkey> | null | undefined): Passkey | undefined {
  if (
    !r ||
    !str(r.id) ||
    !str(r.name) ||
    !str(r.publicKey) ||
    !int(r.counter) ||
    !Array.isArray(r.transports) ||
    !r.transports.every(str) ||
    !str(r.rpId) ||
    !int(r.createdAt)
  ) {
    return undefined;
  }
  // Rebuilt field by field, so the sealed text is the same whatever order or extra fields a stored copy has.
  return {
    id: r.id,
    name: r.name,
    publicKey: r.publicKey,
    counter: r.counter,
    transports: [...r.transports],
    rpId: r.rpId,
    createdAt: r.createdAt,
  };
}

/** Sorted by name, so the sealed text does not depend on the order names were added in. */
function namesOf(names: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(names).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function normal(set: PasskeySet): PasskeySet {
  return {
    generation: set.generation,
    passkeys: set.passkeys.map((p) => passkeyOf(p)!),
    removed: [...set.removed],
    namesRemoved: namesOf(set.namesRemoved),
  };
}

export class SetSeal {
  /** `namespace`: the shelf's (passkey-shelf.ts), so a set copied from another deployment's keys opens nothing. */
  constructor(
    private readonly key: Buffer,
    private readonly namespace: string,
  ) {}

  /** The stored text of `set`. */
  seal(set: PasskeySet): string {
    const body = normal(set);
    return JSON.stringify({ v: 2, ...body, seal: this.mac(body) });
  }

  /** The set in `text`, if this server's key sealed it; undefined for anything else. */
  open(text: string): PasskeySet | undefined {
    let raw: {
      v?: unknown;
      generation?: unknown;
      passkeys?: unknown;
      removed?: unknown;
      namesRemoved?: unknown;
      seal?: unknown;
    };
    try {
      raw = JSON.parse(text) as typeof raw;
    } catch {
      return undefined;
    }
    if (
      !raw ||
      raw.v !== 2 ||
      !int(raw.generation) ||
      !Array.isArray(raw.passkeys) ||
      !Array.isArray(raw.removed) ||
      !raw.removed.every(str) ||
      !str(raw.seal)
    )
      return undefined;
    const names = raw.namesRemoved;
    if (!names || typeof names !== "object" || Array.isArray(names) || !Object.values(names).every(int))
      return undefined;
    const passkeys = (raw.passkeys as Partial<Passkey>[]).map(passkeyOf);
    if (passkeys.some((p) => p === undefined)) return undefined;
    const set: PasskeySet = {
      generation: raw.generation,
      passkeys: passkeys as Passkey[],
      removed: raw.removed,
      namesRemoved: names as Record<string, number>,
    };
    const given = Buffer.from(raw.seal, "utf8");
    const expected = Buffer.from(this.mac(set), "utf8");
    return given.length === expected.length && timingSafeEqual(given, expected) ? set : undefined;
  }

  private mac(set: PasskeySet): string {
    return createHmac("sha256", this.key)
      .update(`passkey-set.v2\n${this.namespace}\n`, "utf8")
      .update(JSON.stringify(normal(set)), "utf8")
      .digest("base64url");
  }
}

/** The same set (same generation and content)? Two sets of one generation that differ are a fork. */
export function sameSet(a: PasskeySet, b: PasskeySet): boolean {
  return JSON.stringify(normal(a)) === JSON.stringify(normal(b));
}
