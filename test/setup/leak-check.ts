/**
 * Runs after every test file: no server process started by the file printed the
 * canary key anywhere, and every stdout line was a JSON-RPC message.
 */
import { afterAll, expect } from "vitest";
import { CANARY_KEY, started } from "../helpers/server-process.js";

afterAll(() => {
  for (const transport of started) {
    expect(transport.badLines, "stdout carried something that is not JSON-RPC").toEqual([]);
    expect(transport.allOutput().includes(CANARY_KEY), "the canary key leaked into a server's output").toBe(false);
  }
});
