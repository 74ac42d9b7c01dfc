/**
 * The learned reader trained on folders of labelled items here: cross-validated (cv.ts), its threshold chosen, then
 * trained on all of them; the text of learned-weights.json it gives. Used by npm run train:opt-outs (train.ts) and by
 * the test that checks the committed file is a fresh training's.
 */
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadItems } from "./evaluate.js";
import { prepare, trainOn, type Prepared } from "./training.js";
import { chooseThreshold, crossValidate, cvTable } from "./cv.js";

const here = dirname(fileURLToPath(import.meta.url));
export const WEIGHTS_FILE = join(here, "../../src/guards/opt-outs/reader/learned-weights.json");

/** Every folder here that holds .jsonl files, in name order. */
export function allFolders(): string[] {
  return readdirSync(here)
    .filter((f) => statSync(join(here, f)).isDirectory())
    .filter((f) => readdirSync(join(here, f)).some((x) => x.endsWith(".jsonl")))
    .sort();
}

const prepared = (folders: readonly string[]) =>
  folders.flatMap((f) => loadItems([join(here, f)]).map((item) => prepare(item, f)));

function fileText(items: readonly Prepared[], folders: readonly string[], threshold: number): string {
  const packed = trainOn(items, threshold, `${items.length} items of ${folders.join(", ")}`);
  return `${JSON.stringify(packed, null, 2)}\n`;
}

/** The file's text, trained afresh, and the cross-validation table. */
export function trainAll(folders: readonly string[]): { text: string; table: string } {
  const items = prepared(folders);
  const scored = crossValidate(items, folders);
  const threshold = chooseThreshold(scored);
  return { text: fileText(items, folders, threshold), table: cvTable(scored, folders, threshold) };
}

/**
 * The file's text trained afresh with a threshold given (the committed one), without the cross-validation that
 * chose it: an eighth of the time, for npm test; `npm run train:opt-outs -- --check` checks the threshold too.
 */
export function trainWithThreshold(folders: readonly string[], threshold: number): string {
  return fileText(prepared(folders), folders, threshold);
}
