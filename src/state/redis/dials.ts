/** The dial ledger on Redis: each method is one script (dial-scripts.ts), so one atomic step. */
import type { ClaimRequest, ClaimResult, DialLedger, DialRecord, Settlement } from "../store.js";
import type { RedisConnection } from "./connection.js";
import { DIAL_FIELDS } from "./dial-scripts.js";
import type { Keys } from "./keys.js";
import { array, dialRecord, fail, int, text } from "./records.js";
import type { UndoList } from "./undo.js";

type Match = { index: number; number: string; record: DialRecord };

export class RedisDialLedger implements DialLedger {
  constructor(
    private readonly redis: RedisConnection,
    private readonly keys: Keys,
    private readonly undo: UndoList,
  ) {}

  async claim(req: ClaimRequest): Promise<ClaimResult> {
    const keys = [this.keys.dial(req.requestKey), ...req.numbers.map((n) => this.keys.num(n))];
    const args = [
      this.keys.prefix,
      req.requestKey,
      req.tool,
      JSON.stringify(req.numbers),
      req.idempotencyKey,
      req.owner,
      String(req.now),
      String(req.now + req.leaseMs),
      String(req.windowMs),
      req.allowRecentNumbers ? "1" : "0",
    ];
    try {
      return await this.redis.run("the dial claim", async (c) => claimResult(await c.claimDial(keys, args)));
    } catch (error) {
      // The claim may yet run in Redis: end its lease at once, so it holds neither the request nor its
      // numbers (a retry takes the dead claim over, with its Idempotency-Key). Nothing was sent under it.
      this.undo.add(() => this.renew(req.requestKey, req.owner, req.now, true), req.leaseMs);
      throw error;
    }
  }

  /** `unsent`: the claim failed (see claim()): its numbers are not held for the window either. */
  async renew(requestKey: string, owner: string, leaseUntil: number, unsent = false): Promise<boolean> {
    const reply = await this.redis.run("the renewal of a dial", (c) =>
      c.renewDial([this.keys.dial(requestKey)], [this.keys.prefix, requestKey, owner, String(leaseUntil), unsent ? "1" : "0"]),
    );
    return reply === 1;
  }

  async settle(requestKey: string, owner: string, outcome: Settlement, now: number, windowMs: number): Promise<void> {
    const extra =
      outcome.kind === "placed"
        ? JSON.stringify({ summary: outcome.summary, callIds: outcome.callIds })
        : outcome.kind === "unknown"
          ? JSON.stringify({ message: outcome.message })
          : (outcome.returnTo ?? "");
    const at = outcome.kind === "not_placed" ? "" : String(outcome.at);
    const run = () =>
      this.redis.run("the settlement of a dial", (c) =>
        c.settleDial([this.keys.dial(requestKey)], [this.keys.prefix, requestKey, owner, outcome.kind, at, extra, String(now), String(windowMs)]),
      );
    try {
      await run();
    } catch (error) {
      // A dial that was placed (or may have been) must not be forgotten when its lease ends: record it whenever
      // Redis answers again, for as long as the window lasts (a takeover since then makes this a no-op).
      if (outcome.kind !== "not_placed") this.undo.add(() => run().then(() => true), windowMs);
      throw error;
    }
  }

  async get(requestKey: string): Promise<DialRecord | undefined> {
    return this.redis.run("a dial lookup", async (c) => {
      const values = await c.hmGet(this.keys.dial(requestKey), [...DIAL_FIELDS]);
      return values[0] === null || values[0] === undefined ? undefined : dialRecord([requestKey, ...values]);
    });
  }

  async recentByNumber(numbers: string[], now: number, _windowMs: number): Promise<Match[]> {
    // Each dial is remembered for the window it was settled with (as in memory); the argument is not needed.
    return this.redis.run("a lookup of recent dials", async (c) =>
      matches(await c.recentDials(numbers.map((n) => this.keys.num(n)), [this.keys.prefix, JSON.stringify(numbers), String(now)])),
    );
  }
}

function claimResult(reply: unknown): ClaimResult {
  const [kind, ...rest] = array(reply, "claim reply");
  switch (kind) {
    case "claimed": {
      const takeover = int(rest[1], "claim reply") === 1;
      const previousOwner = takeover ? text(rest[2], "claim reply") : "";
      return { kind: "claimed", idempotencyKey: text(rest[0], "claim reply"), takeover, ...(previousOwner ? { previousOwner } : {}) };
    }
    case "same_request":
      return { kind: "same_request", record: dialRecord(rest[0]) };
    case "recent_numbers":
      return { kind: "recent_numbers", matches: matches(rest[0]) };
    default:
      return fail("claim reply");
  }
}

function matches(reply: unknown): Match[] {
  const out = array(reply, "dial matches").map((item) => {
    const [index, number, record] = array(item, "dial match");
    return { index: int(index, "dial match"), number: text(number, "dial match"), record: dialRecord(record) };
  });
  // Row order, then oldest first (memory returns a number's dials in the order they were claimed).
  return out.sort((a, b) => a.index - b.index || a.record.startedAt - b.record.startedAt);
}
