/**
 * The tables and targets of issue 39 (scale where users feel it): the law of the place called on big batches, the
 * opt-out reader per call and under polling, a dial on Redis against one in memory, and memory after many calls.
 * Each table names the command that gives its figures alone.
 */
import type { BenchResults } from "./run.js";

export const SCALE_TARGETS = {
  /** submit_batch of 10,000 rows under telemarketing over informational, server CPU: allowed and refused. */
  lawRatio: 1.25,
  lawRows: 10_000,
  /** CPU per row of the refused batch, 100,000 rows over 10,000. */
  lawLinearity: 1.3,
};

const fmt = (n: number | undefined, digits = 1) => (n === undefined || Number.isNaN(n) ? "—" : n.toFixed(digits));
const rows = (n: number) => n.toLocaleString("en-US");

export function scaleTargets(r: BenchResults): BenchResults["targets"] {
  const t: BenchResults["targets"] = [];
  const judged = r.law?.sizes.find((s) => s.rows === SCALE_TARGETS.lawRows);
  if (judged) {
    for (const [what, cpu, wall] of [
      ["allowed (by day, sent)", judged.allowed_ratio_cpu, judged.allowed_ratio_wall],
      ["refused (at night)", judged.refused_ratio_cpu, judged.refused_ratio_wall],
    ] as const) {
      t.push({
        name: `law of the place called on a ${rows(judged.rows)}-row batch, ${what}: telemarketing / informational, server CPU (wall beside)`,
        target: `≤ ${SCALE_TARGETS.lawRatio}`,
        value: `${fmt(cpu, 2)} (wall ${fmt(wall, 2)})`,
        met: cpu <= SCALE_TARGETS.lawRatio,
      });
    }
  }
  if (r.law?.linearity !== undefined) {
    const last = r.law.sizes[r.law.sizes.length - 1]!;
    t.push({
      name: `refused batch under telemarketing, server CPU per row, ${rows(last.rows)} / ${rows(SCALE_TARGETS.lawRows)} rows (linear)`,
      target: `≤ ${SCALE_TARGETS.lawLinearity}`,
      value: fmt(r.law.linearity, 2),
      met: r.law.linearity <= SCALE_TARGETS.lawLinearity,
    });
  }
  return t;
}

export function scaleTables(r: BenchResults): string[] {
  const out: string[] = [];
  if (r.law) {
    out.push(
      "",
      "The law of the place called on big batches (`npm run bench -- --only law`): the same rows under `telemarketing` (every rule, every tier) and under `informational` (official rules: none applies), " +
        "at a fixed instant (OUTBOUND_CALLS_TEST_NOW), 1 s a row of batch span, a fresh server per timed call; server CPU time (wall time beside it), medians:",
      "",
      "| submit_batch | informational | telemarketing | telemarketing / informational | telemarketing answered |",
      "|---|---:|---:|---:|---|",
    );
    for (const s of r.law.sizes) {
      const how = s.dry_run ? " (dry runs: over the sandbox's 1 MiB)" : "";
      const c = s.cases;
      out.push(
        `| ${rows(s.rows)} rows by day (Tuesday 10:00 in California)${how} | ${fmt(c.day_informational.cpu_ms)} ms (${fmt(c.day_informational.wall_ms)}) | ${fmt(c.day_telemarketing.cpu_ms)} ms (${fmt(c.day_telemarketing.wall_ms)}) | **${fmt(s.allowed_ratio_cpu, 2)}** (${fmt(s.allowed_ratio_wall, 2)}) | ${c.day_telemarketing.outcome.slice(0, 60)} |`,
        `| ${rows(s.rows)} rows at night (Wednesday 00:00 in California)${how} | ${fmt(c.night_informational.cpu_ms)} ms (${fmt(c.night_informational.wall_ms)}) | ${fmt(c.night_telemarketing.cpu_ms)} ms (${fmt(c.night_telemarketing.wall_ms)}) | **${fmt(s.refused_ratio_cpu, 2)}** (${fmt(s.refused_ratio_wall, 2)}) | ${c.night_telemarketing.outcome.slice(0, 60)}…, ${rows(c.night_telemarketing.text_bytes)} B of text |`,
      );
    }
  }
  return out;
}
