/**
 * The docs stay a size a reader can hold: the README at most 10 KB (the pitch, the two commands, one client block,
 * the tools and guards tables, the map), each page under docs/ at most 25 KB, and all of docs/ at most 250 KB.
 * What grows past that goes where its reader is: a measurement log beside the benchmark (bench/NOTES.md), a list
 * of tests beside the tests (test/README.md), a long page split by reader.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { markdownUnder } from "../helpers/markdown-pages.js";
import { ROOT } from "../helpers/server-process.js";

const KB = 1024;
const README_MAX = 10 * KB;
const PAGE_MAX = 25 * KB;
const DOCS_MAX = 250 * KB;

/** Pages still to be split, each on a branch of its own; remove a page from here once it is under the limit. */
const STILL_TO_SPLIT = new Set<string>([]);

const pages = markdownUnder("docs");
const size = (path: string) => statSync(join(ROOT, path)).size;

describe("the size of the docs", () => {
  it("finds the pages (the scan works)", () => {
    expect(pages).toEqual(expect.arrayContaining(["docs/README.md", "docs/safety.md", "docs/hosting.md"]));
  });

  it(`README.md is at most ${README_MAX / KB} KB`, () => {
    expect(size("README.md")).toBeLessThanOrEqual(README_MAX);
  });

  it.each(pages.filter((p) => !STILL_TO_SPLIT.has(p)))(`%s is at most ${PAGE_MAX / KB} KB`, (page) => {
    expect(size(page)).toBeLessThanOrEqual(PAGE_MAX);
  });

  it("a page still to be split is still over the limit (else it leaves that list)", () => {
    for (const page of STILL_TO_SPLIT) expect(size(page), page).toBeGreaterThan(PAGE_MAX);
  });

  // A page still to be split counts at the page limit while it waits, so the rest is held to what that leaves; its
  // pieces count in full once it leaves that list.
  it(`all of docs/ is at most ${DOCS_MAX / KB} KB of Markdown`, () => {
    const weight = (p: string) => (STILL_TO_SPLIT.has(p) ? Math.min(size(p), PAGE_MAX) : size(p));
    expect(pages.reduce((sum, p) => sum + weight(p), 0)).toBeLessThanOrEqual(DOCS_MAX);
  });
});
