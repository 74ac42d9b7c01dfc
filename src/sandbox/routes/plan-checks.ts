import { ServiceError } from "../errors.js";
import type { RouteContext } from "./context.js";

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/**
 * Plan checks, as the dashboard applies them: 403 with a code naming the limit.
 * The concurrent limit applies to single calls only: a batch is queued by the
 * service and dispatched as capacity frees up, so its size is bounded by the
 * batch limit instead.
 */
export function checkPlan(ctx: RouteContext, newCalls: number, kind: "single" | "batch"): void {
  const { account, options, nowMs } = ctx;
  const open = account.openCallCount(nowMs, options.speed);
  if (kind === "single" && open + newCalls > options.maxConcurrentCalls) {
    throw new ServiceError(
      403,
      "plan_concurrent_limit",
      `The plan allows ${options.maxConcurrentCalls} calls in progress at once; ${open} are in progress and this request adds ${newCalls}. Wait for calls to finish.`,
    );
  }
  const thisMonth = account.callsThisMonth(nowMs);
  if (thisMonth + newCalls > options.monthlyCallLimit) {
    throw new ServiceError(
      403,
      "plan_monthly_limit",
      `The plan allows ${options.monthlyCallLimit} calls per calendar month (UTC); ${thisMonth} were created this month and this request adds ${newCalls}.`,
    );
  }
}

/** The wallet must cover every call of the request before any is created. */
export function checkWallet(ctx: RouteContext, newCalls: number): void {
  const needed = newCalls * ctx.options.costPerCallCents;
  const balance = ctx.account.balanceCents;
  if (balance < needed) {
    throw new ServiceError(
      402,
      "insufficient_funds",
      `The wallet holds ${dollars(balance)} and ${newCalls === 1 ? "this call needs" : `these ${newCalls} calls need`} ${dollars(needed)}. Top up the wallet in the dashboard.`,
    );
  }
}
