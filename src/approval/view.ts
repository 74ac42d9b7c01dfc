/**
 * The ApprovalRequest of a dial: what the approval page renders (ApprovalView,
 * structured) and what a client dialog shows (the preview text), built from the
 * same checked rows, for the exact request (requestKey) and nothing else.
 */
import type { CheckedRow } from "../validation/call-row.js";
import { oneLine } from "../text/clean.js";
import { countryName, previewText, type PreviewInput } from "./preview.js";
import type { ApprovalRequest, ApprovalRow, ApprovalView } from "./channel.js";
import { viewAttestGroups } from "./attestation.js";

function approvalRow(row: CheckedRow, input: PreviewInput, index: number): ApprovalRow {
  const r = row.request;
  const agentName = input.agentNames.get(r.agent_id);
  const local = input.localTimes?.get(index);
  const consent = input.consentRecords?.[index];
  return {
    e164: r.to,
    international: row.phone.international,
    country: row.phone.country,
    countryName: countryName(row.phone.country),
    ...(local ? { localTime: local } : {}),
    ...(consent ? { consent } : {}),
    agentId: r.agent_id,
    // Agent names come from the service: one line, capped, like everywhere else.
    ...(agentName ? { agentName: oneLine(agentName, 80) } : {}),
    ...(r.contact_name !== undefined ? { contactName: r.contact_name } : {}),
    ...(r.company_name !== undefined ? { companyName: r.company_name } : {}),
    ...(r.metadata && Object.keys(r.metadata).length > 0 ? { metadata: r.metadata } : {}),
    ...(input.law?.[index]?.length ? { law: [...input.law[index]!] } : {}),
  };
}

export function approvalView(tool: ApprovalView["tool"], input: PreviewInput): ApprovalView {
  const rows = input.rows.map((row, i) => approvalRow(row, input, i));
  const countries = new Map<string, { code: string; name: string; count: number }>();
  for (const row of rows) {
    const entry = countries.get(row.country) ?? { code: row.country, name: row.countryName, count: 0 };
    entry.count += 1;
    countries.set(row.country, entry);
  }
  const agents = new Map<string, { id: string; name?: string }>();
  for (const row of rows)
    if (!agents.has(row.agentId))
      agents.set(row.agentId, { id: row.agentId, ...(row.agentName ? { name: row.agentName } : {}) });
  return {
    tool,
    rows,
    countries: [...countries.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    agents: [...agents.values()],
    ...(input.repeatDial ? { repeatDial: true as const } : {}),
    ...(input.attest?.length ? { attest: viewAttestGroups(input.attest, rows.length) } : {}),
  };
}

export function approvalRequest(requestKey: string, tool: ApprovalView["tool"], input: PreviewInput): ApprovalRequest {
  return { requestKey, view: approvalView(tool, input), text: previewText(input) };
}
