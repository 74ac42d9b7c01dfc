/**
 * The four facts a person reads first in every channel (the client's form, the
 * link's message, the approval page and card, the inbox), in this order: the
 * number with its country, the local time there, the agent, the contact. A
 * client may fold all but the first few lines of a message (Claude Code's form
 * dialog does), so nothing else goes before them. For a batch, each fact is a
 * short list of the distinct values.
 */
import { cap } from "../text/clean.js";

/** "a, b, c, and 4 more": the first few of a list. */
export function firstFew(items: readonly string[], shown = 3, separator = ", "): string {
  return `${items.slice(0, shown).join(separator)}${items.length > shown ? `${separator}and ${items.length - shown} more` : ""}`;
}

const TEXT_MAX = 200;

/**
 * A batch's local times and contacts, each its distinct values in row order, the first few, at most 200 characters.
 * A local time text may list several zones with commas, so the distinct texts are set apart by semicolons.
 */
export function batchGlance(
  rows: ReadonlyArray<{ localTime?: string | undefined; contactName?: string | undefined }>,
): {
  localTimes: string;
  contacts: string;
} {
  const localTimes = [...new Set(rows.map((r) => r.localTime ?? "unknown"))];
  const contacts = [...new Set(rows.flatMap((r) => (r.contactName !== undefined ? [r.contactName] : [])))];
  return {
    localTimes: cap(firstFew(localTimes, 3, "; "), TEXT_MAX),
    contacts: contacts.length > 0 ? cap(firstFew(contacts), TEXT_MAX) : "(not given)",
  };
}
