/**
 * The opt-out reader held to its figures on the labelled set (test/opt-out-eval: dev, dev-2, dev-3 and the held-out
 * sets): recall at least 97% and precision at least 95%, counting `possible` as heard (a held number is not dialed).
 * The set itself is checked for what it promises (size, every language and category, calls of 8-20 turns, hard negatives of every
 * kind), and the hard cases of issue 34 are read by name.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { count, evaluate, groupBy, loadItems, precision, recall } from "../../opt-out-eval/evaluate.js";
import { readOptOut, type OptOutStatus } from "../../../src/guards/opt-outs/reading.js";

const SET = join(import.meta.dirname, "../../opt-out-eval");
const items = loadItems(
  ["dev", "held-out", "held-out-2", "held-out-3", "held-out-4", "dev-2", "dev-3"].map((part) => join(SET, part)),
);
const LANGS = ["en", "es", "fr", "de", "pt", "it", "nl", "pl", "zh", "ja", "hi", "hi-Latn", "ar", "en-es"];

describe("the labelled set", () => {
  it("has at least 600 items, each labelled, in every language, with whole calls of 8 to 20 turns", () => {
    expect(items.length).toBeGreaterThanOrEqual(600);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    for (const item of items) {
      expect(["asked", "possible", "none"], item.id).toContain(item.label);
      expect(LANGS, item.id).toContain(item.lang);
      if (item.turns) expect(item.turns.length, item.id).toBeGreaterThanOrEqual(8);
      if (item.turns) expect(item.turns.length, item.id).toBeLessThanOrEqual(20);
    }
    for (const lang of LANGS) expect(items.filter((i) => i.lang === lang).length, lang).toBeGreaterThanOrEqual(20);
    expect(items.filter((i) => i.turns).length).toBeGreaterThanOrEqual(60);
  });

  it("has hard negatives of every kind and positives of every kind", () => {
    const negatives = new Set(items.filter((i) => i.label === "none").map((i) => i.category));
    for (const kind of [
      "idiom",
      "negation",
      "quotation",
      "speaker",
      "question-answer",
      "revocation",
      "summary",
      "flags",
      "asr-noise",
      "hedged",
      "ordinary",
    ]) {
      expect(negatives, kind).toContain(kind);
    }
    const positives = new Set(items.filter((i) => i.label !== "none").map((i) => i.category));
    for (const kind of [
      "direct",
      "removal",
      "revocation",
      "indirect",
      "partial",
      "third-party",
      "question-answer",
      "asr-noise",
      "hedged",
      "hang-up",
      "summary",
      "flags",
      "speaker",
      "quotation",
    ]) {
      expect(positives, kind).toContain(kind);
    }
  });
});

describe("the reader's figures on the set", () => {
  const outcomes = evaluate(items);
  const overall = count(outcomes);

  it("recall at least 97% and precision at least 95% overall", () => {
    const wrong = outcomes.filter((o) => (o.item.label === "none") !== (o.said === "none")).map((o) => o.item.id);
    expect(recall(overall), `missed or wrong: ${wrong.join(", ")}`).toBeGreaterThanOrEqual(0.97);
    expect(precision(overall), `missed or wrong: ${wrong.join(", ")}`).toBeGreaterThanOrEqual(0.95);
  });

  it.each([...groupBy(outcomes, (o) => o.item.lang)].map(([lang, list]) => [lang, list] as const))(
    "in %s: recall at least 90% and precision at least 90%",
    (_lang, list) => {
      expect(recall(count(list))).toBeGreaterThanOrEqual(0.9);
      expect(precision(count(list))).toBeGreaterThanOrEqual(0.9);
    },
  );
});

/** A call: the agent's opening (or question), then the callee's answer. */
const answer = (said: string, agent = "Hi, this is Sam from Brightside. Do you have a minute?") =>
  readOptOut({
    id: "c",
    transcript: [
      { role: "assistant", text: agent },
      { role: "user", text: said },
    ],
  }).status;

