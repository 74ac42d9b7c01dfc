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

const onlyReport = process.argv.includes("--report-only");
const vitestArgs = process.argv.slice(2).filter((a) => a !== "--report-only");
let testStatus = 0;
if (!onlyReport) {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(RAW, { recursive: true });
  if (run(process.execPath, ["scripts/build.mjs", "--sourcemap-dir", MAPS]) !== 0) process.exit(1);
  testStatus = run("npx", ["vitest", "run", "--coverage", ...vitestArgs], { TEST_CHILD_COVERAGE: RAW });
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

const startLine = (loc) => loc.start.line;

/**
 * Adds the children's hits to the in-process items: same location first, else an item of the same kind that
 * starts on the same line (the two transforms of the TypeScript may place a node a column apart).
 */
function addUp(base, extra) {
  const total = libCoverage.createCoverageMap(JSON.parse(JSON.stringify(base.toJSON())));
  for (const path of total.files()) {
    if (!extra.files().includes(path)) continue;
    const t = total.fileCoverageFor(path).data;
    const e = extra.fileCoverageFor(path).data;
    const hitLines = (itemMap, hits, locOf) => {
      const lines = new Map();
      for (const [id, item] of Object.entries(itemMap)) {
        const key = JSON.stringify(locOf(item));
        const count = Array.isArray(hits[id]) ? hits[id] : hits[id];
        lines.set(key, count);
        const line = `line:${startLine(locOf(item))}`;
        if (Array.isArray(count)) {
          const prev = lines.get(line) ?? count.map(() => 0);
          lines.set(line, prev.map((v, i) => v + (count[i] ?? 0)));
        } else lines.set(line, (lines.get(line) ?? 0) + count);
      }
      return lines;
    };
    const merge = (itemMap, hits, otherMap, otherHits, locOf) => {
      const other = hitLines(otherMap, otherHits, locOf);
      for (const [id, item] of Object.entries(itemMap)) {
        const found = other.get(JSON.stringify(locOf(item))) ?? other.get(`line:${startLine(locOf(item))}`);
        if (found === undefined) continue;
        if (Array.isArray(hits[id])) hits[id] = hits[id].map((v, i) => v + (Array.isArray(found) ? (found[i] ?? 0) : 0));
        else hits[id] += found;
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
  return { lines: pick("lines"), branches: pick("branches"), functions: pick("functions"), statements: pick("statements") };
}

const finalFile = join(OUT, "in-process", "coverage-final.json");
if (!existsSync(finalFile)) {
  process.stderr.write("coverage: no in-process report (coverage/in-process/coverage-final.json)\n");
  process.exit(testStatus || 1);
}
const inProcess = libCoverage.createCoverageMap(JSON.parse(readFileSync(finalFile, "utf8")));
const { map: children, processes } = await childCoverage();
writeFileSync(join(OUT, "children-final.json"), JSON.stringify(children.toJSON()));
const total = addUp(inProcess, children);
writeFileSync(join(OUT, "total-final.json"), JSON.stringify(total.toJSON()));
const result = { inProcess: summary(inProcess), spawnedServers: { processes, ...summary(children) }, total: summary(total) };
writeFileSync(join(OUT, "summary.json"), `${JSON.stringify(result, null, 2)}\n`);

const row = (name, s) =>
  `${name.padEnd(16)} lines ${String(s.lines.pct).padStart(6)} %  branches ${String(s.branches.pct).padStart(6)} %  functions ${String(s.functions.pct).padStart(6)} %  statements ${String(s.statements.pct).padStart(6)} %`;
process.stdout.write(
  `\nCoverage of src/ (coverage/summary.json)\n${row("in-process", result.inProcess)}\n${row("spawned servers", result.spawnedServers)}  (${processes} processes)\n${row("total", result.total)}\n`,
);
process.exit(testStatus);
