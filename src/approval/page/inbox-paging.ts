/**
 * The inbox's paging in its URL: `/approvals?order=oldest&after=<ms>.<id>`.
 * A fixed page size; the cursor is the last approval of the page before (by
 * creation time, then id), so approvals added while an approver pages do not
 * shift the pages: newest first, they appear on the first page; oldest first,
 * on the last. Anything else in the query is read as the first page, newest first.
 */
import type { InboxCursor, InboxQuery } from "../../state/store.js";

/** Approvals per page: a page's cost in the store and in HTML is bounded, at any backlog. */
export const INBOX_PAGE_SIZE = 50;

const AFTER = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;

export function inboxQuery(url: URL): InboxQuery {
  const order = url.searchParams.get("order") === "oldest" ? "oldest" : "newest";
  const after = AFTER.exec(url.searchParams.get("after") ?? "");
  return { order, size: INBOX_PAGE_SIZE, ...(after ? { after: { createdAt: Number(after[1]), id: after[2]! } } : {}) };
}

/** The link to a page of the inbox. */
export function inboxHref(order: InboxQuery["order"], after?: InboxCursor): string {
  const params = new URLSearchParams();
  if (order === "oldest") params.set("order", "oldest");
  if (after) params.set("after", `${after.createdAt}.${after.id}`);
  const query = params.toString();
  return `/approvals${query ? `?${query}` : ""}`;
}
