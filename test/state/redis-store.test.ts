/**
 * The store contract against a real redis-server: every test gets its own key
 * prefix, and its "replicas" are separate connections (separate RedisStore
 * instances) on the same prefix, as separate processes would be.
 */
import { afterAll, beforeAll, describe } from "vitest";
import { RedisStore } from "../../src/guards/store/redis.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { storeContract } from "./store-contract.js";
import { testOutput } from "../helpers/test-output.js";

let server: RedisServer;
let serial = 0;

beforeAll(async () => {
  server = await startRedisServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("RedisStore", () => {
  storeContract(async () => {
    serial += 1;
    const settings = server.settings({ prefix: `t${serial}:`, commandTimeoutMs: 5_000 });
    const log = (line: string) => testOutput(`${line}\n`);
    const store = await RedisStore.open(settings, log);
    return { store, peers: (n) => Promise.all(Array.from({ length: n }, () => RedisStore.open(settings, log))) };
  });
});
