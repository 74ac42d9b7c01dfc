/**
 * The dialing tools (create_call, submit_batch) against a hostile service.
 * GET /agents answers normally (create_call checks the agent first); the fault
 * is on the POST. Whatever happens after the POST may have been written, the
 * POST is sent exactly once and the model is told the outcome is unknown and
 * not to place the call again (check with list_calls).
 */
import { describe, expect, it } from "vitest";
import { faults, type Fault } from "../helpers/fault-server.js";
import { textOf } from "../helpers/server-process.js";
import { timed } from "../helpers/mcp-logs.js";
import { DEADLINE_MS, MiB, NOISE_MS, useFaultBench } from "../helpers/fault-bench.js";
import { ERAS } from "../helpers/modern-client.js";

// Both revisions: a dial's request, its deadline and its answer travel differently (2026-07-28: no session, the
// revision in every request's _meta, the server made for that era).
const bench = useFaultBench("POST tools fault matrix (deadline 1500 ms)", { eras: true });

interface Tool {
  name: string;
  args: Record<string, unknown>;
  path: string;
  /** A 2xx JSON body of the wrong shape for this tool. */
  wrongShape: unknown;
}

const TOOLS: Tool[] = [
  {
    name: "create_call",
    args: { to: "+14155552671", agent_id: "agt_1", contact_name: "Dana" },
    path: "/api/v1/calls",
    wrongShape: { ok: true },
  },
  {
    name: "submit_batch",
    args: {
      calls: [
        { to: "+14155552671", agent_id: "agt_1" },
        { to: "+442079460958", agent_id: "agt_2" },
      ],
    },
    path: "/api/v1/calls/batch",
    wrongShape: [1, 2],
  },
];

/** What every answer to a POST that may have dialed must say. */
const UNKNOWN = [/outcome is unknown/, /Do not (place it|submit the batch) again/, /list_calls/];

interface Case {
  fault: string;
  make: (tool: Tool) => Fault;
  /** Besides UNKNOWN (unless `known`). */
  text?: RegExp;
  timing: "deadline" | "fast";
  /** The service refused it for sure: not an unknown outcome. */
  known?: boolean;
  check?: () => void;
}

const CASES: Case[] = [
  { fault: "hang", make: () => faults.hang(), text: /did not answer within the 1\.5 s deadline/, timing: "deadline" },
  {
    fault: "slow headers",
    make: () => faults.slowHeaders(100),
    text: /did not answer within the 1\.5 s deadline/,
    timing: "deadline",
  },
  {
    fault: "drip body",
    make: () => faults.dripBody(100),
    text: /did not answer within the 1\.5 s deadline/,
    timing: "deadline",
  },
  {
    fault: "reset before reading",
    make: () => faults.resetBeforeRead(),
    text: /failed while the request was in flight|broke off/,
    timing: "fast",
  },
  {
    fault: "reset after reading",
    make: () => faults.resetAfterRead(),
    text: /failed while the request was in flight/,
    timing: "fast",
  },
  {
    fault: "huge body (64 MiB)",
    make: () => faults.huge(64 * MiB, { status: 201 }),
    text: /larger than the 1 MiB limit/,
    timing: "fast",
    check: () => expect(bench.upstream.bytesWritten).toBeLessThan(16 * MiB),
  },
  {
    fault: "302 to another server",
    make: (t) => faults.redirect(`${bench.elsewhere.url}${t.path}`, 302),
    text: /redirect \(HTTP 302\), which is never followed/,
    timing: "fast",
    check: () => expect(bench.elsewhere.requests, "the redirect target was reached").toHaveLength(0),
  },
  {
    fault: "307 to another server",
    make: (t) => faults.redirect(`${bench.elsewhere.url}${t.path}`, 307),
    text: /redirect \(HTTP 307\)/,
    timing: "fast",
    check: () => expect(bench.elsewhere.requests, "the redirect target was reached").toHaveLength(0),
  },
  {
    fault: "429 Retry-After: 120",
    make: () => faults.answer(429, { error: "slow down" }, { "retry-after": "120" }),
    text: /Rate limited by the service; retry in 120 s/,
    timing: "fast",
    known: true,
  },
  {
    fault: "429 Retry-After: 1 (fits the deadline)",
    make: () => faults.answer(429, { error: "slow down" }, { "retry-after": "1" }),
    text: /Rate limited by the service; retry in 1 s/,
    timing: "fast",
    known: true,
  },
  {
    fault: "503",
    make: () => faults.answer(503, { error: { message: "overloaded" } }),
    text: /failed after receiving the request \(HTTP 503\)/,
    timing: "fast",
  },
  {
    fault: "500 Retry-After: 1",
    make: () => faults.answer(500, "oops", { "retry-after": "1" }),
    text: /HTTP 500/,
    timing: "fast",
  },
  {
    fault: "2xx HTML",
    make: () => faults.answer(201, "<html>Created</html>", { "content-type": "text/html" }),
    text: /not JSON \(HTTP 201, text\/html\)/,
    timing: "fast",
  },
  { fault: "2xx empty", make: () => faults.answer(201, ""), text: /an empty answer \(HTTP 201\)/, timing: "fast" },
  {
    fault: "truncated JSON (body breaks off)",
    make: () => faults.truncatedJson(),
    text: /broke off before its end/,
    timing: "fast",
  },
  { fault: "truncated JSON (complete answer)", make: () => faults.partialJson(), text: /not JSON/, timing: "fast" },
  {
    fault: "2xx JSON of the wrong shape",
    make: (t) => faults.answer(201, t.wrongShape as object),
    text: /could not be read/,
    timing: "fast",
  },
  {
    fault: "2xx JSON with fields of the wrong type",
    // A batch's rows with a number and a status that are not text (the service's own `sandbox` field no longer
    // counts: it never takes the name of the answer's own field).
    make: () =>
      faults.answer(201, {
        data: { id: "call_1", batch_id: "b1", status: 5, calls: [{ id: "c1", to: 5, status: 7 }], sandbox: "yes" },
      }),
    text: /could not be read|do not match/,
    timing: "fast",
  },
  { fault: "not HTTP at all", make: () => faults.garbage(), text: /not valid HTTP/, timing: "fast" },
];

