/**
 * The approvers' sign-in through the identity provider (--http with OAuth):
 * OpenID Connect, authorization code with PKCE, done by `openid-client` (on
 * `oauth4webapi`), loaded on the first sign-in.
 *
 *   GET /approvals/signin    a fresh state, nonce and PKCE verifier in a signed
 *                            cookie, then off to the identity provider
 *   GET /approvals/callback  the code back: the cookie's MAC and age, its state
 *                            (spent once in the guard store, so a replayed
 *                            callback starts nothing on any replica), then the
 *                            code exchanged with the verifier and the ID token
 *                            checked by the library (signature, issuer,
 *                            audience, nonce, expiry)
 *
 * Whether the person may decide is not in the ID token: the sign-in also asks
 * for an access token for this server's resource with `calls:approve`, checked
 * like the tokens on /mcp (issuer, audience, expiry, signature, same subject).
 * The identity provider grants that scope to approvers only: that is the
 * operator's "approver" switch (docs/oauth.md).
 *
 * Nothing is kept in memory between the two requests: any replica sharing the
 * guard store's secret can finish a sign-in another one started (signin-cookie.ts). The cookie is
 * SameSite=Lax because the callback arrives by a cross-site top-level
 * navigation from the identity provider; it is good for one sign-in and ten
 * minutes.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { OnceMarks } from "../../state/store.js";
import { redirect } from "./html.js";
import { approverNameOf, cookieHeader, cookieOf, SUBJECT, type SignedInPerson } from "./sessions.js";
import { COOKIE_FORM, SIGNIN_COOKIE, SIGNIN_MS, SignInSeal, type PendingSignIn } from "./signin-cookie.js";

const DISCOVERY_RETRY_MS = 10_000;
const FETCH_TIMEOUT_S = 10;

/** What the access token that came with the sign-in says, as the resource server's verifier reads it. */
export type AccessTokenCheck = { ok: true; sub: string; scopes: ReadonlySet<string> } | { ok: false; why: string };

export interface OidcLoginOptions {
  issuer: string;
  clientId: string;
  /** Absent: a public client (PKCE alone). */
  clientSecret?: string | undefined;
  /** `<public URL>/approvals/callback`, exactly as registered at the identity provider. */
  redirectUri: string;
  /** This server's resource (RFC 8707): the access token is asked for it. */
  resource: string;
  /** The scope that makes a person an approver (calls:approve). */
  approveScope: string;
  checkAccessToken: (token: string) => Promise<AccessTokenCheck>;
  /** The guard store's shared secret: signs the sign-in cookie (the same on every replica). */
  secret: () => Promise<Buffer>;
  /** Where a finished sign-in's state is spent (shared by the replicas). */
  marks: OnceMarks;
  log: (line: string) => void;
  now?: () => number;
}

export type SignInResult = { ok: true; person: SignedInPerson } | { ok: false; status: number; why: string };

type Library = typeof import("openid-client");
const library = (): Promise<Library> => import("openid-client");

/** Printable text of a bounded length from what the identity provider said (logged and shown). */
const said = (value: unknown): string =>
  typeof value === "string" ? value.replace(/[^\x20-\x7e]/g, "").slice(0, 200) : "";
/** What anyone can put in a callback's query, quoted in the log: it cannot pass for a line of ours. */
const quoted = (value: unknown): string => JSON.stringify(said(value));

export class OidcLogin {
  private readonly now: () => number;
  /** The browser reaches the callback (the public URL) over https: its cookies are Secure whatever a proxy says. */
  readonly httpsOnly: boolean;
  private configuration: Promise<{ lib: Library; config: import("openid-client").Configuration }> | undefined;
  private failedAt = -Infinity;
  /** Seals the sign-in cookie, and opens it at the callback. */
  private readonly cookie: SignInSeal;

  constructor(private readonly options: OidcLoginOptions) {
    this.now = options.now ?? Date.now;
    this.httpsOnly = new URL(options.redirectUri).protocol === "https:";
    const { secret, issuer, clientId } = options;
    this.cookie = new SignInSeal({ secret, issuer, clientId, now: this.now });
  }

