/**
 * A real OAuth 2.1 authorization server for the tests: `oidc-provider` on
 * 127.0.0.1, with dynamic client registration, PKCE and resource indicators,
 * issuing JWT access tokens (RFC 9068) for the resource a client names. Its
 * sign-in is automatic: whoever `signIn` names is logged in and grants the
 * scopes it lists (the identity provider's policy for that person), so a test
 * drives the whole authorization code flow without a browser. With `pages` on,
 * it serves a login form and a consent form instead, for a real browser: the
 * login names the person (`people` says what they may grant).
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider from "oidc-provider";

export interface SignIn {
  sub: string;
  name?: string;
  /** The scopes this person may grant a client; what the client asked for beyond them is left out. */
  scopes: string[];
}

export interface TestIdentityProvider {
  issuer: string;
  port: number;
  /** Who signs in at the next authorization request. */
  signIn: SignIn;
  /** The lifetime of the next access tokens, in seconds. */
  accessTokenTtlS: number;
  /** The signing keys (private JWKs), to start another provider with the same keys. */
  keys: JWK[];
  /** How many times its key set (JWKS) was fetched. */
  jwksFetches: number;
  /** Follows an authorization URL as a browser would (cookies, redirects) and returns the code sent to the client. */
  authorize(authorizationUrl: URL): Promise<{ code: string; state: string | null; redirect: URL }>;
  /** Serve login and consent pages (a browser signs in) instead of signing `signIn` in at once. */
  pages: boolean;
  /** With `pages`: who may log in, their name and the scopes they may grant (unknown logins get none of the resource's). */
  people: Record<string, { name?: string; scopes: string[] }>;
  close(): Promise<void>;
}

export const RESOURCE_SCOPES = "calls:read calls:read_all calls:place calls:opt_out calls:approve";

export async function newSigningKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: "ES256", use: "sig" };
}

export interface IdpOptions {
  /** Listen on this port (a restart on the same issuer); 0 by default. */
  port?: number;
  /** Sign with these keys (default: a fresh one). */
  keys?: JWK[];
  /** Offer pairwise subjects too (a client may register with `subject_type: "pairwise"` and see another `sub`). */
  pairwise?: boolean;
  /** Clients registered at start, with the ids they name (e.g. one whose id is a resource's URL). */
  clients?: Array<{ client_id: string; redirect_uris: string[] }>;
}

