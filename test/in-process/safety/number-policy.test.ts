/**
 * Guard 3, number policy, in-process: the do-not-call list (three written
 * formats, normalized at load; a bad line stops the server naming the line),
 * blocked number types and allowed countries. What is refused asks the service
 * nothing; what is allowed is asked for exactly once. (That such a start-up
 * refusal exits the process with status 1: test/e2e/startup.test.ts.)
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../src/config/errors.js";
import { startInProcess, useInProcess, type InProcessServer } from "../../helpers/in-process.js";
import { CANARY_KEY, textOf } from "../../helpers/server-process.js";
import { GUARDS_OFF, tempDir } from "../../helpers/guards.js";

const fx = useInProcess();
const posts = () => fx.service.posts();
const dir = tempDir("dnc");

function start(env: Record<string, string>): Promise<InProcessServer> {
  return fx.start({ env: { ...GUARDS_OFF, ...env } });
}

function listFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("OUTBOUND_CALLS_DO_NOT_CALL_FILE", () => {
  let server: InProcessServer;
  beforeAll(async () => {
    const file = listFile(
      "dnc.txt",
      [
        "# people who asked not to be called",
        "+1 415-555-2671        # international, with separators",
        "(212) 555-2671         # national, read in OUTBOUND_CALLS_DEFAULT_COUNTRY",
        "",
        "011 44 20 7946 0000    # with the US international prefix",
      ].join("\n"),
    );
    server = await start({ OUTBOUND_CALLS_DO_NOT_CALL_FILE: file, OUTBOUND_CALLS_DEFAULT_COUNTRY: "US" });
  });

  it.each([
    ["+14155552671", "+1 415 555 2671"],
    ["+1 (212) 555-2671", "+1 212 555 2671"],
    ["+44 20 7946 0000", "+44 20 7946 0000"],
  ])("refuses %s (listed in another format) naming the list; nothing is sent", async (to, shown) => {
    const result = await server.call("create_call", { to, agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      `Refused by the do-not-call list (OUTBOUND_CALLS_DO_NOT_CALL_FILE): ${shown} is on it. Nothing was dialed. Do not try to reach this number another way.`,
    );
    expect(fx.service.requests).toHaveLength(0);
  });

  it("refuses a dry run of a listed number too", async () => {
    const result = await server.call("create_call", { to: "+14155552671", agent_id: "agt_1", dry_run: true });
    expect(result.isError).toBe(true);
    expect(fx.service.requests).toHaveLength(0);
  });

  it("dials a number that is not listed exactly once", async () => {
    const result = await server.call("create_call", { to: "+14155552672", agent_id: "agt_1" });
    expect(result.isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });

  it("refuses a batch naming every listed row, and sends nothing", async () => {
    const result = await server.call("submit_batch", {
      calls: [
        { to: "+14155552672", agent_id: "agt_1" },
        { to: "+14155552671", agent_id: "agt_1" },
        { to: "+442079460000", agent_id: "agt_1" },
      ],
    });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain("Batch refused: 2 of 3 rows are on the do-not-call list (OUTBOUND_CALLS_DO_NOT_CALL_FILE)");
    expect(text).toContain("calls[1].to: +1 415 555 2671 is on the do-not-call list");
    expect(text).toContain("calls[2].to: +44 20 7946 0000 is on the do-not-call list");
    expect(text).not.toContain("calls[0]");
    expect(fx.service.requests).toHaveLength(0);
  });
});

describe("a do-not-call list that cannot be fully read stops the server at start", () => {
  /** The configuration error the server stops with (the CLI prints it and exits 1). */
  const refusal = (env: Record<string, string>) =>
    startInProcess({ env }).then(
      () => expect.unreachable("the server started"),
      (e: unknown) => {
        expect(e).toBeInstanceOf(ConfigurationError);
        return (e as Error).message;
      },
    );

  it("names the line that cannot be read", async () => {
    const file = listFile("bad.txt", "+14155552671\n\n+1 415 555\n");
    const message = await refusal({ OUTBOUND_CALLS_DO_NOT_CALL_FILE: file });
    expect(message).toContain('OUTBOUND_CALLS_DO_NOT_CALL_FILE: line 3 ("+1 415 555") is not a possible phone number');
    expect(message).not.toContain(CANARY_KEY);
  });

  it("refuses a line without + when OUTBOUND_CALLS_DEFAULT_COUNTRY is not set", async () => {
    const file = listFile("national.txt", "(212) 555-2671\n");
    const message = await refusal({ OUTBOUND_CALLS_DO_NOT_CALL_FILE: file });
    expect(message).toContain("line 1");
    expect(message).toContain("OUTBOUND_CALLS_DEFAULT_COUNTRY is not set");
  });

  it("refuses a file that does not exist", async () => {
    const message = await refusal({ OUTBOUND_CALLS_DO_NOT_CALL_FILE: join(dir, "missing.txt") });
    expect(message).toContain("OUTBOUND_CALLS_DO_NOT_CALL_FILE: the file cannot be read (ENOENT)");
  });
});

