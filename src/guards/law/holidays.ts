/**
 * Public holidays, from the date-holidays library (pinned in package.json; its
 * data is kept up to date by its maintainers: we write no holiday list of our
 * own). Loaded on first use, as a lazy chunk of the bundle, only when a rule in
 * force bans calls on holidays. Only the type "public" counts (legal holidays,
 * not observances such as Mother's Day).
 *
 * A calendar is a country ("FR") or regions of one as the library lists them:
 * a state ("US-AL") or several ("FR-57/67/68": a day is a holiday when it is
 * one in any of them). Each region's list holds the country's days and its own.
 */

type HolidaysClass = typeof import("date-holidays").default;

let library: Promise<HolidaysClass> | undefined;
/** "FR:2026", "FR-67:2026", "US-AL:2026" -> date (YYYY-MM-DD) -> holiday name. */
const years = new Map<string, ReadonlyMap<string, string>>();
/** The calendars checked against the library: "FR", "FR-67", "US-AL". */
const loaded = new Set<string>();
let Holidays: HolidaysClass | undefined;

/** A calendar's country and its regions (none: the country's own list). */
function calendarsOf(calendar: string): { country: string; keys: string[] } {
  const dash = calendar.indexOf("-");
  if (dash < 0) return { country: calendar, keys: [calendar] };
  const country = calendar.slice(0, dash);
  return {
    country,
    keys: calendar
      .slice(dash + 1)
      .split("/")
      .map((region) => `${country}-${region}`),
  };
}

/** Loads the library (once) and checks that it knows the calendar's country and regions. */
export async function loadHolidays(calendar: string): Promise<void> {
  library ??= import("date-holidays").then((m) => m.default);
  Holidays = await library;
  const { country, keys } = calendarsOf(calendar);
  if (keys.every((key) => loaded.has(key))) return;
  // Checked here so an unknown country or region stops the first dial loudly rather than allowing every day.
  const probe = new Holidays();
  if (!probe.getCountries()[country]) throw new Error(`the holiday library has no country ${country}`);
  const regions = probe.getStates(country) ?? {};
  for (const key of keys) {
    const region = key.slice(country.length + 1);
    if (region && !regions[region]) throw new Error(`the holiday library has no region ${region} of ${country}`);
    loaded.add(key);
  }
}

/** The public holidays of one country or region in one year: date -> name. */
function daysOf(key: string, year: string): ReadonlyMap<string, string> {
  let days = years.get(`${key}:${year}`);
  if (days) return days;
  if (!Holidays || !loaded.has(key)) throw new Error(`holidays of ${key} were not loaded`);
  const [country = "", region] = key.split("-");
  const map = new Map<string, string>();
  for (const h of (region ? new Holidays(country, region) : new Holidays(country)).getHolidays(Number(year)))
    if (h.type === "public") map.set(h.date.slice(0, 10), h.name);
  days = map;
  years.set(`${key}:${year}`, days);
  return days;
}

/** The public holiday on a local date (YYYY-MM-DD) in `calendar`, by name; undefined when none. loadHolidays() first. */
export function publicHoliday(calendar: string, date: string): string | undefined {
  for (const key of calendarsOf(calendar).keys) {
    const name = daysOf(key, date.slice(0, 4)).get(date);
    if (name) return name;
  }
  return undefined;
}
