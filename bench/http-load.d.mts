/** Types of bench/http-load.mjs, for TypeScript callers (tests, `npm run bench`). */
export interface HttpLoadOptions {
  /** The simulated service to load (src/sandbox's startSandbox). */
  startSandbox: typeof import("../src/sandbox/index.js").startSandbox;
  /** Concurrent SDK clients (default 50). */
  clients?: number;
  /** Tool calls in all, shared among the clients (default 5000). */
  calls?: number;
  /** Extra environment for the server, e.g. { OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0" }. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface HttpLoadResult {
  clients: number;
  calls: number;
  errors: number;
  errorSamples: string[];
  durationMs: number;
  callsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  perTool: Record<string, number>;
  /** The server process's resident memory; undefined where /proc is not available. */
  rssKb: { start: number | undefined; afterWarmUp: number | undefined; end: number | undefined; everyTenth: Array<number | undefined> };
  rssGrowthAfterWarmUpKb: number | undefined;
  /** The server's live memory (JS heap + external) after a full collection (bench/heap-probe.mjs, SIGUSR2): what it really keeps. */
  heapAfterGcKb: { start: number | undefined; afterWarmUp: number | undefined; end: number | undefined };
  heapGrowthAfterWarmUpKb: number | undefined;
  node: string;
}

export function runHttpLoad(options: HttpLoadOptions): Promise<HttpLoadResult>;
