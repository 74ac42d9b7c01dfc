/** Every tool, in the order tools/list shows them. */
import type { Tool } from "./define.js";
import { createCall } from "./create-call.js";
import { getCall } from "./get-call.js";
import { listAgents } from "./list-agents.js";
import { listCalls } from "./list-calls.js";
import { submitBatch } from "./submit-batch.js";
import { addDoNotCall } from "./add-do-not-call.js";

export const tools: readonly Tool[] = [listAgents, listCalls, createCall, getCall, submitBatch, addDoNotCall];
