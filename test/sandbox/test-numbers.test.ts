import { parsePhoneNumberWithError } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { SANDBOX_REFUSED_NUMBERS, SANDBOX_TEST_NUMBERS, type SandboxTestNumber } from "../../src/sandbox/index.js";
import { api, closeSandboxesAfterEach, firstAgentId, start } from "./helpers.js";

closeSandboxesAfterEach();

const entries = Object.entries(SANDBOX_TEST_NUMBERS) as [string, SandboxTestNumber][];

describe("SANDBOX_TEST_NUMBERS", () => {
  it.each(entries)("%s: the example is a valid number with a country (libphonenumber max)", (_, entry) => {
    const parsed = parsePhoneNumberWithError(entry.example, { extract: false });
    expect(parsed.isValid()).toBe(true);
    expect(parsed.country).toMatch(/^[A-Z]{2}$/);
    expect(parsed.number).toBe(entry.example);
    const special = entries.flatMap(([, other]) => other.lastFour);
    if (entry.lastFour.length > 0) expect(entry.lastFour).toContain(entry.example.slice(-4));
    else expect(special).not.toContain(entry.example.slice(-4));
  });

  it.each(entries)("%s: every ending, in several countries, ends as documented", async (_, entry) => {
    const sandbox = await start({ speed: "instant" });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    const endings = entry.lastFour.length > 0 ? entry.lastFour : ["0100", "2671"];
    for (const ending of endings) {
      for (const prefix of ["+1415555", "+44207946", "+6149157"]) {
        const to = `${prefix}${ending}`;
        const answer = await client.post("/calls", { to, agent_id: agentId });
        expect(answer.status, to).toBe(201);
        expect(answer.body.data.status, to).toBe(entry.status);
        expect(answer.body.data.outcome, to).toBe(entry.outcome ?? "appointment_confirmed");
      }
    }
  });

  it.each(Object.entries(SANDBOX_REFUSED_NUMBERS))("refuses the %s example %s with 422 on to", async (_, to) => {
    const sandbox = await start();
    const client = api(sandbox);
    const answer = await client.post("/calls", { to, agent_id: await firstAgentId(client) });
    expect(answer.status).toBe(422);
    expect(answer.body.error.field).toBe("to");
  });
});
