/**
 * A whole call read for the callee's wish not to be called again: the service's flags, the transcript turn by turn
 * in the context of the agent's turns (a yes to the agent's offer to remove, a no to "shall we keep calling?", a
 * hang-up right after the offer), the agent's confirmation, and the summary. Strong cues give `asked`; weaker ones give
 * `possible` (held, never dropped); nothing gives `none`. What could not be read is listed, never taken for a no.
 */
import type { CallRecord } from "../../../service/shapes.js";
import { callSummary } from "../../../service/call-fields.js";
import { serviceFlags } from "./flags.js";
import { turnsOf, type RawTurn } from "./turns.js";
import { rolesOf, type Role } from "./speakers.js";
import { answeredQuestions } from "./answered.js";
import type { Hit, LineReading } from "./line.js";
import { readLineKept, readSummaryKept } from "./line-memo.js";

export type Tier = "asked" | "possible";

export interface ReaderMatch {
  where: string;
  text: string;
  lang?: string;
  tier: Tier;
  /** Why it counts: a cue's kind, "question-answer", "hang-up", "confirmed", "flag". */
  category: string;
  /** The transcript turn it was heard in (0-based), when from the transcript. */
  turn?: number;
}

export interface CallReading {
  matches: ReaderMatch[];
  unreadable: string[];
  /** The transcript as the rules parsed it, so the learned reader does not parse it again. */
  view?: TranscriptView;
}

/** A transcript's turns, what each says, and who said it. */
export interface TranscriptView {
  turns: readonly RawTurn[];
  readings: readonly LineReading[];
  roles: readonly Role[];
}

/** Letters of the scripts the reader knows; text mostly in others (Cyrillic, Thai, Korean…) is said to be unread. */
const KNOWN_SCRIPT =
  /[\p{Script=Latin}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Devanagari}\p{Script=Arabic}]/gu;
const ANY_LETTER = /\p{L}/gu;

function unknownScript(text: string): boolean {
  if (/^[\x00-\x7f]*$/.test(text)) return false;
  const sample = text.length > 2_000 ? text.slice(0, 2_000) : text;
  const letters = sample.match(ANY_LETTER)?.length ?? 0;
  return letters >= 8 && (sample.match(KNOWN_SCRIPT)?.length ?? 0) < letters / 2;
}

const fromHit = (h: Hit, where: string, turn?: number): ReaderMatch => ({
  where,
  text: h.text,
  lang: h.lang,
  tier: h.tier,
  category: h.kind,
  ...(turn === undefined ? {} : { turn }),
});

/** The agent's turn a callee's turn answers: the one right before it, if it is the agent's (or nobody's known). */
function questionBefore(i: number, roles: readonly Role[], readings: readonly LineReading[]): LineReading | undefined {
  const j = spokenBefore(i, readings);
  return j === undefined || roles[j] === "callee" ? undefined : readings[j];
}

/** The last turn before turn i with words in it (the learned reader asks the same of the agent's line). */
export function spokenBefore(i: number, readings: readonly LineReading[]): number | undefined {
  for (let j = i - 1; j >= 0; j--) if (!readings[j]!.silent) return j;
  return undefined;
}

/** The callee's next words after turn i welcome the calls or take something back. */
function answerAccepts(i: number, roles: readonly Role[], readings: readonly LineReading[]): boolean {
  for (let j = i + 1; j < readings.length; j++) {
    if (roles[j] === "agent" || readings[j]!.silent) continue;
    return readings[j]!.accepts;
  }
  return false;
}

/**
 * What the callee took back later in the call: words taken back ("forget what I said, keep calling me") undo what
 * was heard before them; a later yes to the calls ("and you can call me any time") undoes an earlier weak cue and
 * leaves an earlier request held for a person (`possible`), never undone.
 */
function takenBack(out: CallReading, roles: readonly Role[], readings: readonly LineReading[]): void {
  for (let j = readings.length - 1; j > 0; j--) {
    if (roles[j] === "agent" || !readings[j]!.accepts) continue;
    const undo = readings[j]!.retracts;
    out.matches = out.matches.flatMap((m) => {
      if (m.where !== "transcript" || m.turn === undefined || m.turn >= j) return [m];
      return undo || m.tier === "possible" ? [] : [{ ...m, tier: "possible" as const }];
    });
  }
}

/** A short question alone: "Hello?", "ألو؟ أستاذ حسن؟", "Are you there?". */
const checksLine = (text: string) => /[?？؟]\s*$/.test(text) && text.trim().split(/\s+/).length <= 4;

