/** `npm run demo` is the README's first command: it must run through and exit 0. */
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { ENTRY, ROOT } from "../helpers/server-process.js";

it("the demo walks through every step against the sandbox and exits 0 in under 30 s", () => {
  const started = Date.now();
  const run = spawnSync(process.execPath, [ENTRY.replace(/index\.js$/, "demo.js")], {
    cwd: ROOT,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
    timeout: 30_000,
  });
  const seconds = (Date.now() - started) / 1000;
  expect(run.status, run.stderr).toBe(0);
  expect(seconds).toBeLessThan(30);
  const out = run.stdout;
  // It says what it stages (speed, wallet) instead of claiming defaults.
  expect(out).toContain("Staged for the demo: calls run 40x faster than real (--sandbox-speed 40); the wallet holds 100 cents");
  for (const step of [
    "Which agents can place calls?",
    'approval page opened in the browser: "Approve this phone call?" → the person clicks Approve',
    "Call placed:",
    "A person approved it.",
    'approval page opened in the browser: "Approve these 3 phone calls?" → the person clicks Approve',
    "status: completed",
    'source="transcript"',
    "List today's completed calls",
    "Batch refused: 1 of 3 rows failed validation, so nothing was sent",
    "Batch accepted: 3 calls",
    "wallet cannot pay",
  ]) {
    expect(out, step).toContain(step);
  }
}, 40_000);
