/**
 * Each call's last reading, kept by a digest of the record and the calling side: a reading depends on those alone, so
 * a call read again unchanged (a get_call polled every second) gets its last reading back, not a second pass over its
 * transcript. The reader promises never to throw; if it does, the record counts as unreadable (nothing removed).
 * A record the service layer shared (frozen whole: the same body sent again gives the same object) is first looked up
 * by itself, so a poll of an unchanged call costs no digest of its JSON either.
 */
import { createHash } from "node:crypto";
import type { CallRecord } from "../../service/shapes.js";
import { isShared } from "../../text/shared-values.js";
import type { CallingSide, OptOutReading } from "./reading.js";

/** How a record is read (the desk's reader). */
export type Reader = (record: CallRecord, side: CallingSide) => OptOutReading;

export class ReadingMemo {
  /** The last reading of each call read lately, least recently read first. */
  private readonly readings = new Map<string, { digest: string; reading: OptOutReading }>();

  /** At most `max` calls are kept (the least recently read goes first). */
  constructor(private readonly max = 1_000) {}

  /** The reading of a shared record, by the record itself (held weakly: the memo keeps no record alive). */
  private readonly byRecord = new WeakMap<CallRecord, { side: string; reading: OptOutReading }>();

  read(record: CallRecord, side: CallingSide, reader: Reader): OptOutReading {
    const shared = isShared(record);
    const sideText = JSON.stringify(side);
    const known = shared ? this.byRecord.get(record) : undefined;
    if (known?.side === sideText) return known.reading;
    const reading = this.byDigest(record, side, sideText, reader);
    if (shared) this.byRecord.set(record, { side: sideText, reading });
    return reading;
  }

  private byDigest(record: CallRecord, side: CallingSide, sideText: string, reader: Reader): OptOutReading {
    // The record is parsed JSON, so its JSON text says all it holds; the digest keeps the memo small.
    const digest = createHash("sha256")
      .update(`${JSON.stringify(record)}\n${sideText}`)
      .digest("base64");
    const last = this.readings.get(record.id);
    if (last?.digest === digest) return last.reading;
    let reading: OptOutReading;
    try {
      reading = reader(record, side);
    } catch (error) {
      reading = {
        status: "none",
        matches: [],
        unreadable: [`the record (the reader failed: ${error instanceof Error ? error.name : "error"})`],
      };
    }
    this.readings.delete(record.id);
    if (this.readings.size >= this.max) this.readings.delete(this.readings.keys().next().value!);
    this.readings.set(record.id, { digest, reading });
    return reading;
  }
}
