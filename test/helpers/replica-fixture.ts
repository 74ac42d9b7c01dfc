/**
 * The fixture of the replica tests: one real redis-server and one recording
 * upstream for the file, the replicas a test started closed before the next,
 * and the environment of replicas that share that Redis under a key prefix of
 * their own per call (so tests do not see each other's state).
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startFakeUpstream, type FakeUpstream, type Handler } from "./fake-upstream.js";
import { envFor, GUARDS_OFF } from "./guards.js";
import { startRedisServer, type RedisServer } from "./redis-server.js";
import type { Replica } from "./replicas.js";

export interface ReplicaFixture {
  readonly redis: RedisServer;
  readonly upstream: FakeUpstream;
  /** Replicas to close after the test (push what you start). */
  readonly running: Replica[];
  /** The guards off (GUARDS_OFF), the shared Redis under a fresh key prefix, then `extra`. */
  env(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
}

/** `handler` answers the upstream's requests, reset before every test; `prefix` starts each key prefix. */
export function useReplicasOnRedis(handler: Handler, prefix: string): ReplicaFixture {
  let redis: RedisServer | undefined;
  let upstream: FakeUpstream | undefined;
  let prefixes = 0;
  const running: Replica[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await startFakeUpstream(handler);
  });
  afterAll(async () => {
    await Promise.all(running.splice(0).map((r) => r.close()));
    await upstream?.close();
    await redis?.stop();
  });
  beforeEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.close()));
    upstream!.requests.length = 0;
    upstream!.handle(handler);
  });
  return {
    get redis() {
      return redis!;
    },
    get upstream() {
      return upstream!;
    },
    running,
    env(extra = {}) {
      prefixes += 1;
      return envFor(upstream!, {
        ...GUARDS_OFF,
        OUTBOUND_CALLS_REDIS_URL: redis!.url,
        OUTBOUND_CALLS_REDIS_PREFIX: `${prefix}${prefixes}:`,
        ...extra,
      });
    },
  };
}
