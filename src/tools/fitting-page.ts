/**
 * One page of the service's call list that fits the answer cap
 * (OUTBOUND_CALLS_MAX_RESPONSE_BYTES): transcripts can make a page larger than
 * the cap, so it is asked for again with half the limit, as the first of two
 * halves (the same first call), at most `maxHalvings` times. Says with which
 * page and limit it was finally asked, for the next page to line up.
 */
import type { CallPage, CallQuery } from "../service/calls.js";
import { ResponseTooLargeError } from "../service/transport/failures.js";
import type { ToolContext } from "./define.js";

export interface FittingPage {
  result: CallPage;
  page: number | undefined;
  limit: number;
  halved: number;
}

export async function fittingPage(
  ctx: Pick<ToolContext, "service" | "scope">,
  query: CallQuery,
  maxHalvings: number,
): Promise<FittingPage> {
  let { page, limit } = query;
  let halved = 0;
  for (;;) {
    try {
      return {
        result: await ctx.service.calls.list({ ...query, page, limit }, ctx.scope.deadline),
        page,
        limit,
        halved,
      };
    } catch (error) {
      if (!(error instanceof ResponseTooLargeError) || limit === 1 || halved >= maxHalvings) throw error;
      limit = Math.ceil(limit / 2);
      page = page === undefined ? undefined : (page - 1) * 2 + 1;
      halved += 1;
    }
  }
}
