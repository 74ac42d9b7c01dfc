/**
 * An approver's sign-in to the hosted inbox through the identity provider (OAuth
 * mode), by plain HTTP as a script would do it: /approvals/signin sets the
 * sign-in cookie and sends to the provider, the provider (the test one, signing
 * in whoever it is told) sends back a code, /approvals/callback turns it into a
 * session. Each step is its own function, so a test can tamper with one.
 */
import { rawRequest, type RawAnswer } from "./http-server-process.js";
import { csrfOf, type InboxSession } from "./inbox.js";
import type { SignIn, TestIdentityProvider } from "./oidc-provider.js";

/** The approvers' client at the identity provider, registered as an operator would (dynamic registration here). */
export interface ApproverClient {
  clientId: string;
  clientSecret: string;
}

/** Registers a confidential client whose redirect URI is the inbox's callback under each of `publicUrls`. */
export async function registerApproverClient(idp: TestIdentityProvider, publicUrls: string[]): Promise<ApproverClient> {
  const response = await fetch(`${idp.issuer}/reg`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "outbound-calls approvers' inbox",
      redirect_uris: publicUrls.map((u) => `${u}/approvals/callback`),
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    }),
  });
  if (response.status !== 201) throw new Error(`registration refused: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { client_id: string; client_secret: string };
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

/** The variables of a server whose inbox signs approvers in through `client`. */
export const approverEnv = (client: ApproverClient, extra: Record<string, string> = {}): Record<string, string> => ({
  OUTBOUND_CALLS_APPROVER_CLIENT_ID: client.clientId,
  OUTBOUND_CALLS_APPROVER_CLIENT_SECRET: client.clientSecret,
  ...extra,
});

const setCookie = (answer: RawAnswer, name: string): string | undefined =>
  (answer.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))
    ?.split(";")[0];

/** Step 1: the sign-in cookie (`ocm_signin=…`) and where the browser is sent. */
export async function startSignIn(base: string): Promise<{ cookie: string; authorizationUrl: URL; answer: RawAnswer }> {
  const answer = await rawRequest(base, { path: "/approvals/signin" });
  const cookie = setCookie(answer, "ocm_signin");
  const location = answer.headers.location;
  if (!cookie || !location)
    throw new Error(
      `/approvals/signin answered ${answer.status} without a cookie or a location: ${answer.body.slice(0, 300)}`,
    );
  return { cookie, authorizationUrl: new URL(location), answer };
}

/** Step 2: the identity provider signs `who` in and sends the browser back: the callback's path and query. */
export async function atProvider(idp: TestIdentityProvider, authorizationUrl: URL, who: SignIn): Promise<string> {
  idp.signIn = who;
  const { redirect } = await idp.authorize(authorizationUrl);
  return redirect.pathname + redirect.search;
}

/** Step 3: the callback with this cookie; the session cookie if one was made. */
export async function finishSignIn(
  base: string,
  callbackPath: string,
  cookie: string | undefined,
): Promise<{ answer: RawAnswer; session?: string }> {
  const answer = await rawRequest(base, { path: callbackPath, headers: cookie ? { cookie } : {} });
  const session = setCookie(answer, "ocm_approver");
  return session ? { answer, session } : { answer };
}

/** The whole sign-in of `who` on `base`; throws unless it ends with a session (and its CSRF token from the inbox). */
export async function oidcSignIn(
  base: string,
  idp: TestIdentityProvider,
  who: SignIn,
  finishOn = base,
): Promise<InboxSession & { inbox: RawAnswer }> {
  const { cookie, authorizationUrl } = await startSignIn(base);
  const callback = await atProvider(idp, authorizationUrl, who);
  const { answer, session } = await finishSignIn(finishOn, callback, cookie);
  if (!session)
    throw new Error(`the sign-in of ${who.sub} made no session (${answer.status}): ${answer.body.slice(0, 400)}`);
  const inbox = await rawRequest(finishOn, { path: "/approvals", headers: { cookie: session } });
  return { cookie: session, csrf: csrfOf(inbox.body) ?? "", inbox };
}
