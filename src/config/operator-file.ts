/**
 * An operator's file named by an environment variable (rules, consent records,
 * do-not-call list, blocked prefixes), read whole at start. One that cannot be
 * read stops the start, naming the variable and why; what the text must hold is
 * each reader's own.
 */
import { readFileSync } from "node:fs";
import { ConfigurationError } from "./errors.js";

export function readOperatorFile(variable: string, path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code ?? "unreadable";
    throw new ConfigurationError(`${variable}: the file cannot be read (${code}); fix the path or unset the variable`);
  }
}
