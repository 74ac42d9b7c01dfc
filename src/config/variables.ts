/**
 * One declaration per environment variable, written beside the code that uses it: its name, what an operator
 * reads about it, its default, who sets it (an operator, or only tests and dry runs) and its zod parser. The
 * declarations are collected in one registry (src/cli/variables.ts); `--help`, `doctor` and the configuration table
 * of docs/configuration.md (by `npm run docs`) read it, and test/docs/generated.test.ts holds it to the code.
 */
import type * as z from "zod";
import { ConfigurationError } from "./errors.js";

/** The sections of `--help` and the order of the configuration table. */
export type VariableGroup = "service" | "safety" | "http" | "replicas";

export interface VariableDoc {
  group: VariableGroup;
  /**
   * Who sets it. `test`: only tests and dry runs against a local stand-in service or the sandbox; left out of
   * `--help` and the operator's table, and refused at start with a real service.
   */
  audience?: "test";
  /** When it must be set (Markdown); absent: optional. */
  required?: string;
  /** What unset means, written as one would set it; the parser reads a blank value as this. */
  default?: string;
  /** What unset means when no value says it ("any", "none"); only without `default`. */
  unset?: string;
  /** A value one could set. */
  example?: string;
  /** One line of `--help`, plain text, without the default or the example (added from the fields above). */
  summary: string;
  /** The configuration table's text (Markdown). */
  description: string;
}

/** Reads one raw value (unset: undefined); its messages start with the variable's name and never quote a secret. */
export type Parser = z.ZodType<unknown, string | undefined>;

/** A declaration as a module writes it: the parser is made from the name and the default, so each is written once. */
export interface VariableSpec extends VariableDoc {
  parse: (name: string, fallback: string | undefined) => Parser;
}

/** A declared variable. */
export interface Variable<P extends Parser = Parser> extends VariableDoc {
  readonly name: string;
  readonly parse: P;
}

/** Every declared variable by name: the registry, or one module's part of it. */
export type VariableDocs = Readonly<Record<string, Variable>>;

export type Declared<D extends Readonly<Record<string, VariableSpec>>> = {
  readonly [K in keyof D & string]: Omit<D[K], "parse"> & Variable<ReturnType<D[K]["parse"]>> & { readonly name: K };
};

/** One module's declarations, each parser bound to its variable's name and default. */
export function declareVariables<const D extends Readonly<Record<string, VariableSpec>>>(specs: D): Declared<D> {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, { ...spec, name, parse: spec.parse(name, spec.default) }]),
  ) as Declared<D>;
}

/** The zod shape of some declarations, for one z.object over the environment. */
export function shapeOf<D extends VariableDocs>(declared: D): { [K in keyof D]: D[K]["parse"] } {
  return Object.fromEntries(Object.entries(declared).map(([name, v]) => [name, v.parse])) as {
    [K in keyof D]: D[K]["parse"];
  };
}

/** What a z.object over these declarations' shape gives. */
export type Parsed<D extends VariableDocs> = { [K in keyof D]: z.output<D[K]["parse"]> };

/** One variable read alone; a bad value throws ConfigurationError with its parser's messages. */
export function readVariable<P extends Parser>(variable: Variable<P>, env: NodeJS.ProcessEnv): z.output<P> {
  const parsed = variable.parse.safeParse(env[variable.name]);
  if (!parsed.success) throw new ConfigurationError(parsed.error.issues.map((issue) => issue.message));
  return parsed.data as z.output<P>;
}

/** The registry from each module's declarations, in order; a name declared twice is a mistake, refused. */
export function collectVariables(...parts: readonly VariableDocs[]): VariableDocs {
  const all: Record<string, Variable> = {};
  for (const part of parts) {
    for (const [name, variable] of Object.entries(part)) {
      if (name in all) throw new Error(`${name} is declared twice`);
      all[name] = variable;
    }
  }
  return all;
}

/** What an operator configures: every declaration but the test hooks. */
export function operatorVariables(docs: VariableDocs): [string, Variable][] {
  return Object.entries(docs).filter(([, doc]) => doc.audience !== "test");
}
