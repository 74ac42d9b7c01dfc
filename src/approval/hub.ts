/**
 * What approval needs for as long as the server lives: the approvals desk (over
 * the ApprovalStore), and where the page lives: the local page server and the
 * browser opener over stdio, or the hosted inbox over --http. Each tool call
 * gets its own selector (forCall) for the client it came from.
 */
import type { RequestId } from "@modelcontextprotocol/server";
import type { ApprovalChannel } from "./channel.js";
import type { ApprovalClient } from "../protocol/approval-client.js";
import type { ApprovalStore, OnceMarks } from "../state/store.js";
import { ApprovalDesk } from "./desk.js";
import { removeLaunchFiles } from "./launch-file.js";
import type { InputRound } from "./input-channel.js";
import { browserOpener, type Opener } from "./opener.js";
import { LocalPageServer } from "./page/local-server.js";
import { RequestStates } from "./request-state.js";
import { ApprovalSelector, type PageSurface } from "./selector.js";
import type { PasskeyGate } from "./passkeys/gate.js";

/** The name of the guard store's shared secret the requestState key is derived from (docs/design/approval.md). */
export const REQUEST_STATE_SECRET = "input-request-state";

export interface ApprovalHubOptions {
  approvals: ApprovalStore;
  /** Single-use marks (an input-request approval is spent here) and the shared secrets, of the guard store. */
  marks: OnceMarks;
  secret: (name: string) => Promise<Buffer>;
  /** The guards' clock (epoch ms). */
  now: () => number;
  /** How long an approval may be decided and then used. */
  ttlMs: number;
  /** Seals approvals and decisions (desk.ts); derived from the API key on first use (state/state-key.ts). */
  sealKey: () => Buffer;
  /** "local": the page on 127.0.0.1 opened in a browser (stdio); "hosted": the approvers' inbox (--http). */
  surface:
    | { kind: "local"; opener?: Opener; env?: NodeJS.ProcessEnv }
    | { kind: "hosted"; inbox: boolean; onlyInbox?: boolean; inboxVariable?: string };
  log: (line: string) => void;
  /** OUTBOUND_CALLS_APPROVAL_PASSKEY=required: Approve needs a passkey, on the page and in the inbox. */
  passkeys?: PasskeyGate | undefined;
}

/** The MCP Apps card: whether the client renders it, and for the card's own decision the channel bound to its approval. */
export interface CardParts {
  apps?: boolean;
  decision?: ApprovalChannel;
}

export class ApprovalHub {
  readonly desk: ApprovalDesk;
  /** Present when Approve needs a passkey (the inbox is given it too). */
  readonly passkeys: PasskeyGate | undefined;
  private readonly surface: PageSurface;
  private readonly localPage: LocalPageServer | undefined;
  private states: Promise<RequestStates> | undefined;

  constructor(private readonly options: ApprovalHubOptions) {
    this.desk = new ApprovalDesk({
      approvals: options.approvals,
      now: options.now,
      ttlMs: options.ttlMs,
      sealKey: options.sealKey,
      log: options.log,
    });
    this.passkeys = options.passkeys;
    const s = options.surface;
    if (s.kind === "local") {
      // Nothing listens until a person must be asked.
      this.localPage = new LocalPageServer(this.desk, options.log, options.passkeys);
      this.surface = { kind: "local", page: this.localPage, opener: s.opener ?? browserOpener(s.env ?? process.env) };
    } else {
      this.surface = {
        kind: "hosted",
        inbox: s.inbox,
        onlyInbox: s.onlyInbox === true,
        ...(s.inboxVariable ? { inboxVariable: s.inboxVariable } : {}),
      };
    }
  }

  /**
   * The selector for one tool call of the client behind `server`; `allowPage` is false in the token mode.
   * `round`: the call's input requests, for a request of protocol 2026-07-28 (absent for a 2025 client).
   */
  forCall(
    server: ApprovalClient,
    requestId: RequestId | undefined,
    allowPage: boolean,
    round?: InputRound,
    card: CardParts = {},
  ): ApprovalSelector {
    const { now, ttlMs, marks } = this.options;
    const input = round
      ? {
          round,
          states: () => this.requestStates(),
          marks,
          now,
          ttlMs,
          dialKey: (use: string) => this.desk.dialKeyOf(use),
        }
      : undefined;
    return new ApprovalSelector({
      server,
      requestId,
      desk: this.desk,
      surface: this.surface,
      allowPage,
      log: this.options.log,
      input,
      passkeys: this.passkeys,
      ...card,
    });
  }

  /** Made once, on first need, from the store's shared secret: every replica verifies every other's states. */
  requestStates(): Promise<RequestStates> {
    this.states ??= this.options
      .secret(REQUEST_STATE_SECRET)
      .then((secret) => new RequestStates(secret, this.options.now, this.options.ttlMs));
    // A store that could not answer is asked again next time.
    this.states.catch(() => (this.states = undefined));
    return this.states;
  }

  async close(): Promise<void> {
    removeLaunchFiles();
    await this.localPage?.close();
  }
}
