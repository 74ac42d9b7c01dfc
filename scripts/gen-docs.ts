/**
 * The parts of the docs that restate the code, generated from it (`npm run docs`, scripts/gen-docs.mjs), as
 * github-mcp-server generates its README's tool list:
 *
 * - README.md, the tools table                                 from each tool's definition (src/tools/*.ts, `docs`)
 * - docs/tools.md, the annotations table                       from each tool's definition (`annotations`, `docs`)
 * - docs/configuration.md, the environment variables table     from each variable's definition (src/cli/variables.ts)
 * - docs/consent.md, the consent rules table; docs/law-rules.md and docs/law-rules-us.md, the law's rules
 * - manifest.json, `tools`                                     from each tool's definition (`docs.brief`)
 * - README.md, the guards table, and docs/architecture.md, the order of the guards
 *                                                              from the list of guards (src/guards/list.ts)
 *
 * In Markdown each part sits between `<!-- BEGIN GENERATED: name … -->` and `<!-- END GENERATED: name -->`; the prose
 * around it stays hand-written. `--help` is rendered from the same variable definitions when it runs.
 * test/docs/generated.test.ts fails when a file differs from what this produces.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { variables } from "../src/cli/variables.js";
import { variablesTable } from "../src/cli/variables-text.js";
import { BUILT_IN_RULES } from "../src/guards/law/rules.js";
import type { Tool } from "../src/tools/define.js";
import { tools } from "../src/tools/index.js";
import { GUARDS } from "../src/guards/list.js";
import type { GuardOf } from "../src/guards/services.js";
import { lawRulesTable } from "./law-table.js";
import { consentRulesTable } from "../src/guards/consent-law/rules-table.js";

export const REGENERATE = "npm run docs";

/** The rules of the United States, federal or of a state or territory, have a page of their own. */
const isUs = (place: string): boolean => place === "US" || place.startsWith("US-");

export interface GeneratedFile {
  /** Relative to the repository's root. */
  path: string;
  current: string;
  expected: string;
}

function sideEffects(tool: Tool): string {
  return tool.docs.sideEffects ?? `None: reads (\`${tool.docs.serviceCall}\`).`;
}

export function readmeToolsTable(all: readonly Tool[]): string {
  return [
    "| Tool | What it does | Side effects |",
    "|---|---|---|",
    ...all.map((tool) => `| \`${tool.name}\` | ${tool.docs.summary} | ${sideEffects(tool)} |`),
  ].join("\n");
}

export function annotationsTable(all: readonly Tool[]): string {
  return [
    "| Tool | Service call | readOnly | destructive | idempotent | openWorld |",
    "|---|---|---|---|---|---|",
    ...all.map((tool) => {
      const a = tool.annotations;
      return `| \`${tool.name}\` | \`${tool.docs.serviceCall}\` | ${a.readOnlyHint} | ${a.destructiveHint} | ${a.idempotentHint} | ${a.openWorldHint} |`;
    }),
  ].join("\n");
}

/** The README's table of the guards: each one's default and what changes it, in the order they run. */
export function readmeGuardsTable(all: readonly GuardOf[]): string {
  return [
    "| Guard | Default | Set with |",
    "|---|---|---|",
    ...all.map((g) => `| ${g.name} | ${g.docs.default} | ${g.docs.setWith} |`),
  ].join("\n");
}

/** docs/architecture.md's order of the guards: each with its folder. Links there are relative to docs/. */
export function guardOrderTable(all: readonly GuardOf[]): string {
  return [
    "| # | Guard | Folder | Refuses |",
    "|---|---|---|---|",
    ...all.map(
      (g, i) =>
        `| ${i + 1} | ${g.name} | [\`src/guards/${g.folder}/\`](../src/guards/${g.folder}/) | ${g.docs.refuses.replace(/\]\(docs\//g, "](")} |`,
    ),
  ].join("\n");
}

/** The text with the region `name` replaced by `content`; throws when its markers are missing or repeated. */
export function replaceRegion(text: string, name: string, content: string, path: string): string {
  const begin = new RegExp(`^<!-- BEGIN GENERATED: ${name}\\b[^\\n]*-->\\n`, "gm");
  const end = `\n<!-- END GENERATED: ${name} -->`;
  const starts = [...text.matchAll(begin)];
  if (starts.length !== 1 || text.split(end).length !== 2) {
    throw new Error(
      `${path}: expected one "<!-- BEGIN GENERATED: ${name} … -->" line and one "${end.trim()}" line around the generated part`,
    );
  }
  const from = starts[0]!.index + starts[0]![0].length;
  const to = text.indexOf(end, from);
  if (to < 0) throw new Error(`${path}: "${end.trim()}" comes before its BEGIN line`);
  return `${text.slice(0, from)}${content}${text.slice(to)}`;
}

/** manifest.json with its `tools` from the definitions, written as JSON.stringify writes it. */
export function manifestWithTools(text: string, all: readonly Tool[]): string {
  const manifest = JSON.parse(text) as Record<string, unknown>;
  manifest.tools = all.map((tool) => ({ name: tool.name, description: tool.docs.brief }));
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Every generated file: what it holds now and what it should hold. */
export function generatedFiles(root: string): GeneratedFile[] {
  const read = (path: string) => readFileSync(join(root, path), "utf8");
  const markdown = (path: string, regions: Record<string, string>): GeneratedFile => {
    const current = read(path);
    let expected = current;
    for (const [name, content] of Object.entries(regions)) expected = replaceRegion(expected, name, content, path);
    return { path, current, expected };
  };
  const manifest = read("manifest.json");
  return [
    markdown("README.md", { tools: readmeToolsTable(tools), guards: readmeGuardsTable(GUARDS) }),
    markdown("docs/architecture.md", { "guard-order": guardOrderTable(GUARDS) }),
    markdown("docs/tools.md", { "tool-annotations": annotationsTable(tools) }),
    markdown("docs/configuration.md", { "environment-variables": variablesTable(variables) }),
    markdown("docs/law-rules.md", { "law-rules-other": lawRulesTable(BUILT_IN_RULES.filter((r) => !isUs(r.place))) }),
    markdown("docs/law-rules-us.md", { "law-rules-us": lawRulesTable(BUILT_IN_RULES.filter((r) => isUs(r.place))) }),
    markdown("docs/consent.md", { "consent-rules": consentRulesTable() }),
    { path: "manifest.json", current: manifest, expected: manifestWithTools(manifest, tools) },
  ];
}
