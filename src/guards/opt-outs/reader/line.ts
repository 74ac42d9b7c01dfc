/**
 * One line read alone: the cues a callee's words hold (after idioms and other lists are set aside, and denied,
 * reported or retracted requests are dropped), how the line answers a question (yes, no, not sure), and what it does
 * when the agent says it (offers removal, asks to keep calling, confirms removal, introduces itself). Context (who
 * speaks, which question came before) is the reader's (reader.ts); this is a pure function of the text, kept per line.
 */
import { foldSpeech, sentencesOf } from "./text.js";
import type { Hit, Lexicon } from "./lexicon.js";
import { lexiconsFor } from "./lexicons/index.js";
import { bitsOf, C, tagAll, type ConceptLexicon, type Mention } from "./concepts.js";
import { conceptLexiconsFor } from "./concepts/index.js";
import { agentActs, removesElsewhere, taggedInstruction, type AgentActs } from "./agent-acts.js";
import { corrector, hitsIn, masked, removesOtherThingOnly, wordsOfRequest } from "./cues.js";
import { asksForPerson, presentsCallingSide, speaksForCallingSide } from "./presenting.js";
import { LINE_BOUND, windowsOf } from "./windows.js";
import { LongLine } from "./long-line.js";
import { asks, asksAboutThePast, offeredOnCourtesy } from "./offer-forms.js";
import { bareRefusal } from "./bare-refusal.js";
import { correctedToYes } from "./corrected-answer.js";

export type { Hit } from "./lexicon.js";

export type Answer = "yes" | "no" | "unsure";

export interface LineReading {
  hits: readonly Hit[];
  answer: Answer | undefined;
  /** Said by the agent: offers to stop or remove, as a question. */
  offer: boolean;
  /** Said by the agent: asks whether to keep calling. */
  keep: boolean;
  /** Said by the agent: asks, in an offer's words, what the callee did before ("have you ever asked…"): a survey's. */
  survey: boolean;
  /** Said by the agent: the person is or will be removed. */
  confirm: boolean;
  /** Said by the agent: removal or an end to the calls spoken of in any form ("…, or I can remove you"). */
  removal: boolean;
  /** A name the speaker introduced themself by ("this is Maya from Acme"). */
  intro: string | undefined;
  /** The speaker presents themself as the calling side ("the virtual assistant of", "calling on behalf of"). */
  presents: boolean;
  /** The speaker asks for the person by name or title ("Am I speaking with Mr. Chen?"). */
  asksFor: boolean;
  /** The speaker speaks as the calling side about its list or calls ("I'll take you off our list"). */
  agentVoice: boolean;
  /** Nothing said, or a note that the line went dead ("[hangs up]"), or a stage direction ("[Customer disconnected]"). */
  silent: boolean;
  /** Said by the callee: calls are welcome ("keep calling me", "you can call me") or words are taken back. */
  accepts: boolean;
  /** Said by the callee: what was said before is taken back ("forget what I said"). */
  retracts: boolean;
  /** Words of a request, each set aside (a name, another list or thing, a report, a denial, a time): the rules' word. */
  setAside: boolean;
  /** Said by the callee: asks for calls, with nothing against them ("call me Monday", "周一再联系我"). */
  welcomes: boolean;
  /** Said by the callee: a bare "no" ("No thanks."), a refusal with thanks, or a farewell alone (bare-refusal.ts). */
  bareNo: boolean;
}

const HANG_UP =
  /^(?:(?:the )?(?:customer |caller |callee |user |contact )?(?:hangs? up|hung up|disconnect(?:s|ed)?|call (?:ended|dropped|disconnected)|silence|no (?:answer|response|reply)|end of call|line (?:goes )?dead|click|dial tone|cuelga|colgo|raccroche|legt auf|aufgelegt|desliga|desligou|riattacca|hangt op|rozlacza sie|rozlaczyl sie|挂断|挂了|电话挂断|電話を切る|切断|通話終了|फ़ोन काट दिया|phone kaat diya|يغلق الخط|اغلق الخط|انتهت المكالمه)[ .!]*)?$/;
