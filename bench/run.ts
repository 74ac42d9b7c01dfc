/**
 * `npm run bench`: the real server (dist/index.js, the package's bin) against
 * the floor (dist-bench/minimal-server.js: one registerTool, one undici GET),
 * both talking to the same in-process sandbox, in one run. Prints a table and
 * writes bench/results.json.
 *
 *   npm run bench                    full counts (a few minutes), writes bench/results.json
 *   npm run bench -- --quick         small counts (BENCH_QUICK=1 too), writes bench/results.quick.json
 *   npm run bench -- --out FILE      write the results there instead
 *   npm run bench -- --only a,b      run some sections: cold_start, round_trip, batch, law, opt_outs, dials, memory, answer_size, tools_list, http_load;
 *                                    the other sections of the results file already there are kept, marked with the run
 *                                    they come from, so the file (and --docs) stays whole
 *   npm run bench -- --docs          also put the tables into docs/performance.md (between its bench markers;
 *                                    --readme, its old name, does the same)
 *
 * Ratios are real / minimal. Nothing here fails on a slow machine: the targets
 * are reported as met or not, never asserted. The servers run on the Node that
 * runs the benchmark; BENCH_NODE_FLAGS adds flags to them (e.g. "--cpu-prof
 * --cpu-prof-dir=prof" to profile them under the benchmark's load).
 * BENCH_REAL_ENTRY measures another build of the server (a copy of dist/ with
 * one part changed, its node_modules beside it) against the same floor.
 */
import { cpus, loadavg, availableParallelism } from "node:os";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startSandbox } from "../src/sandbox/index.js";
import { answerSize, type AnswerSizeResult } from "./sections/answer-size.js";
import { toolsList, type ToolsListResult } from "./sections/tools-list.js";
import { httpLoad, type HttpLoadSection } from "./sections/http-load.js";
import { batch, type BatchResult } from "./sections/batch.js";
import { law, type LawResult } from "./sections/law.js";
import { optOuts, type OptOutResult } from "./sections/opt-outs.js";
import { dials, type DialsResult } from "./sections/dials.js";
import { memory, type MemoryResult } from "./sections/memory.js";
import { coldStart, type ColdStartEras } from "./sections/cold-start.js";
import { FULL, QUICK, type BenchContext } from "./sections/common.js";
import { roundTrip, type RoundTripEras } from "./sections/round-trip.js";
import { renderTables, targetsOf } from "./report.js";
import { BENCH_DOCS_FILE, replaceBenchBlock } from "./docs-block.js";

export interface BenchResults {
  meta: {
    date: string;
    quick: boolean;
    node: string;
    nproc: number;
    cpu: string;
    loadavg_before: number[];
    loadavg_after: number[];
    command: string;
    counts: typeof FULL;
    elapsed_s: number;
    /** Sections this run did not measure, kept from the results file it replaced: section → "command, date". */
    carried?: Record<string, string>;
  };
  /** Per protocol era: a 2025 client and a 2026-07-28 client. */
  cold_start?: ColdStartEras;
  round_trip?: RoundTripEras;
  batch?: BatchResult;
  law?: LawResult;
  opt_outs?: OptOutResult;
  dials?: DialsResult;
  memory?: MemoryResult;
  answer_size?: AnswerSizeResult;
  tools_list?: ToolsListResult;
  http_load?: HttpLoadSection;
  targets: { name: string; target: string; value: string; met: boolean; note?: string }[];
}

// Each section is one entry; an HTTP load test (bench/http-load.*) can be added here as another.
const SECTIONS = {
  cold_start: coldStart,
  round_trip: roundTrip,
  batch,
  law,
  opt_outs: optOuts,
  dials,
  memory,
  answer_size: answerSize,
  tools_list: toolsList,
  http_load: httpLoad,
} as const;
type SectionName = keyof typeof SECTIONS;

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function argValue(argv: string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  if (i >= 0) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith(`${flag}=`));
  return eq?.slice(flag.length + 1);
}

