/**
 * What this server used of the SDK's McpServer (resources, a resource template,
 * prompts, completion), on the SDK's low-level Server: McpServer's module
 * brings zod 3, zod-to-json-schema and the SDK's zod compat layer into every
 * start-up, a fifth of it (docs/performance.md), for tools this server serves
 * itself (src/mcp/tools.ts). Each answer is McpServer's (SDK 1.32), word for
 * word: the same lists, error codes and messages, capabilities and completion
 * results; test/e2e/resources-prompts.test.ts drives them through a real client.
 */
import { z } from "zod";
import { Server, type ServerOptions } from "@modelcontextprotocol/sdk/server/index.js";
import { getCompleter, isCompletable } from "@modelcontextprotocol/sdk/server/completable.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { UriTemplate, type Variables } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CompleteResult,
  type GetPromptResult,
  type Implementation,
  type ListResourcesResult,
  type LoggingMessageNotification,
  type ReadResourceResult,
  type Resource,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";

/** What a request handler gets besides the request: its signal, its _meta, a way to send notifications. */
export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ResourceMetadata {
  title?: string;
  description?: string;
  mimeType?: string;
}

type Completer = (value: string, context?: { arguments?: Record<string, string> }) => string[] | Promise<string[]>;

/** A resource template: its URI template, the resources it lists, and completers for its variables. */
export class ResourceTemplate {
  readonly uriTemplate: UriTemplate;

  constructor(
    template: string,
    readonly callbacks: { list?: (extra: RequestExtra) => ListResourcesResult | Promise<ListResourcesResult>; complete?: Record<string, Completer> },
  ) {
    this.uriTemplate = new UriTemplate(template);
  }
}

interface StaticResource {
  name: string;
  metadata: ResourceMetadata;
  read: (uri: URL, extra: RequestExtra) => ReadResourceResult | Promise<ReadResourceResult>;
}

interface TemplateResource {
  template: ResourceTemplate;
  metadata: ResourceMetadata;
  read: (uri: URL, variables: Variables, extra: RequestExtra) => ReadResourceResult | Promise<ReadResourceResult>;
}

interface Prompt {
  title: string;
  description: string;
  args: z.ZodRawShape | undefined;
  get: (args: Record<string, unknown>, extra: RequestExtra) => GetPromptResult | Promise<GetPromptResult>;
}

const EMPTY_COMPLETION: CompleteResult = { completion: { values: [], hasMore: false } };

const completion = (values: string[]): CompleteResult => ({ completion: { values: values.slice(0, 100), total: values.length, hasMore: values.length > 100 } });

export class LeanMcpServer {
  readonly server: Server;
  private readonly resources = new Map<string, StaticResource>();
  private readonly templates = new Map<string, TemplateResource>();
  private readonly prompts = new Map<string, Prompt>();
  private resourceHandlers = false;
  private promptHandlers = false;
  private completionHandler = false;

  constructor(info: Implementation, options: ServerOptions) {
    this.server = new Server(info, options);
  }

  connect(transport: Transport): Promise<void> {
    return this.server.connect(transport);
  }

  close(): Promise<void> {
    return this.server.close();
  }

  sendLoggingMessage(params: LoggingMessageNotification["params"]): Promise<void> {
    return this.server.sendLoggingMessage(params);
  }

  registerResource(name: string, uri: string, metadata: ResourceMetadata, read: StaticResource["read"]): void {
    this.resources.set(uri, { name, metadata, read });
    this.setResourceHandlers();
  }

  registerResourceTemplate(name: string, template: ResourceTemplate, metadata: ResourceMetadata, read: TemplateResource["read"]): void {
    this.templates.set(name, { template, metadata, read });
    this.setResourceHandlers();
    if (template.uriTemplate.variableNames.some((v) => template.callbacks.complete?.[v])) this.setCompletionHandler();
  }

