/**
 * The consent rules as docs/compliance.md lists them (`npm run docs` writes the table, scripts/gen-docs.ts): one row a
 * rule, with what lifts it, what was read only in a summary or a secondary source, its source, tier and date read.
 */
import { BUILT_IN_CONSENT_RULES } from "./rules.js";
import { TIER_TEXT } from "../law/provenance.js";
import { FR_REFUSAL_HOLD } from "./hold.js";

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const words = (list: readonly string[] | undefined) => (list?.length ? list.map((w) => `\`${w}\``).join(", ") : "—");

export function consentRulesTable(): string {
  const rows = BUILT_IN_CONSENT_RULES.map((r) => {
    const lifted = r.onTheCall
      ? "nothing here: consent given on the call itself"
      : r.accepts.length > 0
        ? words(r.accepts)
        : "nothing: refused";
    const when = `${r.purposes.join(", ")}${r.from ? `, from ${r.from}` : ""}`;
    return `| \`${r.id}\` | ${r.placeName} | ${when} | ${lifted} | ${words(r.unverified)} | ${cell(r.source.cite)} <${r.source.url}> | ${TIER_TEXT[r.source.tier]} | ${r.source.checked} |`;
  });
  const h = FR_REFUSAL_HOLD;
  rows.push(
    `| \`${h.id}\` | ${h.placeName} | ${h.purposes.join(", ")} | nothing: held ${h.holdMs / 86_400_000} days from the refusal read | — | ${cell(h.source.cite)} <${h.source.url}> | ${TIER_TEXT[h.source.tier]} | ${h.source.checked} |`,
  );
  return [
    "| rule | place | purposes | lifted by (read in an official text) | the law may also accept (read only in a summary or a secondary source: not built in) | source | tier | read |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
