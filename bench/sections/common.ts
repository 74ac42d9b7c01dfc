/** What every section gets: the two servers to compare, their environment, the upstream and the counts. */
import type { Sandbox } from "../../src/sandbox/index.js";

export interface Counts {
  coldRuns: number;
  roundTripCalls: number;
  roundTripWarmup: number;
  batchSizes: number[];
  batchValidationReps: number;
  /** Rows validated per size at least (reps = max(batchValidationReps, this / size)). */
  batchValidationRows: number;
  batchToolCallReps: number;
  answerRecords: number;
  /** Concurrent clients and tool calls of the Streamable HTTP load section. */
  httpClients: number;
  httpCalls: number;
  /** Sequential dials per mode of the replica run (Redis vs in-process state). */
  replicaProbeDials: number;
  /** Rounds of each mode (alternating which goes first). */
  replicaRounds: number;
  /** Batch sizes of the law section, and timed calls per case (one at 100,000 rows). */
  lawSizes: number[];
  lawReps: number;
  /** Sessions polling get_call once a second, and for how many seconds. */
  pollSessions: number;
  pollSeconds: number;
  /** Reads of each call of the opt-out evaluation set (its fastest is kept). */
  readerReps: number;
  /** create_call on Redis against memory: clients dialing at once, dials per round, rounds of each mode. */
  dialClients: number;
  dialsPerRound: number;
  dialRounds: number;
  /** Dials of each pass of the one-at-a-time probe on Redis (fresh numbers, then the same numbers again). */
  dialProbe: number;
  /** Calls of each server before their memory is read. */
  memoryCalls: number;
}

export const FULL: Counts = {
  coldRuns: 15,
  roundTripCalls: 3_000,
  roundTripWarmup: 300,
  batchSizes: [100, 1_000, 10_000, 100_000],
  batchValidationReps: 5,
  batchValidationRows: 200_000,
  batchToolCallReps: 3,
  answerRecords: 50,
  httpClients: 50,
  httpCalls: 5_000,
  replicaProbeDials: 300,
  replicaRounds: 2,
  lawSizes: [10_000, 100_000],
  lawReps: 3,
  pollSessions: 100,
  pollSeconds: 30,
  readerReps: 7,
  dialClients: 8,
  dialsPerRound: 800,
  dialRounds: 4,
  dialProbe: 100,
  memoryCalls: 10_000,
};

export const QUICK: Counts = {
  coldRuns: 3,
  roundTripCalls: 200,
  roundTripWarmup: 30,
  batchSizes: [100, 1_000, 10_000],
  batchValidationReps: 2,
  batchValidationRows: 10_000,
  batchToolCallReps: 1,
  answerRecords: 50,
  httpClients: 5,
  httpCalls: 100,
  replicaProbeDials: 20,
  replicaRounds: 1,
  lawSizes: [1_000],
  lawReps: 1,
  pollSessions: 10,
  pollSeconds: 3,
  readerReps: 2,
  dialClients: 8,
  dialsPerRound: 40,
  dialRounds: 2,
  dialProbe: 20,
  memoryCalls: 300,
};

export interface BenchContext {
  /** The built server: dist/index.js, the package's bin. */
  realEntry: string;
  /** The floor: dist-bench/minimal-server.js. */
  minimalEntry: string;
  sandbox: Sandbox;
  counts: Counts;
  /** Environment of a server process that talks to the sandbox with `key`. */
  env(key: string, extra?: Record<string, string>): Record<string, string>;
  log(line: string): void;
}

/** Sandbox HTTP, straight from the bench process (creating records, reading raw answers). */
export async function upstream(
  ctx: BenchContext,
  key: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string; json: unknown }> {
  const send = () =>
    fetch(`${ctx.sandbox.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let res: Response;
  try {
    res = await send();
  } catch {
    // A kept-alive socket the sandbox closed while this process was busy timing validation: once more, on a new one.
    res = await send();
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, text, json };
}

/** The first agent id of the sandbox account of `key`. */
export async function firstAgent(ctx: BenchContext, key: string): Promise<string> {
  const { json } = await upstream(ctx, key, "GET", "/agents");
  const list = (json as { data?: { id: string }[] }).data ?? (json as { id: string }[]);
  const id = list[0]?.id;
  if (!id) throw new Error("the sandbox account has no agent");
  return id;
}
