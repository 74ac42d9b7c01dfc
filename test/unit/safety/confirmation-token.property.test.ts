/**
 * A confirmation token confirms one dial, whatever its spelling: mutations of
 * real issued tokens (leading zeros, case, padding, white space, unicode digits,
 * base64 alphabets and trailing bits, truncations, appended bytes) are either
 * refused or recognized as the same token, so at most one of them is accepted.
 * Checked with today's guard (check, then spend) and with a shared one-time
 * store keyed by the token's canonical id (what several replicas use).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/guards/store/memory.js";
import { ConfirmationTokens, TOKEN_TTL_MS } from "../../../src/guards/approval/tokens.js";

const SEED = 20261124;
const NOW = Date.parse("2026-11-24T10:00:00Z");

const FULLWIDTH = (d: string) => String.fromCharCode(0xff10 + Number(d));
const ARABIC_INDIC = (d: string) => String.fromCharCode(0x0660 + Number(d));
const swapCase = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** One way to rewrite a token: [name, rewrite(token, n)] with n a small random number. */
type Mutation = [string, (token: string, n: number) => string];

const split = (token: string): [string, string] => {
  const dot = token.indexOf(".");
  return [token.slice(0, dot), token.slice(dot + 1)];
};

const MUTATIONS: Mutation[] = [
  ["itself", (t) => t],
  ["leading zeros on the expiry", (t, n) => "0".repeat(1 + (n % 4)) + t],
  [
    "upper-case expiry",
    (t) => {
      const [e, m] = split(t);
      return `${e.toUpperCase()}.${m}`;
    },
  ],
  [
    "one mac letter's case swapped",
    (t, n) => {
      const [e, m] = split(t);
      const i = n % m.length;
      return `${e}.${m.slice(0, i)}${swapCase(m[i]!)}${m.slice(i + 1)}`;
    },
  ],
  ["all upper-case", (t) => t.toUpperCase()],
  ["base64 padding", (t, n) => t + "=".repeat(1 + (n % 2))],
  ["standard base64 alphabet", (t) => t.replace(/-/g, "+").replace(/_/g, "/")],
  [
    "another last character with the same 256 bits",
    (t, n) => {
      // The 43rd base64url character carries 4 bits of the mac and 2 spare bits: flip the spare ones.
      const last = BASE64URL.indexOf(t.at(-1)!);
      return t.slice(0, -1) + BASE64URL[(last & ~3) | (n % 4)]!;
    },
  ],
  [
    "white space around",
    (t, n) => [" ", "\t", "\n", "\u00a0", "\u2028", "\ufeff"][n % 6]! + t + [" ", "\n", "\r\n", ""][n % 4]!,
  ],
  ["white space inside", (t, n) => t.replace(".", [" .", ". ", " . "][n % 3]!)],
  [
    "fullwidth digits in the expiry",
    (t) => {
      const [e, m] = split(t);
      return `${e.replace(/\d/g, FULLWIDTH)}.${m}`;
    },
  ],
  [
    "arabic-indic digits in the expiry",
    (t) => {
      const [e, m] = split(t);
      return `${e.replace(/\d/g, ARABIC_INDIC)}.${m}`;
    },
  ],
  ["fullwidth dot", (t) => t.replace(".", "\uff0e")],
  ["truncated", (t, n) => t.slice(0, t.length - 1 - (n % 8))],
  ["truncated expiry", (t) => t.slice(1)],
  ["appended bytes", (t, n) => t + ["\u0000", "A", "0", ".", "=\u0000", "\u200b", "%00", "x".repeat(40)][n % 8]!],
  [
    "expiry as decimal",
    (t) => {
      const [e, m] = split(t);
      return `${parseInt(e, 36)}.${m}`;
    },
  ],
  ["expiry with a plus sign", (t) => `+${t}`],
];

const mutation = fc.tuple(fc.integer({ min: 0, max: MUTATIONS.length - 1 }), fc.nat(1_000));
/** A replay: several mutations applied one after another to one spelling, several spellings in a row. */
const spelling = fc.array(mutation, { minLength: 1, maxLength: 3 });
const replay = fc.array(spelling, { minLength: 1, maxLength: 12 });

function spell(token: string, steps: Array<[number, number]>): string {
  return steps.reduce((t, [i, n]) => MUTATIONS[i]![1](t, n), token);
}

describe("a confirmation token is accepted once, whatever its spelling", () => {
  it("each mutation on its own: the leading-zero, padding and case spellings of the issue", () => {
    for (const [name, rewrite] of MUTATIONS) {
      const tokens = new ConfirmationTokens(() => NOW);
      const { token } = tokens.issue("request");
      expect(tokens.check(token, "request").ok, name).toBe(true);
      // Any other spelling is refused outright, before "used" is even asked.
      for (let n = 0; n < 8; n++) {
        const spelled = rewrite(token, n);
        // The token itself checks out (spending it is the store's: see the next test); every other spelling is refused.
        expect(tokens.check(spelled, "request").ok, `${name}: ${JSON.stringify(spelled)}`).toBe(spelled === token);
      }
    }
  });

  it("the guard's path (check, then spend the id in the store): at most one spelling of a real token dials", async () => {
    await fc.assert(
      fc.asyncProperty(replay, async (spellings) => {
        const tokens = new ConfirmationTokens(() => NOW);
        const once = new MemoryStore().once;
        const { token } = tokens.issue("request");
        let dials = 0;
        for (const steps of [...spellings, [[0, 0] as [number, number]]]) {
          const check = tokens.check(spell(token, steps), "request");
          if (check.ok && (await once.use(check.id, NOW, TOKEN_TTL_MS))) dials++;
        }
        // The unchanged token is replayed last: it dials only if no other spelling did.
        expect(dials).toBe(1);
      }),
      { seed: SEED, numRuns: 1_500 },
    );
  });

  it("a shared one-time store keyed by the canonical id: at most one spelling dials, and every accepted spelling has the same id", () => {
    fc.assert(
      fc.property(replay, (spellings) => {
        // Two replicas with the same secret, one shared set of used ids (as a Redis store would keep them).
        const secret = Buffer.alloc(32, 7);
        const replicas = [new ConfirmationTokens(() => NOW, secret), new ConfirmationTokens(() => NOW, secret)];
        const used = new Set<string>();
        const { token } = replicas[0]!.issue("request");
        const ids = new Set<string>();
        let dials = 0;
        spellings.forEach((steps, i) => {
          const result = replicas[i % 2]!.check(spell(token, steps), "request");
          if (!result.ok) return;
          ids.add(result.id);
          if (!used.has(result.id)) {
            used.add(result.id);
            dials++;
          }
        });
        expect(dials).toBeLessThanOrEqual(1);
        expect(ids.size).toBeLessThanOrEqual(1);
      }),
      { seed: SEED, numRuns: 1_000 },
    );
  });

  it("the canonical id names the issued token: two tokens have two ids, a spelling accepted has the token's id", () => {
    const tokens = new ConfirmationTokens(() => NOW);
    const a = tokens.issue("request");
    const b = tokens.issue("other request");
    const idA = tokens.check(a.token, "request");
    const idB = tokens.check(b.token, "other request");
    expect(idA.ok && idB.ok && idA.id !== idB.id).toBe(true);
    expect(idA.ok && idA.expiresAt).toBe(a.expiresAt);
  });
});
