/**
 * `npm run coverage [-- vitest args]`: v8 coverage of src/, in two parts added up.
 *
 * - In-process: @vitest/coverage-v8 measures what the test workers ran (unit and in-process tests).
 * - Spawned servers: every `dist/index.js` a test starts gets NODE_V8_COVERAGE (test/helpers/server-process.ts
 *   `serverEnv` passes it on when TEST_CHILD_COVERAGE is set); their raw V8 coverage is merged, mapped back to
 *   src/ through the bundle's source maps (built into coverage/.maps, so dist/ stays as it ships) and converted
 *   with the same converter vitest uses (ast-v8-to-istanbul).
 *
 * The total counts an item covered when either part ran it, over the in-process report's items (every file of
 * src/, run or not), so the denominators do not depend on which tests spawn a server. Prints lines, branches,
 * functions and statements for each part and the total; writes coverage/summary.json.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import mergeCov from "@bcoe/v8-coverage";
import convert from "ast-v8-to-istanbul";
import libCoverage from "istanbul-lib-coverage";
import { parseAstAsync } from "vitest/node";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, "coverage");
const MAPS = join(OUT, ".maps");
const RAW = join(OUT, ".children");
const DIST_URL = pathToFileURL(join(ROOT, "dist")).href + "/";
const SRC = join(ROOT, "src") + "/";

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  return res.status ?? 1;
}

// `--report-only [DIR]`: no test run; the reports of an earlier run (DIR: a copy of coverage/) are added up again.
const reportIndex = process.argv.indexOf("--report-only");
const onlyReport = reportIndex >= 0;
const savedDir =
  onlyReport && process.argv[reportIndex + 1] && !process.argv[reportIndex + 1].startsWith("-")
    ? process.argv[reportIndex + 1]
    : undefined;
const vitestArgs = process.argv
  .slice(2)
  .filter((a, i) => a !== "--report-only" && !(savedDir && i === reportIndex - 1));
let testStatus = 0;
if (!onlyReport) {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(RAW, { recursive: true });
  if (run(process.execPath, ["scripts/build.mjs", "--sourcemap-dir", MAPS]) !== 0) process.exit(1);
  // The interop files load packages that need Node 22+, and the compile cache exists from Node 22 (they fail on
  // purpose on older lines): left out there.
  const oldNode = Number(process.versions.node.split(".")[0]) < 22;
  if (oldNode) {
    process.stderr.write(
      `coverage: Node ${process.version}: test/e2e/interop/ and test/e2e/compile-cache.test.ts left out (they need Node 22+; run this with npx -y -p node@24 npm run coverage)\n`,
    );
  }
  const exclude = oldNode ? ["--exclude", "test/e2e/interop/**", "--exclude", "test/e2e/compile-cache.test.ts"] : [];
  testStatus = run("npx", ["vitest", "run", "--coverage", ...exclude, ...vitestArgs], { TEST_CHILD_COVERAGE: RAW });
}

/** The spawned servers' coverage of src/, as an istanbul map. */
async function childCoverage() {
  const processes = [];
  for (const name of existsSync(RAW) ? readdirSync(RAW) : []) {
    if (!name.endsWith(".json")) continue;
    let raw;
    try {
      raw = JSON.parse(readFileSync(join(RAW, name), "utf8"));
    } catch {
      continue; // a process killed while writing
    }
    const result = (raw.result ?? []).filter((s) => s.url.startsWith(DIST_URL));
    if (result.length) processes.push({ result });
  }
  const map = libCoverage.createCoverageMap({});
  if (processes.length === 0) return { map, processes: 0 };
  const merged = mergeCov.mergeProcessCovs(processes);
  for (const script of merged.result) {
    const file = fileURLToPath(script.url);
    const mapFile = join(MAPS, `${relative(join(ROOT, "dist"), file)}.map`);
    if (!existsSync(file) || !existsSync(mapFile)) continue;
    const code = readFileSync(file, "utf8");
    const data = await convert({
      code,
      ast: parseAstAsync(code),
      wrapperLength: 0,
      coverage: { url: script.url, functions: script.functions },
      sourceMap: JSON.parse(readFileSync(mapFile, "utf8")),
    });
    for (const [path, fc] of Object.entries(data)) if (path.startsWith(SRC)) map.merge({ [path]: fc });
  }
  return { map, processes: processes.length };
}

/**
 * Adds the children's hits to the in-process items: the item at the same location first; else, when a line holds
 * as many items of that kind in both reports, the one of the same rank on that line (the two transforms of the
 * TypeScript may place a node a column apart). Anything else is left out: never counted as covered by a neighbour.
 */
