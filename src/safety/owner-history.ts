/**
 * Who placed which call, as the audit log remembers it: every line that names
 * a person (`--http` with OAuth) and the calls its dial made. Read back at
 * start, so a restart (memory store) or a Redis that came back empty does not
 * hide a person's calls from them. Damaged lines give nothing: a call nobody is
 * recorded for is seen only by a token that may read all (fail closed).
 */
import { ConfigurationError } from "../config/errors.js";
import type { GuardStore, OwnedThing } from "../state/store.js";
import { CALL_OWNERS_KEPT_MS } from "../state/store.js";
import { AUDIT_VARIABLE, forEachLogLine } from "./audit-log.js";
import { ownedThings } from "./call-access.js";

export interface OwnedDial {
  owner: string;
  at: number;
  things: OwnedThing[];
}

export function readOwnerHistory(path: string, now: number): OwnedDial[] {
  const dials: OwnedDial[] = [];
  const each = (line: string) => {
    if (!line.includes('"person"') || (!line.includes('"call_ids"') && !line.includes('"campaign_id"'))) return;
    let entry: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed !== "object" || parsed === null) return;
      entry = parsed as Record<string, unknown>;
    } catch {
      return;
    }
    if (typeof entry.person !== "string" || entry.person === "") return;
    if (entry.decision !== "dialed" && entry.decision !== "outcome_unknown") return;
    const at = typeof entry.time === "string" ? Date.parse(entry.time) : Number.NaN;
    if (Number.isNaN(at) || at <= now - CALL_OWNERS_KEPT_MS) return;
    const callIds = Array.isArray(entry.call_ids) ? entry.call_ids.filter((c): c is string => typeof c === "string" && c !== "") : [];
    const campaign = typeof entry.campaign_id === "string" && entry.campaign_id !== "" ? entry.campaign_id : undefined;
    const things = ownedThings(callIds, campaign);
    if (things.length > 0) dials.push({ owner: entry.person, at, things });
  };
  try {
    forEachLogLine(path, each);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return [];
    throw new ConfigurationError(`${AUDIT_VARIABLE}: the file cannot be read back (${(error as { code?: string }).code ?? "error"}); who placed which call could not be rebuilt`);
  }
  return dials;
}

/** Into the store, oldest first (the first owner of a thing stays): in memory at once, in Redis in the background. */
export function seedOwners(store: GuardStore, dials: OwnedDial[], log: (line: string) => void): void {
  if (dials.length === 0) return;
  void (async () => {
    for (const dial of dials) await store.owners.record(dial.things, dial.owner, dial.at);
  })().catch((error: unknown) =>
    log(`outbound-calls-mcp: who placed which call (from the audit log) not copied to the guard store yet: ${error instanceof Error ? error.message : String(error)}`),
  );
}
