/** Output shapes shared by several tools (documented in docs/tools.md, snapshotted in tests). */
import * as z from "zod";
import { openObject } from "./published-schema.js";

/** A call record as the service sent it, with `id` normalized; unknown fields kept. */
export const callRecordSchema = openObject({
  id: z.string(),
  status: z.string().optional(),
});

export const agentSchema = openObject({
  id: z.string(),
  name: z.string().optional(),
});

/** Present on every answer when the upstream is the built-in simulated service. */
export const sandboxMark = {
  sandbox: z.boolean().optional().describe("true when the answer came from the built-in sandbox"),
};
