/**
 * The scope of one tool call, made once when the call arrives and passed down to
 * the tool, the dial guards and the approval channels: its deadline, the client's
 * cancellation, its progress notifications and who it comes from. It takes
 * plain values (no MCP SDK type), so any transport can open one; the MCP layer
 * does in `src/mcp/server.ts`.
 */
import { startDeadline, type Deadline } from "./deadline.js";

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** Sends one progress notification; never rejects (the client may be gone). */
export type ProgressReporter = (update: ProgressUpdate) => Promise<void>;

export const noProgress: ProgressReporter = async () => undefined;

/** A person an identity provider vouched for (the hosted server with OAuth). */
export interface Person {
  /** The access token's `sub`: stable per person at the issuer. */
  sub: string;
  /** A name to show (the token's `name`, `preferred_username` or `email`), when it carries one. */
  name?: string;
}

/** Who a tool call comes from. */
export interface CallerIdentity {
  /** The client, for per-client bounds: the HTTP client's address, or "local" over stdio. */
  client: string;
  /** The person behind the client: set over `--http` with OAuth, absent with a shared token or over stdio. */
  person?: Person;
  /** The person's token may read every call (`calls:read_all`), not only the ones they placed. */
  readsAllCalls?: boolean;
}

export interface CallScope {
  /** The tool call's total deadline (OUTBOUND_CALLS_TIMEOUT_MS); every upstream request of the call shares it. */
  readonly deadline: Deadline;
  /** Aborted when the client cancels the tool call (notifications/cancelled) or goes away. */
  readonly signal: AbortSignal;
  /** MCP progress notifications; a no-op when the client sent no progress token. */
  readonly progress: ProgressReporter;
  readonly identity: CallerIdentity;
  /**
   * A fresh deadline of `ms` (default: OUTBOUND_CALLS_TIMEOUT_MS), tied to the client's cancellation: for a request
   * after a wait on purpose (each poll of get_call's wait; the POST after a person answered). The caller disposes it.
   */
  newDeadline(ms?: number): Deadline;
  /** The tool call is over: clears the deadline's timer. Safe to call twice. */
  dispose(): void;
}

export interface CallScopeParts {
  /** OUTBOUND_CALLS_TIMEOUT_MS. */
  timeoutMs: number;
  /** The client's cancellation of this call. */
  signal: AbortSignal;
  /** One reporter per call: the tool's waits and a person's decision report on the same progress token. */
  progress: ProgressReporter;
  identity: CallerIdentity;
}

/** Opens the scope of one tool call; its deadline starts now. */
export function openCallScope(parts: CallScopeParts): CallScope {
  const { timeoutMs, signal, progress, identity } = parts;
  const deadline = startDeadline(timeoutMs, signal);
  return {
    deadline,
    signal,
    progress,
    identity,
    newDeadline: (ms = timeoutMs) => startDeadline(ms, signal),
    dispose: () => deadline.dispose(),
  };
}
