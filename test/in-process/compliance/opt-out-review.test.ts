/**
 * The keeping side of the "possible" tier, the journal and bad input, through the real MCP server in-process. The
 * reader is the desk's test seam (a reader that marks a call "possible" when its transcript says so; today's reader
 * never does): a held number is refused with opt_out_review (its message names the rule, the call, how an operator
 * clears it, and that nothing was dialed) until the operator clears it (then a dial goes, and a later read of the same
 * call does not hold it again) or confirms it (then opted_out). A record the reader cannot read never takes a number
 * off the list and is said in get_call and on stderr. The journal alone rebuilds the list after a restart.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useInProcess, type InProcessServer } from "../../helpers/in-process.js";
import { textOf } from "../../helpers/server-process.js";
import { auditLines, GUARDS_OFF, tempDir } from "../../helpers/guards.js";
import { MemoryStore } from "../../../src/guards/store/memory.js";
import { readOptOut } from "../../../src/guards/opt-outs/reading.js";
import type { OptOutReader } from "../../../src/guards/opt-outs/desk.js";

const fx = useInProcess();
const env = { OUTBOUND_CALLS_TIMEOUT_MS: "5000", ...GUARDS_OFF, OUTBOUND_CALLS_OPT_OUT_POLL_S: "60" };
const TO = "+14155550101";
const CALL = { to: TO, agent_id: "agt_1" };

/** Today's reader, but a transcript holding "[weak]" reads as possible and one holding "[garbled]" as unreadable. */
const reader: OptOutReader = (record, side) => {
  const text = JSON.stringify(record.transcript ?? "");
  if (text.includes("[garbled]")) return { status: "none", matches: [], unreadable: ["transcript (binary)"] };
  if (text.includes("[weak]"))
    return {
      status: "possible",
      matches: [{ where: "transcript", text: "i'm not interested in these" }],
      unreadable: [],
    };
  return readOptOut(record, side);
};

function says(text: string, agent?: string): void {
  fx.service.handle("calls.get", (r) => ({
    id: r.callId,
    status: "completed",
    to: TO,
    ...(agent ? { agent_id: agent } : {}),
    transcript: [
      { speaker: "agent", text: "Hi, I'm an AI assistant calling for Acme." },
      { speaker: "user", text },
    ],
  }));
}

const start = (extra: Record<string, string> = {}, store?: MemoryStore): Promise<InProcessServer> =>
  fx.start({ env: { ...env, ...extra }, optOutReader: reader, ...(store ? { store } : {}) });

describe("a possible opt-out holds the number for review", () => {
  it("get_call says possible and held; every dial is refused with opt_out_review, naming the call and how to clear it", async () => {
    const server = await start();
    says("Hmm. [weak] I'm not interested in these.");
    const read = await server.call("get_call", { call_id: "call_7" });
    expect(read.structuredContent).toMatchObject({
      opt_out: { status: "possible", asked: false, listed: false, held: true, listed_from_call: "call_7" },
    });
    expect(textOf(read)).toContain("held for an operator's review");
    const dial = await server.call("create_call", CALL);
    expect(dial.isError).toBe(true);
    const text = textOf(dial);
    expect(text).toContain("Refused (opt_out_review)");
    expect(text).toContain("on call call_7");
    expect(text).toContain("outbound-calls-mcp opt-outs review");
    expect(text).toContain("Nothing was dialed");
    const batch = await server.call("submit_batch", { calls: [{ ...CALL, to: "+14155550199" }, CALL] });
    expect(textOf(batch)).toContain("opt_out_review");
    expect(fx.service.posts()).toHaveLength(0);
  });

  it("cleared by an operator: the dial goes, and reading the same call again does not hold it again", async () => {
    const server = await start();
    says("[weak] not interested");
    await server.call("get_call", { call_id: "call_7" });
    const desk = server.core!.safety.optOuts;
    expect((await desk.held()).map((e) => e.number)).toEqual([TO]);
    expect(await desk.review(TO, "clear", "operator:alice")).toMatchObject({ kind: "done" });
    expect(await desk.review(TO, "clear", "operator:alice")).toEqual({ kind: "not_held" });
    await server.call("get_call", { call_id: "call_7" });
    expect((await server.call("create_call", CALL)).isError).toBeFalsy();
    // A later call where the person asks outright is heard, whatever was cleared.
    says("Stop calling me.");
    await server.call("get_call", { call_id: "call_7" });
    expect(textOf(await server.call("create_call", CALL))).toContain("Refused (opted_out)");
    expect(fx.service.posts()).toHaveLength(1);
  });

  it("confirmed by an operator: the number is an opt-out (opted_out), and stays so", async () => {
    const audit = join(tempDir("review"), "audit.jsonl");
    const server = await start({ OUTBOUND_CALLS_AUDIT_LOG: audit });
    says("[weak] not interested");
    await server.call("get_call", { call_id: "call_7" });
    expect(await server.core!.safety.optOuts.review(TO, "confirm", "operator:bob")).toMatchObject({ kind: "done" });
    const dial = await server.call("create_call", CALL);
    expect(textOf(dial)).toContain("Refused (opted_out)");
    expect(textOf(dial)).toContain("on call call_7");
    expect(auditLines(audit)).toContainEqual(
      expect.objectContaining({
        decision: "opted_out",
        tool: "opt-out-inbox",
        approver: "operator:bob",
        numbers: [TO],
      }),
    );
    expect(fx.service.posts()).toHaveLength(0);
  });
});

