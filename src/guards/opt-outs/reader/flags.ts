/**
 * The service's own word for it: a field it sets when the person opted out (`opt_out: true`, `analysis.dnc: "yes"`,
 * up to three levels deep) or an outcome such as "do_not_call". Only what matched is shown: the rest of the service's
 * text is not ours to repeat.
 */
import { isObject, type CallRecord, type JsonObject } from "../../../service/shapes.js";
import { callOutcome } from "../../../service/call-fields.js";

export interface FlagMatch {
  where: string;
  text: string;
}

const FLAG_KEYS =
  /^(?:opt_?out|opted_?out|do_?not_?call|dnc|unsubscribed?|optout_requested|opt_out_requested|do_not_contact)$/i;
export const FLAG_VALUES =
  /\b(?:do[ _-]?not[ _-]?(?:call|contact)|dnc|opt(?:ed)?[ _-]?out|unsubscribe[sd]?|remove[ _-]from[ _-]list)\b/i;

/** Where a key sits. Key names are the service's: shown only as identifiers, short. */
function whereOf(path: string, key: string): string {
  return (path ? `${path}.${key}` : key).replace(/[^\w.]/g, "_").slice(0, 60);
}

function flagIn(o: JsonObject, path: string, depth: number): FlagMatch | undefined {
  for (const [key, value] of Object.entries(o)) {
    if (
      FLAG_KEYS.test(key) &&
      (value === true || value === 1 || (typeof value === "string" && /^(?:true|yes|1|y)$/i.test(value.trim())))
    ) {
      return { where: whereOf(path, key), text: `set to ${value === true || value === 1 ? "true" : "yes"}` };
    }
    if (isObject(value) && depth < 3 && key !== "transcript") {
      const inner = flagIn(value, whereOf(path, key), depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The service's fields that say the person opted out, in the order they were found. */
export function serviceFlags(record: CallRecord): FlagMatch[] {
  const found: FlagMatch[] = [];
  const flag = flagIn(record, "", 0);
  if (flag) found.push(flag);
  const outcome = callOutcome(record);
  const flagged = outcome ? FLAG_VALUES.exec(outcome) : null;
  if (flagged) found.push({ where: "outcome", text: flagged[0] });
  return found;
}
