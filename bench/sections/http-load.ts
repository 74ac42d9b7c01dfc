/**
 * Streamable HTTP under load (issue 8): the server in `--http --sandbox` mode,
 * many concurrent SDK clients, tool calls in all; throughput, latency
 * percentiles, errors and memory, from bench/http-load.mjs (also `npm run bench:http`).
 */
import { runHttpLoad, type HttpLoadResult } from "../http-load.mjs";
import { startSandbox } from "../../src/sandbox/index.js";
import type { BenchContext } from "./common.js";

export type HttpLoadSection = HttpLoadResult;

export async function httpLoad(ctx: BenchContext): Promise<HttpLoadSection> {
  return runHttpLoad({ startSandbox, clients: ctx.counts.httpClients, calls: ctx.counts.httpCalls, log: ctx.log });
}
