/**
 * A long line cut into pieces the line reader can afford: reading a line costs more than its length (each cue is read
 * in the context of its sentence and of the whole line), so a transcript returned as one long string, or a hostile
 * one, would hold the server for seconds. Pieces are cut after a sentence where one ends near the bound, else between
 * words, else between characters (CJK runs, endless words), and each starts at least WINDOW_OVERLAP characters before
 * the last one ended, so a request said across a cut is whole in one of them.
 */

/** The longest text the line reader is handed; no line of the labelled calls comes near it. */
export const LINE_BOUND = 1_000;
/** Characters each piece shares with the one before it: more than the longest phrase a rule reads. */
export const WINDOW_OVERLAP = 200;

/** Sentence marks of every script the reader knows, full-width and Devanagari and Arabic ones included. */
const SENTENCE_MARK = /[.!?;。．！？；।॥؟؛…]/;
const SPACE = /\s/;

const isLowSurrogate = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
};

/** A cut at `i` that does not split a surrogate pair. */
const whole = (text: string, i: number) => (i > 0 && i < text.length && isLowSurrogate(text, i) ? i - 1 : i);

/**
 * The best cut in (from, to]: the last just after a sentence mark and its spaces, else the last after a space, else
 * `to` itself.
 */
function cutIn(text: string, from: number, to: number): number {
  let word = -1;
  for (let i = to; i > from; i--) {
    const before = text[i - 1]!;
    if (SPACE.test(before)) {
      let j = i - 1;
      while (j > from && SPACE.test(text[j - 1]!)) j--;
      if (j > from && SENTENCE_MARK.test(text[j - 1]!)) return i;
      if (word === -1) word = i;
      // The run of spaces is looked at once.
      i = j + 1;
    } else if (SENTENCE_MARK.test(before) && !SENTENCE_MARK.test(text[i] ?? "")) {
      // CJK sentences end with a mark and no space: "不要再打了。谢谢".
      if (/[\u3000-\u9fff\uff00-\uffef]/.test(before)) return i;
    }
  }
  return word !== -1 ? word : whole(text, to);
}

/** Where the pieces of a line start and end, each at most LINE_BOUND characters, in order, overlapping; a short line whole. */
export function spansOf(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  for (;;) {
    if (text.length - start <= LINE_BOUND) {
      spans.push([start, text.length]);
      return spans;
    }
    // At least half the bound per piece: each next piece ends at least LINE_BOUND / 2 - 2 * WINDOW_OVERLAP further on.
    const end = cutIn(text, start + LINE_BOUND / 2, start + LINE_BOUND);
    spans.push([start, end]);
    // The next piece starts between one and two overlaps before this end, at a sentence or a word where there is one.
    start = cutIn(text, end - 2 * WINDOW_OVERLAP, end - WINDOW_OVERLAP);
  }
}

export const windowsOf = (text: string): string[] => spansOf(text).map(([from, to]) => text.slice(from, to));
