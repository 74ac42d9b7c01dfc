/**
 * `npm run bench -- --docs` writes its tables into docs/performance.md: the page
 * has the block once, rewriting it touches nothing outside the markers, and a
 * page without a proper block is refused rather than half written.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { BENCH_DOCS_FILE, BLOCK_END, BLOCK_START, replaceBenchBlock } from "../../bench/docs-block.js";
import { ROOT } from "../helpers/server-process.js";

const page = readFileSync(join(ROOT, BENCH_DOCS_FILE), "utf8");

it("docs/performance.md holds the benchmark's block, and the README no longer does", () => {
  expect(BENCH_DOCS_FILE).toBe("docs/performance.md");
  expect(page.split(BLOCK_START)).toHaveLength(2);
  expect(page.split(BLOCK_END)).toHaveLength(2);
  expect(page.indexOf(BLOCK_START)).toBeLessThan(page.indexOf(BLOCK_END));
  expect(readFileSync(join(ROOT, "README.md"), "utf8")).not.toContain("bench:start");
});

it("rewrites only what lies between the markers", () => {
  const before = page.slice(0, page.indexOf(BLOCK_START) + BLOCK_START.length);
  const after = page.slice(page.indexOf(BLOCK_END));
  const current = page.slice(before.length + 1, page.length - after.length - 1);
  expect(replaceBenchBlock(page, current)).toBe(page);
  expect(replaceBenchBlock(page, "| new | table |")).toBe(`${before}\n| new | table |\n${after}`);
});

it("refuses a page whose markers are missing, doubled or out of order", () => {
  const block = `${BLOCK_START}\nold\n${BLOCK_END}`;
  for (const text of [
    "no block",
    `${BLOCK_START}\nold`,
    `old\n${BLOCK_END}`,
    `${block}\n${block}`,
    `${BLOCK_END}\nold\n${BLOCK_START}`,
  ]) {
    expect(() => replaceBenchBlock(text, "new"), text).toThrow(/needs one/);
  }
});
