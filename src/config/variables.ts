/**
 * What an operator reads about each environment variable, written once beside
 * the code that parses it (config/env.ts, config/safety.ts, config/redis.ts,
 * http/config.ts, cli/env-flags.ts, consent/opener.ts) and collected in
 * cli/variables.ts. `--help` is rendered from it at run time, the configuration
 * table of docs/configuration.md by `npm run docs`; test/docs/generated.test.ts
 * holds both, and the defaults, to the code.
 */

/** The sections of `--help` and the order of the configuration table. */
export type VariableGroup = "service" | "safety" | "http" | "replicas";

export interface VariableDoc {
  group: VariableGroup;
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

export type VariableDocs = Readonly<Record<string, VariableDoc>>;

/** The names of the definitions in `docs` that have a default (so a parser can read it, checked by the compiler). */
export type WithDefault<D extends VariableDocs> = {
  [K in keyof D]: D[K] extends { default: string } ? K : never;
}[keyof D];

/** The heading of each group in `--help`, in order. */
export const HELP_HEADINGS: Readonly<Record<VariableGroup, string>> = {
  service: "Environment:",
  safety: "Safety (see docs/safety.md and docs/approval.md):",
  http: "Environment with --http:",
  replicas: "Environment for several replicas (stdio or --http):",
};

const NAME_COLUMN = 37;
const WIDTH = 140;

/** Words to lines of at most WIDTH columns; continuation lines start under the text. */
function wrap(first: string, text: string): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(" ")) {
    if (line.length > NAME_COLUMN && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = " ".repeat(NAME_COLUMN) + word;
    } else line += (line.length === NAME_COLUMN || line.endsWith(" ") ? "" : " ") + word;
  }
  lines.push(line);
  return lines;
}

/** The line (or lines) `--help` prints for one variable. */
export function helpEntry(name: string, doc: VariableDoc): string[] {
  const example = doc.example === undefined ? "" : `, e.g. ${doc.example}`;
  const fallback =
    doc.default !== undefined ? ` (default ${doc.default})` : doc.unset !== undefined ? ` (default: ${doc.unset})` : "";
  const head = `  ${name}`;
  return wrap(
    head.length < NAME_COLUMN - 1 ? head.padEnd(NAME_COLUMN) : `${head}  `,
    `${doc.summary}${example}${fallback}`,
  );
}

/** Every group of `--help`: its heading, then one entry per variable, in definition order. */
export function helpSections(docs: VariableDocs): string {
  return (Object.keys(HELP_HEADINGS) as VariableGroup[])
    .map((group) => {
      const entries = Object.entries(docs).filter(([, doc]) => doc.group === group);
      return [HELP_HEADINGS[group], ...entries.flatMap(([name, doc]) => helpEntry(name, doc))].join("\n");
    })
    .join("\n\n");
}

/** The configuration table (Markdown), in the order of `--help`. */
export function variablesTable(docs: VariableDocs): string {
  const rows = (Object.keys(HELP_HEADINGS) as VariableGroup[]).flatMap((group) =>
    Object.entries(docs)
      .filter(([, doc]) => doc.group === group)
      .map(([name, doc]) => {
        const fallback = doc.default !== undefined ? `\`${doc.default}\`` : (doc.unset ?? "—");
        const example = doc.example === undefined ? "" : ` Example: \`${doc.example}\`.`;
        return `| \`${name}\` | ${doc.required ?? "no"} | ${fallback} | ${doc.description}${example} |`;
      }),
  );
  return ["| Variable | Required | Default | Meaning |", "|---|---|---|---|", ...rows].join("\n");
}
