/**
 * tools/list and tools/call, on the SDK's low-level Server: the JSON Schemas are
 * built once per process (not per tools/list, nor per McpServer over stateless
 * HTTP), arguments are parsed by each tool's own typed run(), and the output is
 * checked once. Errors become answers in answers.ts.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool as ListedTool } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Tool, ToolContext } from "../tools/define.js";
import { ApiError } from "../service/errors.js";
import { publishedJsonSchema } from "../tools/published-schema.js";

export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ToolHost {
  tools: readonly Tool[];
  /** Builds the context of one tool call. */
  context(tool: Tool, extra: RequestExtra): ToolContext;
  /** Fields added to every structuredContent (the sandbox mark). */
  mark: Record<string, unknown>;
  /** Prefix of every answer text (the sandbox note), or "". */
  prefix: string;
  /** An error as the answer's text. */
  failure(error: unknown, tool: Tool): string;
}

const listings = new Map<Tool, ListedTool>();

/** A tool as tools/list shows it; computed once per process. */
export function listing(tool: Tool): ListedTool {
  let entry = listings.get(tool);
  if (!entry) {
    entry = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: publishedJsonSchema(tool.inputSchema, "input") as ListedTool["inputSchema"],
      outputSchema: publishedJsonSchema(tool.outputSchema, "output") as ListedTool["outputSchema"],
      annotations: { title: tool.title, ...tool.annotations },
    };
    listings.set(tool, entry);
  }
  return entry;
}

export function registerTools(server: Server, host: ToolHost): void {
  server.registerCapabilities({ tools: {} });
  const byName = new Map(host.tools.map((t) => [t.name, t]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: host.tools.map(listing) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    // As the SDK's McpServer answers it: a result the model can read, not a protocol error.
    if (!tool) return { isError: true, content: [{ type: "text", text: `Tool ${request.params.name} not found` }] };
    const ctx = host.context(tool, extra);
    try {
      const { structured, text } = await tool.run(request.params.arguments, ctx, host.mark);
      ctx.guard.finish();
      return { content: [{ type: "text", text: host.prefix + text }], structuredContent: structured };
    } catch (error) {
      // The audit line of a write attempt, whatever ended it.
      ctx.guard.finish(error);
      // A cancelled call gets no answer (the SDK drops it): an abort is not an internal error to log.
      if (extra.signal.aborted && !(error instanceof ApiError)) return { isError: true, content: [{ type: "text", text: "Cancelled by the client." }] };
      return { isError: true, content: [{ type: "text", text: host.prefix + host.failure(error, tool) }] };
    } finally {
      ctx.deadline.dispose();
    }
  });
}
