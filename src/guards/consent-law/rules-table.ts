/**
 * The consent rules as docs/consent.md lists them (`npm run docs` writes the table, scripts/gen-docs.ts): one row a
 * rule, with what lifts it, what was read only in a summary or a secondary source, its statute, and the source read
 * with its tier and date read.
 */
import { BUILT_IN_CONSENT_RULES } from "./rules.js";
import { sourceCell } from "../law/provenance.js";
import { FR_REFUSAL_HOLD } from "./hold.js";

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
/** The place, without ", US": the state's name says it. */
const place = (name: string) => name.replace(/, US$/, "");
const words = (list: readonly string[] | undefined) => (list?.length ? list.map((w) => `\`${w}\``).join(", ") : "—");

export function consentRulesTable(): string {
  const rows = BUILT_IN_CONSENT_RULES.map((r) => {
    const lifted = r.onTheCall
      ? "nothing here: consent given on the call itself"
      : r.accepts.length > 0
        ? words(r.accepts)
        : "refused";
    const when = `${r.purposes.join(", ")}${r.from ? `, from ${r.from}` : ""}`;
    return `| \`${r.id}\` | ${place(r.placeName)} | ${when} | ${lifted} | ${words(r.unverified)} | ${cell(r.source.cite)} | ${sourceCell(r.source)} |`;
  });
  const h = FR_REFUSAL_HOLD;
  rows.push(
    `| \`${h.id}\` | ${h.placeName} | ${h.purposes.join(", ")} | nothing: held ${h.holdMs / 86_400_000} days from the refusal read | — | ${cell(h.source.cite)} | ${sourceCell(h.source)} |`,
  );
  return [
    "| rule | place | calls | lifted by (official text) | read only in a summary or secondary source | statute | source: tier, read |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
