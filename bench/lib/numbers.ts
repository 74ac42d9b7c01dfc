/**
 * Distinct valid numbers for batches: fixed-line and mobile ranges of three
 * countries, taken in turn, so the phone metadata of several regions is used.
 * Every generated number is one libphonenumber-js (max) calls valid; run.ts
 * proves it by validating them with the server's own check before timing.
 * None ends in the sandbox's special endings (0002-0005, 0102-0105).
 */
const RANGES = [
  // US, San Francisco fixed line/mobile: +1 415 2xx xxxx
  (n: number) => `+1415${String(2_000_000 + n).padStart(7, "0")}`,
  // UK mobile: +44 7400 xxxxxx
  (n: number) => `+447400${String(n).padStart(6, "0")}`,
  // Australia mobile: +61 412 xxx xxx
  (n: number) => `+61412${String(n).padStart(6, "0")}`,
];

const SPECIAL_ENDING = /(?:000[2-5]|010[2-5])$/;

/** `count` distinct numbers, E.164, none with a sandbox test-number ending. */
export function batchNumbers(count: number): string[] {
  const out: string[] = [];
  for (let n = 0; out.length < count; n++) {
    const make = RANGES[n % RANGES.length] as (n: number) => string;
    const number = make(Math.floor(n / RANGES.length) * 7 + 11);
    if (!SPECIAL_ENDING.test(number)) out.push(number);
  }
  return out;
}
