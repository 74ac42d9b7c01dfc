/**
 * Approver sessions of the hosted inbox (--http). After a login with
 * OUTBOUND_CALLS_APPROVER_TOKEN, or with OAuth a sign-in through the identity
 * provider (oidc-login.ts), the browser holds a signed session cookie
 * (HttpOnly, SameSite=Strict, scoped to /approvals, Secure behind TLS) for a
 * short fixed lifetime: `<session id>.<expiry, base 36>.<who, base64url>.<mac>`,
 * where "who" is the name given at login, or with OAuth the person's name,
 * subject and whether their token granted calls:approve.
 * Nothing is kept per session, so any replica behind a load balancer (no sticky
 * sessions) checks it: the mac is an HMAC-SHA256 under a key derived from the
 * guard store's shared secret `approver-sessions` and the sign-in's binding
 * (the approver token, or the issuer and client id: changing it ends every session). Each session's CSRF token is derived
 * from its id the same way, and required on every form that changes something;
 * the login form has one of its own (a cookie and a hidden field that must
 * match). Signing out marks the session id ended in the store (a one-time
 * mark, until the session would have expired), so the cookie stops working on
 * every replica, even if it was copied.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { parse as parseCookies, serialize } from "cookie";
import type { OnceMarks } from "../../state/store.js";
import { hashSecret, newId, newSecret, secretMatches, SECRET_PATTERN } from "../secrets.js";

export const SESSION_COOKIE = "ocm_approver";
export const LOGIN_COOKIE = "ocm_login";
export const COOKIE_PATH = "/approvals";
/** Short: an approver signs in again after half an hour. */
export const SESSION_MS = 30 * 60_000;
const LOGIN_FORM_MS = 10 * 60_000;
/** The approver's name as the login form allows it (hosted.ts checks it before a session is made). */
export const APPROVER_NAME = /^[\p{L}\p{N} .'@_-]{1,60}$/u;
const SESSION_FORM = /^([A-Za-z0-9_-]{22})\.([1-9a-z][0-9a-z]{0,11})\.([A-Za-z0-9_-]{1,1200})\.([A-Za-z0-9_-]{43})$/;
/** A subject as identity providers issue it (OpenID Connect: at most 255 ASCII characters). */
export const SUBJECT = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
const MAC_BYTES = 32;

export interface Session {
  /** Random, names the session (its end is marked by it); not a secret by itself. */
  id: string;
  /** The approver's name as given at login (or as the identity provider gave it), for the audit line. */
  name: string;
  /** With OAuth: the person's subject at the issuer (the same `sub` their access tokens carry). */
  sub?: string;
  /** May decide: always with the approver token; with OAuth, when the sign-in's token granted calls:approve. */
  canApprove: boolean;
  csrf: string;
  expiresAt: number;
}

/** Who a session stands for, from the identity provider (OAuth mode). */
export interface SignedInPerson {
  name: string;
  sub: string;
  canApprove: boolean;
}

export function cookieOf(req: IncomingMessage, name: string, pattern: RegExp = SECRET_PATTERN): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const value = parseCookies(header)[name];
  return value !== undefined && pattern.test(value) ? value : undefined;
}

