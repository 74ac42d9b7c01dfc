/**
 * What tools/list costs a model's context: the bytes and tokens (OpenAI's
 * o200k_base encoding, gpt-tokenizer) of every tool as the real server lists
 * it, whole and as most clients hand it to a model (name, description and
 * input schema: the output schema and annotations are for the client), beside
 * the per-tool figures of peer servers measured for issue 17.
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { StdioRpc } from "../lib/stdio-client.js";
import { round } from "../lib/stats.js";
import type { BenchContext } from "./common.js";

export interface ToolSize {
  name: string;
  bytes: number;
  tokens: number;
  /** name + description + inputSchema: what a model is given. */
  model_bytes: number;
  model_tokens: number;
  description_bytes: number;
  input_schema_bytes: number;
  output_schema_bytes: number;
  annotations_bytes: number;
}

export interface ToolsListResult {
  tools: ToolSize[];
  total_bytes: number;
  bytes_per_tool: number;
  tokens_per_tool: number;
  model_bytes_per_tool: number;
  model_tokens_per_tool: number;
  /** Bytes per tool of other servers' tools/list (issue 17), and of this one before the compatibility work. */
  peers: { name: string; bytes_per_tool: number }[];
}

export const PEERS = [
  { name: "Vapi", bytes_per_tool: 1_341 },
  { name: "Retell", bytes_per_tool: 820 },
  { name: "servers-everything", bytes_per_tool: 589 },
  { name: "this server before the compatibility work (issue 14)", bytes_per_tool: 3_037 },
];

const bytesOf = (value: unknown) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));

export async function toolsList(ctx: BenchContext): Promise<ToolsListResult> {
  const rpc = new StdioRpc(ctx.realEntry, ctx.env("sk_test_bench_tools_list"));
  let tools: Record<string, unknown>[];
  try {
    await rpc.initialize();
    const answer = await rpc.request("tools/list");
    if (answer.error) throw new Error(`tools/list failed: ${answer.error.message}`);
    tools = (answer.result?.tools ?? []) as Record<string, unknown>[];
  } finally {
    await rpc.close();
  }
  const sizes = tools.map((tool): ToolSize => {
    const text = JSON.stringify(tool);
    const model = JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema });
    return {
      name: String(tool.name),
      bytes: Buffer.byteLength(text),
      tokens: countTokens(text),
      model_bytes: Buffer.byteLength(model),
      model_tokens: countTokens(model),
      description_bytes: bytesOf(tool.description),
      input_schema_bytes: bytesOf(tool.inputSchema),
      output_schema_bytes: bytesOf(tool.outputSchema),
      annotations_bytes: bytesOf(tool.annotations),
    };
  });
  const n = Math.max(sizes.length, 1);
  const sum = (pick: (s: ToolSize) => number) => sizes.reduce((a, s) => a + pick(s), 0);
  return {
    tools: sizes,
    total_bytes: bytesOf(tools),
    bytes_per_tool: round(sum((s) => s.bytes) / n, 0),
    tokens_per_tool: round(sum((s) => s.tokens) / n, 0),
    model_bytes_per_tool: round(sum((s) => s.model_bytes) / n, 0),
    model_tokens_per_tool: round(sum((s) => s.model_tokens) / n, 0),
    peers: PEERS,
  };
}
