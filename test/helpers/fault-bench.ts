/**
 * The set-up both fault matrices share (test/faults/get-tools and post-tools):
 * a hostile fault server, a second local server that records whether a
 * redirect reached it, and the built MCP server pointed at the first with a
 * short deadline: one for a 2025-11-25 client (`server`) and, with `eras`, one
 * for a 2026-07-28 client too (`client(era)`). Registers its own hooks; the
 * fields are filled in beforeAll.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startFaultServer, type FaultServer } from "./fault-server.js";
import { startFakeUpstream, type FakeUpstream } from "./fake-upstream.js";
import { CANARY_KEY, GUARDS_OFF_FOR_FAULT_TESTS, startServer, type StartedServer } from "./server-process.js";
import { Matrix } from "./fault-matrix.js";
import { LEGACY, MODERN, startFor, type Era, type EraClient } from "./modern-client.js";

export const DEADLINE_MS = 1_500;
/** Scheduling noise allowed past the deadline on a busy 2-core machine. */
export const NOISE_MS = 1_000;
export const MiB = 1024 * 1024;

export interface FaultBench {
  upstream: FaultServer;
  /** Where redirects point: it must never be reached. */
  elsewhere: FakeUpstream;
  server: StartedServer;
  /** The server as a client of `era` sees it (2026-07-28 only when the bench was made with `eras`). */
  client(era: Era): Pick<EraClient, "call">;
  matrix: Matrix;
}

export function useFaultBench(title: string, options: { eras?: boolean } = {}): FaultBench {
  let modern: EraClient | undefined;
  const bench = { matrix: new Matrix() } as FaultBench;
  bench.client = (era) => {
    if (era === LEGACY) return bench.server;
    if (!modern) throw new Error("useFaultBench: a 2026-07-28 client needs { eras: true }");
    return modern;
  };
  beforeAll(async () => {
    bench.upstream = await startFaultServer();
    bench.elsewhere = await startFakeUpstream();
    const env = {
      ...GUARDS_OFF_FOR_FAULT_TESTS,
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: bench.upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: String(DEADLINE_MS),
    };
    [bench.server, modern] = await Promise.all([
      startServer({ env }),
      options.eras ? startFor(MODERN, { env }) : undefined,
    ]);
  });
  afterAll(async () => {
    bench.matrix.print(title);
    await modern?.close();
    await bench.server?.close();
    await bench.upstream?.close();
    await bench.elsewhere?.close();
  });
  beforeEach(() => {
    bench.upstream.reset();
    bench.elsewhere.requests.length = 0;
  });
  return bench;
}