describe("number types and countries", () => {
  it("OUTBOUND_CALLS_BLOCKED_TYPES=MOBILE refuses a mobile naming the variable and dials a fixed line once", async () => {
    const server = await start({ OUTBOUND_CALLS_BLOCKED_TYPES: "MOBILE" });
    const mobile = await server.call("create_call", { to: "+61412345678", agent_id: "agt_1" });
    expect(mobile.isError).toBe(true);
    expect(textOf(mobile)).toContain("is a mobile number; that type is blocked by OUTBOUND_CALLS_BLOCKED_TYPES");
    expect(fx.service.requests).toHaveLength(0);
    expect((await server.call("create_call", { to: "+61293744000", agent_id: "agt_1" })).isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });

  it("OUTBOUND_CALLS_BLOCKED_TYPES=MOBILE refuses a US number too (the plan does not tell its mobiles from its fixed lines)", async () => {
    const server = await start({ OUTBOUND_CALLS_BLOCKED_TYPES: "MOBILE" });
    const result = await server.call("create_call", { to: "+1 415 555 2671", agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(
      "may be a mobile number (the plan does not tell them apart); that type is blocked by OUTBOUND_CALLS_BLOCKED_TYPES",
    );
    expect(fx.service.requests).toHaveLength(0);
  });

  it("the default blocks premium rate and shared cost", async () => {
    const server = await start({});
    for (const to of ["+19005550123", "+33810123456"]) {
      const result = await server.call("create_call", { to, agent_id: "agt_1" });
      expect(result.isError, to).toBe(true);
      expect(textOf(result)).toMatch(
        /is a (premium-rate|shared-cost) number; that type is blocked by OUTBOUND_CALLS_BLOCKED_TYPES/,
      );
    }
    expect(fx.service.requests).toHaveLength(0);
  });

  it("the default refuses the review's numbers (UK 070, 076, 055; NANP 500, 533) and dials a UK 03 number once", async () => {
    const server = await start({});
    for (const [to, words] of [
      ["+44 70 1234 5678", "personal (forwarding) number"],
      ["+44 7640 123456", "pager number"],
      ["+44 55 1234 5678", "universal access number"],
      ["+1 500 555 0100", "personal (forwarding) number"],
      ["+1 533 555 0100", "personal (forwarding) number"],
    ]) {
      const result = await server.call("create_call", { to, agent_id: "agt_1" });
      expect(result.isError, to).toBe(true);
      expect(textOf(result)).toContain(words);
      expect(textOf(result)).toContain("that type is blocked by OUTBOUND_CALLS_BLOCKED_TYPES");
    }
    const batch = await server.call("submit_batch", {
      calls: [
        { to: "+14155552671", agent_id: "agt_1" },
        { to: "+447012345678", agent_id: "agt_1" },
      ],
    });
    expect(batch.isError).toBe(true);
    expect(textOf(batch)).toContain("calls[1].to");
    expect(fx.service.requests).toHaveLength(0);
    expect((await server.call("create_call", { to: "+44 300 123 4567", agent_id: "agt_1" })).isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });

  it("OUTBOUND_CALLS_ALLOWED_COUNTRIES=US refuses a UK number naming the variable, and dials a US number once", async () => {
    const server = await start({ OUTBOUND_CALLS_ALLOWED_COUNTRIES: "US" });
    const uk = await server.call("create_call", { to: "+442079460000", agent_id: "agt_1" });
    expect(uk.isError).toBe(true);
    expect(textOf(uk)).toContain("is in GB, which is not in OUTBOUND_CALLS_ALLOWED_COUNTRIES (US)");
    const batch = await server.call("submit_batch", {
      calls: [
        { to: "+14155552671", agent_id: "agt_1" },
        { to: "+442079460000", agent_id: "agt_1" },
      ],
    });
    expect(batch.isError).toBe(true);
    expect(textOf(batch)).toContain("calls[1].to");
    expect(fx.service.requests).toHaveLength(0);
    expect((await server.call("create_call", { to: "+14155552671", agent_id: "agt_1" })).isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });
});

describe("OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: a list of high-risk ranges (off unless set)", () => {
  let server: InProcessServer;
  beforeAll(async () => {
    const file = listFile(
      "prefixes.txt",
      [
        "# ranges our carrier reports as revenue-share fraud targets",
        "+53            # a whole country",
        "+371 6",
        "+44 20 7946    # one block of numbers",
        "",
      ].join("\n"),
    );
    server = await start({ OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: file });
  });

  it.each([
    ["+53 7 1234567", "+53"],
    ["+371 6712 3456", "+3716"],
    ["+44 20 7946 0000", "+44207946"],
  ])("refuses %s (in range %s) naming the variable; nothing is sent", async (to, prefix) => {
    const result = await server.call("create_call", { to, agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`is in a blocked range (${prefix}, OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE)`);
    expect(fx.service.requests).toHaveLength(0);
  });

  it("refuses a batch naming the rows in a listed range, and dials a number outside every range once", async () => {
    const batch = await server.call("submit_batch", {
      calls: [
        { to: "+442071234567", agent_id: "agt_1" },
        { to: "+5371234567", agent_id: "agt_1" },
      ],
    });
    expect(batch.isError).toBe(true);
    expect(textOf(batch)).toContain("calls[1].to");
    expect(textOf(batch)).not.toContain("calls[0]");
    expect(fx.service.requests).toHaveLength(0);
    expect((await server.call("create_call", { to: "+44 20 7123 4567", agent_id: "agt_1" })).isError).toBeFalsy();
    expect(posts()).toHaveLength(1);
  });

  it("a line written with the national (0), as in +44 (0)20 7946, stops the server: no dialed number starts with 44020, so it blocked nothing", async () => {
    const file = listFile("trunk-zero.txt", "+53\n+44 (0)20 7946   # London block, written the British way\n");
    const start = startInProcess({ env: { OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: file } });
    await expect(start).rejects.toThrow(
      'OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: line 2 ("+44 (0)20 7946") writes the national (0)',
    );
  });

  it("a line that is not a + and digits stops the server at start, naming the line", async () => {
    const file = listFile("bad-prefixes.txt", "+53\nCuba\n");
    const start = startInProcess({ env: { OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: file } });
    await expect(start).rejects.toThrow('OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: line 2 ("Cuba")');
  });
});