/** `lax` only for the sign-in's own cookie, which must come back on the identity provider's cross-site redirect. */
export function cookieHeader(
  name: string,
  value: string,
  maxAgeMs: number,
  secure: boolean,
  sameSite: "strict" | "lax" = "strict",
): string {
  return serialize(name, value, {
    httpOnly: true,
    sameSite,
    secure,
    path: COOKIE_PATH,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/** A name from the identity provider as the inbox shows it: the characters a login name may have, at most 60. */
export function approverNameOf(raw: string | undefined, fallback: string): string {
  const cleaned = (raw ?? "")
    .replace(/[^\p{L}\p{N} .'@_-]/gu, "")
    .replace(/ {2,}/g, " ")
    .trim()
    .slice(0, 60)
    .trim();
  if (APPROVER_NAME.test(cleaned)) return cleaned;
  const alt = fallback
    .replace(/[^\p{L}\p{N} .'@_-]/gu, "")
    .slice(0, 60)
    .trim();
  return APPROVER_NAME.test(alt) ? alt : "approver";
}

/** Constant-time comparison of two form tokens. */
export function tokensMatch(given: string | null | undefined, expected: string): boolean {
  return typeof given === "string" && SECRET_PATTERN.test(given) && secretMatches(given, hashSecret(expected));
}

export interface SessionParts {
  /** The store's shared secret `approver-sessions` (the same on every replica). */
  secret: () => Promise<Buffer>;
  /**
   * Part of the key, so that changing it ends every session: OUTBOUND_CALLS_APPROVER_TOKEN, or with OAuth the
   * issuer and client id (`oidc` mode), so that a cookie of one mode is never taken for the other's.
   */
  binding: string;
  /** `token`: sessions carry a name; `oidc`: a person from the identity provider. */
  mode: "token" | "oidc";
  /** Where ended sessions are marked (the guard store's, shared by the replicas). */
  marks: OnceMarks;
  now?: () => number;
}

export class ApproverSessions {
  private readonly now: () => number;
  private readonly tokenDigest: Buffer;
  private last: { secret: Buffer; key: Buffer } | undefined;

  constructor(private readonly parts: SessionParts) {
    this.now = parts.now ?? Date.now;
    this.tokenDigest = createHash("sha256").update(`${parts.mode}\n${parts.binding}`, "utf8").digest();
  }

  /** A new session: the cookie value (the only copy) and what it stands for. */
  async create(name: string, person?: SignedInPerson): Promise<{ cookie: string; session: Session }> {
    if ((this.parts.mode === "oidc") !== (person !== undefined))
      throw new Error(`a ${this.parts.mode} session needs ${person ? "no" : "a"} person`);
    const key = await this.key();
    const id = newId();
    const expiresAt = this.now() + SESSION_MS;
    const who = person ? JSON.stringify([person.name, person.sub, person.canApprove ? 1 : 0]) : name;
    const body = `${id}.${expiresAt.toString(36)}.${Buffer.from(who, "utf8").toString("base64url")}`;
    const fields = person
      ? { name: person.name, sub: person.sub, canApprove: person.canApprove }
      : { name, canApprove: true };
    return {
      cookie: `${body}.${mac(key, `session.${body}`).toString("base64url")}`,
      session: { id, ...fields, csrf: csrfOf(key, id), expiresAt },
    };
  }

  /** The live session of this request's cookie, if any: signed by us, not expired, not ended. */
  async of(req: IncomingMessage): Promise<Session | undefined> {
    const value = cookieOf(req, SESSION_COOKIE, SESSION_FORM);
    const m = value === undefined ? null : SESSION_FORM.exec(value);
    if (!m) return undefined;
    const [id, expiry, encodedName, given] = [m[1]!, m[2]!, m[3]!, m[4]!];
    const key = await this.key();
    const expected = mac(key, `session.${id}.${expiry}.${encodedName}`);
    const presented = Buffer.from(given, "base64url");
    if (presented.length !== MAC_BYTES || !timingSafeEqual(presented, expected)) return undefined;
    const expiresAt = parseInt(expiry, 36);
    const now = this.now();
    if (!Number.isSafeInteger(expiresAt) || expiresAt <= now || expiresAt > now + SESSION_MS) return undefined;
    const who = this.who(Buffer.from(encodedName, "base64url").toString("utf8"));
    if (!who) return undefined;
    if (await this.parts.marks.seen(endMark(id), now)) return undefined;
    return { id, ...who, csrf: csrfOf(key, id), expiresAt };
  }

  /** The signed "who" part read back (it is signed, so only a damaged or older cookie fails here). */
  private who(text: string): Pick<Session, "name" | "sub" | "canApprove"> | undefined {
    if (this.parts.mode === "token") return APPROVER_NAME.test(text) ? { name: text, canApprove: true } : undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
    const [name, sub, canApprove] = parsed as unknown[];
    if (typeof name !== "string" || !APPROVER_NAME.test(name) || typeof sub !== "string" || !SUBJECT.test(sub))
      return undefined;
    return { name, sub, canApprove: canApprove === 1 };
  }

  /** Signs the session out on every replica: its id is marked ended until it would have expired. */
  async end(session: Session): Promise<void> {
    const now = this.now();
    await this.parts.marks.use(endMark(session.id), now, Math.max(1, session.expiresAt - now));
  }

  /** The signing key: the shared secret bound to the approver token. */
  private async key(): Promise<Buffer> {
    const secret = await this.parts.secret();
    if (!this.last || !this.last.secret.equals(secret)) {
      this.last = {
        secret,
        key: createHmac("sha256", secret).update("approver-sessions.").update(this.tokenDigest).digest(),
      };
    }
    return this.last.key;
  }
}

const mac = (key: Buffer, text: string): Buffer => createHmac("sha256", key).update(text, "utf8").digest();
/** 43 base64url characters, the shape of every form token (SECRET_PATTERN). */
const csrfOf = (key: Buffer, id: string): string => mac(key, `csrf.${id}`).toString("base64url");
const endMark = (id: string) => `approver-session-end:${id}`;

/** The login form's CSRF pair: a fresh value for the cookie and the hidden field. */
export function loginToken(): { value: string; cookieMaxAgeMs: number } {
  return { value: newSecret(), cookieMaxAgeMs: LOGIN_FORM_MS };
}
