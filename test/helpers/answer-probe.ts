/**
 * A preload (`NODE_OPTIONS=--require <file>`) that, as the server writes each message to stdout, reports on stderr
 * what an expression of the test's choosing says at that moment: which built-ins are loaded, how many functions were
 * compiled from strings. For the tests that check what a start has done by the time it answers (lazy-builtins,
 * zod-jitless). Written into a temporary folder removed after the file's tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** One message the server wrote: its first 200 characters, and what `seen` said as it was written. */
export interface ProbeReport<T> {
  answer: string;
  seen: T;
}

export interface AnswerProbe<T> {
  /** The NODE_OPTIONS value that installs the preload. */
  nodeOptions: string;
  /** Every report in `stderr`, in the order the messages were written. */
  reports(stderr: string): ProbeReport<T>[];
}

/** `setup`: preload code run once, before the server; `seen`: a JavaScript expression evaluated at each message. */
export function answerProbe<T>(setup: string, seen: string): AnswerProbe<T> {
  const dir = mkdtempSync(join(tmpdir(), "outbound-calls-answer-probe-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const preload = join(dir, "probe.cjs");
  writeFileSync(
    preload,
    `${setup}
const write = process.stdout.write;
process.stdout.write = function (chunk, ...rest) {
  process.stderr.write("ANSWERED " + JSON.stringify({ answer: String(chunk).slice(0, 200), seen: (${seen}) }) + "\\n");
  return write.call(this, chunk, ...rest);
};
`,
  );
  return {
    nodeOptions: `--require ${preload}`,
    reports: (stderr) =>
      stderr
        .split("\n")
        .filter((line) => line.startsWith("ANSWERED "))
        .map((line) => JSON.parse(line.slice("ANSWERED ".length)) as ProbeReport<T>),
  };
}
