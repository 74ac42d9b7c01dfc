/** Every tool, in the order tools/list shows them. */
import { listAgents } from "./list-agents.js";
import { listCalls } from "./list-calls.js";
import { createCall } from "./create-call.js";
import { getCall } from "./get-call.js";
import { submitBatch } from "./submit-batch.js";
import type { ToolDefinition } from "./define.js";

export const tools: ToolDefinition[] = [listAgents, listCalls, createCall, getCall, submitBatch] as unknown as ToolDefinition[];
