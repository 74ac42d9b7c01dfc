/**
 * A line longer than the line reader is handed (windows.ts), read as its pieces: the cues of every piece, each heard
 * once; the answer and the introduction from the first piece, the agent's question from the last, anything else from
 * any piece. A later piece that welcomes the calls or takes words back weighs on the earlier ones as a later turn of
 * the same speaker does (reader.ts), once: a request is held for review, a weak cue or a taken-back one is dropped. A cue
 * read at a cut without the context across it is heard, never lost.
 */
import type { Hit } from "./lexicon.js";
import type { Answer, LineReading } from "./line.js";

const key = (h: Hit) => `${h.tier}\u0000${h.kind}\u0000${h.lang}\u0000${h.text}\u0000${h.asr === true}`;

/** The cues of pieces read in order, after what later pieces take back, each heard once. */
function hitsOf(pieces: readonly LineReading[]): Hit[] {
  // Once, however many later pieces welcome the calls: pieces overlap, and one "keep calling me" may be in two.
  let accepts = false;
  let retracts = false;
  const perPiece: Hit[][] = [];
  for (let i = pieces.length - 1; i >= 0; i--) {
    const hits = pieces[i]!.hits;
    perPiece[i] = retracts
      ? []
      : accepts
        ? hits.flatMap((h) => (h.tier === "possible" ? [] : [{ ...h, tier: "possible" as const }]))
        : [...hits];
    accepts ||= pieces[i]!.accepts;
    retracts ||= pieces[i]!.retracts;
  }
  const seen = new Set<string>();
  const out: Hit[] = [];
  for (const hits of perPiece)
    for (const h of hits) {
      const k = key(h);
      if (seen.has(k)) continue;
      seen.add(k);
      // Positions belong to a piece's own text, not the line's.
      const { at: _at, end: _end, ...rest } = h;
      out.push(rest);
    }
  return out;
}

export class LongLine implements LineReading {
  private h: readonly Hit[] | undefined;
  private s: boolean | undefined;

  constructor(
    private readonly pieces: readonly LineReading[],
    /** Whether the whole text is silence or a stage note: a cheap, anchored test, made on the whole line. */
    private readonly silentWhole: () => boolean,
  ) {}

  private some(read: (p: LineReading) => boolean): boolean {
    return this.pieces.some(read);
  }
  get hits(): readonly Hit[] {
    return (this.h ??= hitsOf(this.pieces));
  }
  get answer(): Answer | undefined {
    return this.pieces[0]!.answer;
  }
  get intro(): string | undefined {
    return this.pieces[0]!.intro;
  }
  get offer(): boolean {
    return this.pieces.at(-1)!.offer;
  }
  get survey(): boolean {
    return this.pieces.at(-1)!.survey;
  }
  get removal(): boolean {
    return this.pieces.at(-1)!.removal;
  }
  get keep(): boolean {
    return this.pieces.at(-1)!.keep;
  }
  get confirm(): boolean {
    return this.some((p) => p.confirm);
  }
  get presents(): boolean {
    return this.some((p) => p.presents);
  }
  get asksFor(): boolean {
    return this.some((p) => p.asksFor);
  }
  get agentVoice(): boolean {
    return this.some((p) => p.agentVoice);
  }
  get accepts(): boolean {
    return this.some((p) => p.accepts);
  }
  get retracts(): boolean {
    return this.some((p) => p.retracts);
  }
  get bareNo(): boolean {
    return false;
  }
  get welcomes(): boolean {
    return this.pieces.every((p) => p.welcomes);
  }
  get setAside(): boolean {
    return this.hits.length === 0 && this.some((p) => p.setAside);
  }
  get silent(): boolean {
    return (this.s ??= this.silentWhole());
  }
}
