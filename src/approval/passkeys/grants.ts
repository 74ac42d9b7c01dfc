/**
 * One-time enrollment grants of hosted enrollment: `outbound-calls-mcp passkeys
 * enroll --name <person>`, with OUTBOUND_CALLS_PUBLIC_URL, records one on the
 * passkey shelf (Redis for replicas, else the passkey file) and prints the link
 * `<public URL>/approvals/passkeys/enroll/<ticket>#<secret>`. Any replica can
 * serve it. The ticket names the grant (not secret); the secret is 256 random
 * bits, stored only as its sha256, carried in the link's fragment (a browser
 * never sends a fragment in a request line or a Referer, so no proxy log holds
 * it) and posted by the page with the new passkey. A grant is sealed like the
 * set (a grant written into Redis by anything else opens nothing) and taken
 * with one atomic delete, so its link makes one passkey, once.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { PasskeyShelf } from "../../state/passkey-shelf.js";
import { hashSecret, ID_PATTERN, newId, newSecret, SECRET_PATTERN, secretMatches } from "../secrets.js";

export interface EnrollGrant {
  ticket: string;
  /** The person the passkey is for (the name it is enrolled under). */
  name: string;
  secretHash: string;
  /** When the command made it: a removal of `name` after this makes it enroll nothing (registry.ts). */
  issuedAt: number;
  expiresAt: number;
}

export class EnrollGrants {
  constructor(
    private readonly shelf: () => Promise<PasskeyShelf>,
    private readonly key: Buffer,
    private readonly now: () => number,
  ) {}

  /** A new grant for `name`, valid `ttlMs`: the ticket and the secret (shown once, never stored). */
  async issue(name: string, ttlMs: number): Promise<{ ticket: string; secret: string; expiresAt: number }> {
    const ticket = newId();
    const secret = newSecret();
    const issuedAt = this.now();
    const grant: EnrollGrant = { ticket, name, secretHash: hashSecret(secret), issuedAt, expiresAt: issuedAt + ttlMs };
    const shelf = await this.shelf();
    await shelf.putGrant(ticket, JSON.stringify({ ...grant, seal: this.mac(grant, shelf.namespace) }), grant.expiresAt);
    return { ticket, secret, expiresAt: grant.expiresAt };
  }

  /** The grant of `ticket` if it is ours, unused and in time. */
  async read(ticket: string): Promise<EnrollGrant | undefined> {
    if (!ID_PATTERN.test(ticket)) return undefined;
    const shelf = await this.shelf();
    const text = await shelf.getGrant(ticket);
    if (text === undefined) return undefined;
    let raw: Partial<EnrollGrant> & { seal?: unknown };
    try {
      raw = JSON.parse(text) as typeof raw;
    } catch {
      return undefined;
    }
    if (
      raw.ticket !== ticket ||
      typeof raw.name !== "string" ||
      typeof raw.secretHash !== "string" ||
      typeof raw.issuedAt !== "number" ||
      typeof raw.expiresAt !== "number" ||
      typeof raw.seal !== "string"
    )
      return undefined;
    const grant: EnrollGrant = {
      ticket,
      name: raw.name,
      secretHash: raw.secretHash,
      issuedAt: raw.issuedAt,
      expiresAt: raw.expiresAt,
    };
    const given = Buffer.from(raw.seal, "utf8");
    const expected = Buffer.from(this.mac(grant, shelf.namespace), "utf8");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return grant.expiresAt > this.now() ? grant : undefined;
  }

  /** Does `secret` open this grant? */
  opens(grant: EnrollGrant, secret: string | null | undefined): boolean {
    return typeof secret === "string" && SECRET_PATTERN.test(secret) && secretMatches(secret, grant.secretHash);
  }

  /** Uses the grant up: true for exactly one caller, on any replica. */
  async take(ticket: string): Promise<boolean> {
    return (await this.shelf()).takeGrant(ticket);
  }

  /** Bound to the shelf's namespace: a grant copied from another deployment's keys opens nothing here. */
  private mac(g: EnrollGrant, namespace: string): string {
    return createHmac("sha256", this.key)
      .update(
        `passkey-grant.v1\n${JSON.stringify([namespace, g.ticket, g.name, g.secretHash, g.issuedAt, g.expiresAt])}`,
        "utf8",
      )
      .digest("base64url");
  }
}
