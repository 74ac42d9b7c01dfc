#!/usr/bin/env node
/**
 * `npm run eval:opt-outs`: bundles the evaluation of the opt-out reader (test/opt-out-eval/cli.ts) and runs it;
 * arguments are passed on (`--errors`, extra .jsonl files or folders).
 */
import { bundleAndRun } from "./bundle-and-run.mjs";

await bundleAndRun("test/opt-out-eval/cli.ts");