function cpuModel(): string {
  try {
    const line = readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    if (line) return line.split(":")[1]?.trim() ?? "unknown";
  } catch {
    // not Linux
  }
  return cpus()[0]?.model ?? "unknown";
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const quick = argv.includes("--quick") || process.env.BENCH_QUICK === "1";
  const counts = quick ? QUICK : FULL;
  const out = argValue(argv, "--out") ?? `${ROOT}bench/${quick ? "results.quick.json" : "results.json"}`;
  const only = argValue(argv, "--only")
    ?.split(",")
    .map((s) => s.trim()) as SectionName[] | undefined;
  for (const name of only ?? [])
    if (!(name in SECTIONS)) throw new Error(`unknown section ${name}; known: ${Object.keys(SECTIONS).join(", ")}`);

  const started = performance.now();
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  // One upstream for every section: instant calls, no rate limit, limits far above the largest batch.
  const sandbox = await startSandbox({
    speed: "instant",
    rateLimit: false,
    startingBalanceCents: 1_000_000_000,
    maxBatchSize: Math.max(...counts.batchSizes),
    monthlyCallLimit: 1_000_000_000,
    maxConcurrentCalls: 1_000_000,
  });
  const ctx: BenchContext = {
    realEntry: process.env.BENCH_REAL_ENTRY ?? `${ROOT}dist/index.js`,
    minimalEntry: `${ROOT}dist-bench/minimal-server.js`,
    sandbox,
    counts,
    env: (key, extra = {}) => ({
      PATH: process.env.PATH ?? "",
      OUTBOUND_CALLS_API_KEY: key,
      OUTBOUND_CALLS_BASE_URL: sandbox.url,
      // The benchmark dials thousands of sandbox numbers at any hour: the guards that depend on the clock or count
      // dials would refuse them. Every other check (validation, number policy, agent check, dedupe) stays on.
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
      // The law of the place called depends on the hour and day too: telemarketing hours would refuse the batch's US
      // rows at night there. Informational calls under the official rules meet none (California's hours for device
      // calls, a secondary source, would refuse the sandbox's numbers at night), and every row is still checked.
      OUTBOUND_CALLS_CALL_PURPOSE: "informational",
      OUTBOUND_CALLS_RULES_PROVENANCE: "official",
      // Nobody is there to approve thousands of dials: the benchmark dials unattended (the page is measured nowhere).
      OUTBOUND_CALLS_CONFIRM: "never",
      // Unattended dials to US numbers need a consent record the law requires for an AI voice; these have none.
      OUTBOUND_CALLS_REQUIRE_CONSENT: "false",
      ...extra,
    }),
    log,
  };

  const results: Partial<BenchResults> = {};
  try {
    for (const [name, run] of Object.entries(SECTIONS) as [SectionName, (ctx: BenchContext) => Promise<unknown>][]) {
      if (only && !only.includes(name)) continue;
      log(`${name}…`);
      const sectionStarted = performance.now();
      (results as Record<string, unknown>)[name] = await run(ctx);
      sandbox.clearRequests();
      log(`${name} done in ${((performance.now() - sectionStarted) / 1000).toFixed(1)} s`);
    }
  } finally {
    await sandbox.close();
  }

  const carried = only ? carryOver(out, quick, results) : undefined;
  const full: BenchResults = {
    meta: {
      date: new Date().toISOString(),
      quick,
      node: process.version,
      nproc: availableParallelism(),
      cpu: cpuModel(),
      loadavg_before: loadBefore,
      loadavg_after: loadavg().map((l) => Math.round(l * 100) / 100),
      command: `npm run bench${argv.length ? ` -- ${argv.join(" ")}` : ""}`,
      counts,
      elapsed_s: Math.round((performance.now() - started) / 100) / 10,
      ...(carried && Object.keys(carried).length > 0 ? { carried } : {}),
    },
    ...results,
    targets: [],
  };
  full.targets = targetsOf(full);
  writeFileSync(out, `${JSON.stringify(full, null, 2)}\n`);
  const tables = renderTables(full);
  process.stdout.write(`${tables}\n\nWritten to ${out}\n`);
  if (argv.includes("--docs") || argv.includes("--readme")) {
    const file = `${ROOT}${BENCH_DOCS_FILE}`;
    writeFileSync(file, replaceBenchBlock(readFileSync(file, "utf8"), tables));
    process.stdout.write(`${BENCH_DOCS_FILE} updated\n`);
  }
}

/**
 * With --only: the sections of the results file at `out` that this run did not measure, copied into `results` (same
 * counts only: quick figures never mix with full ones); returns where each comes from.
 */
function carryOver(out: string, quick: boolean, results: Partial<BenchResults>): Record<string, string> | undefined {
  let earlier: BenchResults;
  try {
    earlier = JSON.parse(readFileSync(out, "utf8")) as BenchResults;
  } catch {
    return undefined;
  }
  if (earlier.meta?.quick !== quick) return undefined;
  const from: Record<string, string> = {};
  for (const name of Object.keys(SECTIONS) as SectionName[]) {
    if (name in results || earlier[name] === undefined) continue;
    (results as Record<string, unknown>)[name] = earlier[name];
    from[name] = earlier.meta.carried?.[name] ?? `\`${earlier.meta.command}\`, ${earlier.meta.date}`;
  }
  return from;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