  registerPrompt<Args extends z.ZodRawShape>(
    name: string,
    config: { title: string; description: string; argsSchema?: Args },
    get: (args: z.output<z.ZodObject<Args>>, extra: RequestExtra) => GetPromptResult | Promise<GetPromptResult>,
  ): void {
    // The parsed arguments are the schema's output: `get` receives what it declared.
    this.prompts.set(name, { title: config.title, description: config.description, args: config.argsSchema, get: get as Prompt["get"] });
    this.setPromptHandlers();
    if (config.argsSchema && Object.values(config.argsSchema).some((field) => isCompletable(field))) this.setCompletionHandler();
  }

  private setResourceHandlers(): void {
    if (this.resourceHandlers) return;
    this.resourceHandlers = true;
    this.server.registerCapabilities({ resources: { listChanged: true } });
    this.server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra) => {
      const resources: Resource[] = [...this.resources].map(([uri, r]) => ({ uri, name: r.name, ...r.metadata }));
      for (const { template, metadata } of this.templates.values()) {
        if (!template.callbacks.list) continue;
        // A listed resource's own fields win over the template's.
        for (const resource of (await template.callbacks.list(extra)).resources) resources.push({ ...metadata, ...resource });
      }
      return { resources };
    });
    this.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: [...this.templates].map(([name, t]) => ({ name, uriTemplate: t.template.uriTemplate.toString(), ...t.metadata })),
    }));
    this.server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
      const uri = new URL(request.params.uri);
      const resource = this.resources.get(uri.toString());
      if (resource) return resource.read(uri, extra);
      for (const { template, read } of this.templates.values()) {
        const variables = template.uriTemplate.match(uri.toString());
        if (variables) return read(uri, variables, extra);
      }
      throw new McpError(ErrorCode.InvalidParams, `Resource ${uri} not found`);
    });
  }

  private setPromptHandlers(): void {
    if (this.promptHandlers) return;
    this.promptHandlers = true;
    this.server.registerCapabilities({ prompts: { listChanged: true } });
    this.server.setRequestHandler(ListPromptsRequestSchema, () => ({
      prompts: [...this.prompts].map(([name, p]) => ({
        name,
        title: p.title,
        description: p.description,
        arguments: p.args
          ? Object.entries(p.args).map(([arg, field]) => ({ name: arg, description: z.globalRegistry.get(field)?.description, required: field._zod.def.type !== "optional" }))
          : undefined,
      })),
    }));
    this.server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
      const prompt = this.prompts.get(request.params.name);
      if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Prompt ${request.params.name} not found`);
      if (!prompt.args) return prompt.get({}, extra);
      const parsed = await z.object(prompt.args).safeParseAsync(request.params.arguments ?? {});
      if (!parsed.success) {
        const message = parsed.error.issues.map((i) => (i.path.length ? `${i.message} at ${i.path.map(String).join(".")}` : i.message)).join("\n");
        throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for prompt ${request.params.name}: ${message}`);
      }
      return prompt.get(parsed.data, extra);
    });
  }

  private setCompletionHandler(): void {
    if (this.completionHandler) return;
    this.completionHandler = true;
    this.server.registerCapabilities({ completions: {} });
    this.server.setRequestHandler(CompleteRequestSchema, async (request) => {
      const { ref, argument, context } = request.params;
      if (ref.type === "ref/prompt") {
        const prompt = this.prompts.get(ref.name);
        if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Prompt ${ref.name} not found`);
        const field = prompt.args?.[argument.name];
        const completer = isCompletable(field) ? getCompleter(field) : undefined;
        return completer ? completion((await completer(argument.value, context)) as string[]) : EMPTY_COMPLETION;
      }
      const template = [...this.templates.values()].find((t) => t.template.uriTemplate.toString() === ref.uri);
      if (!template) {
        // Completing a fixed resource's URI is not an error in the spec.
        if (this.resources.has(ref.uri)) return EMPTY_COMPLETION;
        throw new McpError(ErrorCode.InvalidParams, `Resource template ${ref.uri} not found`);
      }
      const completer = template.template.callbacks.complete?.[argument.name];
      return completer ? completion(await completer(argument.value, context)) : EMPTY_COMPLETION;
    });
  }
}
