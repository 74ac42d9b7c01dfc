import { z } from "zod";
import { defineTool, DIAL_ANNOTATIONS } from "./define.js";
import { callRecordSchema, sandboxMark } from "./schemas.js";
import { dialAnswerFields, dryRunFields, dryRunText, writeOptions } from "./write-options.js";
import { callFields, checkRow } from "../validation/call-row.js";
import { toolInput, toolOutput } from "./published-schema.js";
import { normalizeCall, readSingle, type CallRecord } from "../service/shapes.js";
import { UserInputError } from "../validation/errors.js";
import { oneLine, sanitizeUpstream } from "../text/untrusted.js";
import { readCreated } from "../service/errors.js";

export const createCall = defineTool({
  name: "create_call",
  title: "Place one outbound call",
  description:
    "Places a real phone call that reaches a real person and costs money: the chosen agent dials the number now. " +
    "Use it only when the user asked for this call to this number. `to` must be E.164 (+ and country code, e.g. " +
    "+14155550123); `agent_id` must come from list_agents. The number is checked before anything is sent " +
    "(valid, has a country, no extension, not premium-rate or shared-cost, allowed country, not on the do-not-call " +
    "list, inside calling hours in the callee's local time, within the dial caps). The user may be asked to confirm. " +
    "dry_run: true shows what would be dialed and sends nothing. An identical call repeated within the dedupe window " +
    "returns the first call instead of dialing again. Returns the new call's id and status; follow it with get_call. " +
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
  writes: true,
  async handler(args, ctx) {
    const { dry_run, confirmation_token, ...fields } = args;
    const checked = checkRow(fields, ctx.phonePolicy);
    if (!checked.row) {
      const p = checked.problems[0];
      throw new UserInputError(`${p?.field ?? "to"}: ${p?.reason ?? "invalid"}. Nothing was sent.`, p?.field, p?.rule);
    }
    const row = checked.row;
    ctx.safety.screen([row]);
    const agent = await ctx.agents.require(row.request.agent_id, ctx.deadline);
    const agentName = agent.name ? oneLine(agent.name, 120) : undefined;
    const outcome = await ctx.safety.dial({
      rows: [row],
      agentNames: new Map([[agent.id, agentName]]),
      dryRun: dry_run === true,
      token: confirmation_token,
      deadline: ctx.deadline,
      async send(deadline) {
        const res = await ctx.api.post("/calls", row.request, { deadline, idempotencyKey: ctx.idempotencyKey });
        const call = readCreated("call", () => sanitizeUpstream(normalizeCall(readSingle(res.body, "the new call")), ctx.redactor) as CallRecord);
        return { value: { call }, callIds: [call.id], status: res.status, requestId: res.requestId };
      },
      // A repeat within the window needs the id and the status it had, nothing more.
      remember: ({ call }) => ({ call: { id: call.id, ...(call.status !== undefined ? { status: call.status } : {}) } }),
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
      case "deduplicated":
        return { ...base, call: outcome.value.call, deduplicated: true, first_dialed_at: new Date(outcome.firstAt).toISOString() };
      case "dialed":
        return { ...base, call: outcome.value.call, confirmed_by: outcome.confirmedBy };
    }
  },
  render(out) {
    if (out.dry_run) return dryRunText(out, "create_call");
    const who = out.agent_name ? `${out.agent_name} (${out.agent_id})` : out.agent_id;
    const id = oneLine(out.call?.id ?? "?", 128);
    const status = oneLine(out.call?.status ?? "unknown", 32);
    if (out.deduplicated) {
      return (
        `Not dialed again: an identical call to ${out.to_international} by ${who} (same fields) was placed at ${out.first_dialed_at} ` +
        `as ${id} (status then: ${status}). Follow it with get_call {"call_id": "${id}"}. Do not place it again unless the user asks for a second call.`
      );
    }
    const confirmed = out.confirmed_by === "user" ? " The user confirmed it." : "";
    return (
      `Call placed: ${id}, status ${status}, to ${out.to_international} (${out.country}) by ${who}.${confirmed} ` +
      `Follow it with get_call {"call_id": "${id}"}. Do not place it again.`
    );
  },
});
