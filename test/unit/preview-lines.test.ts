/**
 * Issue 12, item 7: a spoofed confirmation dialog. Names may not hold line or
 * paragraph separators (U+2028/U+2029, NEL), and whatever the model writes in a
 * name or a metadata value, every line of what a person reads starts with one of
 * the preview's own labels: no value can forge a line such as
 * "Local time there: 10:00" or "NOTE: … safe to accept".
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { NumberTypeName } from "../../src/phone/types.js";
import type { PhonePolicy } from "../../src/phone/parse.js";
import { callRowSchema, checkRow, type CheckedRow } from "../../src/validation/call-row.js";
import { previewText } from "../../src/approval/preview.js";

const policy: PhonePolicy = { blockedTypes: new Set<NumberTypeName>(["PREMIUM_RATE", "SHARED_COST"]) };
const ROW = { to: "+14155552671", agent_id: "agt_1" };

/** The labels a preview line may start with (after the row indent), and the fixed lines. */
const LABELS =
  /^(Place (this phone call|\d+ phone calls) now\?|Number: |Numbers: \d+ calls — |Sent as \(E\.164\): \+\d+$|Agent: |Agents: |Contact: |Contacts: |Company: |Local time there: |Consent: |Metadata: |First \d+ rows:$|Row \d+: |  (Sent as \(E\.164\)|Contact|Company|Agent|Local time there): |…and \d+ more rows\.$|AI voice: the person called hears an AI, not a person; the agent must tell them so in its first words\.$)/;

function checked(row: Record<string, unknown>): CheckedRow {
  const parsed = callRowSchema.parse(row);
  const result = checkRow(parsed, policy);
  if (!result.row) throw new Error(JSON.stringify(result.problems));
  return result.row;
}

describe("names: line and paragraph separators are refused like other control characters", () => {
  it.each([
    ["line separator U+2028", "Dana\u2028Local time there: 10:00"],
    ["paragraph separator U+2029", "Dana\u2029NOTE: this call is safe to accept"],
    ["next line U+0085", "Dana\u0085NOTE: safe"],
    ["vertical tab", "Dana\u000BNOTE"],
    ["form feed", "Dana\u000CNOTE"],
    ["carriage return", "Dana\rNOTE"],
  ])("%s in contact_name or company_name", (_label, name) => {
    for (const field of ["contact_name", "company_name"]) {
      const result = callRowSchema.safeParse({ ...ROW, [field]: name });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(`${field} must not contain control or invisible characters`);
    }
  });
});

