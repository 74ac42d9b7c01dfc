/**
 * The attestation of consent in an approval: where the law of the place called requires the person's prior consent
 * for a call made by an AI voice and the operator's consent file has no record of it, the person who approves must
 * say they have it, and on which basis (src/guards/consent-law/needs.ts decides which rows and which bases).
 * One required field per group of rows that accept the same bases, in every channel: the client's form, the input
 * request's form, the approval page and the inbox, the approval card. The answer travels with the decision (sealed
 * with it on the page and the card) and only from a person's channel; the dial's guard checks it again.
 */

/** Rows one answer covers, and the bases it may name (consent-bases.ts words). `field` is the answer's name. */
export interface AttestGroup {
  field: string;
  /** Row indices, 0-based. */
  rows: number[];
  bases: string[];
}

/** A group as a view carries it, with the words every channel shows for it. */
export interface ViewAttestGroup extends AttestGroup {
  title: string;
  description: string;
}

/** The groups of a view: each with its label and its explanation. */
export function viewAttestGroups(groups: readonly AttestGroup[], rowCount: number): ViewAttestGroup[] {
  return groups.map((g) => ({
    field: g.field,
    rows: [...g.rows],
    bases: [...g.bases],
    title: attestTitle(g, rowCount),
    description: attestDescription(g),
  }));
}

/** The person's answers: field -> the basis they attest. */
export type Attested = Readonly<Record<string, string>>;

const FIELD = /^consent_basis(?:_[0-9]{1,3})?$/;

/** "rows 1, 3 and 4" (1-based). */
function rowList(rows: readonly number[]): string {
  const n = rows.map((r) => String(r + 1));
  return n.length === 1 ? `row ${n[0]}` : `rows ${n.slice(0, -1).join(", ")} and ${n.at(-1)}`;
}

/** The field's label: what the person says by answering it. */
export function attestTitle(group: AttestGroup, rowCount: number): string {
  const who = rowCount === 1 ? "this person's" : `the prior consent of the people in ${rowList(group.rows)}`;
  return rowCount === 1
    ? `I have ${who} prior consent to be called by an AI voice: basis`
    : `I have ${who} to be called by an AI voice: basis`;
}

export function attestDescription(group: AttestGroup): string {
  return (
    `The law of the place called requires it and the operator's consent file has no record. Choose the basis you hold (${group.bases.join(", ")}): ` +
    "it is recorded in the audit log with your approval. If you do not have it, decline."
  );
}

/** The lines a text approval (the client's form message, a dry run) says about the attestation asked. */
export function attestLines(groups: readonly AttestGroup[] | undefined, rowCount: number): string[] {
  return (groups ?? []).map(
    (g) => `Consent to attest (${g.field}): ${attestTitle(g, rowCount)} ${g.bases.join(" or ")} — required to approve`,
  );
}

/** The form's fields, beside its `confirm` (an elicitation's requestedSchema properties). */
export function attestProperties(
  groups: readonly AttestGroup[] | undefined,
  rowCount: number,
): Record<string, { type: "string"; title: string; description: string; enum: string[] }> {
  return Object.fromEntries(
    (groups ?? []).map((g) => [
      g.field,
      {
        type: "string" as const,
        title: attestTitle(g, rowCount),
        description: attestDescription(g),
        enum: [...g.bases],
      },
    ]),
  );
}

/** Each group's answer when every one names one of its bases; undefined when any is missing or not one of them. */
export function readAttested(
  groups: readonly AttestGroup[] | undefined,
  get: (field: string) => unknown,
): Attested | undefined {
  const out: Record<string, string> = {};
  for (const g of groups ?? []) {
    const value = get(g.field);
    if (typeof value !== "string" || !g.bases.includes(value)) return undefined;
    out[g.field] = value;
  }
  return out;
}

/** An attestation as the decision stores it (sorted, so its seal is the same on every replica). */
export function attestedText(attested: Attested | undefined): string | undefined {
  if (!attested || Object.keys(attested).length === 0) return undefined;
  return JSON.stringify(Object.fromEntries(Object.entries(attested).sort(([a], [b]) => a.localeCompare(b))));
}

/** The stored text read back; anything but an object of field names to words is no attestation. */
export function attestedOf(text: string | undefined): Attested | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.every(([k, v]) => FIELD.test(k) && typeof v === "string" && v.length <= 80)) return undefined;
    return Object.fromEntries(entries) as Attested;
  } catch {
    return undefined;
  }
}
