/**
 * list_calls for a person who sees only their own calls (OAuth without
 * calls:read_all, src/guards/per-person/access.ts). The service pages over every call
 * of the account: its page numbers, its `has_more` and how full a page of
 * someone's own calls comes back would tell them how many calls everyone else
 * has (with `limit: 1`, page by page). So the pages this person sees are pages
 * of their own calls: the server reads the service's pages from the newest,
 * keeps this person's calls, and answers page `page` of those, with a
 * `next_page` only when another of theirs exists. How much is looked through
 * is bounded (SCAN_MAX_CALLS newest matching calls); the answer then says so.
 */
import type { CallQuery } from "../service/calls.js";
import { fittingPage } from "./fitting-page.js";
import type { CallRecord } from "../service/shapes.js";
import type { ToolContext } from "./define.js";

/** A power of two, so that a page too large can be asked for again in halves that line up with it. */
const SCAN_PAGE = 64;
/** The newest matching calls of the account looked through for one answer. */
export const SCAN_MAX_CALLS = 1024;
const MAX_HALVINGS = 4;

export interface OwnCallsPage {
  calls: CallRecord[];
  nextPage: number | null;
  /** The look through the account's calls stopped at SCAN_MAX_CALLS before it ended. */
  cut: boolean;
}

type Filters = Omit<CallQuery, "page" | "limit">;

export async function ownCallsPage(
  ctx: Pick<ToolContext, "service" | "calls" | "scope">,
  filters: Filters,
  page: number,
  limit: number,
): Promise<OwnCallsPage> {
  const wanted = page * limit + 1;
  const own: CallRecord[] = [];
  let servicePage = 1;
  let size = SCAN_PAGE;
  let halvings = 0;
  let seen = 0;
  let ended = false;
  while (own.length < wanted && seen < SCAN_MAX_CALLS) {
    // A page too large for the answer cap: the same calls in halves, and the pages after it in that size.
    const fitted = await fittingPage(ctx, { ...filters, page: servicePage, limit: size }, MAX_HALVINGS - halvings);
    const { result } = fitted;
    size = fitted.limit;
    halvings += fitted.halved;
    seen += result.calls.length;
    own.push(...(await ctx.calls.filter(result.calls)));
    if (result.paging.nextPage === null || result.calls.length === 0) {
      ended = true;
      break;
    }
    servicePage = result.paging.nextPage;
  }
  const more = own.length > page * limit;
  return { calls: own.slice((page - 1) * limit, page * limit), nextPage: more ? page + 1 : null, cut: !more && !ended };
}