function readTranscript(raw: unknown, agentNames: readonly string[], out: CallReading): void {
  const { turns, unreadable } = turnsOf(raw);
  out.unreadable.push(...unreadable);
  const readings = turns.map((t) => readLineKept(t.text));
  const roles = answeredQuestions(rolesOf(turns, readings, agentNames), readings, turns);
  out.view = { turns, readings, roles };
  let foreign = false;
  let calleeSpoke = false;
  // The callee's last words: a silence before them was a pause, not a hang-up ("Hm." ... "Oh good, okay."). Not a
  // short question ("Hello? Mr. Hassan?"): whoever asks it, it checks a line that may be dead.
  let lastWords = -1;
  for (let i = turns.length - 1; i >= 0 && lastWords < 0; i--)
    if (roles[i] !== "agent" && !readings[i]!.silent && !checksLine(turns[i]!.text)) lastWords = i;
  for (let i = 0; i < turns.length; i++) {
    const r = readings[i]!;
    if (roles[i] === "agent") {
      // The agent's word that the person was removed: they likely asked, in words not heard here. Not when the
      // callee's answer welcomes the calls or takes words back ("What? Call me the day before, as always").
      if (r.confirm && calleeSpoke && i > 0 && !answerAccepts(i, roles, readings)) {
        out.matches.push({
          where: "transcript",
          text: "the agent confirmed a removal",
          tier: "possible",
          category: "confirmed",
          turn: i,
        });
      }
      continue;
    }
    if (!r.silent) calleeSpoke = true;
    foreign ||= unknownScript(turns[i]!.text);
    const q = questionBefore(i, roles, readings);
    // A "no" to the agent's offer to stop: what follows explains it ("no, the calls are fine, I never read texts").
    const declined = q?.offer === true && r.answer === "no";
    for (const h of r.hits)
      if (!declined || h.tier === "asked")
        out.matches.push(fromHit(roles[i] === "uncertain" ? { ...h, tier: "possible" } : h, "transcript", i));
    // Hung up right after the agent spoke of removing them, in any form ("…, or if you prefer, I can remove you").
    const hungUp = r.silent && r.answer === undefined && i > lastWords;
    if (q?.removal === true && !q.offer && !q.keep && hungUp) {
      out.matches.push({
        where: "transcript",
        text: "hung up after the agent spoke of removal",
        tier: "possible",
        category: "hang-up",
        turn: i,
      });
      continue;
    }
    if (q === undefined || (!q.offer && !q.keep)) continue;
    // A yes that asks for the calls ("Sí, llámenme") answers the other half of an either-or question.
    if ((q.offer && r.answer === "yes" && !r.welcomes) || (q.keep && r.answer === "no")) {
      out.matches.push({
        where: "transcript",
        text: `${r.answer} to the agent's question`,
        tier: "asked",
        category: "question-answer",
        turn: i,
      });
    } else if (r.answer === "unsure") {
      out.matches.push({
        where: "transcript",
        text: "unsure answer to the agent's question",
        tier: "possible",
        category: "question-answer",
        turn: i,
      });
    } else if (hungUp) {
      out.matches.push({
        where: "transcript",
        text: "hung up at the agent's question",
        tier: "possible",
        category: "hang-up",
        turn: i,
      });
    }
  }
  takenBack(out, roles, readings);
  // The call ends on the agent's offer or question, unanswered: nothing but the agent's own words ("Hello? Sir?") and
  // notes that the line went dead after it.
  let last = turns.length - 1;
  while (
    last >= 0 &&
    (readings[last]!.silent || (roles[last] === "agent" && !readings[last]!.removal && !readings[last]!.keep))
  )
    last--;
  // Not a transcript of one turn: that is the callee's answer, whatever it asks.
  if (last >= 0 && turns.length > 1 && roles[last] !== "callee" && (readings[last]!.removal || readings[last]!.keep)) {
    const answered = out.matches.some((m) => m.turn !== undefined && m.turn > last);
    if (!answered) {
      out.matches.push({
        where: "transcript",
        text: "the call ended at the agent's question",
        tier: "possible",
        category: "hang-up",
        turn: last,
      });
    }
  }
  if (foreign) out.unreadable.push("transcript: turns in a script the reader does not know");
}

export function readCall(record: CallRecord, agentNames: readonly string[]): CallReading {
  const out: CallReading = { matches: [], unreadable: [] };
  for (const f of serviceFlags(record)) out.matches.push({ ...f, tier: "asked", category: "flag" });
  const raw = record.transcript ?? record.conversation ?? record.messages ?? record.turns ?? record.utterances;
  if (raw !== undefined && raw !== null) readTranscript(raw, agentNames, out);
  const summary = callSummary(record);
  if (summary !== undefined) {
    for (const h of readSummaryKept(summary)) out.matches.push(fromHit(h, "summary"));
    if (unknownScript(summary)) out.unreadable.push("summary: in a script the reader does not know");
  }
  // Strongest first, then in the order heard.
  out.matches.sort((a, b) => (a.tier === b.tier ? 0 : a.tier === "asked" ? -1 : 1));
  return out;
}
