/**
 * doctor with OUTBOUND_CALLS_REDIS_URL, against a real redis-server: ok when it
 * answers; when it does not, a failing line that says every dial would be
 * refused (and the reads answer), with the fix. The password is never printed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { doctorInProcess } from "../helpers/doctor.js";
import { tempDir } from "../helpers/guards.js";
import { urlWarnings } from "../../src/state/redis/posture.js";

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
    expect(out).toMatch(
      new RegExp(`^\\[ok\\]\\s+guard state\\s+Redis at 127\\.0\\.0\\.1:${redis.port} answered$`, "m"),
    );
    expect(out).not.toContain(PASSWORD);
    expect(await admin.dbSize()).toBe(before);
    expect(code).toBe(0);
  });

  it("warns that this Redis keeps nothing across a restart (no save, no appendonly), without failing", async () => {
    const { code, out } = await doctor({ OUTBOUND_CALLS_REDIS_URL: redis.url });
    expect(out).toMatch(
      /^\[warn\]\s+guard state\s+Redis at 127\.0\.0\.1:\d+ keeps nothing across a restart .*appendonly yes/m,
    );
    // It has a password, and it is on loopback: no warning about either.
    expect(out).not.toContain("without a password");
    expect(out).not.toContain("without TLS");
    expect(code).toBe(0);
  });

  it("a Redis without a password: warns that anything that reaches it can change the guards' state", async () => {
    const open = await startRedisServer({ args: ["--appendonly", "yes", "--dir", tempDir("doctor-aof")] });
    try {
      const { code, out } = await doctor({ OUTBOUND_CALLS_REDIS_URL: open.url });
      expect(out).toMatch(/^\[warn\]\s+guard state\s+Redis at 127\.0\.0\.1:\d+ takes connections without a password/m);
      expect(out).not.toContain("keeps nothing across a restart");
      expect(code).toBe(0);
    } finally {
      await open.stop();
    }
  });

  it("off loopback without TLS is a warning; rediss:// or loopback is not", () => {
    const at = (url: string, tls = url.startsWith("rediss:")) => urlWarnings({ url, tls, where: "h" }).join("\n");
    expect(at("redis://:pw@10.1.2.3:6379/0")).toContain("off this machine without TLS");
    expect(at("redis://:pw@redis.internal:6379/0")).toContain("off this machine without TLS");
    expect(at("rediss://:pw@10.1.2.3:6379/0")).toBe("");
    expect(at("redis://:pw@127.0.0.1:6379/0")).toBe("");
    expect(at("redis://:pw@[::1]:6379/0")).toBe("");
  });

  it("a wrong password: fails, saying dials would be refused, without printing either password", async () => {
    const wrong = redis.url.replace(PASSWORD, "not-the-Pa55-word");
    const { code, out } = await doctor({ OUTBOUND_CALLS_REDIS_URL: wrong });
    expect(out).toMatch(
      /^\[FAIL\]\s+guard state\s+Redis at 127\.0\.0\.1:\d+ did not answer \(.*\): every dial would be refused; the read tools answer$/m,
    );
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