const HARD: Array<[string, string, OptOutStatus, string?]> = [
  ["naming, not a refusal", "Don't call me ma'am, I'm twenty-five.", "none"],
  ["naming, not a refusal (stop calling me …)", "Stop calling me ma'am.", "none"],
  ["another list", "Take me off the waiting list, I got an appointment.", "none"],
  ["someone else's words, disowned", "My friend said 'stop calling' but I didn't.", "none"],
  ["a denied request", "I'm not asking you to stop calling, just call later.", "none"],
  ["a consent to a recording is not about calls", "I don't consent to this call being recorded.", "none"],
  ["a time, not a refusal", "Don't call me before nine, I work nights.", "none"],
  ["yes to the agent's offer", "Yes please.", "asked", "Shall I remove you from our list?"],
  ["no to the agent's keep question", "No.", "asked", "Do you want to keep getting these calls?"],
  ["no to the agent's offer", "No, that's fine, I don't mind.", "none", "Would you like me to take you off our list?"],
  [
    "unsure to the agent's offer",
    "Hmm, I don't know. Maybe.",
    "possible",
    "Would you like me to remove you from our list?",
  ],
  ["revocation", "I withdraw my consent to be called.", "asked"],
  ["indirect: knock it off", "Knock it off with the calls.", "asked"],
  ["indirect: lose my number", "Lose my number.", "asked"],
  ["emotional: how many times", "How many times do I have to tell you people?", "asked"],
  ["partial, the safe side", "Stop the promo calls.", "asked"],
  ["a third party for the number", "This is my mother's phone, stop calling it.", "asked"],
  ["speech recognition: a dropped letter", "take me of your list", "asked"],
  ["speech recognition: fillers", "uh stop uh calling me", "asked"],
  ["speech recognition: a misspelt key word", "stop colling me", "asked"],
  ["weak: not interested, don't bother", "Not interested, don't bother.", "possible"],
  ["weak: maybe take me off", "Maybe take me off, I don't know.", "possible"],
  ["not interested alone", "Not interested, thanks.", "none"],
  ["Spanish", "No me vuelva a llamar.", "asked"],
  ["French", "Ne m'appelez plus.", "asked"],
  ["German", "Rufen Sie mich nicht mehr an.", "asked"],
  ["Portuguese", "Não me liguem mais.", "asked"],
  ["Italian", "Non mi chiami più.", "asked"],
  ["Dutch", "Bel me nooit meer.", "asked"],
  ["Polish", "Proszę przestać do mnie dzwonić.", "asked"],
  ["Chinese", "别再给我打电话了。", "asked"],
  ["Japanese", "もう電話しないでください。", "asked"],
  ["Hindi", "मुझे फ़ोन करना बंद करो।", "asked"],
  ["Hinglish", "Mujhe call karna band karo.", "asked"],
  ["Arabic", "لا تتصل بي مرة أخرى.", "asked"],
  ["English and Spanish mixed", "Take me off la lista, por favor.", "asked"],
];

describe("hard cases, by name", () => {
  it.each(HARD)("%s: %s", (_name, said, expected, agent) => {
    expect(answer(said, agent)).toBe(expected);
  });

  it("the agent's script under a persona label or 'AI Agent' is not the callee's request", () => {
    const script = "If you want us to stop calling you, say 'stop calling me' and I'll take you off our list.";
    for (const label of ["Maya", "AI Agent", "Léa (IA)"]) {
      const transcript = `${label}: Hi, this is Maya from Acme Solar.\nJordan: Hi.\n${label}: ${script}\nJordan: Okay, good to know.`;
      expect(readOptOut({ id: "c", transcript }, { agentNames: ["Maya"] }).status, label).toBe("none");
    }
    // The same words said by the callee are heard.
    expect(
      readOptOut({ id: "c", transcript: "Maya: Hi, this is Maya from Acme.\nJordan: Stop calling me." }).status,
    ).toBe("asked");
  });

  it("a hang-up right after the agent's removal offer is possible, never none", () => {
    const transcript = [
      { role: "assistant", text: "Hi, this is Leo from Summit Credit." },
      { role: "user", text: "Yeah." },
      { role: "assistant", text: "Would you like me to take you off our call list?" },
      { role: "user", text: "[hangs up]" },
    ];
    expect(readOptOut({ id: "c", transcript }).status).toBe("possible");
    expect(readOptOut({ id: "c", transcript: transcript.slice(0, 3) }).status).toBe("possible");
  });

  it("a summary: in reported speech asked, a hint possible, a denial none", () => {
    expect(readOptOut({ id: "c", summary: "The customer asked to be removed from the calling list." }).status).toBe(
      "asked",
    );
    expect(readOptOut({ id: "c", summary: "The customer seemed annoyed by the repeated calls." }).status).toBe(
      "possible",
    );
    expect(readOptOut({ id: "c", summary: "No opt-out was requested; a callback was booked." }).status).toBe("none");
  });

  it("the service's own fields still count, and say where", () => {
    const r = readOptOut({ id: "c", opt_out: true, transcript: "Customer: sounds good, see you Tuesday" });
    expect(r.status).toBe("asked");
    expect(r.matches[0]).toMatchObject({ where: "opt_out", tier: "asked", category: "flag" });
    expect(readOptOut({ id: "c", disposition: "do_not_call" }).matches[0]).toMatchObject({ where: "outcome" });
  });

  it("says where a match was heard: the turn, the category, the language", () => {
    const r = readOptOut({
      id: "c",
      transcript: "Agent: Hi, this is Sam from Acme.\nCustomer: Hi.\nCustomer: Déjenme en paz.",
    });
    expect(r.matches[0]).toMatchObject({
      where: "transcript",
      turn: 2,
      lang: "es",
      category: "indirect",
      tier: "asked",
    });
  });
});
