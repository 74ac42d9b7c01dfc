#!/usr/bin/env node
/**
 * `npm run train:opt-outs`: bundles the learned reader's trainer (test/opt-out-eval/train.ts) and runs it; arguments
 * are passed on (`--cv`, `--check`, `--folders a,b`).
 */
import { bundleAndRun } from "./bundle-and-run.mjs";

await bundleAndRun("test/opt-out-eval/train.ts");
