/**
 * Consent where the law requires it, applied to the rows of a dial: the consent rules of each number's place for
 * the call purpose (consent-book.ts), the bases that satisfy all of them at once, and how each row meets them: a
 * live record in the operator's consent file of such a basis, or a person's attestation in the approval (the rows
 * that need one are grouped by the bases they accept: one answer a group). A rule no basis lifts (a ban, or consent
 * that must be given on the call itself) refuses the row; so does a record whose basis the law does not accept there.
 */
import type { AttestGroup } from "../../approval/attestation.js";
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";
import { BASIS_WORDS, satisfies, type Basis } from "./bases.js";
import { inForceFrom, type ConsentBook } from "./book.js";
import { liveBetween, type ConsentRecord } from "../consent/file.js";
import { AI_VOICE_READING, type ConsentRule } from "./rule.js";
import { placeOf, rulesAt } from "../law/places.js";

/** One row the law requires prior consent for. */
export interface RowConsent {
  index: number;
  rules: readonly ConsentRule[];
  /** The bases that satisfy every rule of the row. */
  bases: readonly Basis[];
  /** The live record that meets them; absent: a person must attest. */
  record?: ConsentRecord;
}

export interface ConsentNeeds {
  rows: RowConsent[];
  /** Rows a person attests for with one answer (the same bases accepted), in row order. */
  groups: AttestGroup[];
}

export const CONSENT_FILE_LINE = "number,basis,source,obtained[,expires]";

/** How a refusal names a rule: id, place, source, tier and the date it was read. */
export function consentRuleText(rule: ConsentRule): string {
  const { cite, url, tier, checked } = rule.source;
  return `rule ${rule.id}, ${rule.placeName}: ${cite}${url ? ` <${url}>` : ""} (${tier}, read ${checked})`;
}

/** The consent rules of the row's place in force at `now`. */
export function consentRulesOf(book: ConsentBook, row: CheckedRow, now: number): ConsentRule[] {
  return rulesAt(book, placeOf(row)).filter((r) => inForceFrom(r) <= now);
}

/** What the row's rules accept together: the bases each of them is satisfied by. */
function basesOf(rules: readonly ConsentRule[]): Basis[] {
  return BASIS_WORDS.filter((b) => rules.every((r) => !r.onTheCall && satisfies(b, r.accepts)));
}

/** Why no consent lifts the row's rules, with the way out. */
function banReason(row: CheckedRow, rules: readonly ConsentRule[]): { rule: ConsentRule; reason: string } {
  const rule = rules.find((r) => r.onTheCall || r.accepts.length === 0) ?? rules[0]!;
  const reading = rule.reading ? `${rule.reading}; ${AI_VOICE_READING}` : AI_VOICE_READING;
  if (rules.length > 1 && rules.every((r) => r.accepts.length > 0 && !r.onTheCall))
    return {
      rule,
      reason: `${row.phone.international} meets rules that accept no basis in common (${rules.map((r) => `${r.id}: ${r.accepts.join(", ")}`).join("; ")}), so no consent can lift them all (${reading})`,
    };
  const unverified = rule.unverified?.length
    ? `; the law may also allow ${rule.unverified.join(", ")}, read only in a source of tier ${rule.source.tier}: the operator may accept a basis of the consent file for this rule in OUTBOUND_CALLS_RULES_FILE (consent_bases), said at every start`
    : "";
  const what = rule.onTheCall
    ? "asks consent given on the call itself, for that call: no consent record or attestation can meet it, and the agent does not ask it here"
    : "lets no consent on record lift it for a call made by an AI voice";
  return {
    rule,
    reason: `${row.phone.international} is refused by ${consentRuleText(rule)}, which ${what} (${reading})${unverified}; otherwise only the operator can switch the rule off (OUTBOUND_CALLS_RULES_FILE, enabled: false)`,
  };
}

/**
 * Each row's rules and how they are met, at `now`, the records staying live until `until` (the dial's last ring).
 * Throws the refusal of every row no consent can lift, or whose record has a basis the law does not accept there,
 * and, when nobody can attest (`unattestable` says why), of every row without a record: all named at once.
 */
