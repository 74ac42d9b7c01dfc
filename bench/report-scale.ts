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
  /** The reader on one whole call, first read, p99: µs. */
  readerUs: 1_000,
  /** get_call polled once a second by 100 sessions: % of one core. */
  pollingPercent: 5,
  /** create_call with 8 clients at once, Redis / memory. */
  dialP50: 1.3,
  dialP99: 1.5,
  /** RSS after 10,000 calls, real / minimal. */
  memoryRatio: 1.2,
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
  const o = r.opt_outs;
  if (o) {
    const f = o.reader.first_read;
    t.push({
      name: `opt-out reader, one whole call read for the first time, p99 over the ${rows(o.reader.items)} calls of the evaluation set (median, mean CPU beside it)`,
      target: `< ${SCALE_TARGETS.readerUs} µs`,
      value: `${fmt(f.p99_us, 0)} µs (${fmt(f.median_us, 0)}; CPU per read ${fmt(f.cpu_us_per_call, 0)})`,
      met: f.p99_us < SCALE_TARGETS.readerUs,
    });
    t.push({
      name: `get_call polled once a second by ${o.polling.sessions} sessions: server CPU, % of one core`,
      target: `< ${SCALE_TARGETS.pollingPercent}%`,
      value: `${fmt(o.polling.cpu_percent_of_core, 1)}%`,
      met: o.polling.cpu_percent_of_core < SCALE_TARGETS.pollingPercent,
    });
  }
  const d = r.dials;
  if (d && !("skipped" in d)) {
    t.push({
      name: `create_call with ${d.clients} clients at once, guard state on Redis / in memory, p50`,
      target: `≤ ${SCALE_TARGETS.dialP50}`,
      value: fmt(d.ratio_p50, 2),
      met: d.ratio_p50 <= SCALE_TARGETS.dialP50,
    });
    t.push({
      name: `create_call with ${d.clients} clients at once, guard state on Redis / in memory, p99`,
      target: `≤ ${SCALE_TARGETS.dialP99}`,
      value: fmt(d.ratio_p99, 2),
      met: d.ratio_p99 <= SCALE_TARGETS.dialP99,
    });
  }
  if (r.memory) {
    t.push({
      name: `RSS after ${rows(r.memory.calls)} calls (create_call, each a new number), real / minimal`,
      target: `≤ ${SCALE_TARGETS.memoryRatio}`,
      value: fmt(r.memory.ratio, 2),
      met: r.memory.ratio <= SCALE_TARGETS.memoryRatio,
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
  const o = r.opt_outs;
  if (o) {
    const line = (what: string, p: (typeof o.reader)["first_read"]) =>
      `| ${what} | ${fmt(p.median_us, 0)} µs | ${fmt(p.p99_us, 0)} µs | ${fmt(p.max_us, 0)} µs | ${fmt(p.cpu_us_per_call, 0)} µs | ${p.slowest.map((x) => `${x.id} (${rows(x.chars)} chars, ${fmt(x.us, 0)} µs)`).join("; ")} |`;
    const p = o.polling;
    out.push(
      "",
      `The opt-out reader on the ${rows(o.reader.items)} calls of its evaluation set, in process (\`npm run bench -- --only opt_outs\`):`,
      "",
      `| one whole call (fastest of ${o.reader.reps} reads each) | median | p99 | slowest | CPU per read, all reads | slowest calls |`,
      "|---|---:|---:|---:|---:|---|",
      line("read for the first time (lines never seen)", o.reader.first_read),
      line("the same lines in a new record (a call sent again)", o.reader.same_lines_again),
      "",
      `\`get_call\` polled once a second by ${p.sessions} \`--http\` sessions, each its own completed call with its transcript, ${p.seconds} s: ` +
        `**${fmt(p.cpu_percent_of_core, 1)}% of one core** (${fmt(p.cpu_us_per_poll, 0)} µs of server CPU per poll, the call watcher's reads included), ` +
        `${rows(p.polls)} polls, p50 ${fmt(p.p50_ms)} ms, p99 ${fmt(p.p99_ms)} ms, ${p.errors} errors.`,
    );
  }
  const d = r.dials;
  if (d) {
    out.push("");
    if ("skipped" in d) out.push(`create_call on Redis: not run (${d.skipped}).`);
    else {
      const m = d.memory;
      const x = d.redis;
      out.push(
        `create_call with ${d.clients} \`--http\` clients dialing at once, one server, its guard state in memory or in one Redis (\`npm run bench -- --only dials\`), ` +
          `${rows(d.dials_per_round)} dials a round, ${d.rounds} rounds of each mode alternating: ` +
          `in memory p50 ${fmt(m.p50_ms)} ms, p99 ${fmt(m.p99_ms)} ms, ${fmt(m.dials_per_second, 0)} dials/s; ` +
          `on Redis p50 ${fmt(x.p50_ms)} ms, p99 ${fmt(x.p99_ms)} ms, ${fmt(x.dials_per_second, 0)} dials/s; ` +
          `**Redis / memory ${fmt(d.ratio_p50, 2)} at p50, ${fmt(d.ratio_p99, 2)} at p99**; errors ${m.errors + x.errors}.`,
      );
    }
  }
  if (r.memory) {
    const mm = r.memory;
    out.push(
      "",
      `Memory after ${rows(mm.calls)} calls over stdio (\`npm run bench -- --only memory\`): the real server after ${rows(mm.calls)} \`create_call\`s, each a new number, ` +
        `**${fmt(mm.real_mib)} MiB** RSS (peak ${fmt(mm.real_peak_mib)}); the minimal server after ${rows(mm.calls)} calls of its tool ${fmt(mm.minimal_mib)} MiB (peak ${fmt(mm.minimal_peak_mib)}); **ratio ${fmt(mm.ratio, 2)}**.`,
    );
  }
  return out;
}
