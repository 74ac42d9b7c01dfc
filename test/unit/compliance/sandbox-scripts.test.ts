/** The sandbox's people: those who say no are caught in their language; every other persona's call is not listed. */
import { describe, expect, it } from "vitest";
import { detectOptOut } from "../../../src/guards/opt-outs/detector.js";
import { OPT_OUT_SCRIPTS } from "../../../src/sandbox/opt-out-scripts.js";
import { PERSONAS } from "../../../src/sandbox/personas.js";
import { SANDBOX_TEST_NUMBERS, testNumberFor } from "../../../src/sandbox/test-numbers.js";
import { phoneLib } from "../../../src/phone/lib.js";

const record = (conversation: Array<{ speaker: string; text: string }>, summary: string) => ({
  id: "call_x",
  summary: summary.replaceAll("{who}", "Rosa"),
  transcript: conversation.map((l) => ({ speaker: l.speaker, text: l.text.replaceAll(/\{[^}]*\}/g, "") })),
});

describe("sandbox opt-out scripts", () => {
  it.each(Object.entries(OPT_OUT_SCRIPTS))("%s: the transcript and the summary are both caught", (_lang, script) => {
    const found = detectOptOut(record(script.conversation, script.summary));
    expect(found.map((m) => m.where)).toEqual(["transcript", "summary"]);
  });

  it.each(PERSONAS.map((p) => [p.first, p] as const))("%s's ordinary call is not an opt-out", (_name, p) => {
    expect(detectOptOut(record(p.conversation, p.summary))).toEqual([]);
  });

  it("the Florida and Canada examples are where they say, and select their script", () => {
    const fl = phoneLib().parsePhoneNumber(SANDBOX_TEST_NUMBERS.opt_out_florida.example);
    const ca = phoneLib().parsePhoneNumber(SANDBOX_TEST_NUMBERS.opt_out_canada.example);
    expect([fl.country, fl.nationalNumber.slice(0, 3)]).toEqual(["US", "305"]);
    expect([ca.country, ca.isValid()]).toEqual(["CA", true]);
    expect(testNumberFor(fl.number).optOut).toBe("es");
    expect(testNumberFor(ca.number).optOut).toBe("fr");
    expect(testNumberFor("+14155550106").optOut).toBe("en");
    expect(testNumberFor("+61491570006").optOut).toBeUndefined();
  });
});
