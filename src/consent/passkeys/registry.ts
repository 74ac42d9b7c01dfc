/**
 * The enrolled passkeys, read and written through a shelf (state/passkey-shelf.ts:
 * Redis or a file) and sealed like approvals (consent/seal.ts): an HMAC under a
 * key derived from the API key, which the servers hold and Redis does not. A
 * public key is no secret, but which keys may approve is what matters: a record
 * written by anything but this code (a write to Redis, an edit of the file by
 * a program that lacks the API key) is never honoured, and is reported once.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { PasskeyShelf } from "../../state/passkey-shelf.js";

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
  /** The relying party the passkey was made for (localhost, or the inbox's host). */
  rpId: string;
  createdAt: number;
}

type Sealed = Passkey & { seal: string };

/** The name a person gives: letters, digits and a few marks, as the inbox's approver names. */
export const PASSKEY_NAME = /^[\p{L}\p{N} .'@_-]{1,60}$/u;

export class PasskeyRegistry {
  private readonly reported = new Set<string>();

  constructor(
    private readonly shelf: () => Promise<PasskeyShelf>,
    private readonly key: Buffer,
    private readonly log: (line: string) => void,
  ) {}

  /** The genuine passkeys, oldest first. A record without this server's seal is left out and reported. */
  async list(): Promise<Passkey[]> {
    const out: Passkey[] = [];
    for (const [id, text] of await (await this.shelf()).all()) {
      const passkey = this.open(id, text);
      if (passkey) out.push(passkey);
    }
    return out.sort((a, b) => a.createdAt - b.createdAt);
  }

  async get(id: string): Promise<Passkey | undefined> {
    return (await this.list()).find((p) => p.id === id);
  }

  async add(passkey: Passkey): Promise<void> {
    await (await this.shelf()).put(passkey.id, JSON.stringify({ ...passkey, seal: this.seal(passkey) } satisfies Sealed));
  }

  /** Records the counter an assertion carried (resealed). */
  async setCounter(passkey: Passkey, counter: number): Promise<void> {
    await this.add({ ...passkey, counter });
  }

  /** Removes the passkeys of this name or id; returns how many. */
  async remove(nameOrId: string): Promise<number> {
    const shelf = await this.shelf();
    let removed = 0;
    for (const [id, text] of await shelf.all()) {
      const passkey = this.open(id, text, false);
      if (id === nameOrId || passkey?.name === nameOrId) removed += (await shelf.remove(id)) ? 1 : 0;
    }
    return removed;
  }

  private open(id: string, text: string, report = true): Passkey | undefined {
    let record: Partial<Sealed>;
    try {
      record = JSON.parse(text) as Partial<Sealed>;
    } catch {
      record = {};
    }
    const passkey = wellFormed(record) ? record : undefined;
    if (passkey && passkey.id === id && same(record.seal, this.seal(passkey))) {
      const { seal: _seal, ...rest } = passkey as Sealed;
      return rest;
    }
    if (report && !this.reported.has(id)) {
      this.reported.add(id);
      this.log(
        `outbound-calls-mcp: passkeys: the stored passkey ${id.slice(0, 24)} does not carry this server's seal: something other than ` +
          "outbound-calls-mcp wrote it (or the API key changed); it approves nothing. Check who can write to Redis or the passkey file.",
      );
    }
    return undefined;
  }

  private seal(p: Passkey): string {
    const h = createHmac("sha256", this.key);
    const parts = ["passkey", p.id, p.name, p.publicKey, String(p.counter), p.transports.join(","), p.rpId, String(p.createdAt)];
    for (const part of parts) h.update(`${Buffer.byteLength(part, "utf8")}:`).update(part, "utf8");
    return h.digest("base64url");
  }
}

function wellFormed(r: Partial<Sealed>): r is Sealed {
  return (
    typeof r.id === "string" &&
    typeof r.name === "string" &&
    typeof r.publicKey === "string" &&
    typeof r.counter === "number" &&
    Number.isSafeInteger(r.counter) &&
    Array.isArray(r.transports) &&
    r.transports.every((t) => typeof t === "string") &&
    typeof r.rpId === "string" &&
    typeof r.createdAt === "number"
  );
}

function same(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
