/** A dial as the ledger's scripts return it, back into the store's type (a reply not as written is a StoreDataError). */
import { fail, int, isObject, json, strings, text } from "../../../state/redis/records.js";
import { DIAL_FIELDS } from "./scripts.js";
import type { DialRecord, DialState, DialSummary } from "./store.js";

/** A dial as the scripts return it: the requestKey, then DIAL_FIELDS in order. */
export function dialRecord(reply: unknown): DialRecord {
  const [requestKey, ...values] = strings(reply, "dial record");
  const f = Object.fromEntries(DIAL_FIELDS.map((name, i) => [name, values[i] ?? fail("dial record")])) as Record<
    (typeof DIAL_FIELDS)[number],
    string
  >;
  return {
    requestKey: requestKey ?? fail("dial record"),
    tool: f.tool,
    numbers: strings(json(f.nums, "dial numbers"), "dial numbers"),
    startedAt: int(f.start, "dial start"),
    idempotencyKey: f.idem,
    owner: f.owner,
    state: dialState(f),
  };
}

function dialState(f: Record<(typeof DIAL_FIELDS)[number], string>): DialState {
  switch (f.kind) {
    case "in_flight":
      return { kind: "in_flight", leaseUntil: int(f.lease, "dial lease") };
    case "placed": {
      const extra = json(f.extra, "dial outcome");
      if (!isObject(extra) || !isObject(extra.summary)) return fail("dial outcome");
      return {
        kind: "placed",
        at: int(f.at, "dial time"),
        summary: extra.summary as DialSummary,
        callIds: strings(extra.callIds, "dial call ids"),
      };
    }
    case "unknown": {
      const extra = json(f.extra, "dial outcome");
      if (!isObject(extra)) return fail("dial outcome");
      return { kind: "unknown", at: int(f.at, "dial time"), message: text(extra.message, "dial outcome") };
    }
    default:
      return fail("dial state");
  }
}
