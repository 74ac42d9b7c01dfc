/**
 * What consent needs for as long as the server lives: the approvals desk (over
 * the ApprovalStore), and where the page lives: the local page server and the
 * browser opener over stdio, or the hosted inbox over --http. Each tool call
 * gets its own selector (forCall) for the client it came from.
 */
import type { RequestId } from "@modelcontextprotocol/server";
import type { ConsentClient } from "../mcp/consent-client.js";
import type { ApprovalStore } from "../state/store.js";
import { ApprovalDesk } from "./desk.js";
import { browserOpener, type Opener } from "./opener.js";
import { LocalPageServer } from "./page/local-server.js";
import { ConsentSelector, type PageSurface } from "./selector.js";

export interface ConsentHubOptions {
  approvals: ApprovalStore;
  /** The guards' clock (epoch ms). */
  now: () => number;
  /** How long an approval may be decided and then used. */
  ttlMs: number;
  /** "local": the page on 127.0.0.1 opened in a browser (stdio); "hosted": the approvers' inbox (--http). */
  surface: { kind: "local"; opener?: Opener; env?: NodeJS.ProcessEnv } | { kind: "hosted"; inbox: boolean };
  log: (line: string) => void;
}

export class ConsentHub {
  readonly desk: ApprovalDesk;
  private readonly surface: PageSurface;
  private readonly localPage: LocalPageServer | undefined;

  constructor(private readonly options: ConsentHubOptions) {
    this.desk = new ApprovalDesk({ approvals: options.approvals, now: options.now, ttlMs: options.ttlMs });
    const s = options.surface;
    if (s.kind === "local") {
      // Nothing listens until a person must be asked.
      this.localPage = new LocalPageServer(this.desk, options.log);
      this.surface = { kind: "local", page: this.localPage, opener: s.opener ?? browserOpener(s.env ?? process.env) };
    } else {
      this.surface = { kind: "hosted", inbox: s.inbox };
    }
  }

  /** The selector for one tool call of the client behind `server`; `allowPage` is false in the token mode. */
  forCall(server: ConsentClient, requestId: RequestId | undefined, allowPage: boolean): ConsentSelector {
    return new ConsentSelector({ server, requestId, desk: this.desk, surface: this.surface, allowPage, log: this.options.log });
  }

  async close(): Promise<void> {
    await this.localPage?.close();
  }
}
