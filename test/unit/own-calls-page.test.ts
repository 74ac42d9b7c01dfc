/**
 * The pages of one person's own calls (src/tools/own-calls-page.ts) over an
 * account's list: the same calls whatever the service's page size, a page too
 * large asked for again in halves that line up, and a bounded look through the
 * account that says when it stopped. (End to end, with OAuth and a paging
 * service: test/e2e/http-oauth-calls.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { ownCallsPage, SCAN_MAX_CALLS } from "../../src/tools/own-calls-page.js";
import { ResponseTooLargeError } from "../../src/service/transport/failures.js";
import type { CallRecord } from "../../src/service/shapes.js";
import type { CallQuery } from "../../src/service/calls.js";

/** An account of `count` calls, newest first; every `every`-th is the person's. */
function account(count: number, every: number, tooLargeAbove = Infinity) {
  const calls = Array.from({ length: count }, (_, i) => ({ id: `call_${i}`, mine: i % every === 0 }));
  const asked: CallQuery[] = [];
  const ctx = {
    scope: { deadline: undefined },
    calls: { filter: async (list: CallRecord[]) => list.filter((c) => calls[Number(String(c.id).slice(5))]!.mine) },
    service: {
      calls: {
        list: async (query: CallQuery) => {
          asked.push(query);
          // Too large from the second page on (the first page's calls had no transcripts).
          if (query.limit > tooLargeAbove && (query.page ?? 1) > 1) throw new ResponseTooLargeError("too large");
          const page = query.page ?? 1;
          const slice = calls
            .slice((page - 1) * query.limit, page * query.limit)
            .map((c) => ({ id: c.id }) as CallRecord);
          return {
            calls: slice,
            paging: { page, limit: query.limit, nextPage: page * query.limit < calls.length ? page + 1 : null },
            overLimit: 0,
          };
        },
      },
    },
  } as unknown as Parameters<typeof ownCallsPage>[0];
  return { ctx, asked, mine: calls.filter((c) => c.mine).map((c) => c.id) };
}

describe("pages of one's own calls", () => {
  it("page by page, exactly the person's calls in order, and next_page only while another of theirs exists", async () => {
    const { ctx, mine } = account(300, 7);
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const got = await ownCallsPage(ctx, {}, page, 5);
      seen.push(...got.calls.map((c) => String(c.id)));
      if (got.nextPage === null) break;
      expect(got.nextPage).toBe(page + 1);
      expect(got.calls).toHaveLength(5);
    }
    expect(seen).toEqual(mine);
  });

  it("a service page too large for the answer cap is asked for again in halves that cover the same calls", async () => {
    const { ctx, asked, mine } = account(300, 3, 32);
    const got = await ownCallsPage(ctx, {}, 1, 90);
    expect(got.calls.map((c) => String(c.id))).toEqual(mine.slice(0, 90));
    // Page 2 of 64 (calls 64-127) is too large: pages 3 and 4 of 32 are the same calls.
    expect(asked.slice(0, 4).map((q) => [q.limit, q.page])).toEqual([
      [64, 1],
      [64, 2],
      [32, 3],
      [32, 4],
    ]);
  });

  it("stops after the newest SCAN_MAX_CALLS calls and says so, instead of reading the whole account", async () => {
    const { ctx, asked } = account(SCAN_MAX_CALLS * 3, 10_000);
    const got = await ownCallsPage(ctx, {}, 2, 20);
    expect(got).toMatchObject({ calls: [], nextPage: null, cut: true });
    expect(asked.reduce((n, q) => n + q.limit, 0)).toBe(SCAN_MAX_CALLS);
    const whole = await ownCallsPage(account(100, 10_000).ctx, {}, 1, 20);
    expect(whole.cut).toBe(false);
  });
});
