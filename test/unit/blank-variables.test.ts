/**
 * An operator's template that writes a variable empty or as white space (`OUTBOUND_CALLS_CONFIRM=`,
 * `OUTBOUND_CALLS_MAX_DIALS_PER_HOUR=" "`) gets exactly what unset gives: the documented default, which for every
 * guard is the safe one, never a guard turned off and never a refusal to start. Held for every variable --help
 * lists, through the parser that reads it.
 */
import { describe, expect, it } from "vitest";
import { sandboxFromEnv } from "../../src/cli/env-flags.js";
import { variables } from "../../src/cli/variables.js";
import { loadConfig } from "../../src/config/env.js";
import { loadHttpConfig } from "../../src/http/config.js";

const base = { OUTBOUND_CALLS_API_KEY: "sk_test_blank_1234", OUTBOUND_CALLS_BASE_URL: "https://app.example.com" };
const service = { apiKeys: [base.OUTBOUND_CALLS_API_KEY], timeoutMs: 15_000 };
const loopback = { host: "127.0.0.1", port: 0 };
const BLANKS = ["", " ", " \t "];

/** The parser of each variable, by who reads it; BROWSER is read when a page is opened (blank: the system's opener, as unset). */
const readers: Record<string, (env: NodeJS.ProcessEnv) => unknown> = {};
for (const name of Object.keys(variables)) {
  if (name in base || name === "BROWSER") continue;
  if (name === "OUTBOUND_CALLS_SANDBOX") readers[name] = sandboxFromEnv;
  else if (
    name.startsWith("OUTBOUND_CALLS_HTTP_") ||
    name.startsWith("OUTBOUND_CALLS_APPROVER_") ||
    name === "OUTBOUND_CALLS_ALLOW_SELF_APPROVAL"
  ) {
    readers[name] = (env) => loadHttpConfig(env, loopback, service);
  } else readers[name] = (env) => loadConfig({ ...base, ...env });
}

describe("a blank variable is an unset one", () => {
  it.each(Object.keys(readers).flatMap((name) => BLANKS.map((blank) => [name, blank] as const)))(
    "%s=%j",
    (name, blank) => {
      const read = readers[name]!;
      expect(read({ [name]: blank })).toEqual(read({}));
    },
  );

  it("the guards are on when every variable of the server's config is blank", () => {
    const blankAll = Object.fromEntries(Object.keys(readers).map((name) => [name, " "]));
    const safety = loadConfig({ ...base, ...blankAll }).safety;
    expect(safety).toMatchObject({
      confirm: "person",
      dedupeWindowMs: 600_000,
      maxDialsPerHour: 60,
      maxDialsPerNumberPerDay: 3,
      readOnly: false,
    });
    expect(safety.callingHours?.text).toBe("08:00-21:00");
    expect(sandboxFromEnv(blankAll)).toBe(false);
  });

  it("a blank client token off loopback is a missing one: the start is refused, not an open port", () => {
    expect(() => loadHttpConfig({ OUTBOUND_CALLS_HTTP_TOKEN: " " }, { host: "0.0.0.0", port: 0 }, service)).toThrow(
      /OUTBOUND_CALLS_HTTP_TOKEN is required/,
    );
  });
});
