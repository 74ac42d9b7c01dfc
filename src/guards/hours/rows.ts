/**
 * The calling-hours guard over the rows of a dial: every row's number must be
 * inside OUTBOUND_CALLS_CALLING_HOURS in each zone it may ring in. A refusal
 * says the local time there and when the window opens. Also gives the local
 * times for the preview a person reads.
 */
import { phoneLib } from "../../phone/lib.js";
import type { CheckedRow } from "../../validation/call-row.js";
import type { RowProblem } from "../../validation/errors.js";
import type { CallingWindow } from "../../config/calling-window.js";
import { checkCallingHours, hhmm, localMinutes } from "./window.js";
import { zonesOfNumber } from "../zones/zones-of-number.js";
import { BatchSafetyRefusal, SafetyRefusal } from "../dial/refusals.js";
import { whenText } from "../dial/time-text.js";

export const HOURS_RULE = "calling_hours";

function zonesOf(row: CheckedRow): readonly string[] | undefined {
  const national = phoneLib().parsePhoneNumberWithError(row.request.to, { extract: false }).nationalNumber;
  return zonesOfNumber(row.phone.country, national)?.zones;
}

/** "10:02 in America/New_York", or a short summary for several zones. */
function localTimeText(zones: readonly string[], now: number): string {
  const times = zones.map((z) => `${hhmm(localMinutes(z, now))} in ${z}`);
  return times.length <= 3 ? times.join(", ") : `${times.slice(0, 3).join(", ")} and ${times.length - 3} more zones`;
}

/**
 * The local time text and the window check of one set of zones at one instant, computed once per set: a batch's rows
 * share a handful of zones, and asking Intl for the time is most of the guard's work per row.
 */
type ZoneAnswers = Map<string, { local: string; check: ReturnType<typeof checkCallingHours> | undefined }>;

function forZones(answers: ZoneAnswers, window: CallingWindow | undefined, zones: readonly string[], now: number) {
  const key = zones.join(" ");
  let answer = answers.get(key);
  if (!answer) {
    answer = { local: localTimeText(zones, now), check: window ? checkCallingHours(window, zones, now) : undefined };
    answers.set(key, answer);
  }
  return answer;
}

/** Why one row may not be dialed now (none when inside or hours are off), and its local time for the preview. */
function rowProblem(
  window: CallingWindow | undefined,
  row: CheckedRow,
  now: number,
  answers: ZoneAnswers,
): { reason?: string; local?: string } {
  let zones: readonly string[] | undefined;
  try {
    zones = zonesOf(row);
    if (!zones) throw new RangeError("no zones");
    const { local, check } = forZones(answers, window, zones, now);
    if (!window || !check) return { local };
    if (check.ok) return { local };
    const outside = check.times.filter((t) => !t.inside).map((t) => `${t.local} in ${t.zone}`);
    const several =
      zones.length > 1 ? ` (it may ring in ${zones.length} zones and every one must be inside the window)` : "";
    const opens =
      check.opensAt !== undefined
        ? `the window opens for it at ${whenText(check.opensAt, now)}`
        : "its zones are never all inside the window within a week; a person must change OUTBOUND_CALLS_CALLING_HOURS to dial it";
    return {
      local,
      reason: `it is ${outside.join(", ")} for ${row.phone.international}${several}, outside ${window.text}; ${opens}`,
    };
  } catch {
    if (!window) return {};
    return {
      reason: `the local time of ${row.phone.international} cannot be determined (no time zone known for ${row.phone.country}), so calling hours cannot be checked; a person may set OUTBOUND_CALLS_CALLING_HOURS=off to dial it`,
    };
  }
}

/**
 * Throws a refusal naming every row outside the window; otherwise returns each
 * row's local time for the preview.
 */
export function checkRowsCallingHours(
  window: CallingWindow | undefined,
  rows: readonly CheckedRow[],
  now: number,
): Map<number, string> {
  const local = new Map<number, string>();
  const problems: RowProblem[] = [];
  const answers: ZoneAnswers = new Map();
  rows.forEach((row, index) => {
    const result = rowProblem(window, row, now, answers);
    if (result.local) local.set(index, result.local);
    if (result.reason) problems.push({ index, field: "to", reason: result.reason });
  });
  if (problems.length === 0) return local;
  const rule = `OUTBOUND_CALLS_CALLING_HOURS=${window?.text ?? "?"}, in the callee's local time`;
  if (rows.length === 1) {
    throw new SafetyRefusal(
      HOURS_RULE,
      `Refused by calling hours (${rule}): ${problems[0]!.reason}. Nothing was dialed; try again when the window is open.`,
      "to",
    );
  }
  throw new BatchSafetyRefusal(
    HOURS_RULE,
    problems,
    rows.length,
    `are outside calling hours (${rule})`,
    "Submit the batch when every row is inside the window, or without these rows",
  );
}
