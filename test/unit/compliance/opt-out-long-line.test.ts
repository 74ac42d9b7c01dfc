/**
 * A transcript that is one long line (a whole call returned without line breaks, or a hostile service): the line
 * reader is never handed more than its bound, so reading costs no more than the line's length, and a request anywhere
 * in the line is still heard, across a cut between two pieces too. Structural, not timed.
 */
import { describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { widestLineRead } from "../../../src/guards/opt-outs/reader/line.js";
import { foldSpeech } from "../../../src/guards/opt-outs/reader/text.js";
import { LINE_BOUND, WINDOW_OVERLAP, spansOf, windowsOf } from "../../../src/guards/opt-outs/reader/windows.js";

const LONG = 12_000;

/** Per language: everyday words with no cue in them, a request, the words the reader hears in it, how words join. */
const LANGS: Array<{ lang: string; filler: string; request: string; heard: string; join: string }> = [
  {
    lang: "en",
    filler: "the weather was lovely and we walked along the river to the old mill ",
    request: "please stop calling me",
    heard: "stop calling",
    join: " ",
  },
  {
    lang: "zh",
    filler: "今天天气很好我们去公园散步然后回家吃饭",
    request: "不要再给我打电话了",
    heard: "不要再给我打电话",
    join: "",
  },
  {
    lang: "ja",
    filler: "きょうはいいてんきなのでこうえんをさんぽしました",
    request: "もう電話しないでください",
    heard: foldSpeech("もう電話しないで"),
    join: "",
  },
  {
    lang: "ar",
    filler: "كان الطقس جميلا ومشينا على طول النهر الى المطحنه القديمه ",
    request: "لا تتصل بي مرة اخرى",
    heard: "لا تتصل",
    join: " ",
  },
];

function lineWith(l: (typeof LANGS)[number], at: number): string {
  const pad = l.filler.repeat(Math.ceil(LONG / l.filler.length)).slice(0, LONG);
  return `${pad.slice(0, at)}${l.join}${l.request}${l.join}${pad.slice(at)}`;
}

/** Where the request goes so that the first cut falls inside the words the reader hears in it. */
function acrossTheFirstCut(l: (typeof LANGS)[number]): string {
  for (let at = LINE_BOUND / 2; at < LINE_BOUND; at++) {
    const text = lineWith(l, at);
    const folded = foldSpeech(text);
    const cut = windowsOf(folded)[0]!.length;
    const where = folded.indexOf(l.heard);
    if (where < cut && cut < where + l.heard.length) return text;
  }
  throw new Error(`no place puts "${l.heard}" across the first cut`);
}

const heardIn = (text: string, l: (typeof LANGS)[number]) => {
  const r = readOptOut({ id: `long_${l.lang}`, status: "completed", transcript: text });
  expect(r.status).toBe("asked");
  expect(r.matches).toContainEqual(expect.objectContaining({ lang: l.lang, tier: "asked", text: l.heard }));
};

describe("a transcript of one long line", () => {
  for (const l of LANGS) {
    it(`hears a request at the start, in the middle, across a cut and at the end (${l.lang})`, () => {
      heardIn(lineWith(l, 0), l);
      heardIn(lineWith(l, LONG / 2), l);
      heardIn(acrossTheFirstCut(l), l);
      heardIn(lineWith(l, LONG), l);
    });
  }

  it("never hands the line reader more than its bound, in any script or none", () => {
    const lines = [
      ...LANGS.map((l) => lineWith(l, LONG / 2)),
      "a".repeat(LONG),
      "stop calling me please not interested ".repeat(1_700),
      Array.from({ length: LONG }, (_, i) => "aé中ب, .!?\u0301x "[i % 13]).join(""),
      `Customer: ${"不要再打电话了".repeat(9_000)}`,
    ];
    for (const transcript of lines) readOptOut({ id: "long", status: "completed", transcript });
    readOptOut({ id: "long_summary", status: "completed", summary: lines[0]! });
    expect(widestLineRead()).toBeGreaterThan(0);
    expect(widestLineRead()).toBeLessThanOrEqual(LINE_BOUND);
  });

  it("hears words kept apart by padding: the line is folded before it is cut", () => {
    const padded = `stop${" ".repeat(5_000)}calling${"\u2728".repeat(5_000)} me`;
    expect(readOptOut({ id: "padded", status: "completed", transcript: padded }).status).toBe("asked");
  });

  it("cuts a long text into pieces within the bound that overlap and cover it in order", () => {
    for (const text of [foldSpeech(lineWith(LANGS[0]!, 700)), "中".repeat(LONG), `${"ab. ".repeat(9_000)}end`]) {
      const spans = spansOf(text);
      expect(spans.length).toBeGreaterThan(1);
      expect(spans[0]![0]).toBe(0);
      expect(spans.at(-1)![1]).toBe(text.length);
      for (let k = 0; k < spans.length; k++) {
        const [from, to] = spans[k]!;
        expect(to - from).toBeLessThanOrEqual(LINE_BOUND);
        if (k === 0) continue;
        const [before, end] = spans[k - 1]!;
        expect(from).toBeGreaterThan(before);
        expect(to).toBeGreaterThan(end);
        expect(end - from).toBeGreaterThanOrEqual(WINDOW_OVERLAP);
      }
    }
  });
});
