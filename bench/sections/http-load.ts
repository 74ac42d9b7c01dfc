/**
 * Streamable HTTP under load (issue 8): the server in `--http` mode, many
 * concurrent SDK clients, tool calls in all; throughput, latency percentiles,
 * errors and memory. Then (issue 16) the same mix over 3 replicas behind a
 * round-robin balancer, with in-process state and with Redis, in the same run:
 * what sharing the guards' state costs per dial. From bench/http-load.mjs (also
 * `npm run bench:http`).
 */
import { runHttpLoad, runReplicaLoad, type HttpLoadResult, type ReplicaLoadResult } from "../http-load.mjs";
import { startSandbox } from "../../src/sandbox/index.js";
import type { BenchContext } from "./common.js";

export type HttpLoadSection = HttpLoadResult & { replicas: ReplicaLoadResult };

export async function httpLoad(ctx: BenchContext): Promise<HttpLoadSection> {
  const single = await runHttpLoad({
    startSandbox,
    clients: ctx.counts.httpClients,
    calls: ctx.counts.httpCalls,
    log: ctx.log,
  });
  const replicas = await runReplicaLoad({
    startSandbox,
    replicas: 3,
    clients: ctx.counts.httpClients,
    calls: ctx.counts.httpCalls,
    probeDials: ctx.counts.replicaProbeDials,
    rounds: ctx.counts.replicaRounds,
    log: ctx.log,
  });
  return { ...single, replicas };
}
