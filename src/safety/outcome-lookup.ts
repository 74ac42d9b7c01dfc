/**
 * After a POST whose outcome is unknown (timeout or reset after sending, 5xx),
 * look once with GET /calls for what it created, within what is left of the
 * tool call's deadline, and say honestly what was found.
 */
import type { ApiClient } from "../service/transport/client.js";
import type { Deadline } from "../service/deadline.js";
import { normalizeCall, readList, type CallRecord } from "../service/shapes.js";
import { callCreated, callTo } from "../service/call-fields.js";
import { oneLine } from "../text/untrusted.js";

/** The service's clock may run behind ours. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** Below this, a lookup cannot finish; say so instead of trying. */
const MIN_LOOKUP_MS = 500;

export interface FoundCall {
  id: string;
  status: string | undefined;
  to: string;
  /** As the service wrote it; undefined when it gave no time. */
  createdAt: string | undefined;
}

export type LookupResult =
  | { kind: "found"; calls: FoundCall[] }
  | { kind: "none" }
  | { kind: "skipped"; why: string };

const digits = (s: string) => s.replace(/[^0-9]/g, "");

export async function lookForCreatedCalls(
  api: ApiClient,
  deadline: Deadline,
  want: { numbers: readonly string[]; agentIds: readonly string[]; startedAt: number },
): Promise<LookupResult> {
  if (deadline.signal.aborted || deadline.remaining() < MIN_LOOKUP_MS) {
    return { kind: "skipped", why: "the tool call's deadline was spent, so the service could not be asked" };
  }
  const since = want.startedAt - CLOCK_SKEW_MS;
  let calls: CallRecord[];
  try {
    const res = await api.get("/calls", {
      deadline,
      query: {
        agent_id: want.agentIds.length === 1 ? want.agentIds[0] : undefined,
        date_from: new Date(since).toISOString().slice(0, 10),
        limit: 100,
      },
    });
    calls = readList(res.body, "calls").map(normalizeCall);
  } catch {
    // The lookup is a courtesy: its failure must not hide the unknown outcome.
    return { kind: "skipped", why: "the service could not be asked (list_calls failed)" };
  }
  const wanted = new Set(want.numbers.map(digits));
  const found: FoundCall[] = [];
  for (const call of calls) {
    const to = callTo(call);
    if (!to || !wanted.has(digits(to))) continue;
    const created = callCreated(call);
    const createdMs = created ? Date.parse(created) : Number.NaN;
    // A call created before this attempt is an older one, not ours.
    if (!Number.isNaN(createdMs) && createdMs < since) continue;
    found.push({
      id: oneLine(call.id, 128),
      status: call.status ? oneLine(call.status, 32) : undefined,
      to: `+${digits(to)}`,
      createdAt: created ? oneLine(created, 40) : undefined,
    });
  }
  return found.length > 0 ? { kind: "found", calls: found } : { kind: "none" };
}
