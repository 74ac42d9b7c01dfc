/**
 * Approver sessions of the hosted inbox (--http): after a login with
 * OUTBOUND_CALLS_APPROVER_TOKEN the browser holds a random session id in an
 * HttpOnly, SameSite=Strict cookie scoped to /approvals (Secure behind TLS),
 * for a short fixed lifetime. Only the id's hash is kept. Each session has its
 * own CSRF token, required on every form that changes something; the login form
 * has one of its own (a cookie and a hidden field that must match).
 */
import type { IncomingMessage } from "node:http";
import { parse as parseCookies, serialize } from "cookie";
import { hashSecret, newSecret, secretMatches, SECRET_PATTERN } from "../secrets.js";

export const SESSION_COOKIE = "ocm_approver";
export const LOGIN_COOKIE = "ocm_login";
export const COOKIE_PATH = "/approvals";
/** Short: an approver signs in again after half an hour. */
export const SESSION_MS = 30 * 60_000;
const LOGIN_FORM_MS = 10 * 60_000;
/** Far above the approvers of one deployment; the oldest go first. */
const MAX_SESSIONS = 1_000;

export interface Session {
  /** The approver's name as given at login, for the audit line. */
  name: string;
  csrf: string;
  expiresAt: number;
}

export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const value = parseCookies(header)[name];
  return value !== undefined && SECRET_PATTERN.test(value) ? value : undefined;
}

export function cookieHeader(name: string, value: string, maxAgeMs: number, secure: boolean): string {
  return serialize(name, value, { httpOnly: true, sameSite: "strict", secure, path: COOKIE_PATH, maxAge: Math.floor(maxAgeMs / 1000) });
}

/** Constant-time comparison of two form tokens. */
export function tokensMatch(given: string | null | undefined, expected: string): boolean {
  return typeof given === "string" && SECRET_PATTERN.test(given) && secretMatches(given, hashSecret(expected));
}

export class ApproverSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new session: returns the cookie value (the only copy of the id). */
  create(name: string): { id: string; session: Session } {
    const now = this.now();
    for (const [key, s] of this.sessions) if (s.expiresAt <= now) this.sessions.delete(key);
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
    const id = newSecret();
    const session: Session = { name, csrf: newSecret(), expiresAt: now + SESSION_MS };
    this.sessions.set(hashSecret(id), session);
    return { id, session };
  }

  /** The live session of this request's cookie, if any. */
  of(req: IncomingMessage): Session | undefined {
    const id = cookieOf(req, SESSION_COOKIE);
    if (!id) return undefined;
    const key = hashSecret(id);
    const session = this.sessions.get(key);
    if (!session) return undefined;
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(key);
      return undefined;
    }
    return session;
  }

  end(req: IncomingMessage): void {
    const id = cookieOf(req, SESSION_COOKIE);
    if (id) this.sessions.delete(hashSecret(id));
  }
}

/** The login form's CSRF pair: a fresh value for the cookie and the hidden field. */
export function loginToken(): { value: string; cookieMaxAgeMs: number } {
  return { value: newSecret(), cookieMaxAgeMs: LOGIN_FORM_MS };
}