/** A turn that is only a note in brackets or asterisks: no one spoke ("[Verbindung beendet]", "*click*"). */
const STAGE_DIRECTION = /^\s*(?:\[[^\]]*\]|\([^)]*\)|\*[^*]*\*)\s*$/;
/** A turn of dots or dashes alone ("...", "…"): nothing said. */
const NOTHING_SAID = /^[\s.\u2026\-\u2013\u2014]*$/;
const silentText = (text: string, folded = foldSpeech(text)) =>
  HANG_UP.test(folded) || STAGE_DIRECTION.test(text) || NOTHING_SAID.test(text);
/** A turn cut off mid-word or mid-sentence: "Would you—", "Voulez-vous que…". */
const CUT_OFF = /(?:[-\u2013\u2014\u2015]|\.\.\.|\u2026)\s*$/;
/** Words that make the agent's sentence hypothetical: "if you ever want us to stop calling". */
const CONDITIONAL =
  /(?<![a-z])(?:if|whenever|any ?time|at any time|should you|just (?:say|tell)|si|siempre que|cuando quiera|s'il|si jamais|a tout moment|wenn|falls|jederzeit|se|caso|quando quiser|a qualquer momento|als|wanneer|jesli|jezeli|w kazdej chwili|agar|jab bhi|kabhi bhi)(?![a-z])|अगर|जब भी|إذا|اذا|لو|如果|随时|的话|场合|場合|なら|でしたら|であれば|いただければ|いつでも/;
/**
 * Words that limit the agent's "we won't call you again" to one matter ("about this", "in dieser Sache", "この件で")
 * or to one person ("nobody else from our team"): said of course at the end of a task, not a removal.
 */
const LIMITED =
  /(?<![a-z])(?:about (?:this|it|that|the \w+|your \w+)|regarding (?:this|it|that|the|your)|on this (?:matter|topic|subject)|the only (?:reminder|call)|(?:nobody|no one|anyone) else|por (?:este|ese) (?:tema|asunto|motivo)|sobre (?:esto|eso|este (?:tema|asunto))|nadie mas|a ce sujet|(?:pour|sur) (?:ce|cette) (?:sujet|question|dossier)|personne d'autre|in dieser (?:sache|angelegenheit)|deswegen|diesbezuglich|niemand anders|hierover|hiervoor|daarover|per questo|su questo|a questo proposito|sobre (?:isso|este assunto)|por (?:isso|este motivo)|w tej sprawie|w tym temacie|is (?:baare|bare|mamle) (?:mein|me)|iske (?:baare|bare) (?:mein|me))(?![a-z])|这件事|這件事|此事|この件|本件|بخصوص (?:هذا|هذه|الموضوع)|حول هذا/;
/**
 * A question that offers a choice ("…, or shall we call back?"): a "yes" to it is no yes to removal. The Spanish and
 * Italian "o" only after a comma: at a sentence's start it is the Portuguese article ("O senhor quer que eu…?").
 */
const ALTERNATIVE =
  /(?:(?:^|[,.?!] )(?:or|ou|oder|of|albo|lub|oppure|ofwel)|, o)(?! (?:not|no|nao|nicht|niet|nie|pas|non)(?![a-z])) [^.!?;]*\?\s*$|, czy [^.!?;]*\?\s*$|还是[^。？?]*[?？]\s*$|それとも|(?:^|[،,.?؟] )(?:او|ولا) [^.!?؟]*[?؟]\s*$/;
/**
 * The agent's word not to call at a time or a place ("I'll note not to call after 8", "you asked us to stop calling
 * you at work, so I'm trying your cell"): a time or a place noted, not a removal offered or confirmed. Not when a list
 * or a removal is named ("you'll be off our list by tomorrow" is one).
 */
function timed(sentence: string, lexicons: readonly ConceptLexicon[]): boolean {
  const bits = bitsOf(tagAll(sentence, lexicons));
  return (bits & C.LATER) !== 0 && (bits & C.CALL) !== 0 && !(bits & (C.REMOVE | C.LIST));
}

/** Anything said against the calls: a negation, a stop, a removal, annoyance, frequency, a refusal, a withdrawal. */
const AGAINST_CALLS =
  C.NEG | C.NEVER | C.STOP | C.REMOVE | C.ANNOY | C.REPEAT | C.NOTINT | C.WITHDRAW | C.HOWGOT | C.RETRACT | C.LIST;

function answerOf(first: string, langs: readonly Lexicon[], opening: string): Answer | undefined {
  for (const l of langs) if (l.unsure.test(first)) return "unsure";
  for (const l of langs) if (l.no.test(first)) return correctedToYes(opening, langs) ? "yes" : "no";
  for (const l of langs) if (l.yes.test(first)) return "yes";
  return undefined;
}

/**
 * The reading of a line, each part worked out when first asked for and then kept: the agent's lines are asked only
 * what an agent does (offer, keep, confirm, intro), the callee's only what a callee says (hits, answer). A pure
 * function of the text either way.
 */
class LazyLine implements LineReading {
  private f: string | undefined;
  private h: string | undefined;
  private s: string[] | undefined;
  private l: readonly Lexicon[] | undefined;
  private m: Mention[] | undefined;
  private a: AgentActs | undefined;
  /** Readings of the line before their context was weighed (hitsIn). */
  private before = 0;
  private cache: Partial<Omit<LineReading, "intro">> & { intro?: string | null } = {};

  constructor(
    private readonly text: string,
    /** A summary speaks of the callee in the third person: its reported speech is what the callee said. */
    private readonly summary = false,
  ) {}

  private get folded(): string {
    return (this.f ??= foldSpeech(this.text));
  }
  private get hidden(): string {
    return (this.h ??= masked(this.folded));
  }
  private get sentences(): string[] {
    return (this.s ??= sentencesOf(this.folded));
  }
  private get langs(): readonly Lexicon[] {
    return (this.l ??= lexiconsFor(this.folded));
  }
  private get mentions(): Mention[] {
    return (this.m ??= tagAll(this.hidden, conceptLexiconsFor(this.langs)));
  }
  private get acts(): AgentActs {
    return (this.a ??= agentActs(this.hidden, this.mentions, CUT_OFF.test(this.text), (s) => this.limited(s)));
  }
  /** A sentence of the agent's limited to one matter, one person, or a time or a place. */
  private limited(sentence: string): boolean {
    return LIMITED.test(sentence) || timed(sentence, conceptLexiconsFor(this.langs));
  }

  get hits(): readonly Hit[] {
    if (this.cache.hits === undefined) {
      const seen = { before: 0 };
      let hits = hitsIn(this.hidden, this.langs, this.mentions, false, this.summary, seen);
      this.before = seen.before;
      if (hits.length === 0) {
        const fixed = corrector().correct(this.folded);
        if (fixed !== this.folded) {
          const text = masked(fixed);
          hits = hitsIn(text, this.langs, tagAll(text, conceptLexiconsFor(this.langs)), true, this.summary);
        }
      }
      this.cache.hits = hits;
    }
    return this.cache.hits;
  }
  get accepts(): boolean {
    if (this.cache.accepts === undefined) {
      const ms = this.mentions;
      // A "yes" to calls counts unless a negation is right before it in its clause ("you can't call me"; not "No, keep").
      this.cache.accepts = ms.some(
        (m, i) =>
          m.bits & C.RETRACT ||
          (m.bits & C.OKCALL &&
            !ms.slice(Math.max(0, i - 2), i).some((n) => n.bits & (C.NEG | C.NEVER | C.STOP) && n.clause === m.clause)),
      );
    }
    return this.cache.accepts;
  }
  get bareNo(): boolean {
    return (this.cache.bareNo ??= bareRefusal(this.folded, this.answer === "no", this.mentions));
  }
  get welcomes(): boolean {
    if (this.cache.welcomes === undefined) {
      const ms = this.mentions;
      const clause = (c: number) => bitsOf(ms, (m) => m.clause === c);
      // A leading "no" answers the question before ("Nein, ich will die Anrufe weiter"): it is nothing against calls.
      const bits = bitsOf(ms, (m) => m.clause > 0 || m.bits !== C.NEG || this.answer !== "no");
      // Every word of calling asks for a call: "you can call me", or with a time ("call me Monday").
      const asksForCalls = ms.every((m) => !(m.bits & C.CALL) || clause(m.clause) & (C.OKCALL | C.LATER));
      this.cache.welcomes =
        (bits & (C.OKCALL | C.CALL)) !== 0 && asksForCalls && !(bits & AGAINST_CALLS) && this.hits.length === 0;
    }
    return this.cache.welcomes;
  }
  get setAside(): boolean {
    return (this.cache.setAside ??=
      this.hits.length === 0 &&
      (this.before > 0 ||
        removesOtherThingOnly(this.mentions) ||
        (this.hidden !== this.folded && wordsOfRequest(this.folded, this.langs))));
  }
  get retracts(): boolean {
    return (this.cache.retracts ??= this.mentions.some((m) => m.bits & C.RETRACT));
  }
  get answer(): Answer | undefined {
    if (!("answer" in this.cache))
      this.cache.answer = answerOf(this.sentences[0] ?? "", this.langs, this.sentences.slice(0, 2).join(" "));
    return this.cache.answer;
  }
  get offer(): boolean {
    if (this.cache.offer === undefined) {
      const asked =
        (!taggedInstruction(this.hidden, this.mentions) && this.langs.some((l) => asks(this.sentences, l.offer))) ||
        this.acts.offer ||
        offeredOnCourtesy(this.hidden, this.langs, () => ({ mentions: this.mentions, removal: this.acts.removal }));
      const question = this.sentences.slice(-2).join(" ");
      // An offer limited to one matter is still one ("stop calling you about this?": a partial request); to a time, not.
      const elsewhere = removesElsewhere(this.mentions, this.sentences.length - 2);
      this.cache.survey = asked && asksAboutThePast(question, this.langs);
      this.cache.offer =
        asked &&
        !this.cache.survey &&
        !elsewhere &&
        !ALTERNATIVE.test(question) &&
        !timed(question, conceptLexiconsFor(this.langs));
    }
    return this.cache.offer;
  }
  get survey(): boolean {
    return !this.offer && this.cache.survey === true;
  }
  get removal(): boolean {
    return (this.cache.removal ??= this.offer || this.acts.removal);
  }
  get keep(): boolean {
    return (this.cache.keep ??= this.langs.some((l) => asks(this.sentences, l.keep)) || this.acts.keep);
  }
  get confirm(): boolean {
    if (this.cache.confirm === undefined) {
      const sentences = sentencesOf(this.hidden);
      this.cache.confirm =
        this.langs.some(
          (l) =>
            l.confirm !== undefined &&
            sentences.some((s) => l.confirm!.test(s) && !CONDITIONAL.test(s) && !this.limited(s)),
        ) || this.acts.confirm;
    }
    return this.cache.confirm;
  }
  get intro(): string | undefined {
    if (this.cache.intro === undefined) {
      const opening = this.sentences.slice(0, 3).join(" ");
      let name: string | undefined;
      for (const l of this.langs) {
        name = l.intro
          ?.exec(opening)
          ?.slice(1)
          .find((g) => g !== undefined);
        if (name !== undefined) break;
      }
      this.cache.intro = name ?? null;
    }
    return this.cache.intro ?? undefined;
  }
  get presents(): boolean {
    return (this.cache.presents ??= presentsCallingSide(this.folded));
  }
  get asksFor(): boolean {
    return (this.cache.asksFor ??= asksForPerson(this.folded));
  }
  get agentVoice(): boolean {
    return (this.cache.agentVoice ??= speaksForCallingSide(this.folded));
  }
  get silent(): boolean {
    return (this.cache.silent ??= silentText(this.text, this.folded));
  }
}

/** The longest text a LazyLine was handed (tests: never more than LINE_BOUND). */
let widest = 0;
export const widestLineRead = (): number => widest;

/**
 * A line read alone; a long one as the pieces of its folded text (windows.ts), so reading costs no more than the line's
 * length. Folded first: spaces or symbols put between the words of a request are gone before it is cut.
 */
export function readLine(text: string, summary = false): LineReading {
  if (text.length <= LINE_BOUND) {
    widest = Math.max(widest, text.length);
    return new LazyLine(text, summary);
  }
  const folded = foldSpeech(text);
  return new LongLine(
    windowsOf(folded).map((piece) => readLine(piece, summary)),
    () => silentText(text, folded),
  );
}