  /** GET /approvals/signin: sends the browser to the identity provider with a new state, nonce and PKCE challenge. */
  async start(res: ServerResponse, secure: boolean): Promise<{ status: number; why: string } | undefined> {
    const discovered = await this.discovered();
    if (!discovered) return { status: 503, why: "The identity provider cannot be reached now; try again in a minute" };
    const { lib, config } = discovered;
    const pending: PendingSignIn = {
      state: lib.randomState(),
      nonce: lib.randomNonce(),
      verifier: lib.randomPKCECodeVerifier(),
      expiresAt: this.now() + SIGNIN_MS,
    };
    const url = lib.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: `openid profile ${this.options.approveScope}`,
      resource: this.options.resource,
      code_challenge: await lib.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: "S256",
      state: pending.state,
      nonce: pending.nonce,
    });
    redirect(res, url.href, {
      "set-cookie": cookieHeader(SIGNIN_COOKIE, await this.cookie.seal(pending), SIGNIN_MS, secure, "lax"),
    });
    return undefined;
  }

  /** The Set-Cookie that ends the sign-in cookie (after the callback, whatever its outcome). */
  clearCookie(secure: boolean): string {
    return cookieHeader(SIGNIN_COOKIE, "", 0, secure, "lax");
  }

  /** GET /approvals/callback: who signed in, or why nobody did. Creates no session itself. */
  async finish(req: IncomingMessage, url: URL): Promise<SignInResult> {
    const refused = (status: number, why: string, detail = why): SignInResult => {
      this.options.log(`outbound-calls-mcp: approvers' inbox: a sign-in was refused: ${detail}`);
      return { ok: false, status, why };
    };
    const error = url.searchParams.get("error");
    if (error !== null)
      return refused(
        401,
        `The identity provider did not sign you in (${said(error)})`,
        `the identity provider answered ${quoted(error)}: ${quoted(url.searchParams.get("error_description"))}`,
      );
    const pending = await this.cookie.unseal(cookieOf(req, SIGNIN_COOKIE, COOKIE_FORM));
    if (!pending)
      return refused(
        401,
        "This sign-in did not start in this browser, or took longer than 10 minutes; start again",
        "no valid sign-in cookie",
      );
    const state = url.searchParams.get("state");
    if (state === null || !sameText(state, pending.state))
      return refused(
        401,
        "This sign-in's state does not match the one this browser started with; start again",
        "the state does not match the cookie's",
      );
    // Spent before the exchange: one sign-in per state, on every replica (the code is single-use at the provider too).
    if (!(await this.options.marks.use(`approver-signin:${pending.state}`, this.now(), SIGNIN_MS))) {
      return refused(401, "This sign-in was already completed; start again", "a callback was replayed");
    }
    const discovered = await this.discovered();
    if (!discovered) return refused(503, "The identity provider cannot be reached now; try again in a minute");
    const { lib, config } = discovered;
    const current = new URL(this.options.redirectUri);
    for (const [k, v] of url.searchParams) current.searchParams.append(k, v);
    let tokens: Awaited<ReturnType<Library["authorizationCodeGrant"]>>;
    try {
      tokens = await lib.authorizationCodeGrant(
        config,
        current,
        {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
        { resource: this.options.resource },
      );
    } catch (e) {
      const code = said((e as { code?: unknown }).code) || "error";
      const claim = failedClaim(e);
      return refused(
        401,
        "The identity provider's answer did not check out; start again",
        `${code}: ${said((e as Error).message)}${claim ? ` (claim ${claim})` : ""}`,
      );
    }
    const claims = tokens.claims();
    const sub = claims?.sub;
    if (typeof sub !== "string" || !SUBJECT.test(sub))
      return refused(401, "The identity provider named no usable subject", "the ID token's subject is not usable");
    // The name keeps its letters in any script ("José"): approverNameOf keeps letters, digits and a few marks only.
    const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 200) : "");
    const name = approverNameOf(text(claims?.name) || text(claims?.preferred_username) || text(claims?.email), sub);
    return { ok: true, person: { name, sub, canApprove: await this.grantsApproval(tokens.access_token, sub) } };
  }

  /** Does the access token that came with the sign-in grant approving, for this same person? */
  private async grantsApproval(accessToken: string | undefined, sub: string): Promise<boolean> {
    const scope = this.options.approveScope;
    if (!accessToken) return this.noGrant(sub, "no access token came with the sign-in");
    const checked = await this.options.checkAccessToken(accessToken);
    if (!checked.ok) return this.noGrant(sub, `its access token was not accepted (${checked.why})`);
    if (checked.sub !== sub)
      return this.noGrant(sub, "its access token names another subject than its ID token (pairwise subjects?)");
    if (!checked.scopes.has(scope)) return this.noGrant(sub, `its access token does not grant ${scope}`);
    return true;
  }

  private noGrant(sub: string, why: string): false {
    this.options.log(`outbound-calls-mcp: approvers' inbox: ${sub} signed in without the right to decide: ${why}`);
    return false;
  }

  /** The identity provider's configuration, fetched once (again 10 s after a failure). */
  private async discovered(): Promise<{ lib: Library; config: import("openid-client").Configuration } | undefined> {
    if (!this.configuration && Date.now() - this.failedAt >= DISCOVERY_RETRY_MS) {
      const { issuer, clientId, clientSecret } = this.options;
      this.configuration = (async () => {
        const lib = await library();
        // http:// is accepted only on loopback (the configuration's check): tests and a local proxy.
        const execute = new URL(issuer).protocol === "http:" ? [lib.allowInsecureRequests] : [];
        const auth = clientSecret === undefined ? lib.None() : lib.ClientSecretBasic(clientSecret);
        const config = await lib.discovery(
          new URL(issuer),
          clientId,
          clientSecret === undefined ? undefined : { client_secret: clientSecret },
          auth,
          { execute, timeout: FETCH_TIMEOUT_S },
        );
        // The ID token's signature too, against the issuer's keys (not only its claims).
        lib.enableNonRepudiationChecks(config);
        // No self-approval compares subjects: a client given pairwise subjects sees the same person under another one.
        if (config.serverMetadata().subject_types_supported?.includes("pairwise")) {
          this.options.log(
            "outbound-calls-mcp: approvers' inbox: WARNING: the identity provider offers pairwise subjects: a person whose MCP client gets pairwise subjects there has another sub in its tokens, so approving their own dial is not recognized; let no client choose them (docs/oauth.md)",
          );
        }
        return { lib, config };
      })();
      this.configuration.catch((error: unknown) => {
        this.failedAt = Date.now();
        this.configuration = undefined;
        this.options.log(
          `outbound-calls-mcp: approvers' inbox: the identity provider's metadata cannot be read: ${said((error as Error).message)}`,
        );
      });
    }
    return this.configuration?.catch(() => undefined);
  }
}

/** oauth4webapi names the claim that failed its comparison (nonce, iss, aud…) in a cause; openid-client wraps it once more. */
function failedClaim(error: unknown): string {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && typeof cause === "object" && cause !== null; depth++) {
    const claim = said((cause as { claim?: unknown }).claim);
    if (claim) return claim;
    cause = (cause as { cause?: unknown }).cause;
  }
  return "";
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}
