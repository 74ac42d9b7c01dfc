/** Types of bench/lib/redis.mjs, for the TypeScript sections that use it. */
export interface BenchRedis {
  url: string;
  stats(): Promise<unknown>;
  keyBytes(prefix: string): Promise<{ keys: number; bytes: number }>;
  stop(): Promise<void>;
}

export function findRedisServer(): string | undefined;
export function startRedis(binary: string): Promise<BenchRedis>;
