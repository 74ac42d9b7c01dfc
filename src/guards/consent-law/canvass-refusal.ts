/**
 * Reads a call record for the callee's refusal of the offer during the call ("non merci", "ça ne m'intéresse pas",
 * "no thanks", "not interested"): under France's art. D. 223-9 such a refusal holds the number for 60 days
 * (refusal-hold.ts). It reads the callee's turns of the transcript (every turn when speakers are not labelled) and
 * the service's summary, in French and English, and errs toward a refusal: a wrong one delays a call by 60 days, a
 * missed one calls a person who said no. A request never to be called again is the opt-out detector's, and lasts.
 */
import { callSummary } from "../../service/call-fields.js";
import { isObject, type CallRecord } from "../../service/shapes.js";
import { foldText } from "../../text/fold.js";

export interface RefusalMatch {
  /** "transcript" or "summary". */
  where: string;
  /** What was matched, folded (at most 120 characters). */
  text: string;
  lang: "fr" | "en";
}

/** Phrases of a refusal, on text folded by foldText (lower case, no accents, straight apostrophes). */
const SAID: ReadonlyArray<{ lang: RefusalMatch["lang"]; pattern: RegExp }> = [
  { lang: "fr", pattern: /\bnon,? merci\b/ },
  { lang: "fr", pattern: /\b(?:ca|cela|c'est) (?:ne )?m'?interesse (?:pas|plus|vraiment pas)\b/ },
  { lang: "fr", pattern: /\bpas (?:du tout )?interesse(?:e|s|es)?\b/ },
  { lang: "fr", pattern: /\bje (?:ne )?(?:veux|souhaite|desire) (?:pas|rien|plus)\b/ },
  { lang: "fr", pattern: /\bje (?:refuse|decline)\b/ },
  { lang: "fr", pattern: /\b(?:je ne suis pas|pas) preneu(?:r|se)\b/ },
  { lang: "fr", pattern: /\bnon,? (?:ca|cela) ira\b/ },
  { lang: "fr", pattern: /\bpas pour moi\b/ },
  { lang: "en", pattern: /\bno,? thank(?:s| you)\b/ },
  { lang: "en", pattern: /\bnot interested\b/ },
  { lang: "en", pattern: /\b(?:i )?(?:don'?t|do not) (?:want|need) (?:it|that|this|any|one)\b/ },
  { lang: "en", pattern: /\bi'?ll pass\b/ },
  { lang: "en", pattern: /\bnot for me\b/ },
  { lang: "en", pattern: /\bno,? i'?m (?:good|fine|ok|okay)\b/ },
];

/** A summary tells of a refusal in the third person ("the customer declined the offer", "a refusé"). */
const TOLD: ReadonlyArray<{ lang: RefusalMatch["lang"]; pattern: RegExp }> = [
  { lang: "en", pattern: /\b(?:declined|refused|rejected|turned down)\b/ },
  { lang: "fr", pattern: /\b(?:a refuse|a decline|n'est pas interesse)/ },
];

/** Turns spoken by the calling side: a refusal there is the agent's script, not the callee's answer. */
const AGENT_SPEAKERS = /^(?:agent|assistant|ai|bot|system|caller|operator|voice ?agent|model)$/i;
const MAX_TEXT = 200_000;
const MAX_TURNS = 5_000;

/** The transcript's lines the callee (or an unnamed speaker) said. */
function calleeTurns(raw: unknown): string[] {
  if (typeof raw === "string")
    return raw
      .slice(0, MAX_TEXT)
      .split(/\r?\n/)
      .filter((line) => !AGENT_SPEAKERS.test(/^\s*([A-Za-z ]{1,20}):/.exec(line)?.[1]?.trim() ?? ""));
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, MAX_TURNS).flatMap((turn): string[] => {
    if (typeof turn === "string") return [turn];
    if (!isObject(turn)) return [];
    const who = [turn.speaker, turn.role, turn.from].find((v) => typeof v === "string") as string | undefined;
    if (who !== undefined && AGENT_SPEAKERS.test(who.trim())) return [];
    const text = [turn.text, turn.content, turn.message].find((v) => typeof v === "string");
    return typeof text === "string" ? [text.slice(0, MAX_TEXT)] : [];
  });
}

function first(where: string, text: string, phrases: typeof SAID): RefusalMatch | undefined {
  const folded = foldText(text.slice(0, MAX_TEXT));
  for (const { lang, pattern } of phrases) {
    const m = pattern.exec(folded);
    if (m) return { where, text: m[0].slice(0, 120), lang };
  }
  return undefined;
}

/** The first sign that the callee refused the offer, or undefined. */
export function detectCanvassRefusal(record: CallRecord): RefusalMatch | undefined {
  for (const line of calleeTurns(record.transcript)) {
    const found = first("transcript", line, SAID);
    if (found) return found;
  }
  const summary = callSummary(record);
  return summary ? (first("summary", summary, SAID) ?? first("summary", summary, TOLD)) : undefined;
}