describe.each(ERAS.flatMap((era) => TOOLS.map((tool) => ({ era, tool, name: `${tool.name}, protocol ${era}` }))))(
  "$name",
  ({ era, tool }) => {
    it.each(CASES)("$fault", async (c) => {
      const server = bench.client(era);
      bench.upstream.inject({ method: "POST", path: tool.path }, c.make(tool));
      const { value: result, ms, lagMs } = await timed(() => server.call(tool.name, tool.args));
      const posts = bench.upstream.requests.filter((r) => r.method === "POST");
      bench.matrix.add(
        {
          tool: `${tool.name} (${era})`,
          fault: c.fault,
          ms,
          deadlineMs: DEADLINE_MS,
          requests: posts.length,
          extra: [
            bench.upstream.bytesWritten ? `${(bench.upstream.bytesWritten / MiB).toFixed(1)} MiB of 64 sent` : "",
            c.fault.includes("another server") ? `redirect target reached ${bench.elsewhere.requests.length}x` : "",
          ]
            .filter(Boolean)
            .join("; "),
        },
        result,
      );

      const text = textOf(result);
      expect(result.isError, text).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      // Never dial twice: one POST, whatever happened to it.
      expect(posts).toHaveLength(1);
      expect(posts[0]!.path).toBe(tool.path);
      if (c.text) expect(text).toMatch(c.text);
      for (const words of UNKNOWN) {
        if (c.known) expect(text).not.toMatch(words);
        else expect(text).toMatch(words);
      }
      expect(text.length).toBeLessThan(800);
      if (c.timing === "deadline") {
        expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
        expect(ms - lagMs).toBeLessThan(DEADLINE_MS + NOISE_MS);
      } else {
        expect(ms - lagMs).toBeLessThan(DEADLINE_MS);
      }
      c.check?.();

      // The server keeps serving: the same tool places a call normally at once.
      bench.upstream.reset();
      const next = await server.call(tool.name, tool.args);
      expect(next.isError, textOf(next)).toBeFalsy();
      expect(bench.upstream.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    });
  },
);

describe("a 4xx refusal of a POST", () => {
  it("is reported as a refusal (nothing was placed), not as an unknown outcome, and not retried", async () => {
    bench.upstream.inject(
      { method: "POST", path: "/api/v1/calls" },
      faults.answer(422, { error: { message: "number is on the do-not-call list", field: "to" } }),
    );
    const result = await bench.server.call("create_call", { to: "+14155552671", agent_id: "agt_1" });
    expect(textOf(result)).toMatch(
      /refused the request as invalid \(HTTP 422, field to\)\. The service said: number is on the do-not-call list\./,
    );
    expect(textOf(result)).not.toMatch(/unknown/);
    expect(bench.upstream.count({ method: "POST" })).toBe(1);
  });
});
