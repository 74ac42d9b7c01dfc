/**
 * Every test file runs: vitest.config.ts lists the folders of each project, and
 * a file in a folder neither lists would be left out without a word.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";
import config from "../../vitest.config.js";
import { ROOT } from "../helpers/server-process.js";

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? testFiles(join(dir, e.name))
      : e.name.endsWith(".test.ts")
        ? [relative(ROOT, join(dir, e.name))]
        : [],
  );
}

/** "test/unit/**\/*.test.ts" covers everything under test/unit/; a file path covers itself. */
const covers = (pattern: string, file: string) =>
  pattern.endsWith("/**/*.test.ts") ? file.startsWith(pattern.slice(0, -"**/*.test.ts".length)) : file === pattern;

it("every test file belongs to exactly one vitest project", () => {
  const projects = (config.test?.projects ?? []) as Array<{
    test: { name: string; include: string[]; exclude?: string[] };
  }>;
  expect(projects.map((p) => p.test.name)).toEqual(["shared", "isolated"]);
  const files = testFiles(join(ROOT, "test"));
  expect(files.length).toBeGreaterThan(50);
  for (const file of files) {
    const owners = projects.filter(
      (p) => p.test.include.some((i) => covers(i, file)) && !(p.test.exclude ?? []).some((x) => covers(x, file)),
    );
    expect(
      owners.map((p) => p.test.name),
      file,
    ).toHaveLength(1);
  }
});
