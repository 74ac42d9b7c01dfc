/**
 * The reading tools (list_agents, list_calls, get_call) against a hostile
 * service: for every fault, the answer, the time it took against the configured
 * deadline, the number of requests made, and that the next call is served.
 */
import { describe, expect, it } from "vitest";
import { faults, type Fault } from "../helpers/fault-server.js";
import { textOf } from "../helpers/server-process.js";
import { timed } from "../helpers/mcp-logs.js";
import { DEADLINE_MS, MiB, NOISE_MS, useFaultBench } from "../helpers/fault-bench.js";

/** Machine lag (helpers/machine-lag.ts) past which the retries' count may be cut by the deadline. */
const RETRY_LAG_MS = 200;

const bench = useFaultBench("GET tools fault matrix (deadline 1500 ms)");

interface Tool {
  name: string;
  args: Record<string, unknown>;
  path: string;
  /** A 200 JSON body of the wrong shape for this tool. */
  wrongShape: unknown;
}

const TOOLS: Tool[] = [
  { name: "list_agents", args: {}, path: "/api/v1/agents", wrongShape: { data: [{ name: "no id" }] } },
  { name: "list_calls", args: { status: "completed" }, path: "/api/v1/calls", wrongShape: { data: "not a list" } },
  { name: "get_call", args: { call_id: "call_1" }, path: "/api/v1/calls/call_1", wrongShape: [1, 2, 3] },
];

type Timing = "deadline" | "fast";

interface Case {
  fault: string;
  make: (tool: Tool) => Fault;
  text: RegExp;
  requests: number | ((tool: Tool) => number);
  timing: Timing;
  check?: (requests: number) => void;
}

const CASES: Case[] = [
  {
    fault: "hang",
    make: () => faults.hang(),
    text: /did not answer within the 1\.5 s deadline/,
    requests: 1,
    timing: "deadline",
  },
  {
    fault: "slow headers",
    make: () => faults.slowHeaders(100),
    text: /did not answer within the 1\.5 s deadline/,
    requests: 1,
    timing: "deadline",
  },
  {
    fault: "drip body",
    make: () => faults.dripBody(100),
    text: /did not answer within the 1\.5 s deadline/,
    requests: 1,
    timing: "deadline",
  },
  {
    fault: "reset before reading",
    make: () => faults.resetBeforeRead(),
    text: /connection to the calling service failed while the request was in flight \((ECONNRESET|UND_ERR_SOCKET)\)/,
    requests: 3,
    timing: "fast",
  },
  {
    fault: "reset after reading",
    make: () => faults.resetAfterRead(),
    text: /connection to the calling service failed while the request was in flight/,
    requests: 3,
    timing: "fast",
  },
  {
    fault: "huge body (64 MiB, chunked)",
    make: () => faults.huge(64 * MiB),
    text: /larger than the 1 MiB limit .*cut off/,
    // list_calls asks again for half as many calls, three times (20, 10, 5, 3): a page of transcripts may fit.
    requests: (t) => (t.name === "list_calls" ? 4 : 1),
    timing: "fast",
    // Cut off, not read to the end: the kernel buffers a few MiB at most per request.
    check: (requests) => expect(bench.upstream.bytesWritten / requests).toBeLessThan(16 * MiB),
  },
  {
    fault: "huge body (64 MiB, content-length)",
    make: () => faults.huge(64 * MiB, { contentLength: true }),
    text: /larger than the 1 MiB limit .*cut off/,
    requests: (t) => (t.name === "list_calls" ? 4 : 1),
    timing: "fast",
    check: (requests) => expect(bench.upstream.bytesWritten / requests).toBeLessThan(16 * MiB),
  },
  {
    fault: "302 to another server",
    make: (t) => faults.redirect(`${bench.elsewhere.url}${t.path}`, 302),
    text: /redirect \(HTTP 302\); redirects are never followed/,
    requests: 1,
    timing: "fast",
    check: () => expect(bench.elsewhere.requests, "the redirect target was reached").toHaveLength(0),
  },
  {
    fault: "307 to another server",
    make: (t) => faults.redirect(`${bench.elsewhere.url}${t.path}`, 307),
    text: /redirect \(HTTP 307\)/,
    requests: 1,
    timing: "fast",
    check: () => expect(bench.elsewhere.requests, "the redirect target was reached").toHaveLength(0),
  },
  {
    fault: "429 Retry-After: 120",
    make: () => faults.answer(429, { error: "slow down" }, { "retry-after": "120" }),
    text: /Rate limited by the service; retry in 120 s/,
    requests: 1,
    timing: "fast",
  },
  {
    fault: "503 (every attempt)",
    make: () => faults.answer(503, { error: { message: "upstream overloaded" } }),
    text: /failed \(HTTP 503\)\. The service said: upstream overloaded\. It is a fault of the service/,
    requests: 3,
    timing: "fast",
  },
  {
    fault: "500 Retry-After: 120",
    make: () => faults.answer(500, "boom", { "retry-after": "120" }),
    text: /failed \(HTTP 500\).*retry in 120 s/,
    requests: 1,
    timing: "fast",
  },
  {
    fault: "200 HTML",
    make: () => faults.answer(200, "<html><body>Login</body></html>", { "content-type": "text/html; charset=utf-8" }),
    text: /not JSON \(HTTP 200, text\/html\); that is a fault of the service/,
    requests: 1,
    timing: "fast",
  },
  {
    fault: "200 empty",
    make: () => faults.answer(200, ""),
    text: /an empty answer \(HTTP 200\)/,
    requests: 1,
    timing: "fast",
  },
  {
    fault: "204 no content",
    make: () => faults.answer(204, ""),
    text: /an empty answer \(HTTP 204\)/,
    requests: 1,
    timing: "fast",
  },
  {
    fault: "truncated JSON (body breaks off)",
    make: () => faults.truncatedJson(),
    text: /answer \(HTTP 200\) broke off before its end \(UND_ERR_SOCKET\)/,
    requests: 3,
    timing: "fast",
  },
  {
    fault: "truncated JSON (complete answer)",
    make: () => faults.partialJson(),
    text: /not JSON \(HTTP 200, application\/json\)/,
    requests: 1,
    timing: "fast",
  },
  {
    fault: "JSON of the wrong shape",
    make: (t) => faults.answer(200, t.wrongShape as object),
    text: /could not be read|without an id|not a JSON object/,
    requests: 1,
    timing: "fast",
  },
  { fault: "not HTTP at all", make: () => faults.garbage(), text: /not valid HTTP/, requests: 3, timing: "fast" },
];

