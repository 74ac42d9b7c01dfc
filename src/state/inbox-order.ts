/**
 * The inbox's order, one definition for the memory store (the Redis store's
 * script keeps the same: approval-scripts.ts): by creation time, then by id
 * (as bytes, as Redis orders members of one score). A cursor is the last
 * approval a page listed, so a page starts strictly after it: approvals added
 * meanwhile never shift a page (as an offset would) and none is listed twice.
 */
import type { InboxCursor, InboxQuery } from "./store.js";

/** Ascending: older first; ties by id. */
export function compareCreation(a: InboxCursor, b: InboxCursor): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Does `entry` come after the query's cursor in the query's order? */
export function afterCursor(entry: InboxCursor, query: Pick<InboxQuery, "order" | "after">): boolean {
  if (!query.after) return true;
  const c = compareCreation(entry, query.after);
  return query.order === "newest" ? c < 0 : c > 0;
}
