/**
 * How long the opt-out reader takes (npm run eval:opt-outs -- --speed): a whole call of 20 turns read fresh (its
 * lines never seen before, so no memo helps) and read again (the memo's case: a polled call), a 5 MB transcript, and
 * 100 K characters on one line (a call returned without line breaks, a hostile one).
 * CPU time of this process, median of many runs; a figure for people, not a test (tests assert no speed).
 */
import { readOptOut } from "../../src/guards/opt-outs/reading.js";
import { share } from "../../src/text/shared-values.js";
import type { CallRecord } from "../../src/service/shapes.js";

const LINES: Array<[string, string]> = [
  ["agent", "Hi, this is Maya from Acme Solar. Am I speaking with Jordan?"],
  ["user", "Yes, speaking. What is this about?"],
  ["agent", "We're offering free roof assessments in your neighborhood this month."],
  ["user", "Oh, okay. How long does it take?"],
  ["agent", "About thirty minutes. A technician measures the roof and checks the wiring."],
  ["user", "Do I need to be home for that?"],
  ["agent", "Yes, someone over eighteen needs to be there."],
  ["user", "My husband works from home on Fridays."],
  ["agent", "Friday works for us. Morning or afternoon?"],
  ["user", "Morning, before eleven if possible."],
  ["agent", "I have a slot at nine thirty. Shall I book it?"],
  ["user", "Sure, go ahead."],
  ["agent", "Done. You'll get a text confirmation shortly."],
  ["user", "Great. Will it cost anything?"],
  ["agent", "No, the assessment is completely free."],
  ["user", "And if I don't want the panels after that?"],
  ["agent", "Then nothing happens, there's no obligation at all."],
  ["user", "Okay, sounds fair. Thanks."],
  ["agent", "Thank you, Jordan. Have a great day!"],
  ["user", "You too, bye."],
];

const cpuMs = () => process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function call(n: number): CallRecord {
  return {
    id: `call_${n}`,
    transcript: LINES.map(([role, text]) => ({ role, text: `${text} (${n})` })),
    summary: `The customer booked an assessment for Friday morning (${n}).`,
  };
}

export function measureSpeed(): string {
  // Warm-up: the lexicons compile once, and V8 optimises the reader.
  for (let i = 0; i < 300; i++) readOptOut(call(-i));
  const fresh: number[] = [];
  for (let i = 0; i < 400; i++) {
    const record = call(i);
    const t = cpuMs();
    readOptOut(record);
    fresh.push(cpuMs() - t);
  }
  const polled = share(call(1_000_000));
  const again: number[] = [];
  const copy: number[] = [];
  for (let i = 0; i < 400; i++) {
    let t = cpuMs();
    readOptOut(polled);
    again.push(cpuMs() - t);
    // A record the service sent again as a new object: the same lines, read through the line memo.
    const same = call(1_000_000);
    t = cpuMs();
    readOptOut(same);
    copy.push(cpuMs() - t);
  }
  const big = `Agent: hello\n${"Customer: blah blah blah blah blah blah blah\n".repeat(120_000)}Customer: stop calling me`;
  const t = cpuMs();
  const r = readOptOut({ id: "big", transcript: big });
  const bigMs = cpuMs() - t;
  // A whole call returned as one line (no line breaks), and hostile ones: a request every few words, an endless word.
  const oneLine = (text: string) => {
    const t0 = cpuMs();
    const read = readOptOut({ id: "one-line", transcript: text.slice(0, 100_000) });
    return `${(cpuMs() - t0).toFixed(0)} ms CPU (${read.status})`;
  };
  const call100k = LINES.map(([, text], i) => `${text} (${i})`)
    .join(" ")
    .repeat(90);
  const longLines = [
    `one line of 100 K characters, a call: ${oneLine(call100k)}`,
    `one line of 100 K characters, a request every 38: ${oneLine("stop calling me please not interested ".repeat(2_700))}`,
    `one line of 100 K characters, Chinese requests: ${oneLine("不要再打电话了".repeat(15_000))}`,
    `one line of 100 K characters, one endless word: ${oneLine("a".repeat(100_000))}`,
  ];
  return [
    `20-turn call, lines never seen: median ${median(fresh).toFixed(3)} ms CPU`,
    `the same record again (shared, kept):  median ${median(again).toFixed(4)} ms CPU`,
    `the same lines in a new record (line memo): median ${median(copy).toFixed(3)} ms CPU`,
    `${(big.length / 1e6).toFixed(1)} MB transcript: ${bigMs.toFixed(1)} ms CPU, status ${r.status}, unreadable: ${r.unreadable.join("; ")}`,
    ...longLines,
  ].join("\n");
}
