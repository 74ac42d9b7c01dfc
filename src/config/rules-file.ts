/**
 * OUTBOUND_CALLS_RULES_FILE: the operator's changes to the law of the place
 * called (src/guards/law/rules.ts), read and checked at start. A
 * JSON file:
 *
 *   { "rules": [
 *       { "id": "us_fl_hours", "enabled": false },
 *       { "id": "fr_frequency", "max_calls": 3, "window_hours": 720 },
 *       { "id": "us_va_hours", "consent_bases": ["prior_express_written_consent"] },
 *       { "id": "us_la_emergency_ban",
 *         "windows": [{ "from": "2026-09-01T00:00-05:00", "until": "2026-09-15T00:00-05:00", "what": "JBE 2026-123" }] },
 *       { "id": "us_tx_sunday", "place": "US-TX", "place_name": "Texas, US", "source": "counsel memo 2026-10",
 *         "hours": { "sun": ["12:00-21:00"], "mon": ["09:00-21:00"], "tue": ["09:00-21:00"], "wed": ["09:00-21:00"],
 *                    "thu": ["09:00-21:00"], "fri": ["09:00-21:00"], "sat": ["09:00-21:00"] } } ] }
 *
 * A file that cannot be read, is not JSON, or does not match the schema stops
 * the start with a message naming the variable and the field.
 */
import { readOperatorFile } from "./operator-file.js";
import * as z from "zod";
import { parseCallingWindow } from "./calling-window.js";
import { ConfigurationError } from "./errors.js";

export const RULES_VARIABLE = "OUTBOUND_CALLS_RULES_FILE";
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
const MAX_BYTES = 256 * 1024;

/**
 * The file's schema, built on first use: most servers run without a rules file, and building zod schemas is a
 * good share of start-up (docs/performance.md).
 */
function ruleChangeSchema() {
  // "HH:MM-HH:MM" within one day (no wrap past midnight: a day's spans are that day's).
  const spanText = z.string().refine((text) => {
    const w = parseCallingWindow(text);
    return w !== undefined && w.startMin < w.endMin;
  }, 'a span is "HH:MM-HH:MM" within one day, start before end, e.g. "09:00-20:00"');

  const hoursShape = z.strictObject(
    Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(spanText).max(8)])) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodArray<typeof spanText>
    >,
  );

  // A date-time with its offset ("2026-09-01T00:00-05:00", "2026-09-01T05:00Z"): a bare date or time would be read
  // in some zone the operator did not choose.
  const instantText = z
    .string()
    .refine(
      (text) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
        Number.isFinite(Date.parse(text)),
      'a window\'s bounds are date-times with their offset, e.g. "2026-09-01T00:00-05:00"',
    );

  return z.strictObject({
    id: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, "an id is lowercase letters, digits and _, e.g. us_fl_hours"),
    enabled: z.boolean().optional(),
    /** For a new rule: "FR", or "US-TX". */
    place: z
      .string()
      .regex(/^[A-Z]{2}(-[A-Z]{2})?$/, 'a place is a country ("FR") or a country and state ("US-TX")')
      .optional(),
    place_name: z.string().min(1).max(80).optional(),
    purposes: z
      .array(z.enum(["telemarketing", "informational"]))
      .min(1)
      .optional(),
    hours: hoursShape.optional(),
    /** A country (or a country's state, "US-AL") whose public holidays allow no call, or false for none. */
    holidays: z
      .union([
        z.string().regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, 'holidays names a country or a state, e.g. "FR" or "US-AL"'),
        z.literal(false),
      ])
      .optional(),
    /**
     * A date-bounded ban's windows (e.g. Louisiana's declared emergencies): no call from `from` until `until`, each an
     * ISO 8601 date-time with its offset. They replace the rule's windows; [] lifts them all.
     */
    windows: z
      .array(
        z.strictObject({
          from: instantText,
          until: instantText,
          what: z.string().min(1).max(120).optional(),
        }),
      )
      .max(100)
      .optional(),
    max_calls: z.number().int().min(1).max(1000).optional(),
    window_hours: z.number().int().min(1).max(744).optional(),
    /**
     * The bases of OUTBOUND_CALLS_CONSENT_FILE that are the called person's prior consent under this rule's own
     * consent exception: a number with a live record of one of them is exempt from the rule's hours and days.
     */
    consent_bases: z
      .array(
        z
          .string()
          .regex(
            /^[A-Za-z0-9][A-Za-z0-9 _.:/-]{0,79}$/,
            "a basis is written as in the consent file (letters, digits, space, _ . : / -)",
          ),
      )
      .min(1)
      .max(20)
      .optional(),
    /** Where the rule comes from, in the operator's words (required for a new rule). */
    source: z.string().min(1).max(200).optional(),
    /** A new rule's source: the law's own text, an agency's summary, or a publication (the default). */
    tier: z.enum(["official", "official_summary", "secondary"]).optional(),
  });
}

let rulesFile: ReturnType<typeof rulesFileSchema> | undefined;

function rulesFileSchema() {
  return z.strictObject({ rules: z.array(ruleChangeSchema()).max(500) });
}

export type RuleChange = z.output<ReturnType<typeof ruleChangeSchema>>;

/** Reads and checks the file; throws ConfigurationError naming the variable and the first problem. */
export function loadRulesFile(path: string): RuleChange[] {
  const text = readOperatorFile(RULES_VARIABLE, path);
  if (text.length > MAX_BYTES)
    throw new ConfigurationError(
      `${RULES_VARIABLE}: the file is over ${MAX_BYTES / 1024} KiB; it holds rule changes, not data`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new ConfigurationError(
      `${RULES_VARIABLE}: the file is not JSON; the server does not start with rules it cannot read`,
    );
  }
  const parsed = (rulesFile ??= rulesFileSchema()).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join(".") : "the file";
    throw new ConfigurationError(
      `${RULES_VARIABLE}: ${where}: ${issue.message}. Fix the file; the server does not start with rules it cannot fully read`,
    );
  }
  const seen = new Set<string>();
  for (const rule of parsed.data.rules) {
    if (seen.has(rule.id))
      throw new ConfigurationError(`${RULES_VARIABLE}: rule ${rule.id} is written twice; write each rule once`);
    seen.add(rule.id);
  }
  return parsed.data.rules;
}
