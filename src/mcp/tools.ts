/**
 * tools/list and tools/call, on the SDK's low-level Server: the JSON Schemas are
 * built once per process (not per tools/list, nor per McpServer over stateless
 * HTTP), arguments are parsed by each tool's own typed run(), and the output is
 * checked once. Errors become answers in protocol/answers.ts.
 *
 * The tools' modules build their zod schemas when imported, a good share of
 * start-up, so they are loaded on the first tools/call, or just after the first
 * tools/list is answered. tools/list does not wait for them in the bundle: the
 * build runs publishedTool() over every tool (scripts/tool-listings.ts) and
 * defines BUNDLED_TOOL_LISTINGS with the result. From the sources (tests) the
 * listing is computed from the loaded tools. test/e2e/tools-list.test.ts (the
 * bundle) and test/unit/tool-listing.test.ts (the sources) hold both to one
 * snapshot.
 */
import type {
  CallToolResult,
  InputRequiredResult,
  Tool as ListedTool,
  Server,
  ServerContext,
} from "@modelcontextprotocol/server";
import { ApprovalCardPending, InputRequiredPending } from "../guards/dial/refusals.js";
import type { ApprovalChannel } from "../approval/channel.js";
import type { ApprovalDesk } from "../approval/desk.js";
import { DECIDE_TOOL } from "../approval/card/apps-support.js";
import { cardMeta, decideOnCard, DECIDE_LISTING, withCard } from "./card-tool.js";
import type { Tool, ToolContext } from "../tools/define.js";
import { ApiError } from "../service/errors.js";
import { publishedJsonSchema } from "../tools/published-schema.js";
import { compileSchemasBuiltFromNow } from "./zod-mode.js";

declare const BUNDLED_TOOL_LISTINGS: string | undefined;

export interface ToolHost {
  /** Only the tools that place no call (read-only mode). */
  readOnly: boolean;
  /** Builds the context of one tool call; `decision`: the card's Approve, the one approval channel of that call. */
  context(tool: Tool, request: ServerContext, decision?: ApprovalChannel): ToolContext;
  /** Did this request's client declare MCP Apps support? Then it gets the approval card (card-tool.ts). */
  rendersApps(request: ServerContext): boolean;
  /** The approvals desk, where the card's decisions are checked. */
  desk: ApprovalDesk;
  /** Fields added to every structuredContent (the sandbox mark). */
  mark: Record<string, unknown>;
  /** Prefix of every answer text (the sandbox note), or "". */
  prefix: string;
  /** An error as the answer's text. */
  failure(error: unknown, tool: Tool, request: ServerContext): string;
}

/** A tool as tools/list shows it, and whether it places calls (hidden in read-only mode). */
export interface PublishedTool {
  listed: ListedTool;
  writes: boolean;
}

export function publishedTool(tool: Tool): PublishedTool {
  return {
    listed: {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: publishedJsonSchema(tool.inputSchema, "input") as ListedTool["inputSchema"],
      outputSchema: publishedJsonSchema(tool.outputSchema, "output") as ListedTool["outputSchema"],
      annotations: { title: tool.title, ...tool.annotations },
    },
    writes: tool.creates !== undefined,
  };
}

let loadingTools: Promise<readonly Tool[]> | undefined;
let publishing: Promise<readonly PublishedTool[]> | undefined;

/** Every tool, in tools/list order; imported once per process. */
export function loadTools(): Promise<readonly Tool[]> {
  // The tools' schemas parse every call of a session: they compile zod's fast paths, whatever the start chose.
  if (!loadingTools) compileSchemasBuiltFromNow();
  return (loadingTools ??= import("../tools/index.js").then((m) => m.tools));
}

/** Every tool as tools/list shows it; once per process. */
export function publishedTools(): Promise<readonly PublishedTool[]> {
  return (publishing ??=
    typeof BUNDLED_TOOL_LISTINGS === "string"
      ? Promise.resolve(JSON.parse(BUNDLED_TOOL_LISTINGS) as PublishedTool[])
      : loadTools().then((all) => all.map(publishedTool)));
}

