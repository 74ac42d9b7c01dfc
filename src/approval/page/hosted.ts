/**
 * The approval pages over --http, under /approvals on the MCP server's port:
 *   GET  /approvals            the inbox, a page at a time (?order=oldest&after=<cursor>), or the login form
 *   POST /approvals/login      name + OUTBOUND_CALLS_APPROVER_TOKEN -> session cookie (without OAuth)
 *   GET  /approvals/signin     with OAuth: off to the identity provider (oidc-login.ts)
 *   GET  /approvals/callback   with OAuth: back from it -> session cookie
 *   POST /approvals/logout
 *   GET  /approvals/<id>       one approval, as on the local page (hosted-approval.ts)
 *   POST /approvals/<id>       Approve or Decline
 *   GET/POST /approvals/opt-outs   the numbers held for review: Confirm or Clear (opt-out-review-page.ts)
 * Every request passes the Host/Origin checks of /mcp; every post needs its CSRF
 * token (the session's, or the login form's cookie pair). The client's bearer
 * token does not open these pages, and the approver token does not open /mcp.
 * With OAuth, what a person may decide is approver-rights.ts's.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HostCheck } from "../../web/host-check.js";
import type { ApprovalDesk } from "../desk.js";
import { invalidPage } from "./approval-view.js";
import { readForm, refusedRequest } from "./forms.js";
import { serveHostedApproval } from "./hosted-approval.js";
import { html, redirect, sendPage } from "./html.js";
import { inboxQuery } from "./inbox-paging.js";
import {
  identityProviderLoginPage,
  inboxPage,
  loginPage,
  noGrantPage,
  signedInBanner,
  signedInPage,
} from "./inbox-view.js";
import { approverLabel, NO_GRANT } from "./approver-rights.js";
import type { OidcLogin } from "./oidc-login.js";
import { REVIEW_PATH, serveOptOutReview, type OptOutReviewDesk } from "./opt-out-review-page.js";
import { StoreUnavailableError, type SharedStore } from "../../state/store.js";
import type { PasskeyGate } from "../passkeys/gate.js";
import { HOSTED_ADD_PATH, HOSTED_ENROLL_PREFIX, serveHostedEnroll } from "../passkeys/hosted-enroll.js";
import {
  ApproverSessions,
  APPROVER_NAME,
  cookieHeader,
  cookieOf,
  LOGIN_COOKIE,
  loginToken,
  SESSION_COOKIE,
  SESSION_MS,
  tokensMatch,
} from "./sessions.js";

/** With OAuth: approvers sign in through the identity provider instead of with a shared token. */
export interface IdentityProviderSignIn {
  login: OidcLogin;
  /** The issuer and client id: a session is good only for the sign-in that made it. */
  binding: string;
  /** OUTBOUND_CALLS_ALLOW_SELF_APPROVAL. */
  allowSelfApproval: boolean;
}

export const APPROVALS_PATH = "/approvals";

