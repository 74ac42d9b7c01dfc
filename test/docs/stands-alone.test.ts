/**
 * The repository stands alone: no file cites a document that is not in it (the notes it was first written from
 * lived beside the repository; what they fixed is now in docs/, e.g. docs/service-contract.md).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/server-process.js";

// Spelled in parts, so this file does not match itself.
// The stack notes are cited by their bare name too, so that one matches with or without ".md".
const OUTSIDE = new RegExp(
  [...["STYLE", "API-CONTRACT", "SERVICE-API"].map((n) => `\\b${n}\\.md\\b`), `\\b${"MCP"}-NOTES\\b`].join("|") +
    "|\\.\\./shared/|/work/" +
    "shared",
);
const SKIP = new Set(["node_modules", "dist", "dist-bench", "coverage", ".git", "__snapshots__"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|mts|mjs|js|cjs|md|json)$/.test(name) && name !== "package-lock.json" ? [path] : [];
  });
}

it("no file cites a document outside the repository", () => {
  const all = files(ROOT);
  expect(all.length).toBeGreaterThan(100);
  const citing = all.filter((path) => OUTSIDE.test(readFileSync(path, "utf8"))).map((path) => relative(ROOT, path));
  expect(citing).toEqual([]);
});
