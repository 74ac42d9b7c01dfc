/**
 * What `--help` and the configuration table of docs/configuration.md (by `npm run docs`) say of the registry of
 * variables (variables.ts): the operator's variables, one entry each, by group. Loaded only for `--help` and the
 * docs, never by a start.
 */
import { operatorVariables, type VariableDoc, type VariableDocs, type VariableGroup } from "../config/variables.js";

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

/** Every group of `--help`: its heading, then one entry per operator's variable, in definition order. */
export function helpSections(docs: VariableDocs): string {
  return (Object.keys(HELP_HEADINGS) as VariableGroup[])
    .map((group) => {
      const entries = operatorVariables(docs).filter(([, doc]) => doc.group === group);
      return [HELP_HEADINGS[group], ...entries.flatMap(([name, doc]) => helpEntry(name, doc))].join("\n");
    })
    .join("\n\n");
}

/** The configuration table (Markdown): the operator's variables, in the order of `--help`. */
export function variablesTable(docs: VariableDocs): string {
  const rows = (Object.keys(HELP_HEADINGS) as VariableGroup[]).flatMap((group) =>
    operatorVariables(docs)
      .filter(([, doc]) => doc.group === group)
      .map(([name, doc]) => {
        const fallback = doc.default !== undefined ? `\`${doc.default}\`` : (doc.unset ?? "—");
        const example = doc.example === undefined ? "" : ` Example: \`${doc.example}\`.`;
        return `| \`${name}\` | ${doc.required ?? "no"} | ${fallback} | ${doc.description}${example} |`;
      }),
  );
  return ["| Variable | Required | Default | Meaning |", "|---|---|---|---|", ...rows].join("\n");
}
