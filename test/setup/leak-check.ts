/**
 * Runs after every test file: no server process started by the file printed the
 * canary key anywhere, and every stdout line was a JSON-RPC message (over HTTP:
 * stdout stayed empty); no in-process server logged the key either; and no test wrote the opt-out journal of the
 * person running the tests (a test's opt-out there would refuse their real dials later).
 */
import { statSync } from "node:fs";
import { afterAll, expect } from "vitest";
import { optOutJournalPath } from "../../src/config/opt-outs.js";
import { CANARY_KEY, httpStarted, inProcessLogs, started } from "../helpers/leak-registry.js";

const userJournal = optOutJournalPath(undefined, process.env)!;
const journalState = () => {
  try {
    const stat = statSync(userJournal);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return "absent";
  }
};
const journalBefore = journalState();

afterAll(async () => {
  expect(
    journalState(),
    `a test wrote ${userJournal}, the opt-out journal of the person running the tests: give its server or command OUTBOUND_CALLS_OPT_OUT_JOURNAL`,
  ).toBe(journalBefore);
  for (const transport of started) {
    expect(transport.badLines, "stdout carried something that is not JSON-RPC").toEqual([]);
    expect(transport.allOutput().includes(CANARY_KEY), "the canary key leaked into a server's output").toBe(false);
  }
  for (const logs of inProcessLogs) {
    expect(logs.join("\n").includes(CANARY_KEY), "the canary key leaked into an in-process server's log").toBe(false);
  }
  for (const proc of httpStarted) {
    // A test that forgot to stop its server must not leave it running.
    await proc.stop("SIGKILL", 5_000);
    expect(proc.stdout, "an HTTP-mode server printed on stdout").toBe("");
    expect(`${proc.stdout}\n${proc.stderr}`.includes(CANARY_KEY), "the canary key leaked into a server's output").toBe(
      false,
    );
  }
});