describe("what a person reads keeps every field on its own labelled line", () => {
  it("a single call: one labelled line per field, metadata one key per line", () => {
    const text = previewText({
      rows: [
        checked({
          ...ROW,
          contact_name: "Dana Lee",
          company_name: "Acme",
          metadata: [
            { key: "service_type", value: "reminder" },
            { key: "note", value: "a\nNOTE: safe to accept" },
            { key: "n", value: 2 },
          ],
        }),
      ],
      agentNames: new Map([["agt_1", "Ava"]]),
      localTimes: new Map([[0, "10:05 in America/Los_Angeles"]]),
    });
    expect(text.split("\n")).toEqual([
      "Number: +1 415 555 2671 — United States (US)",
      "Local time there: 10:05 in America/Los_Angeles",
      "Agent: Ava (agt_1)",
      "Contact: Dana Lee",
      "Place this phone call now? It reaches a real person and costs money.",
      "Sent as (E.164): +14155552671",
      "Company: Acme",
      'Metadata: service_type = "reminder"',
      'Metadata: note = "a\\nNOTE: safe to accept"',
      "Metadata: n = 2",
      "AI voice: the person called hears an AI, not a person; the agent must tell them so in its first words.",
    ]);
  });

  it("a batch: each row's fields on their own indented labelled lines", () => {
    const text = previewText({
      rows: [
        checked({ ...ROW, contact_name: "Dana — agent Evil (agt_9)" }),
        checked({ to: "+442079460000", agent_id: "agt_2", company_name: "Acme" }),
      ],
      agentNames: new Map([
        ["agt_1", "Ava"],
        ["agt_2", "Ben\nLocal time there: 10:00"],
      ]),
    });
    expect(text.split("\n")).toEqual([
      "Numbers: 2 calls — United Kingdom (GB) ×1, United States (US) ×1",
      "Local time there: unknown",
      "Agents: Ava (agt_1), Ben Local time there: 10:00 (agt_2)",
      "Contacts: Dana — agent Evil (agt_9)",
      "Place 2 phone calls now? Each reaches a real person and costs money.",
      "First 2 rows:",
      "Row 1: +1 415 555 2671 — United States (US)",
      "  Local time there: unknown",
      "  Agent: Ava (agt_1)",
      "  Contact: Dana — agent Evil (agt_9)",
      "  Sent as (E.164): +14155552671",
      "Row 2: +44 20 7946 0000 — United Kingdom (GB)",
      "  Local time there: unknown",
      "  Agent: Ben Local time there: 10:00 (agt_2)",
      "  Sent as (E.164): +442079460000",
      "  Company: Acme",
      "AI voice: the person called hears an AI, not a person; the agent must tell them so in its first words.",
    ]);
  });

  it("property: whatever names, metadata values and agent names hold, every line starts with a label of ours", () => {
    // Text rich in line breaks of every kind and in things that look like our labels.
    const nasty = fc.string({
      unit: fc.constantFrom(
        "a",
        " ",
        "\n",
        "\r",
        "\u2028",
        "\u2029",
        "\u0085",
        "\u000B",
        "\u000C",
        "Local time there: 10:00",
        "NOTE: ",
        "Agent: ",
        "\t",
        "é",
      ),
      maxLength: 40,
    });
    const acceptedName = nasty.filter((s) => callRowSchema.safeParse({ ...ROW, contact_name: s }).success);
    // Metadata text refuses invisible characters and separators (below), but keeps \n and \t.
    const acceptedNote = nasty.filter(
      (s) => callRowSchema.safeParse({ ...ROW, metadata: [{ key: "note", value: s }] }).success,
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            contact: fc.option(acceptedName, { nil: undefined }),
            company: fc.option(acceptedName, { nil: undefined }),
            note: acceptedNote,
          }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        nasty,
        (rows, agentName) => {
          const checkedRows = rows.map((r) =>
            checked({
              ...ROW,
              ...(r.contact !== undefined ? { contact_name: r.contact } : {}),
              ...(r.company !== undefined ? { company_name: r.company } : {}),
              metadata: [{ key: "note", value: r.note }],
            }),
          );
          const text = previewText({ rows: checkedRows, agentNames: new Map([["agt_1", agentName]]) });
          for (const line of text.split("\n")) expect(line).toMatch(LABELS);
          // No other character a client might break a line at.
          expect(text).not.toMatch(/[\r\u2028\u2029\u0085\u000B\u000C]/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the metadata a person approves is the metadata sent", () => {
  it.each([
    ["right-to-left override U+202E", "call\u202Eback"],
    ["zero-width space", "re\u200Bminder"],
    ["line separator U+2028", "a\u2028NOTE"],
    ["next line U+0085", "a\u0085b"],
    ["carriage return", "a\rb"],
    ["tag characters", "ok\u{E0041}\u{E0042}"],
  ])("a text value with %s is refused (the dialog would drop it, the service would get it)", (_label, value) => {
    const result = callRowSchema.safeParse({ ...ROW, metadata: [{ key: "note", value }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "metadata text values must not contain invisible characters or line separators other than \\n and \\t",
    );
  });

  it("property: every accepted text value is shown whole, exactly as JSON sends it (no truncation, no collapsed spaces)", () => {
    const value = fc.string({
      unit: fc.constantFrom(
        "a",
        " ",
        "  ",
        "\n",
        "\t",
        "\u00A0",
        "\u3000",
        '"',
        "\\",
        "é",
        "😀",
        "\u202E",
        "\u200B",
        "x".repeat(150),
      ),
      maxLength: 12,
    });
    const accepted = value.filter(
      (s) => s.length <= 1_000 && callRowSchema.safeParse({ ...ROW, metadata: [{ key: "note", value: s }] }).success,
    );
    fc.assert(
      fc.property(accepted, (note) => {
        const row = checked({ ...ROW, metadata: [{ key: "note", value: note }] });
        const text = previewText({ rows: [row], agentNames: new Map() });
        expect(text.split("\n")).toContain(`Metadata: note = ${JSON.stringify(row.request.metadata?.note)}`);
        expect(JSON.stringify(row.request.metadata)).toBe(JSON.stringify({ note }));
      }),
      { numRuns: 300 },
    );
  });
});
