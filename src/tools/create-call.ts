import * as z from "zod";
import { defineTool, DIAL_ANNOTATIONS } from "./define.js";
import { callRecordSchema, sandboxMark } from "./schemas.js";
import { dialAnswerFields, dryRunFields, dryRunText, writeOptions } from "./dial-fields.js";
import { callFields, checkRow } from "../validation/call-row.js";
import { toolInput, toolOutput } from "./published-schema.js";
import { UserInputError } from "../validation/errors.js";
import { callIdText, followCall, isCallId, nameText, statusText } from "../service/values.js";
import { withFencedContent } from "../render/calls.js";
import { oneLine } from "../text/clean.js";
import { callTo } from "../service/call-fields.js";

export const createCall = defineTool({
  name: "create_call",
  title: "Place one outbound call",
  description:
    "Places a real phone call that reaches a real person and costs money: the chosen agent dials the number now. " +
    "Use it only when the user asked for this call to this number. `to` must be E.164 (+ and country code, e.g. " +
    "+14155550123); `agent_id` must come from list_agents. The number is checked before anything is sent " +
    "(valid, has a country, no extension, not premium-rate, shared-cost or another blocked type, allowed country, not on the do-not-call " +
    "list, inside calling hours in the callee's local time, within the dial caps). Unless the operator turned it off, a person approves the call first (in the client or on an approval page) and this tool waits for that. " +
    "dry_run: true shows what would be dialed and sends nothing. An identical call repeated within the dedupe window " +
    "returns the first call instead of dialing again; another call to a number dialed in that window is refused unless " +
    "repeat_dial is true. Returns the new call's id and status; follow it with get_call. " +
    "Never call this again for the same person because of an error that says the outcome is unknown: check with list_calls first.",
  inputSchema: toolInput({ ...callFields, ...writeOptions }),
  outputSchema: toolOutput({
    call: callRecordSchema.optional().describe("The call placed (absent in a dry run)"),
    to: z.string().describe("The number exactly as sent to the service (E.164), e.g. +14155550123"),
    to_international: z.string().describe("The number dialed, in international format"),
    country: z.string().describe("ISO 3166 country of the number"),
    agent_id: z.string(),
    agent_name: z.string().optional(),
    ...dialAnswerFields,
    ...sandboxMark,
  }),
  annotations: DIAL_ANNOTATIONS,
  docs: {
    serviceCall: "POST /calls",
    summary:
      "Has an agent dial one number now. The number (E.164, e.g. `+14155550123`), agent and fields are checked first; `dry_run` previews.",
    brief: "Places one real outbound call (costs money) after checking the number and agent locally.",
    sideEffects:
      "**Places a real phone call** that reaches a person and costs money (`POST /calls`), after the safety guards.",
  },
  creates: "call",
  async handler(args, ctx) {
    const { dry_run, confirmation_token, repeat_dial, ...fields } = args;
    const checked = checkRow(fields, ctx.phonePolicy);
    if (!checked.row) {
      const p = checked.problems[0];
      throw new UserInputError(`${p?.field ?? "to"}: ${p?.reason ?? "invalid"}. Nothing was sent.`, p?.field, p?.rule);
    }
    const row = checked.row;
    ctx.guard.screen([row]);
    const agent = await ctx.service.agents.require(row.request.agent_id, ctx.scope.deadline);
    const agentName = agent.name ? oneLine(agent.name, 120) : undefined;
    const outcome = await ctx.guard.dial({
      rows: [row],
      agentNames: new Map([[agent.id, agentName]]),
      dryRun: dry_run === true,
      token: confirmation_token,
      repeatDial: repeat_dial === true,
      send: (opts) => ctx.service.calls.create(row.request, opts),
      // A repeat within the window needs the id and the status it had, nothing more.
      summarize: (call) => ({
        summary: { id: call.id, ...(call.status !== undefined ? { status: call.status } : {}) },
        callIds: [call.id],
        callTo: [callTo(call)],
      }),
    });
    const base = {
      to: row.request.to,
      to_international: row.phone.international,
      country: row.phone.country,
      agent_id: agent.id,
      ...(agentName ? { agent_name: agentName } : {}),
    };
    switch (outcome.kind) {
      case "dry_run":
        return { ...base, ...dryRunFields(outcome) };
      case "deduplicated": {
        const { id, status } = outcome.summary;
        const call = {
          id: typeof id === "string" ? id : (outcome.callIds[0] ?? "unknown"),
          ...(typeof status === "string" ? { status } : {}),
        };
        return { ...base, call, deduplicated: true, first_dialed_at: new Date(outcome.firstAt).toISOString() };
      }
      case "dialed":
        return { ...base, call: outcome.record, confirmed_by: outcome.confirmedBy };
    }
  },
  // The service's record, with any call content it holds fenced as data.
  structure: (out) => (out.call ? { ...out, call: withFencedContent(out.call) } : out),
  render(out) {
    if (out.dry_run) return dryRunText(out, "create_call");
    const who = out.agent_name ? `${nameText(out.agent_name)} (${out.agent_id})` : out.agent_id;
    const id = callIdText(out.call?.id);
    const status = statusText(out.call?.status);
    const follow = followCall(out.call?.id);
    if (out.deduplicated) {
      return (
        `Not dialed again: an identical call to ${out.to_international} by ${who} (same fields) was placed at ${out.first_dialed_at} ` +
        `as ${id} (status then: ${status}). ${follow} Do not place it again unless the user asks for a second call.`
      );
    }
    const confirmed = out.confirmed_by === "client" || out.confirmed_by === "page" ? " A person approved it." : "";
    const valid = isCallId(out.call?.id) ? "" : " The service's answer carried no usable call id.";
    return `Call placed: ${id}, status ${status}, to ${out.to_international} (${out.country}) by ${who}.${confirmed}${valid} ${follow} Do not place it again.`;
  },
});
