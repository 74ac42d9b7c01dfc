/**
 * The import rule (docs/architecture.md "The rooms"): the rooms table, top down, and ROOMS in
 * .dependency-cruiser.mjs, which `npm run lint:imports` holds the code to, are one order, and every folder of src/
 * is in it. The rules themselves refuse an upward import, a cycle between two folders and a folder not in the
 * order: shown on a small tree of their own, so a rule that stopped matching (a path pattern gone wrong) fails here
 * instead of passing everything.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from "dependency-cruiser";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/server-process.js";

interface RulesModule {
  ROOMS: readonly string[];
  default: IFlattenedRuleSet & { options: Record<string, unknown> };
}
const rules = (await import(pathToFileURL(join(ROOT, ".dependency-cruiser.mjs")).href)) as RulesModule;

/** The folders the rooms table names, in its order (the entry files, src/*.ts, stand above them all). */
function roomsOfTheDocs(): string[] {
  const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
  const section = doc.slice(doc.indexOf("## The rooms"), doc.indexOf("\n## ", doc.indexOf("## The rooms") + 1));
  const firstCells = section
    .split("\n")
    .filter((line) => line.startsWith("| [`src/"))
    .map((line) => line.split(" | ")[0] ?? "");
  return firstCells.flatMap((cell) => [...cell.matchAll(/\[`src\/([^`/]+)\/`\]/g)].map((m) => m[1]!));
}

describe("the order of the rooms", () => {
  it("is the same in docs/architecture.md and in .dependency-cruiser.mjs", () => {
    expect(rules.ROOMS.length).toBeGreaterThan(10);
    expect(roomsOfTheDocs()).toEqual(rules.ROOMS);
  });

  it("has every folder of src/", () => {
    const folders = readdirSync(join(ROOT, "src"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect([...folders].sort()).toEqual([...rules.ROOMS].sort());
  });
});

describe("the rules", () => {
  it("refuse an upward import, a folder cycle, a folder not in the order and a kernel that names a guard, and pass the imports that run down", async () => {
    const tree = mkdtempSync(join(tmpdir(), "rooms-"));
    const files: Record<string, string> = {
      // Down: allowed.
      "src/tools/run.ts":
        'import { line } from "../render/line.js";\nimport { one } from "../extras/one.js";\nexport const run = () => line() + one;\n',
      // Up, and with tools -> render a cycle between the two folders.
      "src/render/line.ts":
        'import type { run } from "../tools/run.js";\nexport const line = (): string => "";\nexport type Run = typeof run;\n',
      // Up: text is the lowest room.
      "src/text/clean.ts": 'import { setting } from "../config/env.js";\nexport const clean = setting;\n',
      "src/config/env.ts": "export const setting = 1;\n",
      // A folder that ROOMS does not list.
      "src/extras/one.ts": "export const one = 1;\n",
      // A room importing an entry file.
      "src/mcp/server.ts": 'import { main } from "../index.js";\nexport const serve = main;\n',
      "src/index.ts": "export const main = 1;\n",
      // The kernel names a guard; a guard imports the kernel (allowed).
      "src/guards/dial/kernel.ts": 'import { caps } from "../caps/guard.js";\nexport const list = [caps];\n',
      "src/guards/caps/guard.ts": 'import type { Guard } from "../dial/guard.js";\nexport const caps = {} as Guard;\n',
      "src/guards/dial/guard.ts": "export interface Guard { name?: string }\n",
    };
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(tree, path)), { recursive: true });
        writeFileSync(join(tree, path), text);
      }
      const { tsConfig: _ownTsConfig, ...options } = rules.default.options;
      const { output } = await cruise(["src"], {
        ...options,
        validate: true,
        ruleSet: { forbidden: rules.default.forbidden },
        baseDir: tree,
      });
      const violations = (output as ICruiseResult).summary.violations.map(
        (v) => `${v.rule.name}: ${v.from} -> ${v.to}`,
      );
      expect(violations.sort()).toEqual(
        [
          "room-not-in-order: src/tools/run.ts -> src/extras/one.ts",
          "upward-from-render: src/render/line.ts -> src/tools/run.ts",
          "upward-from-text: src/text/clean.ts -> src/config/env.ts",
          "upward-to-entry: src/mcp/server.ts -> src/index.ts",
          "kernel-names-no-guard: src/guards/dial/kernel.ts -> src/guards/caps/guard.ts",
        ].sort(),
      );
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
