/**
 * The named character references the redactor decodes (src/text/html-entities.ts) are exactly those of the HTML
 * standard's full list whose value is printable ASCII, compared with that list as the `character-entities` package
 * ships it (in node_modules through the markdown parser of a client library; not a dependency of the server). And
 * a secret written with any of them, in place of each character it stands for, is removed as the numeric
 * references are.
 */
import { characterEntities } from "character-entities";
import { describe, expect, it } from "vitest";
import { ASCII_NAMED_REFERENCES, LEGACY_ASCII_NAMES, namedReferencesFor } from "../../src/text/html-entities.js";
import { REDACTED, Redactor } from "../../src/text/redact.js";

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

describe("the table of named references", () => {
  it("is every name of the full list (2,125) whose value is printable ASCII, no more, no fewer", () => {
    const full = Object.entries(characterEntities);
    expect(full).toHaveLength(2_125);
    expect(ASCII_NAMED_REFERENCES).toEqual(Object.fromEntries(full.filter(([, value]) => PRINTABLE_ASCII.test(value))));
  });

  it("reads the legacy names without their ';', and nothing that is not a reference of the table", () => {
    const decodeNamedReferences = namedReferencesFor(Object.values(ASCII_NAMED_REFERENCES).join(""))!.decode;
    for (const name of LEGACY_ASCII_NAMES) {
      expect(ASCII_NAMED_REFERENCES[name]).toBeDefined();
      expect(decodeNamedReferences(`a&${name}b`)).toBe(`a${ASCII_NAMED_REFERENCES[name]}b`);
    }
    expect(decodeNamedReferences("a&lowbar;b&UnderBar;c&commat;d&comma;e")).toBe("a_b_c@d,e");
    expect(decodeNamedReferences("&lowbar &copy; &Lowbar; &unknown; &#95;")).toBe(
      "&lowbar &copy; &Lowbar; &unknown; &#95;",
    );
  });
});

describe("the references of a secret's characters", () => {
  it("are those whose value is made of them, in either letter case; none for a secret of letters and digits", () => {
    expect(namedReferencesFor("abc123")).toBeUndefined();
    const named = namedReferencesFor("sk_live.FJ9")!;
    expect(named.decode("&lowbar;&UnderBar;&period;&fjlig;&amp;&lt;&commat;")).toBe("__.fj&amp;&lt;&commat;");
  });
});

describe("a secret written with named references", () => {
  // Parts shorter than the run that counts as the secret: only decoding the references finds it.
  const parts = ["ab1c2d3", "EF4g5h6", "ij7K8l9", "mn0pQrs"];
  it.each(Object.entries(ASCII_NAMED_REFERENCES))("&%s; (%s) between the secret's parts", (name, value) => {
    const secret = parts.join(value);
    const written = parts.join(`&${name};`);
    const out = new Redactor([secret]).redact(`the page said ${written} (end)`);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain(written);
    expect(out).not.toContain(parts[2]);
    expect(out).toMatch(/^the page said .*\(end\)$/);
  });

  it("mixed with numeric references, and inside base64", () => {
    const secret = parts.join("_");
    const mixed = `${parts[0]}&#95;${parts[1]}&lowbar;${parts[2]}&UnderBar;${parts[3]}`;
    expect(new Redactor([secret]).redact(`x ${mixed} y`)).not.toContain(parts[2]);
    const b64 = Buffer.from(`key=${parts.join("&lowbar;")}`).toString("base64");
    expect(new Redactor([secret]).redact(`x ${b64} y`)).toBe(`x ${REDACTED} y`);
  });
});
