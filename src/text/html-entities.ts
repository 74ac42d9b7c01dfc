/**
 * The HTML named character references (WHATWG HTML, section 13.5 "Named character references") whose value is
 * printable ASCII: 44 of the standard's 2,125 names, derived from its full list by that rule, not picked by hand
 * (test/unit/html-entities.test.ts compares this table with the full list as the `character-entities` package
 * ships it). These are the references that can spell a character of a key or token written in ASCII; the others
 * stand for characters outside it, which no ASCII secret holds.
 */
export const ASCII_NAMED_REFERENCES: Readonly<Record<string, string>> = {
  AMP: "&",
  DiacriticalGrave: "`",
  GT: ">",
  Hat: "^",
  LT: "<",
  QUOT: '"',
  UnderBar: "_",
  VerticalLine: "|",
  amp: "&",
  apos: "'",
  ast: "*",
  bsol: "\\",
  colon: ":",
  comma: ",",
  commat: "@",
  dollar: "$",
  equals: "=",
  excl: "!",
  fjlig: "fj",
  grave: "`",
  gt: ">",
  lbrace: "{",
  lbrack: "[",
  lcub: "{",
  lowbar: "_",
  lpar: "(",
  lsqb: "[",
  lt: "<",
  midast: "*",
  num: "#",
  percnt: "%",
  period: ".",
  plus: "+",
  quest: "?",
  quot: '"',
  rbrace: "}",
  rbrack: "]",
  rcub: "}",
  rpar: ")",
  rsqb: "]",
  semi: ";",
  sol: "/",
  verbar: "|",
  vert: "|",
};

/**
 * Of those, the names HTML also reads without the closing ";" (the legacy names of the same list whose value is
 * ASCII): `&amp` reads as `&` even when written so.
 */
export const LEGACY_ASCII_NAMES: readonly string[] = ["AMP", "GT", "LT", "QUOT", "amp", "gt", "lt", "quot"];

/** Some of those references: a regular expression's source matching one, and how to decode them. */
export interface NamedReferences {
  /** One reference of the set, with its ";" (or a legacy one without). */
  source: string;
  /** The text with every reference of the set replaced by its characters. */
  decode(text: string): string;
  /** The characters the set's references are written with. */
  chars: string;
}

/**
 * The references whose value is made only of these characters (in either letter case, as a secret's run is
 * matched), or undefined when none is: a reference of any other character cannot be part of a secret's run, and
 * decoding it would change nothing a secret could be found in.
 */
export function namedReferencesFor(chars: string): NamedReferences | undefined {
  const allowed = new Set(chars.toLowerCase());
  const names = Object.keys(ASCII_NAMED_REFERENCES).filter((name) =>
    [...ASCII_NAMED_REFERENCES[name]!.toLowerCase()].every((c) => allowed.has(c)),
  );
  if (names.length === 0) return undefined;
  const legacy = LEGACY_ASCII_NAMES.filter((name) => names.includes(name));
  const pattern = new RegExp(`&(?:(${names.join("|")});${legacy.length > 0 ? `|(${legacy.join("|")})` : ""})`, "g");
  return {
    source: `&(?:(?:${names.join("|")});${legacy.length > 0 ? `|(?:${legacy.join("|")})` : ""})`,
    decode: (text) =>
      text.includes("&")
        ? text.replace(pattern, (_m, name?: string, old?: string) => ASCII_NAMED_REFERENCES[(name ?? old)!]!)
        : text,
    chars: [...new Set(`&;${names.join("")}`)].join(""),
  };
}
