/**
 * The identity of a dial: its tool and normalized rows (a batch's rows in any
 * order). Two requests with the same key are the same request: a repeat within
 * the dedupe window replays the first answer, and an approval or token is valid
 * for exactly one key.
 */
import { createHash } from "node:crypto";
import type { NormalizedCall } from "../../validation/call-row.js";

/** A stable text for a value: object keys sorted at every depth. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function dialKey(tool: string, rows: readonly NormalizedCall[], repeatDial = false): string {
  const parts = rows.map(canonicalJson);
  if (rows.length > 1) parts.sort();
  // A request that says a second call is meant is another request than the same one without it.
  return createHash("sha256")
    .update(`${tool}${repeatDial ? "+repeat" : ""}\n${parts.join("\n")}`)
    .digest("hex");
}
