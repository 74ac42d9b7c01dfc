/**
 * The passkey check (OUTBOUND_CALLS_APPROVAL_PASSKEY=required), with
 * @simplewebauthn/server (loaded on first use): the options a page hands to
 * navigator.credentials, and the server-side verification of what comes back.
 * An assertion approves only if every one of these holds: it names an enrolled,
 * sealed passkey (registry.ts); its challenge is ours, for this purpose and
 * this approval, in time, and not spent before (challenges.ts); its origin is
 * one this server is reached at and the RP ID that origin's host; its
 * signature checks out under the stored public key; the authenticator says the
 * person was verified (UV, not only present); and its counter moved on.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { OnceMarks } from "../../state/store.js";
import { Challenges, type ChallengePurpose } from "./challenges.js";
import type { EnrollGrants } from "./grants.js";
import type { Passkey, PasskeyRegistry } from "./registry.js";

export type Checked = { ok: true; passkey: Passkey } | { ok: false; why: string };

/** How long a page's passkey prompt waits for the person. */
const PROMPT_MS = 120_000;

/** OUTBOUND_CALLS_PUBLIC_URL as a WebAuthn relying party: the origin answers must name, and its host, the RP ID. */
export interface PublicRelyingParty {
  origin: string;
  rpId: string;
}

export interface PasskeyGateOptions {
  registry: PasskeyRegistry;
  /** The one-time grants of hosted enrollment. */
  grants: EnrollGrants;
  /** With --http and OUTBOUND_CALLS_PUBLIC_URL: where the inbox is, and the passkeys it enrolls are for. */
  publicParty?: PublicRelyingParty | undefined;
  /** The guard store's one-time marks: a challenge is spent there. */
  marks: OnceMarks;
  /** A key the servers hold and Redis does not (state/state-key.ts), for the challenges. */
  challengeKey: Buffer;
  now: () => number;
  log: (line: string) => void;
}

const library = () => import("@simplewebauthn/server");

/** The origin an answer says it was made on (clientDataJSON), before anything is trusted. */
function claimedOrigin(clientDataJSON: unknown): string | undefined {
  if (typeof clientDataJSON !== "string" || clientDataJSON.length > 4_000) return undefined;
  try {
    const origin = (JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { origin?: unknown })
      .origin;
    return typeof origin === "string" ? origin : undefined;
  } catch {
    return undefined;
  }
}

