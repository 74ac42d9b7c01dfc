/**
 * What a person reads before a dial: the number in international format, the
 * exact E.164 string the service will receive, and its country, the agent's name, contact and company; for a batch the row count,
 * countries and the first rows. Shown in the elicitation dialog and returned by
 * dry runs. Agent names come from the service, so they are cleaned to one line.
 */
import type { CheckedRow } from "../validation/call-row.js";
import { oneLine } from "../text/untrusted.js";

const FIRST_ROWS = 5;
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export interface PreviewInput {
  rows: readonly CheckedRow[];
  /** Agent id -> name, when the service gave one. */
  agentNames: ReadonlyMap<string, string | undefined>;
  /** Row index -> "local time there" text, when calling hours are checked. */
  localTimes?: ReadonlyMap<number, string>;
}

function agentText(id: string, names: ReadonlyMap<string, string | undefined>): string {
  const name = names.get(id);
  return name ? `${oneLine(name, 80)} (${id})` : id;
}

function rowLine(row: CheckedRow, input: PreviewInput, index: number): string {
  const r = row.request;
  const who = [r.contact_name, r.company_name].filter(Boolean).join(", ");
  const local = input.localTimes?.get(index);
  return `${row.phone.international} = ${r.to} (${row.phone.country})${who ? ` — ${who}` : ""} — agent ${agentText(r.agent_id, input.agentNames)}${local ? ` — ${local}` : ""}`;
}

export function previewText(input: PreviewInput): string {
  const { rows } = input;
  if (rows.length === 1) {
    const row = rows[0]!;
    const r = row.request;
    const lines = [
      "Place this phone call now? It reaches a real person and costs money.",
      `Number: ${row.phone.international} — ${countryName(row.phone.country)} (${row.phone.country})`,
      `Sent as (E.164): ${r.to}`,
      `Agent: ${agentText(r.agent_id, input.agentNames)}`,
      `Contact: ${r.contact_name ?? "(not given)"}`,
      `Company: ${r.company_name ?? "(not given)"}`,
    ];
    const local = input.localTimes?.get(0);
    if (local) lines.push(`Local time there: ${local}`);
    if (r.metadata && Object.keys(r.metadata).length > 0) {
      lines.push(`Metadata: ${oneLine(Object.entries(r.metadata).map(([k, v]) => `${k}=${String(v)}`).join(", "), 200)}`);
    }
    return lines.join("\n");
  }
  const countries = new Map<string, number>();
  for (const row of rows) countries.set(row.phone.country, (countries.get(row.phone.country) ?? 0) + 1);
  const countryList = [...countries.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([c, n]) => `${countryName(c)} (${c}) ×${n}`)
    .join(", ");
  const agents = [...new Set(rows.map((r) => r.request.agent_id))].map((id) => agentText(id, input.agentNames));
  const lines = [
    `Place ${rows.length} phone calls now? Each reaches a real person and costs money.`,
    `Countries: ${countryList}`,
    `Agent${agents.length === 1 ? "" : "s"}: ${agents.slice(0, 5).join(", ")}${agents.length > 5 ? `, and ${agents.length - 5} more` : ""}`,
    `First ${Math.min(FIRST_ROWS, rows.length)} rows:`,
    ...rows.slice(0, FIRST_ROWS).map((row, i) => `${i + 1}. ${rowLine(row, input, i)}`),
  ];
  if (rows.length > FIRST_ROWS) lines.push(`…and ${rows.length - FIRST_ROWS} more rows.`);
  return lines.join("\n");
}
