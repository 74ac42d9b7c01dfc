/**
 * A tool is data plus a handler (STYLE.md). Handlers return plain data that
 * matches `outputSchema`; `render` turns it into the short text a model reads.
 * Handlers throw on failure; `server.ts` is the one place errors become answers.
 */
import type { z } from "zod";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { ApiClient } from "../service/transport/client.js";
import type { Deadline } from "../service/deadline.js";
import type { AgentDirectory } from "../service/agent-directory.js";
import type { Config } from "../config/env.js";
import type { PhonePolicy } from "../phone/parse.js";
import type { Redactor } from "../text/redact.js";
import type { CallGuard } from "../safety/dial-guard.js";
import type { ProgressReporter } from "../mcp/progress.js";

export interface ToolContext {
  config: Config;
  api: ApiClient;
  agents: AgentDirectory;
  phonePolicy: PhonePolicy;
  redactor: Redactor;
  /** The tool call's total deadline; every upstream request shares it. */
  deadline: Deadline;
  /**
   * A fresh deadline of OUTBOUND_CALLS_TIMEOUT_MS for one more upstream request, tied to the client's
   * cancellation. Only for tools that wait on purpose (get_call with wait_seconds): each poll gets its own,
   * and the tool bounds the whole wait itself.
   */
  requestDeadline(): Deadline;
  /**
   * Takes one of the limited slots for a wait (get_call with wait_seconds) and returns its release; throws
   * TooManyWaitsError when this client or the process has no slot free.
   */
  waitSlot(): () => void;
  /** Aborted when the client cancels the tool call (notifications/cancelled) or goes away. */
  signal: AbortSignal;
  /** MCP progress notifications; a no-op when the client sent no progress token. */
  progress: ProgressReporter;
  /** A warning for the client's log (MCP logging); never the key. */
  warn(line: string): void;
  /** A fresh Idempotency-Key for this tool call's POST (reused on its retries). */
  idempotencyKey: string;
  /** The safety guards for this tool call (write tools run their dial through it). */
  safety: CallGuard;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: Required<Pick<ToolAnnotations, "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint">>;
  /** True for tools that place calls (hidden in read-only mode). */
  writes: boolean;
  handler: (args: z.infer<I>, ctx: ToolContext) => Promise<z.infer<O>>;
  render: (output: z.infer<O>) => string;
}

/** Typed identity: keeps each tool's input, output and handler in step. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return tool;
}

/** The annotations of a tool that only reads from the calling service. */
export const READ_ONLY_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;

/** Placing calls: not read-only, not destructive (nothing is deleted), not idempotent (each dial is new). */
export const DIAL_ANNOTATIONS = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
} as const;
