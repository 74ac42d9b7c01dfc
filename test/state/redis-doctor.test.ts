/**
 * doctor with OUTBOUND_CALLS_REDIS_URL, against a real redis-server: ok when it
 * answers; when it does not, a failing line that says every dial would be
 * refused (and the reads answer), with the fix. The password is never printed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { doctorInProcess } from "../helpers/doctor.js";

const PASSWORD = "doctor-Pa55-word-q7";
let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedisServer({ password: PASSWORD });
});
afterAll(async () => {
  await redis?.stop();
});

async function doctor(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const { code, stdout } = await doctorInProcess(["doctor", "--sandbox"], env);
  return { code, out: stdout };
}

describe("doctor and the shared guard state", () => {
  it("Redis answers: ok, and nothing is written to it", async () => {
    const admin = await redis.admin();
    const before = await admin.dbSize();
    const { code, out } = await doctor({ OUTBOUND_CALLS_REDIS_URL: redis.url });
    expect(out).toMatch(new RegExp(`^\\[ok\\]\\s+guard state\\s+Redis at 127\\.0\\.0\\.1:${redis.port} answered$`, "m"));
    expect(out).not.toContain(PASSWORD);
    expect(await admin.dbSize()).toBe(before);
    expect(code).toBe(0);
  });

  it("a wrong password: fails, saying dials would be refused, without printing either password", async () => {
    const wrong = redis.url.replace(PASSWORD, "not-the-Pa55-word");
    const { code, out } = await doctor({ OUTBOUND_CALLS_REDIS_URL: wrong });
    expect(out).toMatch(/^\[FAIL\]\s+guard state\s+Redis at 127\.0\.0\.1:\d+ did not answer \(.*\): every dial would be refused; the read tools answer$/m);
    expect(out).toMatch(/fix: start Redis or fix OUTBOUND_CALLS_REDIS_URL/);
    expect(out).not.toContain(PASSWORD);
    expect(out).not.toContain("not-the-Pa55-word");
    expect(code).toBe(1);
  });

  it("Redis down: fails the same way", async () => {
    await redis.kill();
    try {
      const { code, out } = await doctor({ OUTBOUND_CALLS_REDIS_URL: redis.url });
      expect(out).toMatch(/^\[FAIL\]\s+guard state\s+Redis at 127\.0\.0\.1:\d+ did not answer/m);
      expect(out).not.toContain(PASSWORD);
      expect(code).toBe(1);
    } finally {
      await redis.restart();
    }
  });
});
