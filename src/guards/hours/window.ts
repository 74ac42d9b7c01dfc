/**
 * Calling hours in the callee's local time. The service skips its own campaign
 * schedule for API calls, so this is the only place the rule can live. A number
 * that may ring in several zones is inside the window only when every one of its
 * zones is. Local time comes from Intl with the IANA zone (full ICU in Node 20).
 */
import type { CallingWindow } from "../../config/calling-window.js";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // Throws RangeError for a zone this runtime does not know; the caller refuses then.
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", hour: "2-digit", minute: "2-digit" });
    formatters.set(zone, f);
  }
  return f;
}

/** Local minutes after midnight in `zone` at `at` (epoch ms). */
export function localMinutes(zone: string, at: number): number {
  let hour = 0;
  let minute = 0;
  for (const part of formatter(zone).formatToParts(at)) {
    if (part.type === "hour") hour = Number(part.value) % 24;
    else if (part.type === "minute") minute = Number(part.value);
  }
  return hour * 60 + minute;
}

export function insideWindow(window: CallingWindow, minutes: number): boolean {
  return window.startMin < window.endMin
    ? minutes >= window.startMin && minutes < window.endMin
    : minutes >= window.startMin || minutes < window.endMin;
}

/** Minutes from local `minutes` until the window next opens (0 when inside). */
function minutesUntilOpen(window: CallingWindow, minutes: number): number {
  if (insideWindow(window, minutes)) return 0;
  return (window.startMin - minutes + 1440) % 1440;
}

export interface ZoneTime {
  zone: string;
  /** "HH:MM" local. */
  local: string;
  inside: boolean;
}

export interface HoursCheck {
  ok: boolean;
  times: ZoneTime[];
  /** When every zone is next inside the window (epoch ms); undefined when ok, or not within a week. */
  opensAt?: number;
}

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const MINUTE = 60_000;
const HORIZON = 7 * 24 * 60 * MINUTE;

/**
 * Checks every zone at `now`; when one is outside, finds the first minute at
 * which all are inside by jumping to the next opening of a zone that is
 * outside (re-checked after each jump, so daylight-saving shifts are honoured).
 */
export function checkCallingHours(window: CallingWindow, zones: readonly string[], now: number): HoursCheck {
  const times = zones.map((zone) => {
    const minutes = localMinutes(zone, now);
    return { zone, local: hhmm(minutes), inside: insideWindow(window, minutes) };
  });
  if (times.every((t) => t.inside)) return { ok: true, times };
  // Whole minutes from here on, so the jumps land on the minute the window opens.
  const allInside = (t: number) => zones.every((zone) => insideWindow(window, localMinutes(zone, t)));
  let at = Math.ceil(now / MINUTE) * MINUTE;
  for (let step = 0; step < 200 && at - now <= HORIZON; step++) {
    const wait = Math.max(...zones.map((zone) => minutesUntilOpen(window, localMinutes(zone, at))));
    if (wait === 0) {
      // A jump across a daylight-saving change can land up to an hour late: walk back to the first minute.
      for (let back = 0; back < 60 && at - MINUTE > now && allInside(at - MINUTE); back++) at -= MINUTE;
      return { ok: false, times, opensAt: at };
    }
    at += wait * MINUTE;
  }
  return { ok: false, times };
}
