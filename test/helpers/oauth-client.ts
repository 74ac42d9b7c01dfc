/**
 * The MCP client side of OAuth for the tests: an `OAuthClientProvider` of the
 * SDK that keeps everything in memory and plays the person's browser against
 * the test identity provider. The SDK does the rest: discovery from the 401,
 * dynamic client registration, PKCE, the resource indicator, the token.
 */
import { createHash, randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { auth, UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { mcpHeaders, rawRequest, type RawAnswer } from "./http-server-process.js";
import type { TestIdentityProvider } from "./oidc-provider.js";

// Never fetched: the browser stand-in stops at it and hands the code back.
const REDIRECT = "http://127.0.0.1:9/callback";

export class TestOAuthClient implements OAuthClientProvider {
  private info: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = "";
  private pending: Promise<{ code: string }> | undefined;
  /** The authorization URLs this client was sent to, in order (the scope each asked for is in them). */
  readonly authorizations: URL[] = [];
  /** Set by a test to make the client ask for another resource than the metadata names. */
  validateResourceURL?: (serverUrl: string | URL, resource?: string) => Promise<URL | undefined>;

  constructor(private readonly idp: TestIdentityProvider) {}

  get redirectUrl(): string {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "outbound-calls tests",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizations.push(url);
    this.pending = this.idp.authorize(url);
    // Keep a rejection from being unhandled before the test awaits it.
    this.pending.catch(() => undefined);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  /** The code of the last authorization (the browser stand-in followed it). */
  async code(): Promise<string> {
    if (!this.pending) throw new Error("no authorization was started");
    const { code } = await this.pending;
    this.pending = undefined;
    return code;
  }
  /** The access token in use. */
  accessToken(): string {
    if (!this.saved) throw new Error("no token yet");
    return this.saved.access_token;
  }
}

export interface OAuthConnection {
  client: Client;
  oauth: TestOAuthClient;
  transport: StreamableHTTPClientTransport;
  close(): Promise<void>;
}

const connect = async (url: string, oauth: TestOAuthClient) => {
  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: oauth });
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
};

/**
 * Connects as the SDK's own clients do: the first attempt meets the 401, the SDK discovers, registers and sends
 * the person to sign in; with the code back it finishes, and the second attempt connects.
 */
export async function connectWithOAuth(
  url: string,
  idp: TestIdentityProvider,
  oauth = new TestOAuthClient(idp),
): Promise<OAuthConnection> {
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: oauth });
  const firstClient = new Client({ name: "oauth-test", version: "1.0.0" });
  await firstClient.connect(first).then(
    () => {
      throw new Error("connected without signing in");
    },
    (error: unknown) => {
      if (!(error instanceof UnauthorizedError)) throw error;
    },
  );
  await first.finishAuth(await oauth.code());
  await first.close();
  const { client, transport } = await connect(url, oauth);
  return { client, oauth, transport, close: () => client.close() };
}

/**
 * A token of `idp` for `resource`, through the SDK's own `auth()` (registration, PKCE, resource indicator), for a
 * server that need not exist: its protected resource metadata is answered here, naming `idp` and `resource`.
 */
export async function tokenFor(
  idp: TestIdentityProvider,
  resource: string,
  scopes = "calls:read calls:place",
): Promise<string> {
  const metadata = JSON.stringify({
    resource,
    authorization_servers: [idp.issuer],
    scopes_supported: scopes.split(" "),
  });
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith("/.well-known/oauth-protected-resource"))
      return new Response(metadata, { headers: { "content-type": "application/json" } });
    return fetch(input, init);
  };
  const oauth = new TestOAuthClient(idp);
  if ((await auth(oauth, { serverUrl: resource, fetchFn })) !== "REDIRECT") throw new Error("expected a sign-in");
  if ((await auth(oauth, { serverUrl: resource, authorizationCode: await oauth.code(), fetchFn })) !== "AUTHORIZED")
    throw new Error("no token");
  return oauth.accessToken();
}

/** The redirect URI of a client started with the identity provider (IdpOptions.clients) for idTokenFor. */
export const ID_TOKEN_REDIRECT = REDIRECT;

/**
 * An OpenID Connect ID token of `idp` for the client `clientId` (registered at start, with ID_TOKEN_REDIRECT), through
 * the authorization code flow with PKCE and a nonce: its audience is that client's id.
 */
export async function idTokenFor(idp: TestIdentityProvider, clientId: string): Promise<string> {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${idp.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    scope: "openid",
    redirect_uri: REDIRECT,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    nonce: randomBytes(8).toString("hex"),
    state: "s",
  }).toString();
  const { code } = await idp.authorize(url);
  const answer = await fetch(`${idp.issuer}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  const body = (await answer.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no ID token: ${answer.status} ${JSON.stringify(body)}`);
  return body.id_token;
}

/** A real MCP client over Streamable HTTP that sends this bearer token with every request (no OAuth flow of its own). */
export async function bearerClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "oauth-bearer-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

/** One tools/call sent raw with this bearer token: the status and headers the server answers it with. */
export function rawToolCall(
  base: string,
  token: string,
  name: string,
  args: Record<string, unknown>,
): Promise<RawAnswer> {
  return rawRequest(base, {
    method: "POST",
    headers: mcpHeaders(token),
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
}
