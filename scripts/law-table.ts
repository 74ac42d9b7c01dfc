/**
 * docs/law-rules.md's and docs/law-rules-us.md's tables of the law of the place called, from the rule table itself
 * (src/guards/law/rules.ts): one row per built-in rule with its place (written once for its run of rows), what it
 * allows, the calls it covers, the statute, and the source read with its tier and the day it was read. How a rule
 * reads an open scope stays in its file (src/guards/law/rules/), with the words read. scripts/gen-docs.ts writes the
 * tables between the markers; test/docs/generated.test.ts holds them current.
 */
import { hhmm } from "../src/guards/hours/window.js";
import { sourceCell } from "../src/guards/law/provenance.js";
import type { LawRule, Span } from "../src/guards/law/rules.js";

/** Monday first, as a reader counts the week (the rules keep Sunday first). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

const spansText = (spans: readonly Span[]) => spans.map((s) => `${hhmm(s.startMin)}–${hhmm(s.endMin)}`).join(" and ");

/** "every day 08:00–21:00", "Mon–Fri 09:00–17:00; no call Sat, Sun". */
export function weekText(hours: ReadonlyArray<readonly Span[]>): string {
  const runs: Array<{ from: number; to: number; text: string }> = [];
  for (const day of WEEK) {
    const text = spansText(hours[day] ?? []);
    const last = runs.at(-1);
    if (last && last.text === text) last.to = day;
    else runs.push({ from: day, to: day, text });
  }
  const open = runs.filter((r) => r.text !== "");
  const closed = WEEK.filter((d) => (hours[d] ?? []).length === 0);
  if (open.length === 1 && closed.length === 0) return `every day ${open[0]!.text}`;
  const days = (r: { from: number; to: number }) =>
    r.from === r.to ? SHORT[r.from] : `${SHORT[r.from]}–${SHORT[r.to]}`;
  const parts = open.map((r) => `${days(r)} ${r.text}`);
  if (closed.length > 0) parts.push(`no call ${closed.map((d) => SHORT[d]).join(", ")}`);
  return parts.join("; ");
}

const windowText = (ms: number) => (ms % 86_400_000 === 0 ? `${ms / 86_400_000} days` : `${ms / 3_600_000} hours`);

/** What a rule allows, in words: hours, holidays, a per-number limit, a date-bounded ban. */
export function allowsText(rule: LawRule): string {
  const parts: string[] = [];
  if (rule.hours) parts.push(weekText(rule.hours));
  if (rule.holidaysOf) parts.push(`no call on the public holidays of ${rule.holidaysOf}`);
  if (rule.frequency)
    parts.push(`at most ${rule.frequency.limit} in ${windowText(rule.frequency.windowMs)} to a number`);
  if (rule.bannedDuring)
    parts.push("no call within the windows the operator lists (`windows` in `OUTBOUND_CALLS_RULES_FILE`)");
  if (rule.consentException) parts.push("lifted by a consent record of a basis the operator lists");
  return parts.join("; ");
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The place, without the country on the page of the United States. */
const placeText = (name: string) => name.replace(/, US$/, "");

export function lawRulesTable(rules: readonly LawRule[]): string {
  return [
    "| place | rule | what it allows | calls | statute | source: tier, read |",
    "|---|---|---|---|---|---|",
    ...rules.map((r, i) =>
      [
        i > 0 && rules[i - 1]!.placeName === r.placeName ? "" : placeText(r.placeName),
        `\`${r.id}\``,
        allowsText(r),
        r.purposes.join(", "),
        r.source.cite,
        sourceCell(r.source),
      ]
        .map(cell)
        .join(" | ")
        .replace(/^/, "| ")
        .concat(" |"),
    ),
  ].join("\n");
}
