import { z } from "zod";
import { defineTool, DIAL_ANNOTATIONS } from "./define.js";
import { callRecordSchema, sandboxMark } from "./schemas.js";
import { callRowSchema, checkRow } from "../validation.js";
import { normalizeCall, readSingle, type CallRecord } from "../api/shapes.js";
import { UserInputError } from "../errors.js";
import { sanitizeUpstream } from "../untrusted.js";
import { readCreated } from "../api/errors.js";

export const createCall = defineTool({
  name: "create_call",
  title: "Place one outbound call",
  description:
    "Places a real phone call that reaches a real person and costs money: the chosen agent dials the number now. " +
    "Use it only when the user asked for this call to this number. `to` must be E.164 (+ and country code, e.g. " +
    "+14155550123); `agent_id` must come from list_agents. The number is checked before anything is sent " +
    "(valid, has a country, no extension, not premium-rate or shared-cost, allowed country). Returns the new call's " +
    "id and status; follow it with get_call. Never call this again for the same person because of an error that " +
    "says the outcome is unknown: check with list_calls first.",
  inputSchema: callRowSchema,
  outputSchema: z.object({
    call: callRecordSchema,
    to_international: z.string().describe("The number dialed, in international format"),
    country: z.string().describe("ISO 3166 country of the number"),
    agent_id: z.string(),
    agent_name: z.string().optional(),
    ...sandboxMark,
  }),
  annotations: DIAL_ANNOTATIONS,
  writes: true,
  async handler(args, ctx) {
    const checked = checkRow(args, ctx.phonePolicy);
    if (!checked.row) {
      const p = checked.problems[0];
      throw new UserInputError(`${p?.field ?? "to"}: ${p?.reason ?? "invalid"}. Nothing was sent.`, p?.field);
    }
    const agent = await ctx.agents.require(checked.row.request.agent_id, ctx.deadline);
    const res = await ctx.api.post("/calls", checked.row.request, {
      deadline: ctx.deadline,
      idempotencyKey: ctx.idempotencyKey,
    });
    const call = readCreated("call", () => sanitizeUpstream(normalizeCall(readSingle(res.body, "the new call")), ctx.redactor) as CallRecord);
    return {
      call,
      to_international: checked.row.phone.international,
      country: checked.row.phone.country,
      agent_id: agent.id,
      ...(agent.name ? { agent_name: agent.name } : {}),
    };
  },
  render(out) {
    const who = out.agent_name ? `${out.agent_name} (${out.agent_id})` : out.agent_id;
    return (
      `Call placed: ${out.call.id}, status ${out.call.status ?? "unknown"}, to ${out.to_international} (${out.country}) by ${who}. ` +
      `Follow it with get_call {"call_id": "${out.call.id}"}. Do not place it again.`
    );
  },
});
