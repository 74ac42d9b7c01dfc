/**
 * A tool is data plus a handler. Handlers return plain data that
 * matches `outputSchema`; `render` turns it into the short text a model reads.
 * Handlers throw on failure; `src/protocol/answers.ts` is the one place errors
 * become answers. `defineTool` keeps each tool's input, output, handler and
 * render in step, and hides their types behind `Tool`, so the list of tools
 * needs no cast.
 */
import type * as z from "zod";
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { Config } from "../config/env.js";
import { OutputMismatchError, type PostSubject } from "../service/errors.js";
import type { CallingService } from "../service/index.js";
import type { PhonePolicy } from "../phone/parse.js";
import type { DialGuard } from "../guards/dial-guard.js";
import type { CallAccess } from "../guards/per-person/access.js";
import type { CallScope } from "../service/call-scope.js";
import { InputValidationError } from "../validation/errors.js";

export interface ToolContext {
  config: Config;
  service: CallingService;
  phonePolicy: PhonePolicy;
  /**
   * The tool call's scope, made once when it arrived: its total deadline (every upstream request shares
   * `scope.deadline`), fresh deadlines for tools that wait on purpose, the client's cancellation, progress
   * notifications and who the call comes from. The guard works in the same scope.
   */
  scope: CallScope;
  /**
   * Takes one of the limited slots for a wait (get_call with wait_seconds) and returns its release; throws
   * TooManyWaitsError when this client or the process has no slot free.
   */
  waitSlot(): () => void;
  /** A warning for the client's log (MCP logging). */
  warn(line: string): void;
  /** The safety guards for this tool call (write tools run their dial through it). */
  guard: DialGuard;
  /** Which calls the caller may see: with OAuth, only the ones they placed unless their token may read all. */
  calls: CallAccess;
}

/**
 * What the docs say of a tool besides what tools/list publishes: the README's tools table, docs/tools.md's
 * annotations table and manifest.json's tools are generated from it (`npm run docs`, scripts/gen-docs.mjs).
 */
export interface ToolDocs {
  /** The request it makes of the service, e.g. "GET /agents". */
  serviceCall: string;
  /** What it does, for the README's tools table (Markdown, one or two sentences). */
  summary: string;
  /** One plain sentence for the MCPB bundle's tool list (manifest.json), read by a person installing it. */
  brief: string;
  /** What it changes in the world (Markdown); leave it out for a tool that only reads. */
  sideEffects?: string;
}

type Annotations = Required<
  Pick<ToolAnnotations, "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint">
>;

export interface ToolDefinition<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: Annotations;
  docs: ToolDocs;
  /** For tools that place calls (hidden in read-only mode): what their POST creates. */
  creates?: PostSubject;
  handler: (args: z.output<I>, ctx: ToolContext) => Promise<z.output<O>>;
  /** The text a model reads. */
  render: (output: z.output<O>) => string;
  /** structuredContent, when it differs from the handler's output (call content fenced as data). */
  structure?: (output: z.output<O>) => z.output<O>;
}

/** What the server registers: the definition's data, and one typed run from raw arguments to an answer. */
export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodObject;
  readonly outputSchema: z.ZodObject;
  readonly annotations: Annotations;
  readonly docs: ToolDocs;
  readonly creates: PostSubject | undefined;
  /** Parses the arguments, runs the handler; `structured` matches outputSchema (or OutputMismatchError is thrown). */
  run(
    args: unknown,
    ctx: ToolContext,
    mark: Record<string, unknown>,
  ): Promise<{ structured: Record<string, unknown>; text: string }>;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: ToolDefinition<I, O>): Tool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: def.inputSchema,
    outputSchema: def.outputSchema,
    annotations: def.annotations,
    docs: def.docs,
    creates: def.creates,
    async run(args, ctx, mark) {
      const input = def.inputSchema.safeParse(args ?? {});
      if (!input.success) {
        const issues = input.error.issues
          .map((i) => (i.path.length ? `${i.message} at ${dotPath(i.path)}` : i.message))
          .join("\n");
        throw new InputValidationError(`Input validation error: Invalid arguments for tool ${def.name}: ${issues}`);
      }
      const output = await def.handler(input.data, ctx);
      const structured = { ...(def.structure ? def.structure(output) : output), ...mark };
      if (!def.outputSchema.safeParse(structured).success)
        throw new OutputMismatchError(`${def.name}: the answer does not match its output schema`);
      return { structured, text: def.render(output) };
    },
  };
}

function dotPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>(
    (acc, seg, i) => (i === 0 ? String(seg) : typeof seg === "number" ? `${acc}[${seg}]` : `${acc}.${String(seg)}`),
    "",
  );
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
