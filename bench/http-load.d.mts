/** Types of bench/http-load.mjs, for TypeScript callers (tests, `npm run bench`). */
import type { RedisDelta } from "./lib/redis.mjs";

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
  rssKb: {
    start: number | undefined;
    afterWarmUp: number | undefined;
    end: number | undefined;
    everyTenth: Array<number | undefined>;
  };
  rssGrowthAfterWarmUpKb: number | undefined;
  /** The server's live memory (JS heap + external) after a full collection (bench/heap-probe.mjs, SIGUSR2): what it really keeps. */
  heapAfterGcKb: { start: number | undefined; afterWarmUp: number | undefined; end: number | undefined };
  heapGrowthAfterWarmUpKb: number | undefined;
  node: string;
}

export function runHttpLoad(options: HttpLoadOptions): Promise<HttpLoadResult>;

export interface ReplicaLoadOptions {
  startSandbox: typeof import("../src/sandbox/index.js").startSandbox;
  /** Replica processes behind the round-robin balancer (default 3). */
  replicas?: number;
  clients?: number;
  calls?: number;
  /** Sequential create_call after the load, one client (default 300). */
  probeDials?: number;
  /** Each mode runs this often, alternating which goes first (default 2); latencies are pooled. */
  rounds?: number;
  log?: (line: string) => void;
}

export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface ReplicaRun {
  errors: number;
  errorSamples: string[];
  durationMs: number;
  callsPerSecond: number;
  /** Each round's throughput. */
  roundsCallsPerSecond: number[];
  latencyMs: Latency;
  perTool: Record<string, Latency & { count: number }>;
  /** The sequential dials. */
  probe: Latency & { count: number };
  /** Requests the balancer sent to each replica during the run. */
  requestsPerReplica: number[];
  /** Redis: commands (and their server time), memory and keys added during the run. */
  redisDelta?: RedisDelta & { held: { keys: number; bytes: number } };
}

export type ReplicaLoadResult =
  | { skipped: string }
  | {
      replicas: number;
      clients: number;
      calls: number;
      probeDials: number;
      rounds: number;
      memory: ReplicaRun;
      redis: ReplicaRun;
      /** Redis minus in-process state, ms: sequential dials (median, p99) and create_call under load (p50, p99). */
      addedPerDialMs: { sequentialMedian: number; sequentialP99: number; underLoadP50: number; underLoadP99: number };
      /**
       * Per dial tool call (create_call, submit_batch, the sequential dials): scripts (round trips), commands (those
       * the scripts run included), Redis time. Per dialed row: bytes of the keys held at the end (MEMORY USAGE) and
       * growth of used_memory. `keys`: keys held at the end (the load reuses 100 numbers).
       */
      redisPerDial: {
        dials: number;
        rows: number;
        scripts: number;
        /** Batches of commands the replicas wrote (Redis' read events): under load one carries several dials'. */
        batches: number;
        commands: number;
        serverUs: number;
        keys: number;
        keyBytesPerRow: number;
        usedMemoryPerRow: number;
        byCommand: Record<string, number>;
      };
      /** Throughput with Redis over throughput in process memory. */
      throughputRatio: number;
      /** One replica with its state in memory, behind the same balancer, the same clients and load. */
      single: ReplicaRun;
      /** The replicas on Redis over the one replica in memory: throughput, and create_call's p50 under load. */
      overSingle: { throughput: number; createCallP50: number };
      node: string;
    };

export function runReplicaLoad(options: ReplicaLoadOptions): Promise<ReplicaLoadResult>;
