/**
 * Which label is the calling side, weighed over the whole call rather than told by a list of label words: a service
 * may label its agent with a persona, a company ("City Line"), a system word in any language ("Sprachsystem", "系统")
 * or "Speaker 2", and the callee with anything. Each label gathers evidence from its own turns: the agent greets and
 * introduces itself for a firm, states why it calls, asks for the person, offers removal, thanks for the time and
 * speaks at length, often right after a bare "Hello?"; the callee answers the phone, asks who is calling and how they
 * got the number, answers yes or no, and speaks of "your list". The label whose evidence beats every other's by a
 * margin is the agent's; weak or tied evidence decides nothing (speakers.ts then reads the labels as before).
 */
import type { LineReading } from "./line.js";
import { offersOnCondition } from "./agent-acts.js";
import { tagAll } from "./concepts.js";
import { conceptLexiconsFor } from "./concepts/index.js";
import { lexiconsFor } from "./lexicons/index.js";
import { masked } from "./cues.js";
import { foldPattern } from "./text.js";

/** A pattern folded as the text it reads is (Japanese "ど", "ご", "で" are a kana and a mark there). */
const folded = (re: RegExp) => new RegExp(foldPattern(re.source), re.flags);

/** Why a speaker calls: "I'm calling about", "le llamo por", "ich rufe wegen … an", "给您打电话是". Folded text. */
const PURPOSE = new RegExp(
  foldPattern(
    [
      "(?<![a-z])(?:i'?m calling|i am calling|we'?re calling|calling (?:to|about|regarding|from|with|on behalf)|the reason (?:for|of) (?:my|this|our) call|this is an? (?:automated|courtesy|recorded|automatic|quick) (?:call|message|reminder|update)|(?:le|les|te) (?:llamo|llamamos|estoy llamando)|(?:je|nous|on) vous (?:appelle|appelons|contacte|contactons)|j'appelle (?:au sujet|pour|concernant|de la part)|(?:ich rufe|wir rufen) (?:sie |ihnen )?(?:an|wegen|im auftrag|aus|von)|es geht um (?:ihr|ihre|ihren|den|die|das)|(?:ik bel|wij bellen|we bellen) (?:u |je )?(?:over|om|voor|namens|van|vanuit)|(?:estou|estamos) (?:a ligar|ligando)|(?:ligo|ligamos) (?:da|do|de|para)|esta e uma chamada|(?:la|ti|vi) chiam(?:o|iamo)|dzwoni(?:e|my) (?:w sprawie|z|ze|od|do)|call kiya (?:hai|tha)|call kar (?:raha|rahi|rahe) (?:hoon|hun|hain))(?![a-z])",
      "给您打电话|给你打电话|打电话是|来电是|这里是|お電話(?:しました|いたしました|差し上げました)|ご案内です|ご連絡です|की ओर से|कॉल किया है|फ़ोन किया है|نتصل بك|اتصل بك|اتصل بحضرتك|رساله اليه|رساله الية",
    ].join("|"),
  ),
);
/** The agent's closing thanks for the callee's time, a line a callee seldom says. */
const THANKS_FOR_TIME = folded(
  /(?<![a-z])(?:(?:thank you|thanks) (?:so much |very much )?for your (?:time|patience)|gracias por su (?:tiempo|atencion)|merci (?:de|pour) votre (?:temps|attention)|(?:vielen )?dank fur ihre (?:zeit|aufmerksamkeit)|obrigad[oa] (?:pelo seu tempo|pela atencao)|grazie per il suo tempo|dank (?:u )?(?:wel )?voor uw tijd|dziekuje za (?:poswiecony )?czas|aapke samay ke liye dhanyavaad)(?![a-z])|感谢您的(?:时间|接听|耐心)|感謝您的(?:時間|接聽)|お時間(?:を)?いただき|ご清聴|आपके समय के लिए धन्यवाद|شكرا (?:لوقتك|على وقتك)/,
);
/** Who is calling, and how they got the number: the callee's questions. */
const WHO_CALLS = folded(
  /(?<![a-z])(?:who(?:'s| is) (?:this|calling|speaking|it)|who are you|who gave you|how did you get (?:my|this)|quien (?:es|habla|llama|le dio)|de parte de quien|qui (?:est a l'appareil|etes-vous|etes vous|vous a donne)|c'est qui|wer (?:ist (?:da|dran)|spricht|sind sie)|woher haben sie|quem (?:fala|e|esta falando|lhe deu)|chi (?:parla|e|siete|le ha dato)|met wie spreek ik|wie (?:is dit|bent u|belt er)|kto (?:mowi|dzwoni|to)|skad (?:pan|pani) ma|kaun (?:bol raha|bol rahi|hai)|aapko mera number kisne)(?![a-z])|哪位|你是谁|您是谁|谁啊|谁呀|どちら様|どなた|誰ですか|कौन (?:बोल|है)|من معي|مين معي|من انت|من حضرتك/,
);
/** The callee's "your list", "your company": the mirror of the agent's "our list" (presenting.ts). */
const YOUR_SIDE = folded(
  /(?<![a-z])(?:your (?:do not call |calling |call |contact |marketing |mailing )?(?:list|database|records|company|system)|you people|vuestra (?:lista|base)|su lista|votre (?:liste|fichier|base)|ihre[rn]? (?:liste|kartei|datenbank)|jullie lijst|uw (?:lijst|bestand)|sua lista|vostra lista|waszej listy|aapki list)(?![a-z])|你们的(?:名单|名單|列表|公司)|御社の|お宅の|आपकी लिस्ट|قائمتكم|شركتكم/,
);
/** A phone picked up: the callee's first words, short, with nothing of the calling side in them. */
const MAX_ANSWER_WORDS = 5;

export interface Evidence {
  /** The folded label of the calling side. */
  agent: string;
  /** How far its evidence is ahead of the next label's. */
  margin: number;
}

/** Words in a folded turn; a Chinese or Japanese character counts half a word. */
function wordsIn(folded: string): number {
  const cjk = folded.match(/[\u3040-\u30ff\u3400-\u9fff]/g)?.length ?? 0;
  const other = folded.replace(/[\u3040-\u30ff\u3400-\u9fff]/g, " ").match(/\p{L}+/gu)?.length ?? 0;
  return other + Math.ceil(cjk / 2);
}

/** What in a turn's own words speaks as the calling side does: kinds of evidence, each counted once per label. */
function agentKinds(r: LineReading, folded: string): string[] {
  const kinds: string[] = [];
  if (r.presents) kinds.push("presents");
  if (r.intro !== undefined) kinds.push("intro");
  if (PURPOSE.test(folded)) kinds.push("purpose");
  // A confirmation is read in words a callee's request has too ("stop calling me"): only where nothing is asked.
  if (r.agentVoice || r.offer || r.survey || r.keep || (r.confirm && r.hits.length === 0) || offersIf(r, folded))
    kinds.push("acts");
  if (THANKS_FOR_TIME.test(folded)) kinds.push("thanks");
  return kinds;
}

/**
 * The turn tells the callee how to stop the calls, on a condition ("if you don't want these calls, just say so"):
 * asked only of a turn where a request was read, the words a callee's request is made of.
 */
function offersIf(r: LineReading, folded: string): boolean {
  // The word of a condition first: it is one pattern, and reading the turn's requests is the whole line's work.
  if (!CONDITION.test(folded) || r.hits.length === 0) return false;
  const text = masked(folded);
  return offersOnCondition(tagAll(text, conceptLexiconsFor(lexiconsFor(folded))));
}
/** Some word of a condition in any language, before the concepts are tagged (concepts/ hold the full lists). */
const CONDITION = folded(
  /(?<![a-z])(?:if|should you|just (?:say|tell|let)|si|wenn|falls|se|caso|als|jesli|jezeli|agar|jab bhi)(?![a-z])|अगर|जब भी|إذا|اذا|لو|如果|要是|场合|場合|なら|たら|れば|ば、/,
);

const WEIGHT: Record<string, number> = {
  presents: 3,
  intro: 2,
  purpose: 2,
  acts: 2,
  thanks: 1,
  "asks-for": 2,
  "names-itself": 1,
  "after-pick-up": 2,
  who: 2,
  "your-side": 1,
  "short-answer": 1,
  "picked-up": 2,
};

/**
 * The calling side's label, when the evidence is clear: `labels` are the turns' folded labels (undefined for none),
 * `folded` their folded texts. Undefined with fewer than two labels, or when no label stands out.
 */
export function callingSideByEvidence(
  labels: readonly (string | undefined)[],
  folded: readonly string[],
  readings: readonly LineReading[],
): Evidence | undefined {
  const distinct = [...new Set(labels.filter((l): l is string => l !== undefined))];
  if (distinct.length < 2) return undefined;
  const agentSide = new Map<string, Set<string>>();
  const calleeSide = new Map<string, Set<string>>();
  const words = new Map<string, number[]>();
  for (const l of distinct) {
    agentSide.set(l, new Set());
    calleeSide.set(l, new Set());
    words.set(l, []);
  }
  const first = readings.findIndex((r) => !r.silent);
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    const r = readings[i]!;
    if (label === undefined || r.silent) continue;
    const text = folded[i]!;
    const ownTurn = labels.indexOf(label) === i;
    const a = agentSide.get(label)!;
    const c = calleeSide.get(label)!;
    words.get(label)!.push(wordsIn(text));
    const kinds = agentKinds(r, text);
    for (const k of kinds) a.add(k);
    if (ownTurn && r.asksFor) a.add("asks-for");
    // A label named in its own words ("this is City Line calling"), not a callee's "Maya speaking" alone.
    if (label.length > 2 && text.includes(label) && kinds.length > 0) a.add("names-itself");
    if (WHO_CALLS.test(text)) c.add("who");
    if (YOUR_SIDE.test(text)) c.add("your-side");
    if (r.answer !== undefined && wordsIn(text) <= 4) c.add("short-answer");
    // The phone picked up: the call's first words, short and nothing of the calling side in them; whoever speaks
    // next is the one who called.
    if (i === first && wordsIn(text) <= MAX_ANSWER_WORDS && kinds.length === 0 && !r.asksFor) {
      c.add("picked-up");
      const next = labels.findIndex((l, j) => j > i && l !== undefined && l !== label && !readings[j]!.silent);
      if (next !== -1) agentSide.get(labels[next]!)!.add("after-pick-up");
    }
  }
  const sum = (s: Set<string>) => [...s].reduce((acc, k) => acc + (WEIGHT[k] ?? 0), 0);
  const mean = (l: string) => {
    const w = words.get(l)!;
    return w.length === 0 ? 0 : w.reduce((a, b) => a + b, 0) / w.length;
  };
  const scores = distinct.map((l) => {
    // Longer turns than every other label's, by half again: the one reading a script.
    const longest = distinct.every((o) => o === l || mean(l) >= 1.5 * mean(o) + 1);
    return { label: l, score: sum(agentSide.get(l)!) - sum(calleeSide.get(l)!) + (longest ? 1 : 0) };
  });
  scores.sort((x, y) => y.score - x.score);
  const [best, second] = [scores[0]!, scores[1]!];
  if (best.score <= 0) return undefined;
  return { agent: best.label, margin: best.score - second.score };
}

/** The turn's own words speak as the calling side: an offer, a condition, a confirmation, an introduction. */
export function turnSpeaksAsAgent(r: LineReading, folded: string): boolean {
  return agentKinds(r, folded).length > 0;
}
