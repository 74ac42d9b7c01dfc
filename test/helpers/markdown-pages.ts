/** The Markdown pages of the docs, for the tests that hold them to their links and their sizes. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./server-process.js";

/** The Markdown files under `dir` (relative to the repository's root), at any depth, as root-relative paths. */
export function markdownUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownUnder(`${dir}/${e.name}`) : e.name.endsWith(".md") ? [`${dir}/${e.name}`] : [],
  );
}
