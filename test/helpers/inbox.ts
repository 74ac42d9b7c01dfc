/**
 * The approvers' inbox (/approvals over --http) by plain HTTP, as a script or
 * an attacker holding the approver token would use it: sign in (the login
 * form's CSRF pair), list the waiting approvals, decide one.
 */
import { rawRequest, type RawAnswer } from "./http-server-process.js";
import type { AdminClient } from "./redis-server.js";

export interface InboxSession {
  /** `ocm_approver=…`, ready for a Cookie header. */
  cookie: string;
  /** The session's CSRF token, as the inbox page carries it. */
  csrf: string;
}

const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

export const csrfOf = (page: string): string | undefined => /name="csrf" value="([^"]+)"/.exec(page)?.[1];

/** Signs in on `base` (http://host:port); throws unless a session cookie comes back. */
export async function signIn(base: string, token: string, name = "Script Approver"): Promise<InboxSession> {
  const page = await rawRequest(base, { path: "/approvals" });
  const loginCookie = (page.headers["set-cookie"] ?? []).find((c) => c.startsWith("ocm_login="))?.split(";")[0];
  const loginCsrf = csrfOf(page.body);
  if (!loginCookie || !loginCsrf) throw new Error(`no login form at ${base}/approvals (${page.status})`);
  const answer = await rawRequest(base, {
    method: "POST",
    path: "/approvals/login",
    headers: { cookie: loginCookie, ...FORM },
    body: form({ csrf: loginCsrf, name, token }),
  });
  const cookie = (answer.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("ocm_approver=") && !c.startsWith("ocm_approver=;"))
    ?.split(";")[0];
  if (!cookie) throw new Error(`sign-in at ${base} refused (${answer.status})`);
  const inbox = await rawRequest(base, { path: "/approvals", headers: { cookie } });
  const csrf = csrfOf(inbox.body);
  if (!csrf) throw new Error(`the inbox at ${base} did not accept the new session (${inbox.status})`);
  return { cookie, csrf };
}

/** The inbox page with this session's cookie. */
export const inboxPage = (base: string, session: Pick<InboxSession, "cookie">): Promise<RawAnswer> =>
  rawRequest(base, { path: "/approvals", headers: { cookie: session.cookie } });

/** The ids of the approvals the inbox page links to. */
export const approvalIds = (page: string): string[] =>
  [...page.matchAll(/href="\/approvals\/([A-Za-z0-9_-]{22})"/g)].map((m) => m[1]!);

/** Approve or Decline one approval with this session (its cookie and CSRF token), and the form's other `fields`. */
export const decide = (
  base: string,
  session: InboxSession,
  id: string,
  decision: "approve" | "decline",
  fields: Record<string, string> = {},
): Promise<RawAnswer> =>
  rawRequest(base, {
    method: "POST",
    path: `/approvals/${id}`,
    headers: { cookie: session.cookie, ...FORM },
    body: form({ ...fields, csrf: session.csrf, decision }),
  });

export const signOut = (base: string, session: InboxSession): Promise<RawAnswer> =>
  rawRequest(base, {
    method: "POST",
    path: "/approvals/logout",
    headers: { cookie: session.cookie, ...FORM },
    body: form({ csrf: session.csrf }),
  });

/** The ids of the pending approvals under `prefix` (the inbox in Redis), once at least `n` are there. */
export async function pendingApprovalIds(
  redis: { admin(): Promise<AdminClient> },
  prefix: string,
  n = 1,
): Promise<string[]> {
  const admin = await redis.admin();
  for (let i = 0; i < 400; i++) {
    const ids = await admin.zRange(`${prefix}appr:pending`, 0, -1);
    if (ids.length >= n) return ids;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no pending approval appeared in Redis");
}

/** One load of an inbox page: its status, how long it took (ms), the ids it lists and its next page's path. */
export interface InboxLoad {
  status: number;
  ms: number;
  ids: string[];
  next: string | undefined;
  body: string;
}

/** Loads one page of the inbox (`path`: /approvals, or a next page's link). */
export async function loadInbox(
  base: string,
  session: Pick<InboxSession, "cookie">,
  path = "/approvals",
): Promise<InboxLoad> {
  const started = performance.now();
  const answer = await rawRequest(base, { path, headers: { cookie: session.cookie } });
  const next = /<a href="([^"]+)" rel="next">/.exec(answer.body)?.[1]?.replaceAll("&amp;", "&");
  return {
    status: answer.status,
    ms: performance.now() - started,
    ids: approvalIds(answer.body),
    next,
    body: answer.body,
  };
}

/** Follows the inbox's next-page links from its first page (`order`) to its last; every load, in order. */
export async function pageThrough(
  base: string,
  session: Pick<InboxSession, "cookie">,
  order: "newest" | "oldest" = "newest",
  maxPages = 100,
): Promise<InboxLoad[]> {
  const loads: InboxLoad[] = [];
  let path: string | undefined = order === "oldest" ? "/approvals?order=oldest" : "/approvals";
  while (path && loads.length < maxPages) {
    const load = await loadInbox(base, session, path);
    loads.push(load);
    if (load.status !== 200) break;
    path = load.next;
  }
  return loads;
}
