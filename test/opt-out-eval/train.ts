/**
 * npm run train:opt-outs [-- [--cv] [--check] [--folders a,b,...]]: trains the learned reader on every folder of
 * labelled items here (or those named), chooses its threshold by leaving out each folder in turn (cv.ts), and writes
 * src/guards/opt-outs/reader/learned-weights.json. `--cv` prints the cross-validation table; `--check` writes nothing
 * and fails when the committed file differs from a fresh training.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { WEIGHTS_FILE, allFolders, trainAll } from "./trainer.js";

const args = process.argv.slice(2);
const named = args.indexOf("--folders");
const folders = named >= 0 ? (args[named + 1] ?? "").split(",").filter((f) => f.length > 0) : allFolders();
const started = performance.now();
const { text, table } = trainAll(folders);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (args.includes("--cv")) process.stdout.write(`${table}\n`);
if (args.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(WEIGHTS_FILE, "utf8");
  } catch {
    // Missing: differs.
  }
  if (committed !== text) {
    process.stderr.write(
      `train:opt-outs --check: ${WEIGHTS_FILE} differs from a fresh training on ${folders.join(", ")}: run npm run train:opt-outs and commit it\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`train:opt-outs --check: the committed weights are a fresh training's (${seconds} s)\n`);
} else {
  writeFileSync(WEIGHTS_FILE, text);
  process.stdout.write(`train:opt-outs: wrote ${WEIGHTS_FILE} (${(text.length / 1024).toFixed(0)} KB, ${seconds} s)\n`);
}
