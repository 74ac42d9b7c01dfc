/**
 * The IANA time-zone data's own words on where each North American zone applies: the comments of zone1970.tab and
 * zone.tab (Debian's tzdata, a test part: scripts/test-parts.mjs), read into places of the area-code table's regions.
 * A word this reader does not know is returned as unknown, so a new description fails the test that reads it rather
 * than passing unread. Also: whether two zones keep the same clock from now on (Node's own tz data).
 */
import { readFileSync } from "node:fs";
import { requirePart } from "./parts.js";

/** The tab's place names and abbreviations, as the area-code table's regions (src/guards/zones/nanp-area-codes.ts). */
const REGION_OF: Record<string, string> = {
  Newfoundland: "NL",
  Labrador: "NL",
  NS: "NS/PE",
  PE: "NS/PE",
  "New Brunswick": "NB",
  QC: "QC",
  ON: "ON",
  Manitoba: "MB",
  SK: "SK",
  AB: "AB",
  BC: "BC",
  NT: "NT/NU/YT",
  NU: "NT/NU/YT",
  Yukon: "NT/NU/YT",
  MI: "MI",
  KY: "KY",
  IN: "IN",
  ND: "ND",
  ID: "ID",
  OR: "OR",
  AZ: "AZ",
  Alaska: "AK",
  Hawaii: "HI",
};

/** Names of clocks, which name no place ("Eastern (most areas)", "Pacific"). */
const CLOCKS = new Set(["Atlantic", "AST", "Eastern", "EST", "Central", "CST", "Mountain", "MST", "Pacific", "PST"]);

/** How much of a region a zone's description covers. */
export type Extent = "whole" | "most" | "part";

export interface Mention {
  zone: string;
  /** The tab's words, for a failure to quote. */
  comment: string;
  region: string;
  extent: Extent;
  /** The part named ("west", "Atikokan", "except Navajo"), if any. */
  part?: string;
}

export interface TabReading {
  mentions: Mention[];
  /** Zones whose description names a clock and no place (the US main zones). */
  unplaced: string[];
  /** Words of a description this reader does not know. */
  unknown: string[];
}

/** Splits at commas outside parentheses, then at " & ", whose last qualifier covers both ("ON & QC (most areas)"). */
function items(places: string): string[] {
  const byComma: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of places) {
    if (c === "(") depth++;
    if (c === ")") depth--;
    if (c === "," && depth === 0) {
      byComma.push(current.trim());
      current = "";
    } else current += c;
  }
  byComma.push(current.trim());
  return byComma.flatMap((item) => {
    const joined = item.split(" & ");
    const shared = place(joined.at(-1)!).part;
    return joined.map((one) => (shared !== undefined && place(one).part === undefined ? `${one} (${shared})` : one));
  });
}

/** One place of a description ("ON (west)", "BC(E)", "Creston BC", "Manitoba"). */
function place(item: string): { name: string; part?: string } {
  const paren = /^(.*?)\s*\((.*)\)$/.exec(item);
  if (paren) return { name: paren[1]!, part: paren[2]! };
  const words = item.split(" ");
  const last = words.at(-1)!;
  // "Creston BC": a town of a region, named before it.
  if (words.length > 1 && REGION_OF[last] && !REGION_OF[item])
    return { name: last, part: words.slice(0, -1).join(" ") };
  return { name: item };
}

function extentOf(part: string | undefined): Extent {
  if (part === undefined) return "whole";
  return part === "most areas" || part.startsWith("except ") ? "most" : "part";
}

/** Reads one description into `reading`. */
function describe(zone: string, comment: string, reading: TabReading): void {
  const dash = comment.indexOf(" - ");
  const head = dash < 0 ? comment : comment.slice(0, dash);
  const headName = place(head).name;
  let places: string;
  let wholeIsPart = false;
  if (CLOCKS.has(headName)) {
    if (dash < 0) {
      reading.unplaced.push(zone);
      return;
    }
    places = comment.slice(dash + 3);
  } else {
    // "Alaska - Juneau area": a part of the place before the dash.
    places = dash < 0 ? comment : head;
    wholeIsPart = dash >= 0;
  }
  for (const item of items(places)) {
    const { name, part } = place(item);
    const region = REGION_OF[name];
    if (!region) {
      reading.unknown.push(`${zone}: "${item}" in "${comment}"`);
      continue;
    }
    const named = wholeIsPart && part === undefined ? comment.slice(dash + 3) : part;
    reading.mentions.push({
      zone,
      comment,
      region,
      extent: extentOf(named),
      ...(named !== undefined ? { part: named } : {}),
    });
  }
}

/** The US and Canadian lines of zone1970.tab and zone.tab, read. */
export function readTzTables(): TabReading {
  const first = requirePart("tzdata");
  const files = [first, first.replace(/zone1970\.tab$/, "zone.tab")];
  const reading: TabReading = { mentions: [], unplaced: [], unknown: [] };
  for (const file of files) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.startsWith("#") || line.trim() === "") continue;
      const [countries = "", , zone = "", comment = ""] = line.split("\t");
      if (!countries.split(",").some((c) => c === "US" || c === "CA")) continue;
      describe(zone, comment, reading);
    }
  }
  return reading;
}

const DAY_MS = 86_400_000;
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offset(zone: string, at: number): string {
  let f = offsetFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    offsetFormats.set(zone, f);
  }
  return f.formatToParts(at).find((p) => p.type === "timeZoneName")!.value;
}

const signatures = new Map<string, string>();

/**
 * A zone's clock from `from` for `days` days: its offset then and every change, to the minute (a day's samples, then
 * a search to the minute where two days differ). Two zones with the same signature keep the same clock.
 */
export function clockSignature(zone: string, from: number, days = 3 * 366): string {
  const key = `${zone}|${from}|${days}`;
  const known = signatures.get(key);
  if (known) return known;
  const changes = [offset(zone, from)];
  for (let d = 0; d < days; d++) {
    let lo = from + d * DAY_MS;
    let hi = lo + DAY_MS;
    const before = offset(zone, lo);
    const after = offset(zone, hi);
    if (before === after) continue;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offset(zone, mid) === before) lo = mid;
      else hi = mid;
    }
    changes.push(`${new Date(hi).toISOString()} ${after}`);
  }
  const signature = changes.join("; ");
  signatures.set(key, signature);
  return signature;
}
