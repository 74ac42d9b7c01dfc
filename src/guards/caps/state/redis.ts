/** The caps on Redis: check and reserve are one script (scripts.ts), so one atomic step each. */
import { createHash } from "node:crypto";
import { CAP_NUMBER_RETENTION_MS, type CapLedger, type CapLimits, type CapVerdict } from "./store.js";
import type { RedisConnection, ScriptedConnection } from "../../../state/redis/connection.js";
import { CAP_SCRIPTS } from "./scripts.js";
import type { Keys } from "../../../state/redis/keys.js";
import { array, fail, int, text } from "../../../state/redis/records.js";
import type { UndoList } from "../../../state/redis/undo.js";

/**
 * Reservation ids name a member per dialed row in two sorted sets; the pipeline's are long (request key and
 * owner), so they are stored as 96 bits of their hash.
 */
export function shortReservationId(reservationId: string): string {
  return createHash("sha256").update(reservationId).digest("base64url").slice(0, 16);
}

/** How long a failed reservation's release is retried: a stalled Redis may run the reservation this late. */
const UNDO_FOR_MS = 10 * 60_000;

export class RedisCapLedger implements CapLedger {
  private readonly redis: ScriptedConnection<typeof CAP_SCRIPTS>;

  constructor(
    connection: RedisConnection,
    private readonly keys: Keys,
    private readonly undo: UndoList,
  ) {
    this.redis = connection.scripted(CAP_SCRIPTS);
  }

  /**
   * Writes logged dials back into the per-number counts (a Redis that came back empty): each under a member named
   * by its time, number and rank in the log, so replicas reading one log write each dial once, and kept as long
   * as the caps keep a number's dials. Dials older than that are skipped. Returns how many were written.
   */
  async restore(past: ReadonlyArray<{ at: number; to: string }>, now: number): Promise<number> {
    const since = now - CAP_NUMBER_RETENTION_MS;
    const seen = new Map<string, number>();
    const rows = past.filter((d) => d.at > since);
    if (rows.length === 0) return 0;
    await this.redis.run("the write-back of the caps' counts", async (c) => {
      const m = c.multi();
      for (const d of rows) {
        const id = `${d.at}:${d.to}`;
        const rank = seen.get(id) ?? 0;
        seen.set(id, rank + 1);
        const key = this.keys.capDay(d.to);
        m.zAdd(key, { score: d.at, value: `log:${id}:${rank}` }, { condition: "NX" });
        m.pExpire(key, Math.max(1_000, d.at + CAP_NUMBER_RETENTION_MS - now), "GT");
        m.pExpire(key, Math.max(1_000, d.at + CAP_NUMBER_RETENTION_MS - now), "NX");
      }
      await m.exec();
    });
    return rows.length;
  }

  check(numbers: string[], now: number, limits: CapLimits, countedAs?: string): Promise<CapVerdict> {
    return this.verdict("the cap check", undefined, numbers, now, limits, countedAs);
  }

  async reserve(
    reservationId: string,
    numbers: string[],
    now: number,
    limits: CapLimits,
    countedAs?: string,
  ): Promise<CapVerdict> {
    try {
      return await this.verdict("the cap reservation", reservationId, numbers, now, limits, countedAs);
    } catch (error) {
      // The reservation may yet run in Redis and count as dials for a day: release it when Redis answers.
      this.undo.add(() => this.released(reservationId), UNDO_FOR_MS);
      throw error;
    }
  }

  async release(reservationId: string): Promise<void> {
    await this.released(reservationId);
  }

  /** True if the reservation was there (and is gone now). */
  private async released(reservationId: string): Promise<boolean> {
    const id = shortReservationId(reservationId);
    const reply = await this.redis.run("the release of a cap reservation", (c) =>
      c.capRelease([this.keys.capReservation(id), this.keys.capHour()], [this.keys.prefix, id]),
    );
    return reply === 1;
  }

  private verdict(
    what: string,
    reservationId: string | undefined,
    numbers: string[],
    now: number,
    limits: CapLimits,
    countedAs: string | undefined,
  ): Promise<CapVerdict> {
    const distinct = [...new Set(numbers)];
    const id = reservationId === undefined ? "" : shortReservationId(reservationId);
    const prior = countedAs === undefined ? "" : shortReservationId(countedAs);
    const keys = [
      this.keys.capHour(),
      ...distinct.map((n) => this.keys.capDay(n)),
      this.keys.capReservation(id),
      ...(prior ? [this.keys.capReservation(prior)] : []),
    ];
    const args = [
      this.keys.prefix,
      String(now),
      limits.perHour === undefined ? "" : String(limits.perHour),
      limits.perNumberPerDay === undefined ? "" : String(limits.perNumberPerDay),
      reservationId === undefined ? "0" : "1",
      id,
      JSON.stringify(numbers),
      prior,
      lawArg(limits),
    ];
    return this.redis.run(what, async (c) => capResult(await c.capVerdict(keys, args)));
  }
}

/** The law limits as the script reads them: {number: [[id, limit, windowMs]...]}, or '' for none. */
function lawArg(limits: CapLimits): string {
  if (!limits.perNumberLaw || limits.perNumberLaw.size === 0) return "";
  const out: Record<string, Array<[string, number, number]>> = {};
  for (const [number, laws] of limits.perNumberLaw) out[number] = laws.map((l) => [l.id, l.limit, l.windowMs]);
  return JSON.stringify(out);
}

function capResult(reply: unknown): CapVerdict {
  const [kind, ...rest] = array(reply, "cap reply");
  switch (kind) {
    case "ok":
      return { ok: true };
    case "hour":
      return {
        ok: false,
        rule: "dials_per_hour",
        recent: int(rest[0], "cap reply"),
        freeAt: int(rest[1], "cap reply"),
      };
    case "number":
      return {
        ok: false,
        rule: "dials_per_number_per_day",
        numbers: array(rest[0], "cap reply").map((item) => {
          const [number, past, freeAt] = array(item, "cap reply");
          return { number: text(number, "cap reply"), past: int(past, "cap reply"), freeAt: int(freeAt, "cap reply") };
        }),
      };
    case "law":
      return {
        ok: false,
        rule: "law_frequency",
        numbers: array(rest[0], "cap reply").map((item) => {
          const [number, law, past, freeAt] = array(item, "cap reply");
          return {
            number: text(number, "cap reply"),
            law: text(law, "cap reply"),
            past: int(past, "cap reply"),
            freeAt: int(freeAt, "cap reply"),
          };
        }),
      };
    default:
      return fail("cap reply");
  }
}