describe.each(TOOLS)("$name", (tool) => {
  it.each(CASES)("$fault", async (c) => {
    bench.upstream.inject({ method: "GET", path: tool.path }, c.make(tool));
    const { value: result, ms, lagMs } = await timed(() => bench.server.call(tool.name, tool.args));
    const requests = bench.upstream.count({ method: "GET", path: tool.path });
    const extra = [
      bench.upstream.bytesWritten ? `${(bench.upstream.bytesWritten / MiB).toFixed(1)} MiB of 64 sent` : "",
      c.fault.includes("another server") ? `redirect target reached ${bench.elsewhere.requests.length}x` : "",
    ]
      .filter(Boolean)
      .join("; ");
    bench.matrix.add(
      {
        tool: tool.name,
        fault: c.fault,
        ms,
        deadlineMs: DEADLINE_MS,
        requests,
        connections: bench.upstream.connections,
        extra,
      },
      result,
    );

    expect(result.isError, textOf(result)).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(c.text);
    expect(textOf(result).length).toBeLessThan(600);
    const expected = typeof c.requests === "number" ? c.requests : c.requests(tool);
    if (expected > 1 && lagMs > RETRY_LAG_MS) {
      // The retries share the 1.5 s deadline with their backoff; when the machine held the processes back for a
      // good part of it, the last retry may not fit and is rightly not made (the deadline wins). Still: retried,
      // and never more than the bound.
      expect(requests).toBeGreaterThanOrEqual(2);
      expect(requests).toBeLessThanOrEqual(expected);
    } else {
      expect(requests).toBe(expected);
    }
    if (c.timing === "deadline") {
      // Ended by the deadline: not before it, and not long after it.
      expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
      expect(ms - lagMs).toBeLessThan(DEADLINE_MS + NOISE_MS);
    } else {
      expect(ms - lagMs).toBeLessThan(DEADLINE_MS);
    }
    c.check?.(requests);

    // The server keeps serving: the same tool answers normally at once.
    bench.upstream.reset();
    const next = await bench.server.call(tool.name, tool.args);
    expect(next.isError, textOf(next)).toBeFalsy();
  });
});

