/**
 * Approver sessions of the hosted inbox (--http). After a login with
 * OUTBOUND_CALLS_APPROVER_TOKEN the browser holds a signed session cookie
 * (HttpOnly, SameSite=Strict, scoped to /approvals, Secure behind TLS) for a
 * short fixed lifetime: `<session id>.<expiry, base 36>.<name, base64url>.<mac>`.
 * Nothing is kept per session, so any replica behind a load balancer (no sticky
 * sessions) checks it: the mac is an HMAC-SHA256 under a key derived from the
 * guard store's shared secret `approver-sessions` and the approver token
 * (rotating the token ends every session). Each session's CSRF token is derived
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
const SESSION_FORM = /^([A-Za-z0-9_-]{22})\.([1-9a-z][0-9a-z]{0,11})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;
const MAC_BYTES = 32;

export interface Session {
  /** Random, names the session (its end is marked by it); not a secret by itself. */
  id: string;
  /** The approver's name as given at login, for the audit line. */
  name: string;
  csrf: string;
  expiresAt: number;
}

export function cookieOf(req: IncomingMessage, name: string, pattern: RegExp = SECRET_PATTERN): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const value = parseCookies(header)[name];
  return value !== undefined && pattern.test(value) ? value : undefined;
}

export function cookieHeader(name: string, value: string, maxAgeMs: number, secure: boolean): string {
  return serialize(name, value, { httpOnly: true, sameSite: "strict", secure, path: COOKIE_PATH, maxAge: Math.floor(maxAgeMs / 1000) });
}

/** Constant-time comparison of two form tokens. */
export function tokensMatch(given: string | null | undefined, expected: string): boolean {
  return typeof given === "string" && SECRET_PATTERN.test(given) && secretMatches(given, hashSecret(expected));
}

export interface SessionParts {
  /** The store's shared secret `approver-sessions` (the same on every replica). */
  secret: () => Promise<Buffer>;
  /** OUTBOUND_CALLS_APPROVER_TOKEN: part of the key, so a new token ends every session. */
  approverToken: string;
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
    this.tokenDigest = createHash("sha256").update(parts.approverToken, "utf8").digest();
  }

  /** A new session: the cookie value (the only copy) and what it stands for. */
  async create(name: string): Promise<{ cookie: string; session: Session }> {
    const key = await this.key();
    const id = newId();
    const expiresAt = this.now() + SESSION_MS;
    const body = `${id}.${expiresAt.toString(36)}.${Buffer.from(name, "utf8").toString("base64url")}`;
    return { cookie: `${body}.${mac(key, `session.${body}`).toString("base64url")}`, session: { id, name, csrf: csrfOf(key, id), expiresAt } };
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
    const name = Buffer.from(encodedName, "base64url").toString("utf8");
    if (!APPROVER_NAME.test(name)) return undefined;
    if (await this.parts.marks.seen(endMark(id), now)) return undefined;
    return { id, name, csrf: csrfOf(key, id), expiresAt };
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
      this.last = { secret, key: createHmac("sha256", secret).update("approver-sessions.").update(this.tokenDigest).digest() };
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
