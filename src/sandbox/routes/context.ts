import type { Account } from "../account.js";
import type { ResolvedOptions } from "../options.js";

/** What a route handler gets: the caller's account and the already parsed request. */
export interface RouteContext {
  account: Account;
  body: unknown;
  query: Record<string, string>;
  params: { callId?: string };
  nowMs: number;
  options: ResolvedOptions;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
