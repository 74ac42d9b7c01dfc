/**
 * The light record of an approval: what the approvers' inbox lists of it (the
 * four facts of glance.ts: the first numbers and their countries, the local
 * times there, the agents, the contacts; then who asked, when it was asked and
 * when it runs out), a few hundred bytes made by the desk when it
 * opens the approval and stored beside the full record, so a page of the inbox
 * never loads a view (a batch's view can weigh half a megabyte). It is sealed
 * like the record (seal.ts): a light record that anything but a server wrote
 * is not listed. Opening or deciding an approval reads the full record and its
 * own seals, never the light one.
 */
import { cap } from "../text/clean.js";
import type { ApprovalView } from "./channel.js";
import { batchGlance } from "./glance.js";

export interface InboxSummary {
  id: string;
  tool: string;
  /** The client that asked (the call scope's identity.client). */
  client: string;
  /** The person who asked (with OAuth: name and subject), or that the server cannot know (askedBy). */
  by: string;
  /** How many calls. */
  calls: number;
  /** The first numbers, for people ("+1 415 555 2671, and 57 more"). */
  numbers: string;
  countries: string;
  /** The local times there and the contacts (glance.ts). Absent from a record written before they were listed. */
  localTimes?: string;
  contacts?: string;
  agents: string;
  repeatDial: boolean;
  createdAt: number;
  expiresAt: number;
}

/** A sealed light record, as stored. */
export type SealedSummary = InboxSummary & { seal: string };

const SHOWN = 3;
const TEXT_MAX = 200;
/** The asker's name as shown beside their subject (which is never cut: at most 256 characters, verifier.ts). */
const NAME_MAX = 60;

/** "a, b, c, and 4 more", at most TEXT_MAX characters. */
function firstOf(items: string[]): string {
  const text = items.slice(0, SHOWN).join(", ") + (items.length > SHOWN ? `, and ${items.length - SHOWN} more` : "");
  return cap(text, TEXT_MAX);
}

/**
 * Who asked: the person's name and subject with OAuth; with a shared token the server cannot know. The name is the
 * person's own choice at the identity provider ("Alice Example (alice)"), so it loses its brackets and is cut short,
 * and the subject follows whole, marked as such: no name can pass for another person or push the subject out.
 */
export function askedBy(requestedBy: { sub: string; name?: string } | undefined): string {
  if (!requestedBy) return "a client (no sign-in)";
  const name = (requestedBy.name ?? "")
    .replace(/[()[\]{}]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, NAME_MAX)
    .trim();
  return name ? `${name} (sub ${requestedBy.sub})` : `sub ${requestedBy.sub}`;
}

export function inboxSummary(
  fixed: { id: string; tool: string; createdAt: number; expiresAt: number },
  view: ApprovalView,
  client: string,
): InboxSummary {
  return {
    id: fixed.id,
    tool: fixed.tool,
    client: cap(client, TEXT_MAX),
    by: askedBy(view.requestedBy),
    calls: view.rows.length,
    numbers: firstOf(view.rows.map((r) => r.international)),
    countries: firstOf(view.countries.map((c) => `${c.name} ×${c.count}`)),
    ...batchGlance(view.rows),
    agents: firstOf(view.agents.map((a) => a.name ?? a.id)),
    repeatDial: view.repeatDial === true,
    createdAt: fixed.createdAt,
    expiresAt: fixed.expiresAt,
  };
}

/**
 * The fields in one fixed order: what the seal covers. The local times and contacts follow when the record has them,
 * so a record sealed before they were listed still checks out (and a record that has them cannot lose them unseen).
 */
export function summaryParts(s: InboxSummary): string[] {
  const glance =
    s.localTimes !== undefined || s.contacts !== undefined ? ["glance", s.localTimes ?? "", s.contacts ?? ""] : [];
  return [
    s.id,
    s.tool,
    s.client,
    s.by,
    String(s.calls),
    s.numbers,
    s.countries,
    s.agents,
    String(s.repeatDial),
    String(s.createdAt),
    String(s.expiresAt),
    ...glance,
  ];
}

/** A stored light record read back, if it has the shape of one (its seal is checked by the desk). */
export function readSummary(value: unknown): SealedSummary | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const strings = ["id", "tool", "client", "by", "numbers", "countries", "agents", "seal"] as const;
  const numbers = ["calls", "createdAt", "expiresAt"] as const;
  if (!strings.every((k) => typeof v[k] === "string" && (v[k] as string).length <= 1_000)) return undefined;
  if (!numbers.every((k) => Number.isSafeInteger(v[k]))) return undefined;
  if (typeof v.repeatDial !== "boolean") return undefined;
  const optional = (k: "localTimes" | "contacts") =>
    typeof v[k] === "string" && (v[k] as string).length <= 1_000 ? { [k]: v[k] as string } : {};
  return {
    id: v.id as string,
    tool: v.tool as string,
    client: v.client as string,
    by: v.by as string,
    calls: v.calls as number,
    numbers: v.numbers as string,
    countries: v.countries as string,
    ...optional("localTimes"),
    ...optional("contacts"),
    agents: v.agents as string,
    repeatDial: v.repeatDial,
    createdAt: v.createdAt as number,
    expiresAt: v.expiresAt as number,
    seal: v.seal as string,
  };
}
