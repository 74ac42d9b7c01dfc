/**
 * The rules in force: the built-in ones (law-rules.ts) with the operator's
 * changes from OUTBOUND_CALLS_RULES_FILE applied, for the call purpose the
 * operator set (OUTBOUND_CALLS_CALL_PURPOSE). A rule the file changes names the
 * file in its source, so a refusal says who decided.
 */
import { parseCallingWindow } from "../../config/calling-window.js";
import { ConfigurationError } from "../../config/errors.js";
import { RULES_VARIABLE, WEEKDAYS, type RuleChange } from "../../config/rules-file.js";
import {
  BUILT_IN_RULES,
  LONGEST_FREQUENCY_WINDOW_MS,
  type BanWindow,
  type CallPurpose,
  type LawRule,
  type Span,
} from "./rules.js";
import { isTimeRule } from "./hours.js";
import { PROVENANCE_VARIABLE, rulesOfProvenance, type RulesProvenance } from "./provenance.js";

export interface LawBook {
  purpose: CallPurpose;
  /** The rules that apply to this purpose, enabled, of a tier OUTBOUND_CALLS_RULES_PROVENANCE applies. */
  rules: readonly LawRule[];
  /** OUTBOUND_CALLS_RULES_PROVENANCE. */
  provenance: RulesProvenance;
  /** The rules of this purpose the provenance leaves out (a loosening the start's log names, rule by rule). */
  notApplied?: readonly LawRule[];
  /** What the rules file changed, one sentence a rule, for the start's log (a loosened rule refuses nothing, so says nothing). */
  changes?: readonly string[];
  /** OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW (ms): how long a batch may ring per row; DEFAULT_BATCH_SPAN_PER_ROW_MS when absent. */
  batchSpanPerRowMs?: number;
}

const spansText = (rule: LawRule) => JSON.stringify(rule.hours ?? null);

