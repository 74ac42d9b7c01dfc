/** Reads the file OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE names, at start (its format: src/phone/blocked-prefixes.ts). */
import { readOperatorFile } from "./operator-file.js";
import { BlockedPrefixes, PREFIXES_VARIABLE } from "../phone/blocked-prefixes.js";
import { ConfigurationError } from "./errors.js";

const MAX_DIGITS = 15;

/** Reads the list; throws ConfigurationError naming the first line it cannot read. */
export function loadBlockedPrefixes(path: string): BlockedPrefixes {
  const text = readOperatorFile(PREFIXES_VARIABLE, path);
  const prefixes: string[] = [];
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const content = raw.replace(/#.*$/, "").trim();
      if (content.length === 0) return;
      const shown = content.length > 40 ? `${content.slice(0, 40)}…` : content;
      // "+44 (0)20": the (0) is the national trunk prefix, not dialed from abroad. Kept as a digit it makes a prefix
      // (44020) that no number the server dials (E.164, the trunk 0 dropped) starts with: the line would block nothing.
      if (/\(\s*0\s*\)/.test(content)) {
        throw new ConfigurationError(
          `${PREFIXES_VARIABLE}: line ${i + 1} ("${shown}") writes the national (0), which is not part of the international number, ` +
            "so the line would block nothing; write the prefix without it (e.g. +44 20 7946)",
        );
      }
      const digits = content.slice(1).replace(/[ .\-()]/g, "");
      if (!content.startsWith("+") || !/^[1-9]\d*$/.test(digits) || digits.length > MAX_DIGITS) {
        throw new ConfigurationError(
          `${PREFIXES_VARIABLE}: line ${i + 1} ("${shown}") is not an international prefix (a + and 1 to ${MAX_DIGITS} digits, e.g. +371 6). ` +
            "Fix or remove that line; the server does not start with a list it cannot fully read",
        );
      }
      prefixes.push(digits);
    });
  return new BlockedPrefixes(prefixes);
}
