/**
 * The opt-out reader measured on labelled items (README.md beside this file gives the format): each item becomes a
 * call record, is read by readOptOut, and counts as a positive when the reader says `asked` or `possible` (a held
 * number is not dialed). Precision and recall per language, per category and overall.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readOptOut, type OptOutStatus } from "../../src/guards/opt-outs/reading.js";
import type { CallRecord } from "../../src/service/shapes.js";

export interface EvalItem {
  id: string;
  lang: string;
  category: string;
  label: OptOutStatus;
  said?: string;
  agent?: string;
  summary?: string;
  turns?: Array<[string, string]>;
  form?: "lines" | "turns" | "strings" | "unlabelled";
  agent_names?: string[];
  record?: Record<string, unknown>;
  /** Which file it came from (set on loading). */
  source?: string;
}

/** A neutral opening by the agent before a one-line answer, in the item's language. */
const OPENING: Record<string, string> = {
  en: "Hi, this is Sam from Brightside. Do you have a minute?",
  es: "Hola, le habla Sam de Brightside. ¿Tiene un minuto?",
  fr: "Bonjour, ici Sam de Brightside. Vous avez une minute ?",
  de: "Hallo, hier ist Sam von Brightside. Haben Sie kurz Zeit?",
  pt: "Olá, aqui é o Sam da Brightside. Tem um minuto?",
  it: "Salve, sono Sam di Brightside. Ha un minuto?",
  nl: "Hallo, u spreekt met Sam van Brightside. Heeft u even?",
  pl: "Dzień dobry, tu Sam z Brightside. Ma pan chwilę?",
  zh: "您好，我是Brightside的Sam。您现在方便吗？",
  ja: "こんにちは、Brightsideのサムです。少しお時間よろしいですか？",
  hi: "नमस्ते, मैं Brightside से सैम बोल रहा हूँ। क्या आपके पास एक मिनट है?",
  "hi-Latn": "Hello, main Brightside se Sam bol raha hoon. Kya aapke paas ek minute hai?",
  ar: "مرحبا، معك سام من Brightside. هل لديك دقيقة؟",
  "en-es": "Hi, this is Sam from Brightside. Do you have a minute?",
};

export function recordOf(item: EvalItem): Record<string, unknown> {
  if (item.record) return { id: item.id, ...item.record };
  const record: Record<string, unknown> = { id: item.id, status: "completed" };
  if (item.summary !== undefined) record.summary = item.summary;
  if (item.said !== undefined) {
    record.transcript = [
      { role: "assistant", text: item.agent ?? OPENING[item.lang] ?? OPENING.en },
      { role: "user", text: item.said },
    ];
  } else if (item.turns) {
    const t = item.turns;
    const line = ([who, text]: [string, string]) => (who ? `${who}: ${text}` : text);
    switch (item.form ?? "turns") {
      case "lines":
        record.transcript = t.map(line).join("\n");
        break;
      case "strings":
        record.transcript = t.map(([, text]) => text);
        break;
      case "unlabelled":
        record.transcript = t.map(([, text]) => text);
        break;
      default:
        record.transcript = t.map(([who, text]) => ({ role: who, text }));
    }
  }
  return record;
}

/** Every .jsonl file under the paths given (files or folders), in name order. */
export function loadItems(paths: readonly string[]): EvalItem[] {
  const files: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const f of readdirSync(p).sort()) walk(join(p, f));
    else if (p.endsWith(".jsonl")) files.push(p);
  };
  for (const p of paths) walk(p);
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.trim().length > 0)
      .map((l, i) => {
        try {
          return { ...(JSON.parse(l) as EvalItem), source: file };
        } catch {
          throw new Error(`${file}:${i + 1}: not JSON`);
        }
      }),
  );
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface Outcome {
  item: EvalItem;
  said: OptOutStatus;
}

export const precision = (c: Counts) => (c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp));
export const recall = (c: Counts) => (c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn));

export function evaluate(items: readonly EvalItem[]): Outcome[] {
  return items.map((item) => ({
    item,
    said: readOptOut(recordOf(item) as CallRecord, item.agent_names ? { agentNames: item.agent_names } : {}).status,
  }));
}

export function count(outcomes: readonly Outcome[]): Counts {
  const c: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const { item, said } of outcomes) {
    const truth = item.label !== "none";
    const guess = said !== "none";
    if (truth && guess) c.tp++;
    else if (guess) c.fp++;
    else if (truth) c.fn++;
    else c.tn++;
  }
  return c;
}

export function groupBy(outcomes: readonly Outcome[], key: (o: Outcome) => string): Map<string, Outcome[]> {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const k = key(o);
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)}%`;

function row(name: string, outcomes: readonly Outcome[]): string {
  const c = count(outcomes);
  return `${name.padEnd(16)} ${String(outcomes.length).padStart(5)}  ${pct(precision(c))}  ${pct(recall(c))}   tp ${c.tp} fp ${c.fp} fn ${c.fn} tn ${c.tn}`;
}

/** The report: overall, per language, per category; the items read wrong when asked. */
export function report(title: string, outcomes: readonly Outcome[], errors = false): string {
  const lines = [`${title}`, `${"".padEnd(16)} items  precision recall`, row("overall", outcomes), ""];
  lines.push("by language");
  for (const [k, v] of groupBy(outcomes, (o) => o.item.lang)) lines.push(row(k, v));
  lines.push("", "by category");
  for (const [k, v] of groupBy(outcomes, (o) => o.item.category)) lines.push(row(k, v));
  const tiers = outcomes.filter((o) => o.item.label !== "none" && o.said !== "none");
  const same = tiers.filter((o) => o.item.label === o.said).length;
  lines.push("", `tier agreed (asked/possible) on ${same} of ${tiers.length} positives heard`);
  if (errors) {
    const wrong = outcomes.filter((o) => (o.item.label === "none") !== (o.said === "none"));
    lines.push("", `read wrong (${wrong.length}):`);
    for (const o of wrong)
      lines.push(`  ${o.item.id} [${o.item.lang}/${o.item.category}] label ${o.item.label}, read ${o.said}`);
  }
  return lines.join("\n");
}