/** What `after` changed in `before`, in words. */
function changeText(before: LawRule | undefined, after: LawRule, purpose: CallPurpose): string {
  const where = `rule ${after.id} (${after.placeName})`;
  if (!before)
    return `${where} is added${after.purposes.includes(purpose) ? "" : `, but does not apply to ${purpose} calls`}`;
  const what: string[] = [];
  if (spansText(before) !== spansText(after)) what.push("hours");
  if (before.holidaysOf !== after.holidaysOf)
    what.push(`holidays ${before.holidaysOf ?? "none"} -> ${after.holidaysOf ?? "none"}`);
  const freq = (r: LawRule) => (r.frequency ? `${r.frequency.limit} in ${r.frequency.windowMs / 3_600_000} h` : "none");
  if (freq(before) !== freq(after)) what.push(`limit ${freq(before)} -> ${freq(after)}`);
  if (before.purposes.join() !== after.purposes.join())
    what.push(`purposes ${before.purposes.join("+")} -> ${after.purposes.join("+")}`);
  const windows = (r: LawRule) => (r.bannedDuring ?? []).map(windowText).join(", ") || "none";
  if (windows(before) !== windows(after)) what.push(`windows ${windows(before)} -> ${windows(after)}`);
  const bases = (r: LawRule) => (r.consentBases ?? []).join(", ") || "none";
  if (bases(before) !== bases(after)) what.push(`consent exception for the bases: ${bases(after)}`);
  const lost = before.purposes.includes(purpose) && !after.purposes.includes(purpose);
  return `${where} is changed: ${what.length > 0 ? what.join(", ") : "nothing"}${lost ? `; it no longer applies to ${purpose} calls` : ""}`;
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
const windowText = (w: BanWindow) => `${utc(w.from)} to ${utc(w.until)}`;

const MINUTE_MS = 60_000;

/**
 * The file's windows, widened to whole minutes (the start down, the end up): a batch's closing is found minute by
 * minute (law-batch-span.ts), so a ban must start on one.
 */
function banWindows(change: RuleChange): BanWindow[] | undefined {
  return change.windows?.map((w) => {
    const from = Math.floor(Date.parse(w.from) / MINUTE_MS) * MINUTE_MS;
    const until = Math.ceil(Date.parse(w.until) / MINUTE_MS) * MINUTE_MS;
    if (from >= until)
      throw new ConfigurationError(
        `${RULES_VARIABLE}: rule ${change.id} has a window whose "from" (${w.from}) is not before its "until" (${w.until})`,
      );
    return { from, until, ...(w.what !== undefined ? { what: w.what } : {}) };
  });
}

function spans(texts: readonly string[]): Span[] {
  return texts.map((t) => {
    const w = parseCallingWindow(t)!;
    return { startMin: w.startMin, endMin: w.endMin };
  });
}

/** One rule with the file's change applied (or a new one the file adds). */
function changed(base: LawRule | undefined, change: RuleChange, file: string): LawRule {
  if (!base && (change.place === undefined || change.source === undefined)) {
    throw new ConfigurationError(
      `${RULES_VARIABLE}: rule ${change.id} is not a built-in rule (${BUILT_IN_RULES.map((r) => r.id).join(", ")}); a new rule needs "place" and "source"`,
    );
  }
  if (base && change.tier !== undefined) {
    throw new ConfigurationError(
      `${RULES_VARIABLE}: rule ${change.id} is built in, read in a source of tier ${base.source.tier}; "tier" is only for a rule of the operator's own`,
    );
  }
  if (base && change.place !== undefined && change.place !== base.place) {
    throw new ConfigurationError(
      `${RULES_VARIABLE}: rule ${change.id} is about ${base.place}; add a new rule for another place instead of moving this one`,
    );
  }
  if ((change.max_calls === undefined) !== (change.window_hours === undefined) && !base?.frequency) {
    throw new ConfigurationError(`${RULES_VARIABLE}: rule ${change.id} needs both max_calls and window_hours`);
  }
  const place = base?.place ?? change.place!;
  const rule: LawRule = {
    id: change.id,
    place,
    placeName: change.place_name ?? base?.placeName ?? place,
    purposes: change.purposes ?? base?.purposes ?? ["telemarketing"],
    source: base
      ? { ...base.source, cite: `${base.source.cite}, as changed by the operator's ${RULES_VARIABLE} (${file})` }
      : {
          cite: `the operator's rule in ${RULES_VARIABLE} (${file}): ${change.source}`,
          url: "",
          quote: "",
          checked: "",
          // The server cannot read the operator's source: it is secondary unless the operator says it is the law's own text.
          tier: change.tier ?? "secondary",
        },
    origin: file,
  };
  const hours = change.hours ? WEEKDAYS.map((d) => spans(change.hours![d])) : base?.hours;
  if (hours) rule.hours = hours;
  const holidays = change.holidays === false ? undefined : (change.holidays ?? base?.holidaysOf);
  if (holidays) rule.holidaysOf = holidays;
  const limit = change.max_calls ?? base?.frequency?.limit;
  const windowMs = change.window_hours !== undefined ? change.window_hours * 3_600_000 : base?.frequency?.windowMs;
  if (limit !== undefined && windowMs !== undefined)
    rule.frequency = { limit, windowMs: Math.min(windowMs, LONGEST_FREQUENCY_WINDOW_MS) };
  const windows = banWindows(change) ?? base?.bannedDuring;
  if (windows) rule.bannedDuring = windows;
  if (base?.note) rule.note = base.note;
  if (change.consent_bases) {
    // Only a rule whose own text exempts calls made with prior consent takes bases; a new rule is the operator's own.
    if (base && !base.consentException) {
      throw new ConfigurationError(
        `${RULES_VARIABLE}: rule ${change.id} has no consent exception in its text (${base.source.cite}); consent_bases cannot relax it. Switch the rule off or change its hours instead`,
      );
    }
    rule.consentException = base?.consentException ?? { quote: `the operator's rule: ${change.source}` };
    rule.consentBases = change.consent_bases;
  } else if (base?.consentException) {
    rule.consentException = base.consentException;
  }
  // A built-in date-bounded rule without windows waits for them; a new rule must do something now.
  const dated = rule.bannedDuring !== undefined && (rule.bannedDuring.length > 0 || base !== undefined);
  if (!rule.hours && !rule.frequency && !rule.holidaysOf && !dated) {
    throw new ConfigurationError(
      `${RULES_VARIABLE}: rule ${change.id} sets neither hours, holidays, windows nor max_calls; it would do nothing`,
    );
  }
  return rule;
}

/** The rules in force for `purpose`, after the operator's changes, of the tiers `provenance` applies. */
export function lawBook(
  purpose: CallPurpose,
  changes: readonly RuleChange[] = [],
  file = "",
  provenance: RulesProvenance = "all",
): LawBook {
  const byId = new Map(BUILT_IN_RULES.map((r) => [r.id, r] as const));
  const disabled = new Set<string>();
  const said: string[] = [];
  for (const change of changes) {
    if (change.enabled === false) {
      const rule = byId.get(change.id);
      if (!rule)
        throw new ConfigurationError(
          `${RULES_VARIABLE}: rule ${change.id} cannot be switched off: there is no such rule`,
        );
      disabled.add(change.id);
      said.push(`rule ${rule.id} (${rule.placeName}) is switched off`);
      continue;
    }
    const before = byId.get(change.id);
    const after = changed(before, change, file);
    byId.set(change.id, after);
    said.push(changeText(before, after, purpose));
  }
  const { kept: rules, dropped } = rulesOfProvenance(
    [...byId.values()].filter((r) => !disabled.has(r.id) && r.purposes.includes(purpose)),
    provenance,
  );
  return {
    purpose,
    rules,
    provenance,
    ...(said.length > 0 ? { changes: said } : {}),
    ...(dropped.length > 0 ? { notApplied: dropped } : {}),
  };
}

/** How long the caps must keep each number's dials for the frequency rules in force (at least a day). */
export function frequencyRetentionMs(book: LawBook): number {
  return Math.max(24 * 3_600_000, ...book.rules.map((r) => r.frequency?.windowMs ?? 0));
}

/** The start's line for the rules the provenance leaves out; undefined when it leaves none out. */
export function notAppliedText(book: LawBook): string | undefined {
  const out = book.notApplied ?? [];
  if (out.length === 0) return undefined;
  return `${PROVENANCE_VARIABLE}=${book.provenance}: ${out.length} rule${out.length === 1 ? "" : "s"} of the law of the place called ${out.length === 1 ? "is" : "are"} not applied, read in no official text: ${out.map((r) => `${r.id} (${r.source.tier})`).join(", ")}`;
}

/**
 * The sandbox places no real call, and its first try should work at any hour: with its calling hours off, the US
 * federal windows and the rules of California (the sandbox's own numbers are in San Francisco) are off too. The other
 * rules stay, so the law of the place can be tried there. Returns the book without them and their ids.
 */
export function sandboxRelief(book: LawBook): { book: LawBook; off: string[] } {
  const relieved = (r: LawRule) => (r.place === "US" && isTimeRule(r)) || r.place === "US-CA";
  const off = book.rules.filter(relieved).map((r) => r.id);
  return { book: { ...book, rules: book.rules.filter((r) => !relieved(r)) }, off };
}
