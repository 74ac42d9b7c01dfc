/**
 * `npm run bench -- --quick` runs through and writes a results file with every
 * section. Only that it works is checked: no ratio or timing is asserted here
 * (the benchmark reports its targets; a slow machine must not fail the suite).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ROOT } from "../helpers/server-process.js";

const dir = mkdtempSync(join(tmpdir(), "bench-quick-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("the quick benchmark writes results with every section and a verdict per target", () => {
  const build = spawnSync(process.execPath, ["scripts/build-bench.mjs"], { cwd: ROOT, encoding: "utf8" });
  expect(build.status, build.stderr).toBe(0);

  const out = join(dir, "results.json");
  const run = spawnSync(process.execPath, ["dist-bench/run.js", "--quick", "--out", out], {
    cwd: ROOT,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
    timeout: 150_000,
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain("| measure | real server | minimal server | ratio |");

  const results = JSON.parse(readFileSync(out, "utf8"));
  expect(results.meta).toMatchObject({ quick: true, node: process.version });
  expect(results.cold_start.runs).toBeGreaterThanOrEqual(1);
  expect(results.cold_start.real.tools).toBe(5);
  expect(results.cold_start.minimal.tools).toBe(1);
  for (const which of ["real", "minimal"]) {
    expect(results.cold_start[which].tools_list_ms.median).toBeGreaterThan(0);
    expect(results.round_trip[which].median_ms).toBeGreaterThan(0);
    expect(results.round_trip.rss[`${which}_mib`]).toBeGreaterThan(0);
  }
  expect(results.batch.sizes.map((s: { rows: number }) => s.rows)).toEqual([100, 1_000, 10_000]);
  for (const size of results.batch.sizes) {
    expect(size.validation_ms).toBeGreaterThan(0);
    expect(size.tool_call_ms).toBeGreaterThan(0);
  }
  expect(results.answer_size.records).toBe(50);
  expect(results.answer_size.raw_json_bytes).toBeGreaterThan(results.answer_size.text_bytes);
  // The Streamable HTTP load section ran its calls, without errors.
  expect(results.http_load.calls).toBeGreaterThan(0);
  expect(results.http_load.errors).toBe(0);
  expect(results.http_load.latencyMs.p99).toBeGreaterThan(0);
  // Three replicas behind the bench's balancer, in-process state and Redis: both ran, without errors, over every replica.
  const replicas = results.http_load.replicas;
  expect(replicas.skipped).toBeUndefined();
  for (const mode of [replicas.memory, replicas.redis]) {
    expect(mode.errorSamples).toEqual([]);
    expect(mode.errors).toBe(0);
    expect(mode.requestsPerReplica).toHaveLength(3);
    for (const n of mode.requestsPerReplica) expect(n).toBeGreaterThan(0);
  }
  expect(replicas.redisPerDial.scripts).toBeGreaterThanOrEqual(3);
  expect(replicas.redisPerDial.keyBytesPerRow).toBeGreaterThan(0);
  expect(run.stdout).toContain("| | guard state in each process | guard state in Redis | Redis − in process |");
  expect(results.targets).toHaveLength(6);
  for (const target of results.targets) expect(typeof target.met).toBe("boolean");
}, 180_000);
