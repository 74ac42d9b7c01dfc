/**
 * AI disclosure: the reminder a person reads before approving a dial, and the
 * check of a finished call — does the agent say, in its first words, that the
 * callee is speaking with an AI? The check reads the agent's first turns (up to
 * FIRST_WORDS characters) for the words people use for it, in English, Spanish,
 * French and German. A reminder and a report, not a legal rule: see
 * docs/compliance.md (the sources behind it were not verified).
 */
import { isObject, type CallRecord } from "../service/shapes.js";
import { foldText } from "../text/fold.js";
import { derivedOnce } from "../text/shared-values.js";
import { boundedMemo } from "../text/bounded-memo.js";

/** One line, the same in the preview, the client's dialog and the approval page. */
export const AI_DISCLOSURE_REMINDER =
  "AI voice: the person called hears an AI, not a person; the agent must tell them so in its first words.";

const FIRST_WORDS = 400;
const AGENT = /^(?:agent|assistant|ai|bot|caller|voice ?agent|model)$/i;
const DISCLOSES = new RegExp(
  [
    "\\bai\\b",
    "\\ba\\.i\\.",
    "artificial intelligence",
    "automated (?:assistant|agent|call|system|voice)",
    "virtual (?:assistant|agent)",
    "\\b(?:a|an) (?:robot|bot)\\b",
    "not a (?:real )?(?:person|human)",
    "\\bia\\b",
    "inteligencia artificial",
    "asistente (?:virtual|automatico|de ia)",
    "intelligence artificielle",
    "assistant (?:virtuel|automatise|vocal automatise)",
    "\\bki\\b",
    "kunstliche intelligenz",
    "(?:virtueller|automatischer|digitaler) assistent",
  ].join("|"),
);

export interface AiDisclosure {
  /** true: disclosed in the agent's first words; false: the agent spoke and did not; absent: no agent turn to read. */
  disclosed?: boolean;
}

/** The agent's first words, from a transcript of labelled turns or "Agent: …" lines. */
function agentOpening(raw: unknown): string | undefined {
  const said: string[] = [];
  if (typeof raw === "string") {
    for (const line of raw.split(/\r?\n/)) {
      const m = /^\s*([A-Za-z ]{1,20}):\s*(.*)$/.exec(line);
      if (m && AGENT.test(m[1]!.trim())) said.push(m[2]!);
      if (said.join(" ").length >= FIRST_WORDS) break;
    }
  } else if (Array.isArray(raw)) {
    for (const turn of raw.slice(0, 50)) {
      if (!isObject(turn)) continue;
      const who = [turn.speaker, turn.role, turn.from].find((v) => typeof v === "string") as string | undefined;
      const text = [turn.text, turn.content, turn.message].find((v) => typeof v === "string") as string | undefined;
      if (who !== undefined && AGENT.test(who.trim()) && text) said.push(text);
      if (said.join(" ").length >= FIRST_WORDS) break;
    }
  }
  return said.length > 0 ? said.join(" ").slice(0, FIRST_WORDS) : undefined;
}

/**
 * Openings already read, to their verdict: get_call checks its record's opening on every read, and a session reads
 * the same calls again and again (folding it is most of the check's cost). A pure function of the text (at most
 * FIRST_WORDS characters). Bounded: once full it starts over.
 */
const verdicts = boundedMemo(2_000, Number.POSITIVE_INFINITY, (opening) => DISCLOSES.test(foldText(opening)));

/** How many openings the memo holds (tests: it stays bounded). */
export function disclosureMemoSize(): number {
  return verdicts.size();
}

/** Read once per record the service layer shares (a polled call sent again; src/text/shared-values.ts). */
export const checkAiDisclosure = derivedOnce(disclosureOf);

function disclosureOf(record: CallRecord): AiDisclosure {
  const opening = agentOpening(record.transcript);
  if (opening === undefined) return {};
  // The words themselves are call content (the transcript shows them, fenced): only the verdict is returned.
  return { disclosed: verdicts(opening) };
}
