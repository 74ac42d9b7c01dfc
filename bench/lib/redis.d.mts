/** Types of bench/lib/redis.mjs, for the TypeScript sections that use it. */
export interface BenchRedis {
  url: string;
  stats(): Promise<unknown>;
  keyBytes(prefix: string): Promise<{ keys: number; bytes: number }>;
  stop(): Promise<void>;
}

export interface RedisDelta {
  calls: number;
  usec: number;
  /** Read events between the two stats() (theirs not counted): batches of commands the clients wrote. */
  reads: number;
  byCommand: Record<string, number>;
  usecByCommand: Record<string, number>;
  memoryBytes: number;
  keys: number;
}

export function findRedisServer(): string | undefined;
export function statsDelta(before: unknown, after: unknown): RedisDelta;
export function startRedis(binary: string): Promise<BenchRedis>;