export interface HostedApprovalsOptions {
  desk: ApprovalDesk;
  /** OUTBOUND_CALLS_APPROVER_TOKEN, or with OAuth the identity provider's sign-in: exactly one. */
  approverToken?: string | undefined;
  signIn?: IdentityProviderSignIn | undefined;
  /** The guard store: its shared secret signs the sessions, its marks end them (any replica checks both). */
  store: Pick<SharedStore, "secret" | "once">;
  hostCheck: HostCheck;
  /** True when the browser reached us over TLS (a trusted proxy said so): cookies get Secure. */
  isSecure: (req: IncomingMessage) => boolean;
  log: (line: string) => void;
  /** Approve needs a passkey (OUTBOUND_CALLS_APPROVAL_PASSKEY=required); absent: it does not. */
  passkeys?: PasskeyGate | undefined;
  /** The opt-out desk, for the review of held numbers; absent: no review page. */
  review?: OptOutReviewDesk | undefined;
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

export function hostedApprovals(
  options: HostedApprovalsOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { desk, signIn } = options;
  if ((options.approverToken === undefined) === (signIn === undefined))
    throw new Error("the inbox needs an approver token or a sign-in through the identity provider, not both");
  const sessions = new ApproverSessions({
    secret: () => options.store.secret("approver-sessions"),
    ...(signIn
      ? { binding: signIn.binding, mode: "oidc" as const }
      : { binding: options.approverToken ?? "", mode: "token" as const }),
    marks: options.store.once,
  });
  const expected = digest(options.approverToken ?? "");
  const allowSelf = signIn?.allowSelfApproval ?? true;
  // With an https:// public URL the browser is on TLS even when the proxy does not say so (no X-Forwarded-Proto).
  const secure = (req: IncomingMessage) => options.isSecure(req) || signIn?.login.httpsOnly === true;

  const showLogin = (req: IncomingMessage, res: ServerResponse, status: number, problem?: string) => {
    if (signIn) {
      const page = identityProviderLoginPage(problem);
      return sendPage(res, status, page.title, page.body);
    }
    const csrf = loginToken();
    const page = loginPage(csrf.value, problem);
    sendPage(res, status, page.title, page.body, {
      "set-cookie": cookieHeader(LOGIN_COOKIE, csrf.value, csrf.cookieMaxAgeMs, secure(req)),
    });
  };

  const forbidden = (res: ServerResponse, why: string) =>
    sendPage(
      res,
      403,
      "Forbidden",
      html`<h1>Forbidden</h1><p>${why}. Nothing was decided.</p><p><a href="${APPROVALS_PATH}">Back to the inbox</a></p>`,
      { connection: "close" },
    );

  async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (signIn) return forbidden(res, "Approvers sign in through the identity provider here");
    const form = await readForm(req);
    const cookie = cookieOf(req, LOGIN_COOKIE);
    if (!form || !cookie || !tokensMatch(form.get("csrf"), cookie))
      return forbidden(res, "The sign-in form expired or did not come from this server; reload it");
    const name = (form.get("name") ?? "").trim();
    const token = form.get("token") ?? "";
    if (!timingSafeEqual(digest(token), expected)) {
      options.log("outbound-calls-mcp: approvers' inbox: a sign-in with a wrong approver token was refused");
      return showLogin(req, res, 401, "That approver token is not valid.");
    }
    if (!APPROVER_NAME.test(name))
      return showLogin(req, res, 400, "Give your name (letters, digits, spaces and . ' @ _ -, at most 60).");
    const created = await sessions.create(name);
    options.log(`outbound-calls-mcp: approvers' inbox: ${name} signed in`);
    const isSecure = secure(req);
    redirect(res, APPROVALS_PATH, {
      "set-cookie": [
        cookieHeader(SESSION_COOKIE, created.cookie, SESSION_MS, isSecure),
        cookieHeader(LOGIN_COOKIE, "", 0, isSecure),
      ],
    });
  }

  /** Back from the identity provider: a session for whoever it signed in (oidc-login.ts checked everything). */
  async function callback(req: IncomingMessage, res: ServerResponse, login: OidcLogin, url: URL): Promise<void> {
    const isSecure = secure(req);
    const result = await login.finish(req, url);
    if (!result.ok) {
      const page = identityProviderLoginPage(result.why);
      return sendPage(res, result.status, page.title, page.body, { "set-cookie": login.clearCookie(isSecure) });
    }
    const { person } = result;
    const created = await sessions.create(person.name, person);
    options.log(
      `outbound-calls-mcp: approvers' inbox: ${person.name} (sub ${person.sub}) signed in${person.canApprove ? "" : ", without the right to decide"}`,
    );
    // A page of ours, not a redirect: the navigation from it is same-site, so the Strict session cookie goes along.
    const page = signedInPage(person.name);
    sendPage(res, 200, page.title, page.body, {
      "set-cookie": [cookieHeader(SESSION_COOKIE, created.cookie, SESSION_MS, isSecure), login.clearCookie(isSecure)],
      refresh: `0; url=${APPROVALS_PATH}`,
    });
  }

