/**
 * `npm run bench:smoke`: the benchmark in quick mode runs through and writes a
 * results file with every section and a verdict per target. Outside the test
 * suite (it takes about a minute and measures nothing the suite must hold); run
 * it after changing bench/ or what it drives. No ratio or timing is asserted:
 * the benchmark reports its targets, and a slow machine must not fail this.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "bench-smoke-"));
try {
  const out = join(dir, "results.json");
  const run = spawnSync(process.execPath, ["dist-bench/run.js", "--quick", "--out", out], {
    cwd: ROOT,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
    timeout: 300_000,
    stdio: ["ignore", "pipe", "inherit"],
  });
  assert.equal(run.status, 0, "the quick benchmark failed");
  assert.match(run.stdout, /\| measure \| real server \| minimal server \| ratio \|/);

  const results = JSON.parse(readFileSync(out, "utf8"));
  assert.equal(results.meta.quick, true);
  assert.equal(results.meta.node, process.version);
  // Both protocol eras: a 2025 client (initialize) and a 2026-07-28 client (server/discover, _meta on every request).
  for (const era of ["2025-11-25", "2026-07-28"]) {
    const cold = results.cold_start[era];
    const trip = results.round_trip[era];
    assert.ok(cold.runs >= 1, era);
    assert.equal(cold.real.tools, 6, era);
    assert.equal(cold.minimal.tools, 1, era);
    for (const which of ["real", "minimal"]) {
      assert.ok(cold[which].tools_list_ms.median > 0);
      assert.ok(cold[which].cpu_ms.median > 0);
      assert.ok(cold.first_start[which].tools_list_ms.median > 0);
      assert.ok(trip[which].median_ms > 0);
      assert.ok(trip.rss[`${which}_mib`] > 0);
    }
    assert.match(run.stdout, new RegExp(`\\| ${era} client: get_call round trip, median`));
  }
  assert.deepEqual(
    results.batch.sizes.map((s) => s.rows),
    [100, 1_000, 10_000],
  );
  for (const size of results.batch.sizes) assert.ok(size.validation_ms > 0 && size.tool_call_ms > 0);
  assert.deepEqual(results.batch.linearity_rows, [1_000, 10_000]);
  assert.deepEqual(
    results.tools_list.tools.map((t) => t.name),
    ["list_agents", "list_calls", "create_call", "get_call", "submit_batch", "add_do_not_call"],
  );
  assert.ok(results.tools_list.tokens_per_tool > 0);
  assert.equal(results.answer_size.records, 50);
  assert.ok(results.answer_size.raw_json_bytes > results.answer_size.text_bytes);
  // The Streamable HTTP load section ran its calls, without errors.
  assert.ok(results.http_load.calls > 0);
  assert.equal(results.http_load.errors, 0);
  assert.ok(results.http_load.latencyMs.p99 > 0);
  // Three replicas behind the bench's balancer, in-process state and Redis: both ran, without errors, over every replica.
  const replicas = results.http_load.replicas;
  assert.equal(replicas.skipped, undefined, replicas.skipped);
  for (const mode of [replicas.memory, replicas.redis]) {
    assert.deepEqual(mode.errorSamples, []);
    assert.equal(mode.errors, 0);
    assert.equal(mode.requestsPerReplica.length, 3);
    for (const n of mode.requestsPerReplica) assert.ok(n > 0);
  }
  assert.ok(replicas.redisPerDial.scripts >= 3);
  assert.ok(replicas.redisPerDial.keyBytesPerRow > 0);
  assert.match(run.stdout, /\| \| guard state in each process \| guard state in Redis \| Redis − in process \|/);
  assert.equal(results.targets.length, 9);
  for (const target of results.targets) assert.equal(typeof target.met, "boolean");
  process.stdout.write("bench smoke: every section ran and wrote its results\n");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
