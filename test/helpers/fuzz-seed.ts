/**
 * The seed of a run's generated inputs. It changes per run, so every run of the
 * suite explores inputs the previous ones did not, and it is printed (under npm
 * test, into its output log, test-output.ts), so a failure replays:
 * `FUZZ_SEED=<n> npx vitest run <file>`. FUZZ_SCALE multiplies the
 * number of inputs for a deeper run (`FUZZ_SCALE=10`). Inputs that once broke
 * something are kept apart, in test/fuzz/corpus.json, and run every time.
 */
import { testOutput } from "./test-output.js";
const fromEnv = process.env.FUZZ_SEED?.trim();
if (fromEnv && !/^\d{1,10}$/.test(fromEnv))
  throw new Error(`FUZZ_SEED must be a whole number, got ${JSON.stringify(fromEnv)}`);

/** This process's seed: FUZZ_SEED, or a new one. */
export const FUZZ_SEED = fromEnv ? Number(fromEnv) : Math.floor(Math.random() * 2 ** 31);

const scaleText = process.env.FUZZ_SCALE?.trim();
/** How many times the default number of inputs to generate (FUZZ_SCALE, default 1). */
export const FUZZ_SCALE = scaleText && /^\d+(\.\d+)?$/.test(scaleText) && Number(scaleText) > 0 ? Number(scaleText) : 1;

/** The seed, printed once per file with how to replay it. */
export function fuzzSeed(file: string): number {
  testOutput(`\nfuzz seed ${FUZZ_SEED} (${file}); replay with FUZZ_SEED=${FUZZ_SEED} npx vitest run ${file}\n`);
  return FUZZ_SEED;
}

/** `n` inputs scaled by FUZZ_SCALE. */
export const scaled = (n: number): number => Math.max(1, Math.round(n * FUZZ_SCALE));
