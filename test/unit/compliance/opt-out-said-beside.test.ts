/**
 * A stop said to someone beside the callee and then excused ("stop, you make me laugh — sorry, that's my son") is
 * not said to the caller, in every language: the line is the rules' word, so even a learned reader that says yes to
 * every line does not hold it. "Calling someone names" is an insult, not calls. A request beside such words is heard.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import { useLearnedModel } from "../../../src/guards/opt-outs/reader/learned.js";
import { answerRecord, YES_TO_ALL as yesToAll } from "../../opt-out-eval/reading.js";

afterEach(() => useLearnedModel(undefined));

const answer = (said: string) => readOptOut(answerRecord(said)).status;

describe("a stop said to someone beside the callee, then excused", () => {
  it.each([
    "Stop it, you're killing me — sorry, that's my son.",
    "Arrête, tu me fais rire — pardon, c'est mon chum à côté.",
    "Hou op, ge maakt me aan 't lachen — sorry, dat is mijn zoon.",
    "Basta, me haces reír — perdón, es mi hermano.",
    "Smettila, mi fai ridere — scusi, è mio figlio.",
    "Para, você me mata de rir — desculpa, é o meu irmão.",
    "Bas karo yaar, hasa hasa ke maar doge — sorry, bhai hai bagal mein.",
    "Hör auf, du bringst mich zum Lachen — Entschuldigung, das ist mein Mann.",
    "Przestań, rozśmieszasz mnie — przepraszam, to mój brat.",
    "もうやめてや、笑わせんといて——あ、すんません、隣の嫁が。",
    "别闹了，笑死我了——不好意思，我儿子在旁边。",
    "बस करो, हँसा-हँसा के मार डालोगे — सॉरी, भाई है बगल में।",
    "بس بقى، موتتني من الضحك — آسف، ده أخويا جنبي.",
  ])("is not held, even by a reader that says yes to every line: %s", (said) => {
    useLearnedModel(yesToAll);
    expect(answer(said)).toBe("none");
  });

  it("a request in the same line is still heard", () => {
    useLearnedModel(yesToAll);
    expect(answer("Stop calling me — sorry, that's my son shouting, but I mean it.")).not.toBe("none");
    useLearnedModel(undefined);
    expect(answer("Sorry, that's my son. Stop calling this number.")).toBe("asked");
    expect(answer("Arrête de m'appeler — pardon, c'est mon fils à côté, mais ne m'appelez plus.")).toBe("asked");
  });
});

describe("calling someone names", () => {
  it("is an insult, not calls", () => {
    expect(answer("Sorry that was my kid — Max, stop calling your sister names! — go ahead.")).toBe("none");
  });

  it("a request to stop calling beside it is heard", () => {
    expect(answer("Max, stop calling your sister names! And you, stop calling me.")).toBe("asked");
  });
});