describe("bad input never frees anyone", () => {
  it("a record that cannot be read: get_call says so, stderr says so, and the number stays listed", async () => {
    const server = await start();
    says("Stop calling me.");
    await server.call("get_call", { call_id: "call_7" });
    says("[garbled]");
    const read = await server.call("get_call", { call_id: "call_7" });
    expect(read.structuredContent).toMatchObject({
      opt_out: { status: "none", listed: true, unreadable: ["transcript (binary)"] },
    });
    expect(textOf(read)).toContain("could not be read");
    expect(server.logs.join("\n")).toContain("call call_7: could not read transcript (binary); nothing was taken off");
    expect(textOf(await server.call("create_call", CALL))).toContain("Refused (opted_out)");
  });

  it("a reader that throws counts as unreadable: nothing removed, nothing crashes", async () => {
    const server = await fx.start({
      env,
      optOutReader: () => {
        throw new RangeError("boom");
      },
    });
    await server.call("add_do_not_call", { number: TO, heard: "stop calling" });
    says("anything");
    const read = await server.call("get_call", { call_id: "call_7" });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toMatchObject({ opt_out: { listed: true, unreadable: [expect.any(String)] } });
    expect(textOf(await server.call("create_call", CALL))).toContain("Refused (opted_out)");
  });
});

describe("a call read again", () => {
  it("unchanged is not read a second time (its last reading stands); changed, it is read anew", async () => {
    let reads = 0;
    const server = await fx.start({
      env,
      optOutReader: (record, side) => {
        reads++;
        return reader(record, side);
      },
    });
    says("Sure, what time works?");
    for (let poll = 0; poll < 3; poll++)
      expect((await server.call("get_call", { call_id: "call_7" })).structuredContent).toMatchObject({
        opt_out: { status: "none", listed: false },
      });
    expect(reads).toBe(1);
    says("Please stop calling me.");
    const read = await server.call("get_call", { call_id: "call_7" });
    expect(reads).toBe(2);
    expect(read.structuredContent).toMatchObject({ opt_out: { status: "asked", listed: true } });
    expect(textOf(await server.call("create_call", CALL))).toContain("Refused (opted_out)");
  });
});

describe("the journal", () => {
  it("alone (no audit log) rebuilds the list and the held numbers after a restart; the file is 0600", async () => {
    const journal = join(tempDir("journal"), "state", "opt-outs.jsonl");
    const first = await start({ OUTBOUND_CALLS_OPT_OUT_JOURNAL: journal });
    await first.call("add_do_not_call", { number: "+14155550177", heard: "never call my mother again" });
    says("[weak] not interested");
    await first.call("get_call", { call_id: "call_7" });
    await first.close();
    expect(statSync(journal).mode & 0o777).toBe(0o600);
    const second = await start({ OUTBOUND_CALLS_OPT_OUT_JOURNAL: journal }, new MemoryStore());
    expect(textOf(await second.call("create_call", { ...CALL, to: "+14155550177" }))).toContain("Refused (opted_out)");
    expect(textOf(await second.call("create_call", CALL))).toContain("Refused (opt_out_review)");
    // A clear is journaled too: the next start dials the number.
    await second.core!.safety.optOuts.review(TO, "clear", "operator:alice");
    await second.close();
    const third = await start({ OUTBOUND_CALLS_OPT_OUT_JOURNAL: journal }, new MemoryStore());
    expect((await third.call("create_call", CALL)).isError).toBeFalsy();
    expect(fx.service.posts()).toHaveLength(1);
  });
});
