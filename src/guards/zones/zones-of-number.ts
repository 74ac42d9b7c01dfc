/**
 * The IANA time zones a phone number may ring in. libphonenumber-js has no
 * time-zone data, and the npm packages that port Google's mapper were not sound
 * enough to depend on (see docs/safety.md), so this is a small mapping of our
 * own: area codes for the US and Canada, prefixes for Australia, and for every
 * other country (or an unknown prefix) all of the country's zones. Several zones
 * mean every one of them must be inside the calling window.
 */
import { COUNTRY_ZONES } from "./country-zones.js";
import { nanpZones } from "./nanp-area-codes.js";
import { australianZones } from "./australia.js";

export interface NumberZones {
  zones: readonly string[];
  /** How they were found: by area code or prefix, or the whole country. */
  basis: "prefix" | "country";
}

/** Zones for a parsed number: its ISO country and national significant number. */
export function zonesOfNumber(country: string, nationalNumber: string): NumberZones | undefined {
  const byPrefix =
    country === "US" || country === "CA"
      ? nanpZones(country, nationalNumber)
      : country === "AU"
        ? australianZones(nationalNumber)
        : undefined;
  if (byPrefix) return { zones: byPrefix, basis: "prefix" };
  const all = COUNTRY_ZONES[country];
  return all && all.length > 0 ? { zones: all, basis: "country" } : undefined;
}