function addUp(base, extra) {
  const total = libCoverage.createCoverageMap(JSON.parse(JSON.stringify(base.toJSON())));
  const key = (loc) => `${loc.start.line}:${loc.start.column}-${loc.end.line}:${loc.end.column}`;
  /** For each item id: its hits, found by exact location or by rank on its line. */
  const matcher = (itemMap, otherMap, otherHits, locOf) => {
    const exact = new Map(Object.entries(otherMap).map(([id, item]) => [key(locOf(item)), otherHits[id]]));
    const byLine = (map) => {
      const lines = new Map();
      for (const [id, item] of Object.entries(map)) {
        const loc = locOf(item);
        if (!lines.has(loc.start.line)) lines.set(loc.start.line, []);
        lines.get(loc.start.line).push({ id, column: loc.start.column ?? 0 });
      }
      for (const list of lines.values()) list.sort((a, b) => a.column - b.column);
      return lines;
    };
    const mine = byLine(itemMap);
    const theirs = byLine(otherMap);
    return (id, item) => {
      const loc = locOf(item);
      const hit = exact.get(key(loc));
      if (hit !== undefined) return hit;
      const a = mine.get(loc.start.line) ?? [];
      const b = theirs.get(loc.start.line) ?? [];
      if (a.length !== b.length) return undefined;
      const rank = a.findIndex((x) => x.id === id);
      return otherHits[b[rank].id];
    };
  };
  for (const path of total.files()) {
    if (!extra.files().includes(path)) continue;
    const t = total.fileCoverageFor(path).data;
    const e = extra.fileCoverageFor(path).data;
    const merge = (itemMap, hits, otherMap, otherHits, locOf) => {
      const find = matcher(itemMap, otherMap, otherHits, locOf);
      for (const [id, item] of Object.entries(itemMap)) {
        const found = find(id, item);
        if (found === undefined) continue;
        if (Array.isArray(hits[id])) {
          if (!Array.isArray(found) || found.length !== hits[id].length) continue;
          hits[id] = hits[id].map((v, i) => v + found[i]);
        } else if (typeof found === "number") hits[id] += found;
      }
    };
    merge(t.statementMap, t.s, e.statementMap, e.s, (s) => s);
    merge(t.fnMap, t.f, e.fnMap, e.f, (f) => f.decl ?? f.loc);
    merge(t.branchMap, t.b, e.branchMap, e.b, (b) => b.loc ?? b.locations[0]);
  }
  return total;
}

function summary(map) {
  const s = map.getCoverageSummary().toJSON();
  const pick = (k) => ({ covered: s[k].covered, total: s[k].total, pct: s[k].pct });
  return {
    lines: pick("lines"),
    branches: pick("branches"),
    functions: pick("functions"),
    statements: pick("statements"),
  };
}

const FROM = savedDir ?? OUT;
const finalFile = join(FROM, "in-process", "coverage-final.json");
if (!existsSync(finalFile)) {
  process.stderr.write("coverage: no in-process report (coverage/in-process/coverage-final.json)\n");
  process.exit(testStatus || 1);
}
const inProcess = libCoverage.createCoverageMap(JSON.parse(readFileSync(finalFile, "utf8")));
const saved = join(FROM, "children-final.json");
const { map: children, processes } =
  savedDir && existsSync(saved)
    ? {
        map: libCoverage.createCoverageMap(JSON.parse(readFileSync(saved, "utf8"))),
        processes: JSON.parse(readFileSync(join(FROM, "summary.json"), "utf8")).spawnedServers.processes,
      }
    : await childCoverage();
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, "children-final.json"), JSON.stringify(children.toJSON()));
const total = addUp(inProcess, children);
writeFileSync(join(OUT, "total-final.json"), JSON.stringify(total.toJSON()));
const result = {
  inProcess: summary(inProcess),
  spawnedServers: { processes, ...summary(children) },
  total: summary(total),
};
writeFileSync(join(OUT, "summary.json"), `${JSON.stringify(result, null, 2)}\n`);

const row = (name, s) =>
  `${name.padEnd(16)} lines ${String(s.lines.pct).padStart(6)} %  branches ${String(s.branches.pct).padStart(6)} %  functions ${String(s.functions.pct).padStart(6)} %  statements ${String(s.statements.pct).padStart(6)} %`;
process.stdout.write(
  `\nCoverage of src/ (coverage/summary.json)\n${row("in-process", result.inProcess)}\n${row("spawned servers", result.spawnedServers)}  (${processes} processes)\n${row("total", result.total)}\n`,
);
process.exit(testStatus);