export function consentNeeds(
  book: ConsentBook,
  records: ReadonlyMap<string, ConsentRecord>,
  rows: readonly CheckedRow[],
  now: number,
  until: number,
  unattestable?: string,
): ConsentNeeds {
  const needs: RowConsent[] = [];
  const problems: Array<{ problem: RowProblem; rule: ConsentRule }> = [];
  rows.forEach((row, index) => {
    const rules = consentRulesOf(book, row, now);
    if (rules.length === 0) return;
    const bases = basesOf(rules);
    if (bases.length === 0) {
      const { rule, reason } = banReason(row, rules);
      problems.push({ problem: { index, field: "to", reason }, rule });
      return;
    }
    const record = records.get(row.request.to);
    const live = record && liveBetween(record, now, until) ? record : undefined;
    if (live && !bases.includes(live.basis as Basis)) {
      const rule = rules.find((r) => !satisfies(live.basis as Basis, r.accepts)) ?? rules[0]!;
      const reason =
        `${row.phone.international} has a consent record (OUTBOUND_CALLS_CONSENT_FILE line ${live.line ?? "?"}) of the basis ${live.basis}, which ${consentRuleText(rule)} does not accept ` +
        `for a call made by an AI voice; it accepts ${rule.accepts.join(", ")}. Fix that line of the consent file`;
      problems.push({ problem: { index, field: "to", reason }, rule });
      return;
    }
    const need: RowConsent = { index, rules, bases, ...(live ? { record: live } : {}) };
    if (!live && unattestable !== undefined) problems.push(unattestedProblem(need, row, unattestable));
    else needs.push(need);
  });
  if (problems.length > 0) throw consentRefusal(book, rows.length, problems);
  return { rows: needs, groups: groupsOf(needs) };
}

/** The rows without a record, one group per set of bases, in row order. */
function groupsOf(needs: readonly RowConsent[]): AttestGroup[] {
  const groups = new Map<string, AttestGroup>();
  for (const need of needs) {
    if (need.record) continue;
    const key = need.bases.join(",");
    let group = groups.get(key);
    if (!group) {
      const n = groups.size + 1;
      groups.set(
        key,
        (group = { field: n === 1 ? "consent_basis" : `consent_basis_${n}`, rows: [], bases: [...need.bases] }),
      );
    }
    group.rows.push(need.index);
  }
  return [...groups.values()];
}

export function consentRefusal(
  book: ConsentBook,
  rowCount: number,
  problems: ReadonlyArray<{ problem: RowProblem; rule: ConsentRule }>,
): Error {
  const purpose = `OUTBOUND_CALLS_CALL_PURPOSE=${book.purpose}`;
  if (rowCount === 1) {
    const p = problems[0]!;
    return new SafetyRefusal(
      p.rule.id,
      `Refused by the law of the place called (${purpose}): ${p.problem.reason}. Nothing was dialed.`,
      "to",
    );
  }
  const ids = [...new Set(problems.map((p) => p.rule.id))];
  return new BatchSafetyRefusal(
    ids.length === 1 ? ids[0]! : "consent_law",
    problems.map((p) => p.problem),
    rowCount,
    `need consent the law of the place called does not let this call have (${purpose})`,
    "Send the batch without these rows, or have the operator fix what each row names",
  );
}

/** A row that needs a person's attestation when none can be given (`why`), or none was. */
function unattestedProblem(need: RowConsent, row: CheckedRow, why: string): { problem: RowProblem; rule: ConsentRule } {
  return {
    rule: need.rules[0]!,
    problem: {
      index: need.index,
      field: "to",
      reason:
        `${row.phone.international} needs the called person's prior consent to be called by an AI voice (${need.rules.map(consentRuleText).join("; ")}), ` +
        `and ${why}. Either the operator adds a line "${CONSENT_FILE_LINE}" with the basis ${need.bases.join(" or ")} to OUTBOUND_CALLS_CONSENT_FILE, ` +
        "or a person who approves the call attests that consent in the approval",
    },
  };
}

/** The refusal of rows that needed a person's attestation the approval did not carry. */
export function unattestedRefusal(
  book: ConsentBook,
  rows: readonly CheckedRow[],
  missing: readonly RowConsent[],
  why: string,
): Error {
  return consentRefusal(
    book,
    rows.length,
    missing.map((need) => unattestedProblem(need, rows[need.index]!, why)),
  );
}
