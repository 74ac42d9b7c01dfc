/**
 * The variables of the law of the place called and of consent: the operator's consent records and when they are
 * required, what the calls are for, the operator's changes to the rules, which rules apply by their source, and how
 * long a batch may ring (the guards are src/guards/law/, src/guards/consent/ and src/guards/consent-law/).
 */
import { parseSwitch } from "./switch.js";
import { oneOf, seconds, text, withDefault } from "./parsers.js";
import { declareVariables } from "./variables.js";

/** OUTBOUND_CALLS_REQUIRE_CONSENT, as the guards read it (true is `always`, false is `off`). */
export type ConsentRequirement = "law" | "always" | "off";

export const lawVariables = declareVariables({
  OUTBOUND_CALLS_CONSENT_FILE: {
    group: "safety",
    unset: "none",
    example: "/etc/outbound-calls/consent.csv",
    summary: "the operator's consent records: number,basis,source,obtained[,expires] a line; shown before each dial",
    description:
      "The operator's consent records, one `number,basis,source,obtained[,expires]` a line ([compliance](consent.md#consent-records)): each dialed number's basis is shown in the preview and the approval and recorded in the audit line; an opt-out revokes it. A bad line stops the start.",
    parse: text,
  },
  OUTBOUND_CALLS_REQUIRE_CONSENT: {
    group: "safety",
    default: "law",
    example: "true",
    summary:
      "law: a record or a person's attestation where the law of the place requires consent for an AI voice; true: a record for every number too; false: off",
    description:
      "`law` (the default): where the law of the place called requires the person's prior consent for a call made by an AI voice (for `OUTBOUND_CALLS_CALL_PURPOSE`), a dial needs a live record of an accepted basis in `OUTBOUND_CALLS_CONSENT_FILE`, or the attestation of the person who approves it; a place whose law lets no consent lift the rule is refused ([compliance](consent.md#consent-where-the-law-requires-it)). `true`: that, and every number needs a live record (rule `no_consent`). `false`: no consent check, said on stderr at every start as an accepted risk.",
    parse: withDefault((raw, fail): ConsentRequirement => {
      const value = raw.trim().toLowerCase();
      if (value === "law") return "law";
      const on = parseSwitch(value);
      if (on === true) return "always";
      if (on === false) return "off";
      return fail("OUTBOUND_CALLS_REQUIRE_CONSENT must be law (the default), true, false, 1 or 0");
    }),
  },
  OUTBOUND_CALLS_CALL_PURPOSE: {
    group: "safety",
    default: "telemarketing",
    example: "informational",
    summary: "what the calls are for, telemarketing or informational: which laws of the place called apply",
    description:
      "What the calls are for: `telemarketing` (the default: the calling hours, days, holidays and per-number limits of the law of the place called apply) or `informational` (only the rules that bind any automated call, such as California's hours for device calls, apply; `OUTBOUND_CALLS_CALLING_HOURS` still does). The default is the one whose wrong guess costs least ([compliance](law.md#the-law-of-the-place-called)).",
    parse: oneOf(
      ["telemarketing", "informational"],
      "OUTBOUND_CALLS_CALL_PURPOSE must be telemarketing or informational",
    ),
  },
  OUTBOUND_CALLS_RULES_FILE: {
    group: "safety",
    unset: "the built-in rules",
    example: "/etc/outbound-calls/rules.json",
    summary:
      "JSON file that changes, switches off or adds rules of the law of the place called; a bad file stops the start",
    description:
      "JSON file that changes, switches off or adds rules of the law of the place called ([compliance](law.md#changing-the-rules)). A file that cannot be read or does not match the schema stops the start, naming the field.",
    parse: text,
  },
  OUTBOUND_CALLS_RULES_PROVENANCE: {
    group: "safety",
    default: "all",
    example: "official",
    summary:
      "which rules of the law of the place called apply by their source: all (official text, official summary, secondary) or official",
    description:
      "Which rules of the law of the place called apply, by the tier of the source each was read from ([compliance](law-rules.md#the-rules-and-their-sources)): `all` (the default: official text, official summary and secondary sources; each rule only restricts, so a weaker source only delays a call) or `official` (only rules read in the law's own text). The start's log names every rule left out.",
    parse: oneOf(["all", "official"], "OUTBOUND_CALLS_RULES_PROVENANCE must be all (the default) or official"),
  },
  OUTBOUND_CALLS_BATCH_SPAN_SECONDS_PER_ROW: {
    group: "safety",
    // The service's pacing of a batch is undocumented: 60 s a row assumes a slow one (docs/compliance.md).
    default: "60",
    example: "20",
    summary:
      "a batch may ring this long per row after it is sent: every row's place must stay open that long, 1-3600 s",
    description:
      "How long the service may take per row to ring a batch (its pacing is not documented): a `submit_batch` of N rows is allowed only if every row's place stays open, under the law of the place called, for N times this plus 30 s; otherwise it is refused, naming the rule, the place, the closing time and how many rows may go now ([compliance](law.md#a-batch-near-closing)).",
    parse: seconds(1, 3_600),
  },
});
