/**
 * How approvers sign in to the hosted inbox when the server uses OAuth: as an
 * OpenID Connect client of the same identity provider (authorization code with
 * PKCE, src/approval/page/oidc-login.ts), registered there with the redirect
 * URI `<OUTBOUND_CALLS_PUBLIC_URL>/approvals/callback`. Checked once at start
 * with zod; every error names the variable and never echoes the secret.
 */
import * as z from "zod";
import { ConfigurationError } from "../../config/errors.js";
import { parseSwitch } from "../../config/switch.js";
import { text, withDefault } from "../../config/parsers.js";
import { declareVariables, readVariable } from "../../config/variables.js";
import type { OAuthConfig } from "./config.js";

export const APPROVER_CLIENT_ID = "OUTBOUND_CALLS_APPROVER_CLIENT_ID" as const;
export const APPROVER_CLIENT_SECRET = "OUTBOUND_CALLS_APPROVER_CLIENT_SECRET" as const;
export const ALLOW_SELF_APPROVAL = "OUTBOUND_CALLS_ALLOW_SELF_APPROVAL" as const;
/** Where the identity provider sends the approver's browser back, under the public URL. */
export const CALLBACK_PATH = "/approvals/callback";

/** The id and secret are read as given here; their form is checked below, once OAuth is known to be on. */
export const approverVariables = declareVariables({
  [APPROVER_CLIENT_ID]: {
    group: "http",
    required: "for the approvers' inbox with OAuth",
    example: "outbound-calls-approvers",
    summary: "with OAuth: the inbox's OpenID Connect client id at the identity provider (approvers sign in there)",
    description:
      "With OAuth: the client approvers sign in to `/approvals` as, through the identity provider, registered there with the redirect URI `<OUTBOUND_CALLS_PUBLIC_URL>/approvals/callback`; only a person granted `calls:approve` may decide ([oauth](oauth.md#approvers-sign-in-with-the-identity-provider)). Replaces `OUTBOUND_CALLS_APPROVER_TOKEN`.",
    parse: text,
  },
  [APPROVER_CLIENT_SECRET]: {
    group: "http",
    unset: "a public client (PKCE only)",
    summary: "with OAuth: the approver client's secret, when the identity provider registered it as confidential",
    description:
      "With OAuth: the secret of the approvers' client, sent with HTTP Basic (`client_secret_basic`) when the code is exchanged. Unset: a public client, protected by PKCE alone.",
    parse: text,
  },
  [ALLOW_SELF_APPROVAL]: {
    group: "http",
    default: "false",
    summary: "with OAuth: let an approver approve a dial they asked for themselves",
    description:
      "With OAuth: `true` lets an approver approve a dial their own token asked for (same subject), and lets the asker's own client be asked. By default another person approves, in the inbox ([oauth](oauth.md#no-self-approval)).",
    parse: withDefault((raw, fail, name) => {
      const value = parseSwitch(raw);
      if (typeof value === "boolean") return value;
      return fail(`${name} must be true or false`);
    }),
  },
});

export interface ApproverSignInConfig {
  issuer: string;
  clientId: string;
  /** Absent: a public client. */
  clientSecret?: string | undefined;
  /** `<public URL>/approvals/callback`, exactly as registered at the identity provider. */
  redirectUri: string;
  /** This server's resource (RFC 8707): the access token asked for with the sign-in names it, with `calls:approve`. */
  resource: string;
  allowSelfApproval: boolean;
}

// Printable ASCII without spaces: what identity providers issue as client ids and secrets.
const credential = (max: number) =>
  z
    .string()
    .regex(/^[\x21-\x7e]+$/, "printable characters without spaces")
    .max(max);

const schema = z.object({
  clientId: credential(255),
  clientSecret: credential(1024).optional(),
});

/**
 * With OAuth: may the asker say yes to their own dial (their client's form or card, or the inbox)? Also without an
 * approvers' client: with no inbox the asker's own client is the only one left to ask, which is self-approval too.
 */
export function selfApprovalAllowed(env: NodeJS.ProcessEnv, oauth: OAuthConfig | undefined): boolean {
  return oauth !== undefined && parseSwitch(env[ALLOW_SELF_APPROVAL]) === true;
}

/** undefined: no inbox sign-in through the identity provider (no OAuth, or no client id). */
export function parseApproverSignIn(
  env: NodeJS.ProcessEnv,
  oauth: OAuthConfig | undefined,
): ApproverSignInConfig | undefined {
  const rawId = readVariable(approverVariables[APPROVER_CLIENT_ID], env) ?? "";
  const rawSecret = readVariable(approverVariables[APPROVER_CLIENT_SECRET], env) ?? "";
  const self = readVariable(approverVariables[ALLOW_SELF_APPROVAL], env);
  if (!oauth) {
    // Saying "false" without OAuth is what unset says; anything that would sign approvers in or loosen a rule is an error.
    if (rawId !== "" || rawSecret !== "" || self === true) {
      throw new ConfigurationError(
        `${rawId !== "" ? APPROVER_CLIENT_ID : rawSecret !== "" ? APPROVER_CLIENT_SECRET : ALLOW_SELF_APPROVAL} needs OAuth (OUTBOUND_CALLS_OAUTH_ISSUER and OUTBOUND_CALLS_PUBLIC_URL)`,
      );
    }
    return undefined;
  }
  if (rawId === "") {
    if (rawSecret !== "")
      throw new ConfigurationError(`${APPROVER_CLIENT_SECRET} is set without ${APPROVER_CLIENT_ID}`);
    return undefined;
  }
  const parsed = schema.safeParse({ clientId: rawId, clientSecret: rawSecret === "" ? undefined : rawSecret });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === "clientSecret" ? APPROVER_CLIENT_SECRET : APPROVER_CLIENT_ID;
    throw new ConfigurationError(
      `${field} must be 1 to ${field === APPROVER_CLIENT_ID ? 255 : 1024} printable characters without spaces, as the identity provider issued it`,
    );
  }
  const origin = new URL(oauth.resource).origin;
  // The resource is <public URL path>/mcp: the inbox sits beside /mcp under the same path prefix.
  const prefix = new URL(oauth.resource).pathname.replace(/\/mcp$/, "");
  return {
    issuer: oauth.issuer,
    clientId: parsed.data.clientId,
    clientSecret: parsed.data.clientSecret,
    redirectUri: `${origin}${prefix}${CALLBACK_PATH}`,
    resource: oauth.resource,
    allowSelfApproval: self === true,
  };
}
