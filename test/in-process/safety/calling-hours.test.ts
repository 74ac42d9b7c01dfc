/**
 * Guard 4, calling hours in the callee's local time, in-process at fixed clocks
 * (OUTBOUND_CALLS_TEST_NOW) with the default window 08:00-21:00: a US, a UK and
 * Australian numbers, refused outside with the local time and the opening,
 * asked of the service exactly once inside.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useInProcess, type InProcessServer } from "../../helpers/in-process.js";
import { textOf } from "../../helpers/server-process.js";

const fx = useInProcess();
const posts = () => fx.service.posts();

/** A server whose clock starts at `now`, with the default calling hours and the other guards out of the way. */
function at(now: string, extra: Record<string, string> = {}): Promise<InProcessServer> {
  return fx.start({
    now,
    env: {
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
      ...extra,
    },
  });
}

const dial = (server: InProcessServer, to: string) => server.call("create_call", { to, agent_id: "agt_1" });

describe("2026-11-21 15:00 UTC: 07:00 in San Francisco, 10:00 in New York, 15:00 in London", () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await at("2026-11-21T15:00:00Z");
  });

  it("refuses +1 415 (America/Los_Angeles) with the local time and when the window opens; nothing is sent", async () => {
    const result = await dial(server, "+14155552671");
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain(
      "Refused by calling hours (OUTBOUND_CALLS_CALLING_HOURS=08:00-21:00, in the callee's local time)",
    );
    expect(text).toContain("it is 07:00 in America/Los_Angeles for +1 415 555 2671");
    expect(text).toContain("the window opens for it at 16:00 UTC, in 1 h");
    expect(text).toContain("Nothing was dialed");
    expect(posts()).toHaveLength(0);
  });

  it("dials +1 212 (America/New_York, 10:00) exactly once", async () => {
    const result = await dial(server, "+12125552671");
    expect(result.isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });

  it("dials a London number (15:00) exactly once", async () => {
    const result = await dial(server, "+442079460000");
    expect(result.isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });

  it("a dry run is refused the same way (it would not be allowed), and shows local times when it is", async () => {
    const refused = await server.call("create_call", { to: "+14155552671", agent_id: "agt_1", dry_run: true });
    expect(refused.isError).toBe(true);
    const ok = await server.call("create_call", { to: "+12125552671", agent_id: "agt_1", dry_run: true });
    expect(textOf(ok)).toContain("Local time there: 10:00 in America/New_York");
    expect(posts()).toHaveLength(0);
  });
});

describe("2026-11-21 21:30 UTC: 21:30 in London", () => {
  it("refuses the UK number after 21:00 and says it opens at 08:00 tomorrow; New York (16:30) goes", async () => {
    const server = await at("2026-11-21T21:30:00Z");
    const uk = await dial(server, "+442079460000");
    expect(uk.isError).toBe(true);
    expect(textOf(uk)).toContain("it is 21:30 in Europe/London for +44 20 7946 0000");
    expect(textOf(uk)).toContain("opens for it at 2026-11-22 08:00 UTC, in 10 h 30 min");
    expect(posts()).toHaveLength(0);
    expect((await dial(server, "+12125552671")).isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });
});

describe("2026-11-20 22:00 UTC: 09:00 in Sydney, 06:00 in Perth", () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await at("2026-11-20T22:00:00Z");
  });

  it("dials +61 2 (Sydney) exactly once", async () => {
    const result = await dial(server, "+61293744000");
    expect(result.isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });

  it("refuses +61 8 9 (Perth, 06:00) until 08:00 Perth = 00:00 UTC", async () => {
    const result = await dial(server, "+61892251234");
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("it is 06:00 in Australia/Perth for +61 8 9225 1234");
    expect(textOf(result)).toContain("opens for it at 2026-11-21 00:00 UTC, in 2 h");
    expect(posts()).toHaveLength(0);
  });

  it("refuses an Australian mobile: it may ring in any zone, and the western ones are still before 08:00", async () => {
    const result = await dial(server, "+61412345678");
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("06:00 in Australia/Perth");
    expect(text).toContain("06:45 in Australia/Eucla");
    expect(text).toContain("07:30 in Australia/Darwin");
    expect(text).not.toContain("in Australia/Sydney");
    expect(text).toContain("every one must be inside the window");
    expect(text).toContain("opens for it at 2026-11-21 00:00 UTC");
    expect(posts()).toHaveLength(0);
  });

  it("a batch is refused naming every row outside the window, and nothing is sent", async () => {
    const result = await server.call("submit_batch", {
      calls: [
        { to: "+61293744000", agent_id: "agt_1" },
        { to: "+61892251234", agent_id: "agt_1" },
        { to: "+61412345678", agent_id: "agt_1" },
      ],
    });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("Batch refused: 2 of 3 rows are outside calling hours");
    expect(text).not.toContain("calls[0]");
    expect(text).toContain("calls[1].to: it is 06:00 in Australia/Perth");
    expect(text).toContain("calls[2].to: it is");
    expect(posts()).toHaveLength(0);
  });
});

describe("OUTBOUND_CALLS_CALLING_HOURS", () => {
  it("off: 02:00 in San Francisco is dialed", async () => {
    // The operator's window is what this tests; a telemarketing call would meet the federal window of the law of the
    // place called (us_fcc_hours, test/unit/compliance/law-us-hours.test.ts), and an informational one California's
    // hours for device calls (us_ca_adad_hours, a secondary source): official rules only, so neither applies.
    const server = await at("2026-11-21T10:00:00Z", {
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_CALL_PURPOSE: "informational",
      OUTBOUND_CALLS_RULES_PROVENANCE: "official",
    });
    expect((await dial(server, "+14155552671")).isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });

  it("a custom window 09:00-17:00 refuses 07:00 and says 09:00 local", async () => {
    const server = await at("2026-11-21T15:00:00Z", { OUTBOUND_CALLS_CALLING_HOURS: "09:00-17:00" });
    const result = await dial(server, "+14155552671");
    expect(textOf(result)).toContain("outside 09:00-17:00");
    expect(textOf(result)).toContain("opens for it at 17:00 UTC, in 2 h");
    expect(posts()).toHaveLength(0);
  });
});

describe("live, calling hours keep their default", () => {
  // In the sandbox they are off unless set (--sandbox: test/e2e/sandbox-upstream.test.ts).
  it("live, unset still means 08:00-21:00 (the default is not weakened)", async () => {
    const server = await at("2026-11-21T15:00:00Z");
    const result = await dial(server, "+14155552671");
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("OUTBOUND_CALLS_CALLING_HOURS=08:00-21:00");
    expect(posts()).toHaveLength(0);
  });
});
