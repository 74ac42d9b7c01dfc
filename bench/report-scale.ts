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
      ["allowed", judged.allowed_ratio_cpu, judged.allowed_ratio_wall],
      ["refused", judged.refused_ratio_cpu, judged.refused_ratio_wall],
    ] as const) {
      t.push({
        name: `law of the place, ${rows(judged.rows)}-row batch ${what}, telemarketing / informational, CPU (wall)`,
        target: `≤ ${SCALE_TARGETS.lawRatio}`,
        value: `${fmt(cpu, 2)} (wall ${fmt(wall, 2)})`,
        met: cpu <= SCALE_TARGETS.lawRatio,
      });
    }
  }
  if (r.law?.linearity !== undefined) {
    const last = r.law.sizes[r.law.sizes.length - 1]!;
    t.push({
      name: `law of the place, refused batch, CPU per row, ${rows(last.rows)} / ${rows(SCALE_TARGETS.lawRows)} rows`,
      target: `≤ ${SCALE_TARGETS.lawLinearity}`,
      value: fmt(r.law.linearity, 2),
      met: r.law.linearity <= SCALE_TARGETS.lawLinearity,
    });
  }
  const o = r.opt_outs;
  if (o) {
    const f = o.reader.first_read;
    t.push({
      name: `opt-out reader, one whole call, p99 (median; CPU per read)`,
      target: `< ${SCALE_TARGETS.readerUs} µs`,
      value: `${fmt(f.p99_us, 0)} µs (${fmt(f.median_us, 0)}; CPU per read ${fmt(f.cpu_us_per_call, 0)})`,
      met: f.p99_us < SCALE_TARGETS.readerUs,
    });
    t.push({
      name: `get_call polled by ${o.polling.sessions} sessions a second, % of a core`,
      target: `< ${SCALE_TARGETS.pollingPercent}%`,
      // The minimal server polled the same way in the same run: the floor of SDK v2's stateless serving here.
      value: `${fmt(o.polling.cpu_percent_of_core, 1)}%${o.polling.minimal ? ` (minimal server ${fmt(o.polling.minimal.cpu_percent_of_core, 1)}%)` : ""}`,
      met: o.polling.cpu_percent_of_core < SCALE_TARGETS.pollingPercent,
    });
  }
  const d = r.dials;
  if (d && !("skipped" in d)) {
    t.push({
      name: `create_call, ${d.clients} clients, Redis / memory, p50`,
      target: `≤ ${SCALE_TARGETS.dialP50}`,
      value: fmt(d.ratio_p50, 2),
      met: d.ratio_p50 <= SCALE_TARGETS.dialP50,
    });
    t.push({
      name: `create_call, ${d.clients} clients, Redis / memory, p99`,
      target: `≤ ${SCALE_TARGETS.dialP99}`,
      value: fmt(d.ratio_p99, 2),
      met: d.ratio_p99 <= SCALE_TARGETS.dialP99,
    });
  }
  if (r.memory) {
    t.push({
      name: `RSS after ${rows(r.memory.calls)} dials, real / minimal`,
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
      "Law of the place on big batches (`--only law`), server CPU (wall), medians:",
      "",
      "| submit_batch | informational | telemarketing | ratio |",
      "|---|---:|---:|---:|",
    );
    for (const s of r.law.sizes) {
      const how = s.dry_run ? " (dry runs)" : "";
      const c = s.cases;
      out.push(
        `| ${rows(s.rows)} rows by day${how} | ${fmt(c.day_informational.cpu_ms)} ms (${fmt(c.day_informational.wall_ms)}) | ${fmt(c.day_telemarketing.cpu_ms)} ms (${fmt(c.day_telemarketing.wall_ms)}) | **${fmt(s.allowed_ratio_cpu, 2)}** (${fmt(s.allowed_ratio_wall, 2)}) |`,
        `| ${rows(s.rows)} rows at night, refused${how} | ${fmt(c.night_informational.cpu_ms)} ms (${fmt(c.night_informational.wall_ms)}) | ${fmt(c.night_telemarketing.cpu_ms)} ms (${fmt(c.night_telemarketing.wall_ms)}) | **${fmt(s.refused_ratio_cpu, 2)}** (${fmt(s.refused_ratio_wall, 2)}) |`,
      );
    }
  }
  const o = r.opt_outs;
  if (o) {
    const [f, g] = [o.reader.first_read, o.reader.same_lines_again];
    const p = o.polling;
    out.push(
      "",
      `Opt-out reader, ${rows(o.reader.items)} calls of its evaluation set (\`--only opt_outs\`): first read median ${fmt(f.median_us, 0)} µs, p99 ${fmt(f.p99_us, 0)} µs, slowest ${fmt(f.max_us, 0)} µs (${f.slowest[0]?.id ?? ""}); ` +
        `same lines again p99 ${fmt(g.p99_us, 0)} µs. \`get_call\` polled once a second by ${p.sessions} HTTP sessions, ${p.seconds} s: **${fmt(p.cpu_percent_of_core, 1)}% of a core** (${fmt(p.cpu_us_per_poll, 0)} µs a poll), p99 ${fmt(p.p99_ms)} ms, ${p.errors} errors` +
        (p.minimal
          ? `; the minimal server over HTTP, the same polls: ${fmt(p.minimal.cpu_percent_of_core, 1)}% (${fmt(p.minimal.cpu_us_per_poll, 0)} µs a poll, ${p.minimal.errors} errors), **${fmt(p.ratio, 2)}×**.`
          : "."),
    );
  }
  const d = r.dials;
  if (d) {
    out.push("");
    if ("skipped" in d) out.push(`create_call on Redis: not run (${d.skipped}).`);
    else
      out.push(
        `create_call, ${d.clients} HTTP clients at once (\`--only dials\`), p50 / p99: memory ${fmt(d.memory.p50_ms)} / ${fmt(d.memory.p99_ms)} ms, Redis ${fmt(d.redis.p50_ms)} / ${fmt(d.redis.p99_ms)} ms; **Redis / memory ${fmt(d.ratio_p50, 2)} / ${fmt(d.ratio_p99, 2)}**; ${d.memory.errors + d.redis.errors} errors.` +
          (d.redis_per_dial
            ? ` One at a time: **${fmt(d.redis_per_dial.common.round_trips, 2)} round trips** a dial, ${fmt(d.redis_per_dial.redial?.round_trips, 2)} a redial; ${fmt(d.redis_per_dial.scripts, 2)} scripts a dial.`
            : ""),
      );
  }
  if (r.memory) {
    const mm = r.memory;
    out.push(
      "",
      `RSS after ${rows(mm.calls)} stdio calls (\`--only memory\`): real server (dials) ${fmt(mm.real_mib)} MiB, minimal ${fmt(mm.minimal_mib)} MiB, **${fmt(mm.ratio, 2)}**` +
        (mm.real_live_mib !== undefined
          ? `; live heap after GC ${fmt(mm.real_live_mib)} MiB (minimal ${fmt(mm.minimal_live_mib)}), ${fmt(mm.real_bytes_per_call, 0)} bytes a dial (minimal ${fmt(mm.minimal_bytes_per_call, 0)}).`
          : "."),
    );
  }
  return out;
}
