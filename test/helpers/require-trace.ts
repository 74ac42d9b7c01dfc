/**
 * A preload (`NODE_OPTIONS=--require <file>`) that reports on stderr every
 * require whose name matches a pattern, for the tests that check a part of the
 * bundle is loaded on first use and not at start-up (phone-lib-lazy,
 * lazy-libs). Written into a temporary folder removed after the file's tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** The NODE_OPTIONS value that installs the preload; each matching require prints `<label> <name>`. */
export function requireTrace(pattern: RegExp, label: string): string {
  const dir = mkdtempSync(join(tmpdir(), "outbound-calls-require-trace-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const preload = join(dir, "trace.cjs");
  writeFileSync(
    preload,
    `const Module = require("node:module");
const load = Module._load;
const pattern = new RegExp(${JSON.stringify(pattern.source)}, ${JSON.stringify(pattern.flags)});
Module._load = function (request, ...rest) {
  if (pattern.test(String(request))) process.stderr.write(${JSON.stringify(label)} + " " + request + "\\n");
  return load.call(this, request, ...rest);
};
`,
  );
  return `--require ${preload}`;
}
