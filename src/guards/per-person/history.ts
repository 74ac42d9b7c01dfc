/**
 * Who placed which call, as the audit log remembers it: every line that names
 * a person (`--http` with OAuth) and the calls its dial made. Read back at
 * start, so a restart (memory store) or a Redis that came back empty does not
 * hide a person's calls from them. Damaged lines give nothing: a call nobody is
 * recorded for is seen only by a token that may read all (fail closed).
 */
import { MemoryStore } from "../store/memory.js";
import type { GuardStore } from "../store/store.js";
import type { OwnedThing } from "./state/store.js";
import { CALL_OWNERS_KEPT_MS } from "./state/store.js";
import { readBackWith, type AuditLine, type LineReader } from "../dial/audit/readback.js";
import { ownedThings } from "./access.js";

export interface OwnedDial {
  owner: string;
  at: number;
  things: OwnedThing[];
}

export function readOwnerHistory(path: string, now: number): OwnedDial[] {
  return readBackWith(path, ownerReader(now));
}

/** readOwnerHistory's reader, one line at a time (src/guards/dial/audit/readback.ts reads the log once for every reader). */
export function ownerReader(now: number): LineReader<OwnedDial[]> {
  const dials: OwnedDial[] = [];
  const read = (line: AuditLine) => {
    const text = line.text;
    if (!text.includes('"person"') || (!text.includes('"call_ids"') && !text.includes('"campaign_id"'))) return;
    const entry = line.object();
    // Not a JSON object: nobody is recorded (fail closed).
    if (entry === undefined) return;
    if (typeof entry.person !== "string" || entry.person === "") return;
    if (entry.decision !== "dialed" && entry.decision !== "outcome_unknown") return;
    const at = typeof entry.time === "string" ? Date.parse(entry.time) : Number.NaN;
    if (Number.isNaN(at) || at <= now - CALL_OWNERS_KEPT_MS) return;
    const callIds = Array.isArray(entry.call_ids)
      ? entry.call_ids.filter((c): c is string => typeof c === "string" && c !== "")
      : [];
    const campaign = typeof entry.campaign_id === "string" && entry.campaign_id !== "" ? entry.campaign_id : undefined;
    const things = ownedThings(callIds, campaign);
    if (things.length > 0) dials.push({ owner: entry.person, at, things });
  };
  return { rebuilds: "who placed which call", read, result: () => dials };
}

/** Into the store, oldest first (the first owner of a thing stays): in memory at once, in Redis in the background. */
export function seedOwners(store: GuardStore, dials: OwnedDial[], log: (line: string) => void): void {
  if (dials.length === 0) return;
  if (store instanceof MemoryStore) {
    store.owners.seed(dials);
    return;
  }
  void (async () => {
    for (const dial of dials) await store.owners.record(dial.things, dial.owner, dial.at);
  })().catch((error: unknown) =>
    log(
      `outbound-calls-mcp: who placed which call (from the audit log) not copied to the guard store yet: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
}
