/**
 * `outbound-calls-mcp doctor …` in the test's process: runDoctor with the argv the CLI would parse and exactly the
 * environment given (plus PATH, as serverEnv makes it). Through the process: test/e2e/cli/doctor.test.ts.
 */
import { parseArgs } from "../../src/cli/args.js";
import { runDoctor } from "../../src/cli/doctor.js";
import type { CliResult } from "./run-cli.js";
import { serverEnv } from "./server-process.js";

export async function doctorInProcess(
  argv: string[],
  env: Record<string, string | undefined> = {},
): Promise<CliResult> {
  const started = Date.now();
  const command = parseArgs(argv);
  if (command.kind !== "doctor") throw new Error(`not a doctor command: ${argv.join(" ")}`);
  const lines: string[] = [];
  const code = await runDoctor({ ...command, env: serverEnv(env), out: (l) => lines.push(l) });
  return { code, stdout: lines.map((l) => `${l}\n`).join(""), stderr: "", ms: Date.now() - started };
}
