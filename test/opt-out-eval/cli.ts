/**
 * npm run eval:opt-outs [-- [--errors] [--speed] [paths...]]: precision and recall of the opt-out reader on the set
 * written before it was frozen (dev/), the held-out sets written after each freeze, the blind set written by someone
 * who never saw the code (blind-1/, train-a/, train-b/, train-c/, train-e/, train-f/, train-h/), and any other .jsonl files or folders given (same format, README.md).
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { evaluate, loadItems, report } from "./evaluate.js";
import { measureSpeed } from "./speed.js";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const errors = args.includes("--errors");
if (args.includes("--speed")) {
  process.stdout.write(`${measureSpeed()}\n`);
  process.exit(0);
}
const extra = args.filter((a) => !a.startsWith("--"));
const sets: Array<[string, string[]]> =
  extra.length > 0
    ? [["given files", extra]]
    : [
        ["dev (written before the reader was frozen)", [join(here, "dev")]],
        ["held-out (written after the first freeze)", [join(here, "held-out")]],
        ["held-out-2 (written after the second freeze)", [join(here, "held-out-2")]],
        ["held-out-3 (written after the third freeze)", [join(here, "held-out-3")]],
        ["held-out-4 (written after the fourth freeze)", [join(here, "held-out-4")]],
        ["blind-1 (written by someone who never saw the code)", [join(here, "blind-1")]],
        ["dev-2 (written after blind-1, each part before the change it guards)", [join(here, "dev-2")]],
        ["dev-3 (speakers and reported speech, written before the change it guards)", [join(here, "dev-3")]],
        ["train-a (everyday calls by a writer who never saw the code)", [join(here, "train-a")]],
        ["train-b (adversarial calls by a writer who never saw the code)", [join(here, "train-b")]],
        ["train-c (hard cases by a writer who never saw the code)", [join(here, "train-c")]],
        ["train-e (many voices, long calls, by a writer who never saw the code)", [join(here, "train-e")]],
        ["train-f (hard negatives, long ordinary calls, by a writer who never saw the code)", [join(here, "train-f")]],
        ["train-h (everyday one-line answers and idioms, by a writer who never saw the code)", [join(here, "train-h")]],
      ];
for (const [title, paths] of sets) {
  const items = loadItems(paths);
  if (items.length === 0) continue;
  process.stdout.write(`${report(`${title}: ${items.length} items`, evaluate(items), errors)}\n\n`);
}
