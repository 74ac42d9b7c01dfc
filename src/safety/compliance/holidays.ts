/**
 * Public holidays, from the date-holidays library (pinned in package.json; its
 * data is kept up to date by its maintainers: we write no holiday list of our
 * own). Loaded on first use, as a lazy chunk of the bundle, only when a rule in
 * force bans calls on holidays. Only the type "public" counts (legal holidays,
 * not observances such as Mother's Day).
 */

type HolidaysClass = typeof import("date-holidays").default;

let library: Promise<HolidaysClass> | undefined;
/** "FR:2026", "US-AL:2026" -> date (YYYY-MM-DD) -> holiday name. */
const years = new Map<string, ReadonlyMap<string, string>>();
const loaded = new Set<string>();
const constructors = new Map<string, HolidaysClass>();

/** A country ("FR") or a country and its state ("US-AL"), as the library's constructor takes them. */
const regionOf = (code: string): [string, string?] => code.split("-", 2) as [string, string?];

/** Loads the library (once) and remembers which countries (or states, "US-AL") are wanted. */
export async function loadHolidays(country: string): Promise<void> {
  library ??= import("date-holidays").then((m) => m.default);
  const Holidays = await library;
  if (loaded.has(country)) return;
  // Checked here so an unknown country or state stops the first dial loudly rather than allowing every day.
  const [land, state] = regionOf(country);
  const probe = new Holidays();
  if (!probe.getCountries()[land]) throw new Error(`the holiday library has no country ${land}`);
  if (state !== undefined && !probe.getStates(land)?.[state])
    throw new Error(`the holiday library has no state ${state} of ${land}`);
  constructors.set(country, Holidays);
  loaded.add(country);
}

/** The public holiday on a local date (YYYY-MM-DD) in `country`, by name; undefined when none. loadHolidays() first. */
export function publicHoliday(country: string, date: string): string | undefined {
  const year = date.slice(0, 4);
  const key = `${country}:${year}`;
  let days = years.get(key);
  if (!days) {
    const Holidays = constructors.get(country);
    if (!Holidays) throw new Error(`holidays of ${country} were not loaded`);
    const map = new Map<string, string>();
    // A state's list holds its country's public holidays as well as its own.
    const [land, state] = regionOf(country);
    for (const h of (state === undefined ? new Holidays(land) : new Holidays(land, state)).getHolidays(Number(year)))
      if (h.type === "public") map.set(h.date.slice(0, 10), h.name);
    days = map;
    years.set(key, days);
  }
  return days.get(date);
}
