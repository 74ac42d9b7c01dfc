/**
 * A row's national number and the zones it may ring in, read once per row: the law, its consent rules and the
 * calling hours each ask them of every row of a batch, several times a dial. Kept beside the row (a WeakMap), so
 * they go with it.
 */
import { phoneLib } from "../../phone/lib.js";
import type { CheckedRow } from "../../validation/call-row.js";
import { zonesOfNumber } from "./zones-of-number.js";

/** The national significant number: the one the row's check parsed, or parsed again from its E.164 form. */
export function nationalNumberOf(row: CheckedRow): string {
  return row.phone.national ?? phoneLib().parsePhoneNumberWithError(row.request.to, { extract: false }).nationalNumber;
}

const zonesByRow = new WeakMap<CheckedRow, readonly string[] | null>();

/** The IANA zones the row's number may ring in; undefined when they cannot be told. */
export function zonesOfRow(row: CheckedRow): readonly string[] | undefined {
  let zones = zonesByRow.get(row);
  if (zones === undefined) {
    zones = zonesOfNumber(row.phone.country, nationalNumberOf(row))?.zones ?? null;
    zonesByRow.set(row, zones);
  }
  return zones ?? undefined;
}