function parse<T>(text: string | null | undefined): T | undefined {
  if (typeof text !== "string" || text.length === 0 || text.length > 16_000) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

export class PasskeyGate {
  readonly registry: PasskeyRegistry;
  readonly grants: EnrollGrants;
  readonly publicParty: PublicRelyingParty | undefined;
  private readonly challenges: Challenges;

  constructor(private readonly options: PasskeyGateOptions) {
    this.registry = options.registry;
    this.grants = options.grants;
    this.publicParty = options.publicParty;
    this.challenges = new Challenges(options.challengeKey, options.marks, options.now);
  }

  /** Options for navigator.credentials.get (as JSON), for `purpose` on `subject`, valid until `expiresAt`. */
  async requestOptions(
    purpose: ChallengePurpose,
    subject: string,
    expiresAt: number,
  ): Promise<Record<string, unknown>> {
    const passkeys = await this.registry.list();
    return {
      challenge: this.challenges.issue(purpose, subject, Math.min(expiresAt, this.options.now() + 10 * 60_000)),
      allowCredentials: passkeys.map((p) => ({ id: p.id, type: "public-key", transports: p.transports })),
      userVerification: "required",
      timeout: PROMPT_MS,
    };
  }

  /**
   * Checks an assertion (the page's JSON) made for `purpose` on `subject`; `originOk` says whether the origin it
   * names is one this server is reached at. Spends its challenge when it checks out.
   */
  async verify(
    text: string | null | undefined,
    purpose: ChallengePurpose,
    subject: string,
    originOk: (origin: string) => boolean,
  ): Promise<Checked> {
    const response = parse<AuthenticationResponseJSON>(text);
    if (!response || typeof response.id !== "string" || !response.response)
      return { ok: false, why: "no passkey answer came with the form" };
    const passkey = await this.registry.get(response.id);
    if (!passkey) return { ok: false, why: "the answer is not from an enrolled passkey" };
    const origin = claimedOrigin(response.response.clientDataJSON);
    if (!origin || !originOk(origin))
      return { ok: false, why: "the answer was made on a page that is not this server's" };
    const rpId = new URL(origin).hostname;
    if (rpId !== passkey.rpId) return { ok: false, why: `this passkey was enrolled for ${passkey.rpId}, not ${rpId}` };
    let challenge = "";
    try {
      const { verifyAuthenticationResponse } = await library();
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (c) => {
          challenge = c;
          return this.challenges.valid(c, purpose, subject);
        },
        expectedOrigin: origin,
        expectedRPID: rpId,
        expectedType: "webauthn.get",
        credential: {
          id: passkey.id,
          publicKey: Buffer.from(passkey.publicKey, "base64url"),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
      if (!result.verified) return { ok: false, why: "the passkey answer did not check out (its signature)" };
      if (!result.authenticationInfo.userVerified) return { ok: false, why: "the passkey did not verify the person" };
      if (!(await this.challenges.spend(challenge, purpose, subject)))
        return { ok: false, why: "this passkey answer was used already" };
      await this.registry.setCounter(passkey, result.authenticationInfo.newCounter);
      return { ok: true, passkey };
    } catch (error) {
      return { ok: false, why: `the passkey answer did not check out (${reason(error)})` };
    }
  }

  /** Options for navigator.credentials.create (as JSON): a new passkey named `name` for `rpId`, on enrollment ticket `ticket`. */
  async creationOptions(
    ticket: string,
    name: string,
    rpId: string,
    expiresAt: number,
  ): Promise<Record<string, unknown>> {
    const { generateRegistrationOptions } = await library();
    const existing = await this.registry.list();
    const options = await generateRegistrationOptions({
      rpName: "outbound-calls-mcp approvals",
      rpID: rpId,
      userName: name,
      userDisplayName: name,
      challenge: Buffer.from(this.challenges.issue("enroll", ticket, expiresAt), "base64url"),
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.id })),
      authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
      timeout: PROMPT_MS,
    });
    return options as unknown as Record<string, unknown>;
  }

  /**
   * Checks a new passkey made on ticket `ticket` and enrolls it under `name`. `claim`, when given, runs after
   * every check passed and before the passkey is kept; false (a one-time grant used meanwhile) enrolls nothing.
   * `since`, when given, is when the link was made: a removal of `name` after it enrolls nothing (registry.ts).
   */
  async enroll(
    text: string | null | undefined,
    ticket: string,
    name: string,
    originOk: (origin: string) => boolean,
    claim?: () => Promise<boolean>,
    since?: number,
  ): Promise<Checked> {
    const response = parse<RegistrationResponseJSON>(text);
    if (!response || typeof response.id !== "string" || !response.response)
      return { ok: false, why: "no new passkey came with the form" };
    const origin = claimedOrigin(response.response.clientDataJSON);
    if (!origin || !originOk(origin))
      return { ok: false, why: "the passkey was made on a page that is not this server's" };
    const rpId = new URL(origin).hostname;
    let challenge = "";
    try {
      const { verifyRegistrationResponse } = await library();
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: (c) => {
          challenge = c;
          return this.challenges.valid(c, "enroll", ticket);
        },
        expectedOrigin: origin,
        expectedRPID: rpId,
        requireUserVerification: true,
      });
      if (!result.verified || !result.registrationInfo.userVerified)
        return { ok: false, why: "the authenticator did not verify the person" };
      if (!(await this.challenges.spend(challenge, "enroll", ticket)))
        return { ok: false, why: "this enrollment answer was used already" };
      if (claim && !(await claim())) return { ok: false, why: "this enrollment link was used already" };
      const { credential } = result.registrationInfo;
      const passkey: Passkey = {
        id: credential.id,
        name,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        rpId,
        createdAt: this.options.now(),
      };
      await this.registry.add(passkey, since);
      return { ok: true, passkey };
    } catch (error) {
      return { ok: false, why: `the new passkey did not check out (${reason(error)})` };
    }
  }
}
