/**
 * A request whose object comes after it, as an afterthought: "Could you maybe stop, going forward? The calling, I
 * mean.", "¿Podrían dejar de hacerlo? Lo de llamar, digo.", "Könnten Sie das in Zukunft lassen? Das Anrufen, meine
 * ich.", "Magari in futuro potreste evitare? Di chiamare, intendo." A sentence that ends something (or puts it in the
 * future) and the next one, naming the calls with an "I mean" and nothing against them, make a weak cue together.
 */
import { C, type Mention } from "./concepts.js";
import type { Hit } from "./lexicon.js";

/** "I mean", in every language the reader knows. */
const I_MEAN =
  /(?<![a-z])(?:i mean|digo|quiero decir|je veux dire|meine ich|ich meine|intendo|voglio dire|quer dizer|eu digo|bedoel ik|ik bedoel|znaczy|chodzi mi o|mera matlab|matlab)(?![a-z])|我是说|我是說|我的意思是|のことです|のことね|のことだよ|つまり|मतलब|يعني|اقصد/;
/** Verbs of ending or avoiding that the concepts do not all tag as a stop: "lassen", "parar", "evitare". */
const ENDING =
  /(?<![a-z])(?:lassen|unterlassen|parar|parem|pare|evitar|evitare|evitate|smettere|smettete|dejar de)(?![a-z])/;
const AGAINST_AFTER = C.NEG | C.NEVER | C.OKCALL | C.NAMING | C.OTHERLIST;

export function afterthought(text: string, mentions: readonly Mention[]): Hit | undefined {
  const sentences = new Map<number, Mention[]>();
  for (const m of mentions) {
    const list = sentences.get(m.sentence);
    if (list === undefined) sentences.set(m.sentence, [m]);
    else list.push(m);
  }
  for (const [s, named] of sentences) {
    const call = named.find((m) => m.bits & C.CALL);
    const before = sentences.get(s - 1);
    if (call === undefined || before === undefined || named.some((m) => m.bits & AGAINST_AFTER)) continue;
    const from = before[0]!.at;
    const end = named.at(-1)!.end;
    // The "I mean" in the sentence naming the calls, or just after its last concept word ("di chiamare, intendo").
    if (!I_MEAN.test(text.slice(named[0]!.at, end + 24))) continue;
    const prior = text.slice(from, call.at);
    const ends = before.some((m) => m.bits & (C.STOP | C.MORE)) || ENDING.test(prior);
    if (!ends || before.some((m) => m.bits & (C.OKCALL | C.NAMING))) continue;
    return {
      tier: "possible",
      kind: "indirect",
      lang: call.lang,
      text: text.slice(from, end).slice(0, 120),
      at: from,
      end,
    };
  }
  return undefined;
}
