/**
 * The dial ledger on Redis: each method is one script (scripts.ts), so one atomic step. Beside it, the
 * dials this replica claimed are kept in its memory (journal.ts) for their window, and written back by
 * restore() when Redis came back empty; claims wait for that to finish (the gate).
 */
import type { ClaimRequest, ClaimResult, DialLedger, DialRecord, Settlement } from "./store.js";
import type { RedisConnection, ScriptedConnection } from "../../../state/redis/connection.js";
import { DialJournal, type JournalEntry } from "./journal.js";
import { DIAL_FIELDS, DIAL_SCRIPTS } from "./scripts.js";
import type { Keys } from "../../../state/redis/keys.js";
import { array, fail, int, text } from "../../../state/redis/records.js";
import { dialRecord } from "./records.js";
import type { UndoList } from "../../../state/redis/undo.js";

type Match = { index: number; number: string; record: DialRecord };

export class RedisDialLedger implements DialLedger {
  private readonly journal = new DialJournal();
  /** While a restore runs: claims wait for it, so a retry finds its first dial, not an empty Redis. */
  private gate: Promise<void> = Promise.resolve();

  private readonly redis: ScriptedConnection<typeof DIAL_SCRIPTS>;

  constructor(
    connection: RedisConnection,
    private readonly keys: Keys,
    private readonly undo: UndoList,
  ) {
    this.redis = connection.scripted(DIAL_SCRIPTS);
  }

  /** Holds claims until `work` is done (it never rejects). */
  hold(work: Promise<void>): void {
    this.gate = work;
  }

  /** Writes back every dial this replica knows of that Redis does not hold; the number written. */
  async restore(now: number): Promise<number> {
    let written = 0;
    for (const [requestKey, e] of this.journal.live(now)) {
      const keys = [this.keys.dial(requestKey), ...e.numbers.map((n) => this.keys.num(n))];
      const extra = e.outcome ? JSON.stringify(e.outcome) : "";
      const fields = [
        e.tool,
        JSON.stringify(e.numbers),
        String(e.start),
        e.idem,
        e.owner,
        e.kind,
        e.kind === "in_flight" ? String(e.lease) : "",
        e.kind === "in_flight" ? "" : String(e.at),
        String(e.windowMs),
        extra,
      ];
      const reply = await this.redis.run("the restore of a dial", (c) =>
        c.restoreDial(keys, [this.keys.prefix, requestKey, ...fields, String(now)]),
      );
      if (reply === 1) written += 1;
    }
    return written;
  }

  async claim(req: ClaimRequest): Promise<ClaimResult> {
    await this.gate;
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
      const result = await this.redis.run("the dial claim", async (c) => claimResult(await c.claimDial(keys, args)));
      if (result.kind === "claimed") {
        const entry: JournalEntry = {
          tool: req.tool,
          numbers: req.numbers,
          start: req.now,
          idem: result.idempotencyKey,
          owner: req.owner,
          kind: "in_flight",
          lease: req.now + req.leaseMs,
          at: 0,
          windowMs: req.windowMs,
        };
        this.journal.claimed(req.requestKey, entry);
      }
      return result;
    } catch (error) {
      // The claim may yet run in Redis: end its lease at once, so it holds neither the request nor its
      // numbers (a retry takes the dead claim over, with its Idempotency-Key). Nothing was sent under it.
      this.undo.add(() => this.renew(req.requestKey, req.owner, req.now, true), req.leaseMs);
      throw error;
    }
  }

  /** `unsent`: the claim failed (see claim()): its numbers are not held for the window either. */
  async renew(requestKey: string, owner: string, leaseUntil: number, unsent = false): Promise<boolean> {
    if (unsent) this.journal.forget(requestKey, owner);
    else this.journal.renewed(requestKey, owner, leaseUntil);
    const reply = await this.redis.run("the renewal of a dial", (c) =>
      c.renewDial(
        [this.keys.dial(requestKey)],
        [this.keys.prefix, requestKey, owner, String(leaseUntil), unsent ? "1" : "0"],
      ),
    );
    return reply === 1;
  }

  async rekey(requestKey: string, owner: string, idempotencyKey: string): Promise<boolean> {
    const reply = await this.redis.run("the key of a dial", (c) =>
      c.rekeyDial([this.keys.dial(requestKey)], [this.keys.prefix, requestKey, owner, idempotencyKey]),
    );
    // Known here too: a restore after Redis came back empty writes back the key the POST goes with.
    if (reply === 1) this.journal.rekeyed(requestKey, owner, idempotencyKey);
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
    // Known here before Redis is told: if Redis forgets it meanwhile, restore() writes the outcome back.
    if (outcome.kind === "not_placed") this.journal.forget(requestKey, owner);
    else
      this.journal.settled(requestKey, owner, {
        kind: outcome.kind,
        at: outcome.at,
        windowMs,
        outcome:
          outcome.kind === "placed"
            ? { summary: outcome.summary, callIds: outcome.callIds }
            : { message: outcome.message },
      });
    const run = () =>
      this.redis.run("the settlement of a dial", (c) =>
        c.settleDial(
          [this.keys.dial(requestKey)],
          [this.keys.prefix, requestKey, owner, outcome.kind, at, extra, String(now), String(windowMs)],
        ),
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
      matches(
        await c.recentDials(
          numbers.map((n) => this.keys.num(n)),
          [this.keys.prefix, JSON.stringify(numbers), String(now)],
        ),
      ),
    );
  }
}

function claimResult(reply: unknown): ClaimResult {
  const [kind, ...rest] = array(reply, "claim reply");
  switch (kind) {
    case "claimed": {
      const takeover = int(rest[1], "claim reply") === 1;
      const previousOwner = takeover ? text(rest[2], "claim reply") : "";
      return {
        kind: "claimed",
        idempotencyKey: text(rest[0], "claim reply"),
        takeover,
        ...(previousOwner ? { previousOwner } : {}),
      };
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
