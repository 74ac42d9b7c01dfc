import * as z from "zod";
import { defineTool } from "./define.js";
import { sandboxMark } from "./schemas.js";
import { toolInput, toolOutput } from "./published-schema.js";
import { optional } from "../validation/optional.js";
import { callIdSchema } from "../validation/ids.js";
import { UserInputError } from "../validation/errors.js";
import { readDoNotCallLine } from "../guards/do-not-call/list.js";
import { callIdText } from "../service/values.js";
import { NotFoundError } from "../service/errors.js";
import { oneLine } from "../text/clean.js";
import type { ToolContext } from "./define.js";

/**
 * The call named as where the person said it, kept only when the caller may read it (with OAuth their own, or any
 * with calls:read_all; else one the service has): the audit trail must not name another person's call, nor one that
 * does not exist, as the source. Why it was not kept, otherwise.
 */
async function sourceCall(ctx: ToolContext, callId: string): Promise<{ kept: string } | { dropped: string }> {
  const read = () => ctx.service.calls.get(callId, ctx.scope.deadline);
  try {
    await (ctx.calls.restricted ? ctx.calls.read(callId, read) : read());
    return { kept: callId };
  } catch (error) {
    return {
      dropped:
        error instanceof NotFoundError
          ? "it is not a call you can read (or does not exist)"
          : "it could not be checked now (the service did not answer)",
    };
  }
}

export const addDoNotCall = defineTool({
  name: "add_do_not_call",
  title: "Record that someone asked not to be called",
  description:
    "Puts a number on the opt-out list because a person asked not to be called there again, e.g. the user says " +
    '"never call my mother again" or a caller\'s request reached you in the conversation. Every later create_call ' +
    "or submit_batch to the number is then refused (rule opted_out), on every replica, until the operator removes it; " +
    "nothing can take a number off the list through this server. Places no call. `number`: E.164, e.g. +14155550123. " +
    "`heard`: what the person said, in their words. Use it whenever someone asks not to be called; when unsure, use it.",
  inputSchema: toolInput({
    number: z.string().max(64).describe("The number not to call again, E.164 (e.g. +14155550123)"),
    heard: z.string().min(1).max(500).describe('What the person said, e.g. "please never call my mother again"'),
    call_id: optional(callIdSchema, "The call in which the person said it, if any"),
  }),
  outputSchema: toolOutput({
    number: z.string().describe("The number listed (E.164)"),
    listed: z.literal(true),
    already_listed: z.boolean().describe("The number was on the list already (its first entry stays)"),
    listed_at: z.string(),
    listed_from_call: z.string().optional(),
    call_id_not_recorded: z
      .string()
      .optional()
      .describe("Why the call_id given was not recorded as where the person said it (the number is listed anyway)"),
    ...sandboxMark,
  }),
  // Writes, but only ever restricts: idempotent, not destructive, and it stays in read-only mode.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  docs: {
    serviceCall: "GET /calls/{call_id} only to check a call_id given (the list is the guard store)",
    summary:
      "Puts a number on the opt-out list because a person asked not to be called again; every later dial to it is refused (`opted_out`) until the operator removes it.",
    brief: "Records that a person asked not to be called again; places no call.",
    sideEffects: "Places no call: adds the number to the opt-out list, which only the operator can shorten.",
  },
  async handler(args, ctx) {
    const read = readDoNotCallLine(args.number, ctx.config.safety.defaultCountry);
    if ("problem" in read) throw new UserInputError(`number: ${read.problem}. Nothing was recorded.`, "number");
    const source = args.call_id ? await sourceCall(ctx, args.call_id) : undefined;
    const { entry, added } = await ctx.guard.optOuts.record({
      number: read.e164,
      at: ctx.guard.now(),
      source: "model",
      ...(source && "kept" in source ? { callId: source.kept } : {}),
      evidence: `reported: "${oneLine(args.heard, 300)}"`,
    });
    return {
      number: entry.number,
      listed: true as const,
      already_listed: !added,
      listed_at: new Date(entry.at).toISOString(),
      // An entry already there may come from another person's call: with OAuth its id is not told (call-access.ts).
      ...(entry.callId && (added || !ctx.calls.restricted) ? { listed_from_call: entry.callId } : {}),
      ...(source && "dropped" in source
        ? {
            call_id_not_recorded: `call ${callIdText(args.call_id!)} was not recorded as the source: ${source.dropped}`,
          }
        : {}),
    };
  },
  render(out) {
    const from = out.listed_from_call ? ` (from call ${callIdText(out.listed_from_call)})` : "";
    const listed = out.already_listed
      ? `${out.number} was already on the opt-out list since ${out.listed_at}${from}. It will not be dialed again.`
      : `${out.number} is now on the opt-out list. Every later dial to it is refused; only the operator can remove it.`;
    return out.call_id_not_recorded ? `${listed} The ${out.call_id_not_recorded}.` : listed;
  },
});
