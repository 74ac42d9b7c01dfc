/**
 * The variables only tests and dry runs set, never an operator: they are left out of `--help` and the operator's
 * table, and honoured only with a loopback base URL (a local stand-in service) or `--sandbox`, so neither can move
 * a guard's clock or hand a live dial to a second replica early with a real service.
 */
import { optional } from "./parsers.js";
import { declareVariables } from "./variables.js";

export const testVariables = declareVariables({
  OUTBOUND_CALLS_TEST_NOW: {
    group: "safety",
    audience: "test",
    example: "2026-11-21T15:00:00Z",
    summary: "a clock for tests and dry runs: the guards' clock starts at this UTC time; only with a loopback base URL",
    description:
      "A clock for tests and dry runs: the guards' clock starts at this UTC time and runs on, so the law of the place called can be tried at any hour ([safety](safety.md#a-clock-for-tests-and-dry-runs--outbound_calls_test_now)); accepted only with a loopback base URL or `--sandbox`.",
    parse: optional((raw, fail) => {
      const text = raw.trim();
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(text) || Number.isNaN(Date.parse(text))) {
        return fail("OUTBOUND_CALLS_TEST_NOW (tests only) must be a UTC date-time such as 2026-11-21T15:00:00Z");
      }
      return Date.parse(text);
    }),
  },
  OUTBOUND_CALLS_TEST_LEASE_MS: {
    group: "safety",
    audience: "test",
    unset: "60000",
    summary: "tests only: the lease of a dial claim in ms; only with a loopback base URL",
    description:
      "Tests only: the lease of an unsettled dial claim, 100–60000 ms (see [a replica that dies](replicas.md#a-replica-that-dies-between-claiming-and-sending)); accepted only with a loopback base URL or `--sandbox`.",
    parse: optional((raw, fail) => {
      const text = raw.trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < 100 || n > 60_000) {
        return fail(
          "OUTBOUND_CALLS_TEST_LEASE_MS (tests only) must be a whole number of milliseconds from 100 to 60000",
        );
      }
      return n;
    }),
  },
});

/** The refusal when a test hook is set with a real service; undefined when none is, or the service is local. */
export function testHookRefusal(
  env: { [K in keyof typeof testVariables]: unknown },
  baseUrlIsLoopback: boolean,
): string | undefined {
  if (baseUrlIsLoopback) return undefined;
  const name = (Object.keys(testVariables) as (keyof typeof testVariables)[]).find((n) => env[n] !== undefined);
  return name === undefined
    ? undefined
    : `${name} is for tests only and is honoured only with a loopback OUTBOUND_CALLS_BASE_URL (a local stand-in service) or --sandbox; unset it`;
}
