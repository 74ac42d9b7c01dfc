/**
 * Shared bits of the guards' tests: the variables that turn the clock- and
 * count-dependent guards off, the environment of a server in front of a fake
 * upstream and the POSTs that reached it, the fixture of end-to-end files in
 * front of one, a temporary folder, and a way to run the built server to its
 * exit when it must refuse to start.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { FakeUpstream, RecordedRequest } from "./fake-upstream.js";
import { defaultHandler, startFakeUpstream } from "./fake-upstream.js";
import { CANARY_KEY, ENTRY, serverEnv, type StartedServer } from "./server-process.js";

/** Guards whose defaults depend on the clock or on earlier tests; a test turns on the one it is about. */
export const GUARDS_OFF = {
  OUTBOUND_CALLS_CALLING_HOURS: "off",
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "off",
  OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
  OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
  // The law of the place called depends on the hour and day too (test/unit/compliance/, test/e2e/law-of-the-place.test.ts):
  // informational calls, under the official rules only, meet none (test/helpers/server-process.ts unlessNamed). A test
  // about the law names both.
  OUTBOUND_CALLS_CALL_PURPOSE: "informational",
  OUTBOUND_CALLS_RULES_PROVENANCE: "official",
  // And on the place called: an AI voice needs consent for every US number (test/e2e/consent-law*.test.ts).
  OUTBOUND_CALLS_REQUIRE_CONSENT: "false",
} as const;

export function envFor(
  upstream: FakeUpstream,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    OUTBOUND_CALLS_API_KEY: CANARY_KEY,
    OUTBOUND_CALLS_BASE_URL: upstream.url,
    OUTBOUND_CALLS_TIMEOUT_MS: "5000",
    ...extra,
  };
}

/**
 * A server's variables for a test of the law of the place called: telemarketing calls (every tier of rule) with the
 * guards' clock started at `now`; the operator's calling hours, the per-number cap and the dedupe window are off, so
 * that the law alone decides.
 */
export function lawEnv(
  upstream: FakeUpstream,
  now: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return envFor(upstream, {
    OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
    OUTBOUND_CALLS_TEST_NOW: now,
    OUTBOUND_CALLS_CALLING_HOURS: "off",
    OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
    OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
    ...extra,
  });
}

/** A submit_batch request of one row per number, all to the same agent. */
export const batchOf = (...numbers: string[]) => ({ calls: numbers.map((to) => ({ to, agent_id: "agt_1" })) });

export const posts = (upstream: FakeUpstream): RecordedRequest[] =>
  upstream.requests.filter((r) => r.method === "POST");

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `ocm-${prefix}-`));
}

/** Runs the server with stdin open until it exits on its own (a start-up refusal); gives up after `ms`. */
export async function runToExit(
  env: Record<string, string | undefined>,
  args: string[] = [],
  // A backstop for a process that never exits (killed; code null), not a bound on speed: on a busy machine a
  // refusal to start can take seconds to be printed.
  ms = 30_000,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, [ENTRY, ...args], { env: serverEnv(env), stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  let stdout = "";
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, ms);
    child.on("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return { code, stderr, stdout };
}

/**
 * The fixture of end-to-end files about the guards (test/e2e/approval-*): one recording upstream for the file
 * (reset to the default answers before each test) and the servers a test started, all closed after the file.
 * The fields are filled in beforeAll. In-process files use test/helpers/in-process.ts useInProcess() instead.
 */
export interface SafetyFixture {
  upstream: FakeUpstream;
  servers: StartedServer[];
}

export function useSafetyFixture(): SafetyFixture {
  const fx = { servers: [] } as unknown as SafetyFixture;
  beforeAll(async () => {
    fx.upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await Promise.all(fx.servers.map((s) => s.close()));
    await fx.upstream?.close();
  });
  beforeEach(() => {
    fx.upstream.requests.length = 0;
    fx.upstream.handle(defaultHandler);
  });
  return fx;
}

/** The audit log's lines, parsed (every line must be JSON). */
export function auditLines(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