describe("retries of a GET", () => {
  it("honours a Retry-After that fits the deadline, then succeeds", async () => {
    bench.upstream.inject(
      { method: "GET", path: "/api/v1/agents" },
      faults.sequence(
        faults.answer(429, { error: "slow down" }, { "retry-after": "1" }),
        faults.answer(200, { data: [{ id: "agt_1" }] }),
      ),
    );
    const { value: result, ms, lagMs } = await timed(() => bench.server.call("list_agents"));
    expect(result.isError, textOf(result)).toBeFalsy();
    const attempts = bench.upstream.requests.filter((r) => r.path === "/api/v1/agents");
    expect(attempts).toHaveLength(2);
    // The second attempt waited the full second the service asked for.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(990);
    expect(ms - lagMs).toBeLessThan(DEADLINE_MS + NOISE_MS);
  });

  it("reports a Retry-After that does not fit instead of sleeping through it", async () => {
    // 2 s > what is left of a 1.5 s deadline.
    bench.upstream.inject({ method: "GET", path: "/api/v1/calls" }, faults.answer(429, "", { "retry-after": "2" }));
    const { value: result, ms, lagMs } = await timed(() => bench.server.call("list_calls"));
    expect(textOf(result)).toMatch(/retry in 2 s/);
    expect(bench.upstream.count({ path: "/api/v1/calls" })).toBe(1);
    // Answered before the deadline it would have slept past.
    expect(ms - lagMs).toBeLessThan(DEADLINE_MS);
  });

  it("reads Retry-After given as an HTTP date", async () => {
    const at = new Date(Date.now() + 90_000).toUTCString();
    bench.upstream.inject({ method: "GET", path: "/api/v1/calls" }, faults.answer(429, "", { "retry-after": at }));
    const result = await bench.server.call("list_calls");
    expect(textOf(result)).toMatch(/retry in (8[89]|9[01]) s/);
  });

  it("retries a 5xx at most twice, with growing jittered waits, and succeeds on the third attempt", async () => {
    bench.upstream.inject(
      { method: "GET", path: "/api/v1/calls/call_9" },
      faults.sequence(
        faults.answer(502, "bad gateway"),
        faults.answer(500, "oops"),
        faults.answer(200, { id: "call_9", status: "completed" }),
      ),
    );
    const result = await bench.server.call("get_call", { call_id: "call_9" });
    expect(result.isError, textOf(result)).toBeFalsy();
    const at = bench.upstream.requests.map((r) => r.at);
    expect(at).toHaveLength(3);
    // Backoff 250 ms then 500 ms, each with equal jitter: [125, 250] and [250, 500] (+ noise).
    const first = at[1]! - at[0]!;
    const second = at[2]! - at[1]!;
    expect(first).toBeGreaterThanOrEqual(120);
    expect(first).toBeLessThan(250 + 400);
    expect(second).toBeGreaterThanOrEqual(245);
    expect(second).toBeLessThan(500 + 400);
  });

  it("does not retry a 4xx", async () => {
    bench.upstream.inject({ method: "GET", path: "/api/v1/calls/call_x" }, faults.answer(404, { error: "nope" }));
    const result = await bench.server.call("get_call", { call_id: "call_x" });
    expect(textOf(result)).toMatch(/Not found \(HTTP 404\): call call_x/);
    expect(bench.upstream.requests).toHaveLength(1);
  });
});

describe("fields of unexpected types", () => {
  it("a list whose paging total is not a whole number is an upstream fault with a short message", async () => {
    bench.upstream.inject(
      { method: "GET", path: "/api/v1/calls" },
      faults.answer(200, { data: [{ id: "c1", status: "completed" }], total: 1.5 }),
    );
    const result = await bench.server.call("list_calls");
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^The calling service sent an answer whose fields have unexpected types; that is a fault of the service/,
    );
    expect(textOf(result)).not.toMatch(/MCP error|validation/i);
  });
});
