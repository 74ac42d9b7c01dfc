/**
 * The fixed regression corpus (test/fuzz/corpus.json): inputs that once broke
 * something, run in-process against the fake service on every run, whatever
 * the seed of the generated ones. A refused input names its field and asks the
 * service nothing; an accepted one asks exactly what the corpus says.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startInProcess, type InProcessServer } from "../helpers/in-process.js";
import { GUARDS_OFF_FOR_FAULT_TESTS, textOf } from "../helpers/server-process.js";
import { namesField, wellFormed } from "../helpers/tool-arbitraries.js";

interface Entry {
  tool: string;
  args: Record<string, unknown>;
  refused?: string;
  asks?: Record<string, unknown> & { op: string };
  why: string;
}

// JSON.parse keeps a "__proto__" key as a plain field, as a client's JSON-RPC message would carry it.
const corpus = JSON.parse(readFileSync(new URL("./corpus.json", import.meta.url), "utf8")) as { inputs: Entry[] };

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcess({ env: GUARDS_OFF_FOR_FAULT_TESTS });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => server.service.reset());

describe("the regression corpus", () => {
  it("has inputs, each either refused or accepted, with the reason it is kept", () => {
    expect(corpus.inputs.length).toBeGreaterThan(0);
    for (const entry of corpus.inputs) {
      expect(entry.why.length, JSON.stringify(entry.args)).toBeGreaterThan(10);
      expect(Number(entry.refused !== undefined) + Number(entry.asks !== undefined), entry.why).toBe(1);
    }
  });

  it.each(corpus.inputs.map((e) => [`${e.tool} ${JSON.stringify(e.args).slice(0, 80)}`, e] as const))(
    "%s",
    async (_label, entry) => {
      const result = await server.call(entry.tool, entry.args);
      expect(wellFormed(result)).toBeUndefined();
      if (entry.refused !== undefined) {
        expect(result.isError, textOf(result)).toBe(true);
        expect(namesField(textOf(result), entry.refused), textOf(result)).toBe(true);
        expect(server.service.requests).toEqual([]);
        return;
      }
      expect(result.isError, textOf(result)).toBeFalsy();
      const { op, ...asked } = entry.asks!;
      const request = server.service.requests.find((r) => r.op === op);
      expect(request, `the service was not asked ${op}`).toBeDefined();
      expect(request).toMatchObject(asked);
      // Exactly: no injected field beside the expected ones.
      for (const [key, value] of Object.entries(asked))
        expect((request as unknown as Record<string, unknown>)[key]).toEqual(value);
    },
  );
});
