#!/usr/bin/env node
/**
 * `npm run test:busy`: the README's test command (`npm test`) several times in a row while a CPU hog keeps every
 * core busy, as on a developer's machine with other work running. A test that passes only on an idle machine
 * fails here. Prints each run's result and wall time, and a last line "N passed, N failed" counting runs.
 *
 *   node scripts/test-busy.mjs [--runs 3] [--hogs 8]
 *
 * The hogs are busy loops at normal priority, one process each (8 on 2 cores is a load of about 10 before the
 * suite's own workers). They stop when this script ends, however it ends.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number >= 1`);
  return value;
}

const runs = option("runs", 3);
const hogs = option("hogs", 4 * availableParallelism());
const children = Array.from({ length: hogs }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
);
const stopHogs = () => children.forEach((c) => c.kill("SIGKILL"));
process.on("exit", stopHogs);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

let passed = 0;
let failed = 0;
for (let i = 1; i <= runs; i++) {
  const t0 = Date.now();
  const code = await new Promise((resolve) => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const child = spawn(npm, ["test"], { stdio: "inherit" });
    child.on("close", (c) => resolve(c ?? 1));
  });
  const seconds = Math.round((Date.now() - t0) / 1000);
  process.stderr.write(
    `test-busy: run ${i} of ${runs} with ${hogs} CPU hogs: ${code === 0 ? "green" : "RED"} in ${seconds} s\n`,
  );
  if (code === 0) passed++;
  else failed++;
}
stopHogs();
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