export async function startIdentityProvider(options: IdpOptions = {}): Promise<TestIdentityProvider> {
  const keys = options.keys ?? [await newSigningKey(`k-${Math.random().toString(36).slice(2, 8)}`)];
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const idp = {
    issuer,
    port,
    keys,
    signIn: { sub: "alice", name: "Alice Example", scopes: RESOURCE_SCOPES.split(" ") } as SignIn,
    accessTokenTtlS: 600,
    jwksFetches: 0,
    pages: false,
    people: {},
  } as TestIdentityProvider;
  // Who logged in, for the ID token's profile claims.
  const names = new Map<string, string>();

  const provider = new Provider(issuer, {
    jwks: { keys: keys as never },
    ...(options.clients ? { clients: options.clients } : {}),
    cookies: { keys: ["test-cookie-key-not-secret"] },
    // The one key is an EC key: clients registered without saying get ES256 ID tokens.
    clientDefaults: {
      grant_types: ["authorization_code"],
      id_token_signed_response_alg: "ES256",
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, ...(names.has(sub) ? { name: names.get(sub) } : {}) }),
    }),
    claims: { openid: ["sub"], profile: ["name"] },
    ...(options.pairwise
      ? {
          subjectTypes: ["public", "pairwise"],
          pairwiseIdentifier: async (_ctx: unknown, accountId: string, client: { clientId: string }) =>
            createHash("sha256").update(`${accountId}|${client.clientId}`).digest("hex"),
        }
      : {}),
    // Registration checks a client's scope against these; the resource server info grants them per resource.
    scopes: ["openid", "offline_access", ...RESOURCE_SCOPES.split(" ")],
    pkce: { required: () => true },
    clientBasedCORS: () => true,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => undefined as never,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => ({
          scope: RESOURCE_SCOPES,
          audience: resourceIndicator,
          accessTokenTTL: idp.accessTokenTtlS,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: "ES256" } },
        }),
      },
    },
    extraTokenClaims: async () => (idp.signIn.name ? { name: idp.signIn.name } : {}),
  });
  // The interaction: log the configured person in, then grant what they may of what was asked.
  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (idp.pages) return interactionPage(req, res, details);
    const who = idp.signIn;
    if (who.name) names.set(who.sub, who.name);
    if (details.prompt.name === "login") {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: who.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    await consent(req, res, details, who);
  };
  const consent = async (
    req: IncomingMessage,
    res: ServerResponse,
    details: Awaited<ReturnType<typeof provider.interactionDetails>>,
    who: SignIn,
  ) => {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: who.sub, clientId: String(details.params.client_id) });
    if (!grant) throw new Error("grant not found");
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      const allowed = scopes.filter((s) => who.scopes.includes(s));
      const refused = scopes.filter((s) => !who.scopes.includes(s));
      if (allowed.length > 0) grant.addResourceScope(resource, allowed.join(" "));
      // Refused, not merely left out: else the provider would ask again for them, forever.
      if (refused.length > 0) grant.rejectResourceScope(resource, refused.join(" "));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };
  // The browser's pages: a login form (any name; `people` says what it may grant), then a consent form.
  const page = (res: ServerResponse, body: string) =>
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(`<!doctype html><html><body>${body}</body></html>`);
  const interactionPage = async (
    req: IncomingMessage,
    res: ServerResponse,
    details: Awaited<ReturnType<typeof provider.interactionDetails>>,
  ) => {
    const uid = details.uid;
    if (req.method === "GET") {
      if (details.prompt.name === "login") {
        return page(
          res,
          `<h1>Test IdP: sign in</h1><form method="post" action="/interaction/${uid}"><label>Login <input name="login" id="login"></label><button type="submit" id="signin">Sign in</button></form>`,
        );
      }
      return page(
        res,
        `<h1>Test IdP: allow access</h1><p>${String(details.params.scope ?? "")}</p><form method="post" action="/interaction/${uid}"><button type="submit" id="allow">Allow</button></form>`,
      );
    }
    const body = await new Promise<string>((resolve) => {
      let text = "";
      req.on("data", (c: Buffer) => (text += c.toString("utf8")));
      req.on("end", () => resolve(text));
    });
    if (details.prompt.name === "login") {
      const login = new URLSearchParams(body).get("login") ?? "";
      const known = idp.people[login];
      if (known?.name) names.set(login, known.name);
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
    const sub = String(details.session?.accountId ?? "");
    await consent(req, res, details, { sub, scopes: idp.people[sub]?.scopes ?? [] });
  };
  const callback = provider.callback();
  handler = (req, res) => {
    if (req.url === "/jwks") idp.jwksFetches += 1;
    if (req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
      return;
    }
    callback(req, res);
  };

  idp.authorize = async (authorizationUrl) => {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 20; hop++) {
      const response = await fetch(url, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = response.headers.get("location");
      if (!location)
        throw new Error(
          `the authorization server stopped at ${url.pathname} with ${response.status}: ${await response.text()}`,
        );
      const next = new URL(location, url);
      if (next.origin !== new URL(issuer).origin) {
        const error = next.searchParams.get("error");
        if (error) throw new Error(`authorization refused: ${error}: ${next.searchParams.get("error_description")}`);
        const code = next.searchParams.get("code");
        if (!code) throw new Error(`redirected to ${next.href} without a code`);
        return { code, state: next.searchParams.get("state"), redirect: next };
      }
      url = next;
    }
    throw new Error("too many redirects at the authorization server");
  };
  idp.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return idp;
}
