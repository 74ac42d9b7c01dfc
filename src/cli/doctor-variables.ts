/**
 * doctor's reading of the environment through the registry of variables (variables.ts): a server variable set
 * under a name no declaration has does nothing, silently, so a typo in a guard's name would leave the guard at its
 * default; a test hook set moves what the guards see; and a variable whose value is wrong gets its line of --help.
 */
import { variables } from "./variables.js";

type Check = (mark: "ok" | "FAIL" | "warn" | "skip", label: string, detail: string, fix?: string) => void;

const PREFIX = "OUTBOUND_CALLS_";

/** What the variable is for, from its declaration: the fix line of a wrong value adds it. */
export function variableSummary(name: string): string | undefined {
  return variables[name]?.summary;
}

/** Edits (insert, delete, replace one character) between two names: a typo is one or two. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** The declared name a misspelt one most likely meant, if one is close. */
function nearest(name: string): string | undefined {
  let best: { name: string; edits: number } | undefined;
  for (const declared of Object.keys(variables)) {
    const edits = distance(name, declared);
    if (edits <= 3 && (best === undefined || edits < best.edits)) best = { name: declared, edits };
  }
  return best?.name;
}

/** One warning per OUTBOUND_CALLS_* name set that no declaration has, and per test hook set. */
export function checkVariableNames(env: NodeJS.ProcessEnv, check: Check): void {
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith(PREFIX) || env[name] === undefined) continue;
    const declared = variables[name];
    if (declared === undefined) {
      const meant = nearest(name);
      check(
        "warn",
        "variables",
        `${name} is set, but the server reads no such variable: it does nothing`,
        `${meant ? `did you mean ${meant}? ` : ""}outbound-calls-mcp --help lists every variable`,
      );
    } else if (declared.audience === "test" && env[name]?.trim()) {
      check("warn", "variables", `${name} is set: ${declared.summary}`);
    }
  }
}
