/** Does the agent say, in its first words, that the callee is speaking with an AI? */
import { describe, expect, it } from "vitest";
import { checkAiDisclosure, disclosureMemoSize } from "../../../src/approval/ai-disclosure.js";
import { PERSONAS } from "../../../src/sandbox/personas.js";

const opening = (text: string) =>
  checkAiDisclosure({
    id: "c",
    transcript: [
      { speaker: "agent", text },
      { speaker: "user", text: "I'm an AI too, ha" },
    ],
  });

describe("checkAiDisclosure", () => {
  it.each([
    "Hi, this is Ava, an AI assistant from Acme.",
    "Hello, I'm a virtual assistant calling for your appointment.",
    "This is an automated call from Acme Dental.",
    "Hola, le habla un asistente virtual de Acme.",
    "Bonjour, je suis un assistant virtuel d'Acme.",
    "Guten Tag, hier spricht ein KI-Assistent.",
  ])("disclosed: %s", (text) => {
    expect(opening(text)).toEqual({ disclosed: true });
  });

  it("not disclosed when the agent's first words do not say so, whatever the callee says", () => {
    expect(opening("Hi, this is Ava from Acme Dental. Am I speaking with Dana?")).toEqual({ disclosed: false });
  });

  it("only the first words count: a late mention is not a disclosure", () => {
    const late = [
      { role: "assistant", text: `Hello Dana, calling about your order. ${"We value you. ".repeat(40)}` },
      { role: "assistant", text: "By the way I am an AI." },
    ];
    expect(checkAiDisclosure({ id: "c", transcript: late })).toEqual({ disclosed: false });
    expect(checkAiDisclosure({ id: "c", transcript: "Agent: Hi, I'm an AI assistant.\nCustomer: ok" })).toEqual({
      disclosed: true,
    });
  });

  it("no verdict when no agent turn can be read", () => {
    expect(checkAiDisclosure({ id: "c" })).toEqual({});
    expect(checkAiDisclosure({ id: "c", transcript: "hello?" })).toEqual({});
  });

  it.each(PERSONAS.map((p) => [p.first, p] as const))("the sandbox's %s discloses in its first words", (_n, p) => {
    expect(
      checkAiDisclosure({ id: "c", transcript: p.conversation.map((l) => ({ speaker: l.speaker, text: l.text })) })
        .disclosed,
    ).toBe(true);
  });
});

describe("openings already read (the check keeps each opening's verdict)", () => {
  it("gives each opening its own verdict on every read, however alike they start", () => {
    for (let round = 0; round < 3; round++) {
      expect(opening("Hi, this is Ava, an AI assistant from Acme.")).toEqual({ disclosed: true });
      expect(opening("Hi, this is Ava, from Acme.")).toEqual({ disclosed: false });
      expect(opening("Hi, this is Ava, an automated call from Acme.")).toEqual({ disclosed: true });
    }
  });

  it("holds at most 2,000 openings, and still answers right after starting over", () => {
    for (let i = 0; i < 5_000; i++) {
      expect(opening(`Hello, this is caller ${i} from Acme.`)).toEqual({ disclosed: false });
      expect(disclosureMemoSize()).toBeLessThanOrEqual(2_000);
    }
    expect(opening("Hi, this is Ava, an AI assistant from Acme.")).toEqual({ disclosed: true });
  });
});
