/**
 * Drives generated inputs through a connected MCP client in chunks of 50
 * concurrent tool calls (fast-check, a seed per run from test/helpers/fuzz-seed.ts,
 * time-boxed) and checks every answer and every request the fake service saw.
 * Shared by the stdio and the in-process fuzz runs.
 */
import fc from "fast-check";
import { expect } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { FakeUpstream } from "./fake-upstream.js";
import {
  anything,
  callIds,
  checkRequests,
  CALL_ID,
  invalid,
  namesField,
  wellFormed,
  type Input,
  type InvalidInput,
} from "./tool-arbitraries.js";
import { testOutput } from "./test-output.js";

export const CHUNK = 50;

export type Call = (tool: string, args: Record<string, unknown>) => Promise<CallToolResult>;

export interface FuzzCounts {
  /** The run's seed (fuzzSeed()); each phase uses the next one. */
  seed: number;
  /** Invalid inputs per tool. */
  invalidPerTool: number;
  callIds: number;
  anything: number;
  /** fast-check's time box per phase; running out of time is a failure, not a silent skip. */
  timeLimitMs: number;
}

export interface FuzzStats {
  inputs: number;
  byPhase: Record<string, { inputs: number; ms: number; requests: number }>;
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

function describeInput(i: Input): string {
  return `${i.tool} ${JSON.stringify(i.args).slice(0, 300)}`;
}

async function phase(
  stats: FuzzStats,
  name: string,
  total: number,
  timeLimitMs: number,
  seed: number,
  arb: fc.Arbitrary<unknown>,
  upstream: FakeUpstream,
  check: (inputs: never[]) => Promise<void>,
): Promise<void> {
  const t0 = performance.now();
  let ran = 0;
  let requests = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(arb, { minLength: CHUNK, maxLength: CHUNK }), async (inputs) => {
      await check(inputs as never[]);
      ran += inputs.length;
      requests += upstream.requests.length;
    }),
    { seed, numRuns: Math.ceil(total / CHUNK), interruptAfterTimeLimit: timeLimitMs, markInterruptAsFailure: true },
  );
  stats.byPhase[name] = { inputs: ran, ms: Math.round(performance.now() - t0), requests };
  stats.inputs += ran;
}

export async function fuzzTools(call: Call, upstream: FakeUpstream, counts: FuzzCounts): Promise<FuzzStats> {
  const stats: FuzzStats = { inputs: 0, byPhase: {} };

  // 1. Invalid input: isError naming the field, nothing sent.
  let seed = counts.seed;
  for (const [tool, arb] of Object.entries(invalid)) {
    await phase(
      stats,
      `invalid ${tool}`,
      counts.invalidPerTool,
      counts.timeLimitMs,
      seed++,
      arb,
      upstream,
      async (inputs: InvalidInput[]) => {
        upstream.requests.length = 0;
        const results = await Promise.all(inputs.map((i) => call(i.tool, i.args)));
        results.forEach((result, k) => {
          const input = inputs[k]!;
          const text = textOf(result);
          expect(wellFormed(result), describeInput(input)).toBeUndefined();
          expect(result.isError, `accepted: ${describeInput(input)}`).toBe(true);
          expect(
            namesField(text, input.field),
            `does not name ${input.field}: ${text.slice(0, 300)} <- ${describeInput(input)}`,
          ).toBe(true);
        });
        expect(
          upstream.requests.map((r) => `${r.method} ${r.rawUrl}`),
          "invalid input reached the service",
        ).toEqual([]);
      },
    );
  }

  // 2. get_call ids: only an allowlisted id makes a request, and only to /api/v1/calls/{id}.
  await phase(
    stats,
    "get_call ids",
    counts.callIds,
    counts.timeLimitMs,
    seed++,
    callIds,
    upstream,
    async (ids: string[]) => {
      upstream.requests.length = 0;
      const results = await Promise.all(ids.map((id) => call("get_call", { call_id: id })));
      results.forEach((result, k) => {
        const id = ids[k]!;
        expect(wellFormed(result), JSON.stringify(id)).toBeUndefined();
        if (CALL_ID.test(id)) expect(result.isError, `${JSON.stringify(id)}: ${textOf(result)}`).toBeFalsy();
        else {
          expect(result.isError, JSON.stringify(id)).toBe(true);
          expect(namesField(textOf(result), "call_id"), textOf(result)).toBe(true);
        }
      });
      const expected = ids.filter((id) => CALL_ID.test(id)).map((id) => `/api/v1/calls/${id}`);
      expect(upstream.requests.map((r) => r.rawUrl).sort()).toEqual(expected.sort());
    },
  );

  // 3. Anything at all: a well-formed answer, and requests only on the contract's paths.
  await phase(
    stats,
    "anything",
    counts.anything,
    counts.timeLimitMs,
    seed++,
    anything,
    upstream,
    async (inputs: Input[]) => {
      upstream.requests.length = 0;
      const results = await Promise.all(inputs.map((i) => call(i.tool, i.args)));
      results.forEach((result, k) => expect(wellFormed(result), describeInput(inputs[k]!)).toBeUndefined());
      expect(checkRequests(upstream.requests)).toBeUndefined();
    },
  );

  return stats;
}

export function report(label: string, stats: FuzzStats, ms: number): void {
  const lines = Object.entries(stats.byPhase).map(
    ([name, p]) => `  ${name}: ${p.inputs} inputs in ${p.ms} ms, ${p.requests} upstream requests`,
  );
  testOutput(`\n${label}: ${stats.inputs} generated inputs in ${(ms / 1000).toFixed(1)} s\n${lines.join("\n")}\n`);
}