export function registerTools(server: Server, host: ToolHost): void {
  server.registerCapabilities({ tools: {} });
  let byName: Map<string, Tool> | undefined;
  server.setRequestHandler("tools/list", async (_request, mcpCtx) => {
    let listed = (await publishedTools()).filter((t) => !(host.readOnly && t.writes)).map((t) => t.listed);
    // Only a client that renders MCP Apps sees the card and its tool; every other keeps today's list.
    if (!host.readOnly && host.rendersApps(mcpCtx)) listed = [...listed.map(withCard), DECIDE_LISTING];
    // The tools' code, for the tools/call that usually follows (a failure to load shows there).
    setImmediate(() => void loadTools().catch(() => undefined));
    return { tools: listed };
  });
  server.setRequestHandler("tools/call", async (request, mcpCtx): Promise<CallToolResult | InputRequiredResult> => {
    byName ??= new Map(
      (await loadTools()).filter((t) => !(host.readOnly && t.creates !== undefined)).map((t) => [t.name, t]),
    );
    if (request.params.name === DECIDE_TOOL && !host.readOnly && host.rendersApps(mcpCtx)) {
      const tools = byName;
      return decideOnCard(request.params.arguments, {
        desk: host.desk,
        run: async (name, args, decision) => {
          const tool = tools.get(name);
          if (!tool) return { isError: true, content: [{ type: "text", text: `Tool ${name} not found` }] };
          return callTool(host, tool, args, mcpCtx, decision);
        },
        declined: (name, facts, reason) => {
          const tool = tools.get(name);
          if (!tool) return;
          const ctx = host.context(tool, mcpCtx);
          ctx.guard.declinedLater(facts, reason);
          ctx.scope.dispose();
        },
      });
    }
    const tool = byName.get(request.params.name);
    // As the SDK's McpServer answers it: a result the model can read, not a protocol error.
    if (!tool) return { isError: true, content: [{ type: "text", text: `Tool ${request.params.name} not found` }] };
    return callTool(host, tool, request.params.arguments, mcpCtx);
  });
}

/** One tool call, from its context to its answer; `decision` only for the card's Approve. */
async function callTool(
  host: ToolHost,
  tool: Tool,
  args: unknown,
  mcpCtx: ServerContext,
  decision?: ApprovalChannel,
): Promise<CallToolResult | InputRequiredResult> {
  const ctx = host.context(tool, mcpCtx, decision);
  try {
    const { structured, text } = await tool.run(args, ctx, host.mark);
    ctx.guard.finish();
    return { content: [{ type: "text", text: host.prefix + text }], structuredContent: structured };
  } catch (error) {
    // The audit line of a write attempt, whatever ended it.
    ctx.guard.finish(error);
    // Protocol 2026-07-28: a person is asked in the client, which sends this call again with the answer.
    if (error instanceof InputRequiredPending) {
      return {
        resultType: "input_required",
        inputRequests: error.inputRequests as InputRequiredResult["inputRequests"],
        requestState: error.requestState,
      };
    }
    // MCP Apps: the card shows the call and decides; its ticket (with the secret) is in `_meta`, for the card only.
    if (error instanceof ApprovalCardPending) {
      return {
        isError: true,
        content: [{ type: "text", text: host.prefix + error.message }],
        _meta: cardMeta(error.ticket, args),
      };
    }
    // A cancelled call gets no answer (the SDK drops it): an abort is not an internal error to log.
    if (mcpCtx.mcpReq.signal.aborted && !(error instanceof ApiError))
      return { isError: true, content: [{ type: "text", text: "Cancelled by the client." }] };
    return { isError: true, content: [{ type: "text", text: host.prefix + host.failure(error, tool, mcpCtx) }] };
  } finally {
    ctx.scope.dispose();
  }
}
