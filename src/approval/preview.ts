/**
 * What a person reads before a dial, as text: the form elicitation's message
 * and a dry run's preview. Every field stands on its own line after its own
 * label, so no value (a contact name, a metadata value, an agent name from the
 * service) can pass for another field: names cannot hold line breaks (validation
 * refuses them), and every value is collapsed to one line here anyway.
 *
 * The first four lines are the facts of glance.ts (number and country, local
 * time there, agent, contact); the question, the exact E.164 sent, the company,
 * the consent record and the metadata come after them.
 */
import type { CheckedRow } from "../validation/call-row.js";
import { oneLine } from "../text/clean.js";
import { AI_DISCLOSURE_REMINDER } from "./ai-disclosure.js";
import { batchGlance, firstFew } from "./glance.js";
import { attestLines, type AttestGroup } from "./attestation.js";

const FIRST_ROWS = 5;
const METADATA_LINES = 10;
// Built on first use: constructing it loads ICU's region names, about 10 ms of every start-up otherwise.
let regionNames: Intl.DisplayNames | undefined;

export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
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
  /** The request says a second call to a recently dialed number is meant (repeat_dial). */
  repeatDial?: boolean;
  /** Row index -> its consent record as text (OUTBOUND_CALLS_CONSENT_FILE), when the operator keeps one. */
  consentRecords?: readonly string[];
  /** Row index -> the law of the place called for it: its rules with their tiers, how prior consent is met. */
  law?: ReadonlyArray<readonly string[] | undefined>;
  /** The consent the approving person must attest (attestation.ts). */
  attest?: readonly AttestGroup[];
}

function agentText(id: string, names: ReadonlyMap<string, string | undefined>): string {
  const name = names.get(id);
  return name ? `${oneLine(name, 80)} (${id})` : id;
}

/**
 * A metadata value as a person reads it: exactly the JSON the service receives, whole (text quoted so its end is
 * visible, \n and \t escaped). Validation refused the invisible characters and separators JSON leaves as they are,
 * so it is one line with nothing hidden; neither capped nor collapsed, so what is approved is what is sent.
 */
export function metadataValueText(value: string | number | boolean | null): string {
  return JSON.stringify(value);
}

function metadataLines(metadata: CheckedRow["request"]["metadata"], indent: string): string[] {
  const entries = Object.entries(metadata ?? {});
  const lines = entries
    .slice(0, METADATA_LINES)
    .map(([key, value]) => `${indent}Metadata: ${key} = ${metadataValueText(value)}`);
  if (entries.length > METADATA_LINES)
    lines.push(`${indent}Metadata: …and ${entries.length - METADATA_LINES} more keys`);
  return lines;
}

function numberText(row: CheckedRow): string {
  return `${row.phone.international} — ${countryName(row.phone.country)} (${row.phone.country})`;
}

function rowLines(row: CheckedRow, input: PreviewInput, index: number, indent: string): string[] {
  const r = row.request;
  const lines: string[] = [
    `${indent}Local time there: ${input.localTimes?.get(index) ?? "unknown"}`,
    `${indent}Agent: ${agentText(r.agent_id, input.agentNames)}`,
  ];
  if (r.contact_name !== undefined) lines.push(`${indent}Contact: ${oneLine(r.contact_name)}`);
  lines.push(`${indent}Sent as (E.164): ${r.to}`);
  if (r.company_name !== undefined) lines.push(`${indent}Company: ${oneLine(r.company_name)}`);
  const consent = input.consentRecords?.[index];
  if (consent) lines.push(`${indent}Consent: ${consent}`);
  for (const line of input.law?.[index] ?? []) lines.push(`${indent}${line}`);
  return lines;
}

function singleText(input: PreviewInput): string {
  const row = input.rows[0]!;
  const r = row.request;
  const lines = [
    `Number: ${numberText(row)}`,
    `Local time there: ${input.localTimes?.get(0) ?? "unknown"}`,
    `Agent: ${agentText(r.agent_id, input.agentNames)}`,
    `Contact: ${r.contact_name !== undefined ? oneLine(r.contact_name) : "(not given)"}`,
    "Place this phone call now? It reaches a real person and costs money.",
  ];
  if (input.repeatDial)
    lines.push("Second call: yes (repeat_dial), even if this number was dialed in the last minutes");
  lines.push(
    `Sent as (E.164): ${r.to}`,
    `Company: ${r.company_name !== undefined ? oneLine(r.company_name) : "(not given)"}`,
  );
  const consent = input.consentRecords?.[0];
  if (consent) lines.push(`Consent: ${consent}`);
  lines.push(...metadataLines(r.metadata, ""));
  lines.push(...(input.law?.[0] ?? []), ...attestLines(input.attest, 1));
  lines.push(AI_DISCLOSURE_REMINDER);
  return lines.join("\n");
}

export function previewText(input: PreviewInput): string {
  const { rows } = input;
  if (rows.length === 1) return singleText(input);
  const countries = new Map<string, number>();
  for (const row of rows) countries.set(row.phone.country, (countries.get(row.phone.country) ?? 0) + 1);
  const countryList = [...countries.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([c, n]) => `${countryName(c)} (${c}) ×${n}`)
    .join(", ");
  const agents = [...new Set(rows.map((r) => r.request.agent_id))].map((id) => agentText(id, input.agentNames));
  const glance = batchGlance(
    rows.map((r, i) => ({
      localTime: input.localTimes?.get(i),
      contactName: r.request.contact_name !== undefined ? oneLine(r.request.contact_name) : undefined,
    })),
  );
  const lines = [
    `Numbers: ${rows.length} calls — ${countryList}`,
    `Local time there: ${glance.localTimes}`,
    `Agent${agents.length === 1 ? "" : "s"}: ${firstFew(agents, 5)}`,
    `Contacts: ${glance.contacts}`,
    `Place ${rows.length} phone calls now? Each reaches a real person and costs money.`,
  ];
  if (input.repeatDial) lines.push("Second calls: yes (repeat_dial), even to numbers dialed in the last minutes");
  lines.push(`First ${Math.min(FIRST_ROWS, rows.length)} rows:`);
  rows.slice(0, FIRST_ROWS).forEach((row, i) => {
    lines.push(`Row ${i + 1}: ${numberText(row)}`, ...rowLines(row, input, i, "  "));
  });
  if (rows.length > FIRST_ROWS) lines.push(`…and ${rows.length - FIRST_ROWS} more rows.`);
  lines.push(...attestLines(input.attest, rows.length));
  lines.push(AI_DISCLOSURE_REMINDER);
  return lines.join("\n");
}
