/**
 * Time zones of Australian numbers by the first digits of the national number.
 * Geographic numbers carry their state in the area code; mobiles (4…) and
 * everything not listed here can be anywhere, so they get every Australian zone.
 */
const PREFIX_ZONES: ReadonlyArray<readonly [prefix: string, zones: readonly string[]]> = [
  // 02: New South Wales and the ACT. Lord Howe Island (02 6563) is 30 minutes ahead in winter.
  ["2", ["Australia/Sydney", "Australia/Lord_Howe"]],
  // 03: Victoria and Tasmania (same clock).
  ["3", ["Australia/Melbourne", "Australia/Hobart"]],
  // 07: Queensland, no daylight saving.
  ["7", ["Australia/Brisbane", "Australia/Lindeman"]],
  // ...except New South Wales border towns on Queensland exchanges, which keep Sydney's daylight time (an hour ahead
  // in summer): Tweed Heads shares the Gold Coast's 07 5, Boggabilla Goondiwindi's 07 467x.
  ["75", ["Australia/Brisbane", "Australia/Lindeman", "Australia/Sydney"]],
  ["7467", ["Australia/Brisbane", "Australia/Lindeman", "Australia/Sydney"]],
  // 08 9: Western Australia; 08 9039 is Eucla, 45 minutes ahead of Perth.
  ["89039", ["Australia/Eucla"]],
  ["89", ["Australia/Perth"]],
  // 08 8: South Australia, the Northern Territory and Broken Hill.
  ["88", ["Australia/Adelaide", "Australia/Darwin", "Australia/Broken_Hill"]],
  // Rest of 08 (e.g. 08 6, 08 7): any of the central and western states.
  ["8", ["Australia/Adelaide", "Australia/Darwin", "Australia/Broken_Hill", "Australia/Perth", "Australia/Eucla"]],
];

/** The zones of an Australian national number, or undefined when only the whole country will do. */
export function australianZones(nationalNumber: string): readonly string[] | undefined {
  let best: readonly [string, readonly string[]] | undefined;
  for (const entry of PREFIX_ZONES) {
    if (nationalNumber.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}