  // The sessions and the approvals live in the guard store: while it cannot answer, nothing can be seen or decided.
  return async (req, res) => {
    try {
      await route(req, res);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || res.headersSent) throw error;
      options.log(`outbound-calls-mcp: approvers' inbox: ${error.message}`);
      sendPage(
        res,
        503,
        "Unavailable",
        html`<h1>Unavailable</h1><p>The server's shared state (Redis) cannot be reached, so approvals cannot be shown or decided now. Nothing was decided. Try again in a minute.</p>`,
        { "retry-after": "5" },
      );
    }
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = refusedRequest(req, options.hostCheck);
    if (refused) return forbidden(res, refused);
    const url = new URL(req.url ?? "/", "http://localhost");
    const rest = url.pathname.slice(APPROVALS_PATH.length).replace(/\/$/, "");
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") {
      return sendPage(res, 405, "Method not allowed", html`<h1>Method not allowed</h1>`, { allow: "GET, POST" });
    }
    // Passkey enrollment by a one-time link: the link's secret is the credential, no session (passkeys/hosted-enroll.ts).
    if (options.passkeys && rest.startsWith(HOSTED_ENROLL_PREFIX))
      return serveHostedEnroll(req, res, rest, { gate: options.passkeys, inboxPath: APPROVALS_PATH, log: options.log });
    if (rest === "/login") {
      if (req.method === "POST") return login(req, res);
      return redirect(res, APPROVALS_PATH);
    }
    if (signIn && rest === "/signin" && req.method !== "POST") {
      const failed = await signIn.login.start(res, secure(req));
      return failed && showLogin(req, res, failed.status, failed.why);
    }
    if (signIn && rest === "/callback" && req.method !== "POST") return callback(req, res, signIn.login, url);
    const session = await sessions.of(req);
    if (!session) {
      // A post without a session changes nothing; a page asks to sign in first.
      if (req.method === "POST") return forbidden(res, "Sign in first");
      return showLogin(req, res, rest === "" ? 200 : 401);
    }
    if (rest === "/logout" && req.method === "POST") {
      const form = await readForm(req);
      if (!form || !tokensMatch(form.get("csrf"), session.csrf))
        return forbidden(res, "The form did not come from this session (CSRF check)");
      await sessions.end(session);
      return redirect(res, APPROVALS_PATH, { "set-cookie": cookieHeader(SESSION_COOKIE, "", 0, secure(req)) });
    }
    // With OAuth, a person the identity provider gave no calls:approve sees no approval at all.
    if (!session.canApprove && rest !== "/logout") {
      if (req.method === "POST") return forbidden(res, NO_GRANT);
      const page = noGrantPage(signedInBanner(session.name, session.csrf), NO_GRANT);
      return sendPage(res, 403, page.title, page.body);
    }
    // A next passkey, vouched for by an enrolled one, by a signed-in approver only: the page lists the credential ids
    // of the host's passkeys (how many approvers have how many), which nobody outside the inbox needs to learn.
    if (options.passkeys && rest === HOSTED_ADD_PATH)
      return serveHostedEnroll(req, res, rest, { gate: options.passkeys, inboxPath: APPROVALS_PATH, log: options.log });
    if (options.review && rest === REVIEW_PATH)
      return serveOptOutReview(req, res, {
        desk: options.review,
        base: APPROVALS_PATH,
        banner: signedInBanner(session.name, session.csrf),
        csrf: session.csrf,
        by: approverLabel(session),
        forbidden: (why) => forbidden(res, why),
        log: options.log,
      });
    if (rest === "") {
      if (req.method === "POST") return forbidden(res, "Nothing to post here");
      // A page of light records: its cost does not grow with the backlog (inbox-paging.ts, inbox-summary.ts).
      const query = inboxQuery(url);
      const listed = await desk.listPending(query);
      const page = inboxPage(
        signedInBanner(session.name, session.csrf),
        { ...listed, order: query.order, paged: query.after !== undefined },
        desk.now(),
      );
      return sendPage(res, 200, page.title, page.body, {}, 15);
    }
    const match = /^\/([A-Za-z0-9_-]{1,64})$/.exec(rest);
    if (!match) {
      const page = invalidPage(signedInBanner(session.name, session.csrf));
      return sendPage(res, 404, page.title, page.body);
    }
    return serveHostedApproval(req, res, match[1]!, url, {
      desk,
      session,
      base: APPROVALS_PATH,
      allowSelf,
      hostCheck: options.hostCheck,
      passkeys: options.passkeys,
      forbidden: (why) => forbidden(res, why),
      log: options.log,
    });
  }
}
