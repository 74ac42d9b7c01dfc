/**
 * How a refusal during a French call becomes a hold (refusal-hold.ts): the call records the opt-out watch reads (every
 * call this process placed, until it ends) pass through a reader that looks for the callee's refusal of the offer
 * (canvass-refusal.ts); a refusal on a French number holds it in the guard store and writes an audit line (`held`).
 * A start reads those lines back, so a restart or a Redis that came back empty forgets no hold still running.
 */
import type { CallingService } from "../../service/index.js";
import { callTo } from "../../service/call-fields.js";
import type { CallRecord } from "../../service/shapes.js";
import type { GuardStore } from "../store/store.js";
import { phoneLib } from "../../phone/lib.js";
import type { AuditLog } from "../dial/audit/log.js";
import type { AuditLine, LineReader } from "../dial/audit/readback.js";
import type { Clock } from "../dial/clock.js";
import { detectCanvassRefusal } from "./canvass-refusal.js";
import { isFrance } from "../law/places.js";
import { e164Of } from "../opt-outs/pairing.js";
import { holdKey, type HoldRule } from "./hold.js";

export interface HoldWatchDeps {
  rule: HoldRule;
  store: GuardStore;
  audit: AuditLog | undefined;
  clock: Clock;
  log(line: string): void;
}

/** Calls whose refusal was recorded already: a call read again (each poll until it ends) writes no second line. */
const MAX_REMEMBERED = 10_000;

/** The number's country is the rule's (France and the overseas places its consumer code covers). */
function inPlace(rule: HoldRule, e164: string): boolean {
  try {
    const country = phoneLib().parsePhoneNumberWithError(e164).country ?? "";
    return country === rule.place || (rule.place === "FR" && isFrance(country));
  } catch {
    return false;
  }
}

/** Records a hold for a refusal in `record`, if it shows one on a number of the rule's place. */
export async function holdOnRefusal(deps: HoldWatchDeps, record: CallRecord, seen: Set<string>): Promise<void> {
  if (seen.has(record.id)) return;
  const number = e164Of(callTo(record));
  if (number === undefined || !inPlace(deps.rule, number)) return;
  const refusal = detectCanvassRefusal(record);
  if (!refusal) return;
  if (seen.size >= MAX_REMEMBERED) seen.clear();
  seen.add(record.id);
  const now = deps.clock.now();
  const until = now + deps.rule.holdMs;
  const note = `call ${record.id}, ${refusal.where}: "${refusal.text}"`;
  await deps.store.holds.put(holdKey(deps.rule, number), { until, note }, now);
  deps.audit?.write({
    time: new Date(now).toISOString(),
    tool: "refusal_hold_watch",
    decision: "held",
    rule: deps.rule.id,
    numbers: [number],
    agents: [],
    call_ids: [record.id],
    hold_until: new Date(until).toISOString(),
    reason: note,
    latency_ms: 0,
  });
  deps.log(`outbound-calls-mcp: ${deps.rule.id}: ${number} held until ${new Date(until).toISOString()} (${note})`);
}

/** The service the opt-out watch reads calls through, with every record it reads also read for a refusal. */
export function watchingRefusals(service: CallingService, deps: HoldWatchDeps): CallingService {
  const seen = new Set<string>();
  const calls = Object.create(service.calls) as CallingService["calls"];
  calls.get = async (callId, deadline) => {
    const record = await service.calls.get(callId, deadline);
    // A hold that cannot be stored now is tried again on the watch's next read of the call.
    await holdOnRefusal(deps, record, seen).catch((error: unknown) => {
      seen.delete(record.id);
      deps.log(
        `outbound-calls-mcp: ${deps.rule.id}: a refusal on call ${record.id} could not be held yet: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return record;
  };
  return { agents: service.agents, calls, close: () => service.close() };
}

const E164 = /\+[1-9][0-9]{5,14}/g;

/** The holds the audit log remembers that still run at `now`, one per number (the latest). */
export function holdReader(rule: HoldRule, now: number): LineReader<Map<string, { until: number; note: string }>> {
  const holds = new Map<string, { until: number; note: string }>();
  const keep = (number: string, until: number, note: string) => {
    if (until > now && (holds.get(number)?.until ?? 0) < until) holds.set(number, { until, note });
  };
  const read = (line: AuditLine) => {
    if (!line.text.includes('"held"') && !line.text.includes(rule.id)) return;
    const entry = line.object();
    if (!entry) {
      // Damaged: every number it shows is held a whole period from now (a torn line frees nobody).
      for (const number of line.text.match(E164) ?? [])
        keep(number, now + rule.holdMs, "a damaged audit log line about a hold");
      return;
    }
    if (entry.decision !== "held" || entry.rule !== rule.id || !Array.isArray(entry.numbers)) return;
    const until = typeof entry.hold_until === "string" ? Date.parse(entry.hold_until) : Number.NaN;
    const note = typeof entry.reason === "string" ? entry.reason : "";
    for (const number of entry.numbers)
      if (typeof number === "string") keep(number, Number.isNaN(until) ? now + rule.holdMs : until, note);
  };
  return { rebuilds: "the holds after a refusal", read, result: () => holds };
}

/** Puts the log's holds back into the store (in Redis in the background: it may not be reachable yet). */
export function seedHolds(
  rule: HoldRule,
  store: GuardStore,
  holds: ReadonlyMap<string, { until: number; note: string }>,
  now: number,
  log: (line: string) => void,
): void {
  void (async () => {
    for (const [number, entry] of holds) await store.holds.put(holdKey(rule, number), entry, now);
  })().catch((error: unknown) =>
    log(
      `outbound-calls-mcp: holds from the audit log not copied to the guard store yet: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
}
