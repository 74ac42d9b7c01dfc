/**
 * Whether one rule of hours, days, holidays or dates allows a call in one zone at one instant: the callee's local
 * weekday, date and time against the rule's spans and its country's (or state's) public holidays, and the instant
 * against a date-bounded rule's windows. The first opening ahead, for a refusal to say when to try again.
 */
import { hhmm } from "../hours/window.js";
import { publicHoliday } from "./holidays.js";
import type { LawRule, Span } from "./rules.js";

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Whether a rule decides by the clock or the calendar (hours, holidays, dates), as against counting calls. */
export const isTimeRule = (rule: LawRule): boolean =>
  rule.hours !== undefined || rule.holidaysOf !== undefined || rule.bannedDuring !== undefined;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

type LocalDay = { weekday: number; date: string; minutes: number };

/**
 * Local days already read, by zone and UTC minute: a number of no known state meets some fifty rules in nine zones,
 * and the search for its next opening asks about the same minutes for each rule. Every zone's offset is a whole
 * number of minutes, so one reading holds for the whole minute. Emptied when large.
 */
const days = new Map<string, LocalDay>();
const DAYS_KEPT = 50_000;

/** The callee's local weekday (0 = Sunday), date (YYYY-MM-DD) and minutes after midnight in `zone` at `at`. */
export function localDay(zone: string, at: number): LocalDay {
  const key = `${zone}|${Math.floor(at / 60_000)}`;
  const known = days.get(key);
  if (known) return known;
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(at)) parts[p.type] = p.value;
  const day = {
    weekday: WEEKDAY_INDEX[parts.weekday ?? ""] ?? 0,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  };
  if (days.size >= DAYS_KEPT) days.clear();
  days.set(key, day);
  return day;
}

const inside = (spans: readonly Span[], minutes: number) =>
  spans.some((s) => minutes >= s.startMin && minutes < s.endMin);
const spansText = (spans: readonly Span[]) =>
  spans.length === 0 ? "no calls" : spans.map((s) => `${hhmm(s.startMin)}-${hhmm(s.endMin)}`).join(" and ");
const utcText = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Why `rule` forbids a call in `zone` at `at`, or undefined when it allows it. */
export function hoursProblem(rule: LawRule, zone: string, at: number): string | undefined {
  const banned = rule.bannedDuring?.find((w) => at >= w.from && at < w.until);
  if (banned)
    return `${utcText(at)} is within the rule's ban from ${utcText(banned.from)} to ${utcText(banned.until)}${banned.what ? ` (${banned.what})` : ""}`;
  const local = localDay(zone, at);
  if (rule.holidaysOf) {
    const holiday = publicHoliday(rule.holidaysOf, local.date);
    if (holiday) return `${local.date} is a public holiday in ${rule.holidaysOf} (${holiday}) in ${zone}`;
  }
  if (!rule.hours) return undefined;
  const today = rule.hours[local.weekday] ?? [];
  if (inside(today, local.minutes)) return undefined;
  const day = DAY_NAMES[local.weekday];
  return today.length === 0
    ? `it is ${day} ${hhmm(local.minutes)} in ${zone}, and the rule allows no calls on ${day}`
    : `it is ${day} ${hhmm(local.minutes)} in ${zone}, outside ${spansText(today)}`;
}

/**
 * How long a dial may take to ring after its check: the POST, the service's dispatch, the ringing. The rules
 * speak of calls received (RCW 19.158.040(2): "which will be received ... after 8:00 p.m."), so a call must be
 * allowed both now and this much later: 30 s before a close, nothing more is dialed.
 */
export const RING_MARGIN_MS = 30_000;

/** Why `rule` forbids a dial checked at `at`: at that instant, or when the call would ring. */
export function dialProblem(rule: LawRule, zone: string, at: number): string | undefined {
  const now = hoursProblem(rule, zone, at);
  if (now !== undefined) return now;
  const later = hoursProblem(rule, zone, at + RING_MARGIN_MS);
  return later === undefined ? undefined : `the call would ring in the next ${RING_MARGIN_MS / 1000} s, when ${later}`;
}

const STEP_MS = 5 * 60_000;
const HORIZON_MS = 8 * 24 * 3_600_000;

/** The first minute (within 8 days) at which every rule allows a call in every zone; undefined when none. */
export function nextAllowed(rules: readonly LawRule[], zones: readonly string[], now: number): number | undefined {
  const allowed = (t: number) => rules.every((r) => zones.every((z) => dialProblem(r, z, t) === undefined));
  for (let t = Math.ceil(now / STEP_MS) * STEP_MS; t - now <= HORIZON_MS; t += STEP_MS) {
    if (!allowed(t)) continue;
    // Back to the first whole minute of the opening (spans start on any minute).
    let at = t;
    while (at - 60_000 > now && allowed(at - 60_000)) at -= 60_000;
    return at;
  }
  return undefined;
}
