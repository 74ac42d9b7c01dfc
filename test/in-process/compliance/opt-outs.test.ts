/**
 * Opt-outs through the real MCP server in-process: the watch reads a placed call by itself and lists its number;
 * get_call shows `opt_out` and lists; add_do_not_call lists; every later dial (create_call, submit_batch, a dry run,
 * a repeat_dial) is refused with `opted_out` naming the call, and no POST goes; a number listed while a person
 * decided is refused after their yes; the list survives a restart through
 * the audit log; only the operator's command removes a number, and its line names who; a store that cannot answer
 * refuses the dial.
 */
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { useInProcess } from "../../helpers/in-process.js";
import { textOf } from "../../helpers/server-process.js";
import { auditLines, GUARDS_OFF, tempDir } from "../../helpers/guards.js";
import { MemoryStore } from "../../../src/guards/store/memory.js";
import { StoreUnavailableError } from "../../../src/state/store.js";
import { runOptOuts } from "../../../src/cli/opt-outs.js";
import { CANARY_KEY } from "../../helpers/server-process.js";
import { NOWHERE } from "../../helpers/in-process.js";

const fx = useInProcess();
const env = { OUTBOUND_CALLS_TIMEOUT_MS: "5000", ...GUARDS_OFF, OUTBOUND_CALLS_OPT_OUT_POLL_S: "1" };
const CALL = { to: "+14155550101", agent_id: "agt_1", contact_name: "Dana Lee" };

/** The service's record of call_1: the person said `text`. */
function saysOnCall(text: string, status = "completed") {
  fx.service.handle("calls.get", (r) => ({
    id: r.callId,
    status,
    to: CALL.to,
    transcript: [
      { speaker: "agent", text: "Hi, I'm an AI assistant calling for Acme." },
      { speaker: "user", text },
    ],
  }));
}

describe("the watch reads each placed call by itself", () => {
  it("an opt-out said on the call lists the number; the next dial is refused naming that call, with no POST", async () => {
    const audit = join(tempDir("optout"), "audit.jsonl");
    const server = await fx.start({ env: { ...env, OUTBOUND_CALLS_AUDIT_LOG: audit } });
    saysOnCall("Nein. Rufen Sie mich nicht mehr an!");
    expect((await server.call("create_call", CALL)).isError).toBeFalsy();
    // Nobody asks about the call: the watch reads it within its poll.
    await expect
      .poll(async () => (await server.core!.store.optOuts.get([CALL.to]))[0]?.callId, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe("call_1");
    const again = await server.call("create_call", { ...CALL, contact_name: "Dana" });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain("Refused (opted_out)");
    expect(textOf(again)).toContain("on call call_1");
    expect(textOf(again)).toContain("rufen sie mich nicht mehr an");
    expect(fx.service.posts()).toHaveLength(1);
    const lines = auditLines(audit);
    expect(lines).toContainEqual(
      expect.objectContaining({
        decision: "opted_out",
        tool: "opt_out_watch",
        numbers: [CALL.to],
        call_ids: ["call_1"],
      }),
    );
    expect(lines.at(-1)).toMatchObject({ decision: "refused", rule: "opted_out" });
  });

  it("a call not final yet is read again until it is; its last word counts", async () => {
    const server = await fx.start({ env });
    saysOnCall("Bonjour, oui.", "in_progress");
    await server.call("create_call", CALL);
    await expect
      .poll(() => fx.service.of("calls.get").length, { timeout: 10_000, interval: 100 })
      .toBeGreaterThanOrEqual(2);
    saysOnCall("Ne m’appelez plus, merci.");
    await expect
      .poll(async () => (await server.core!.store.optOuts.get([CALL.to]))[0] !== undefined, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(true);
    const reads = fx.service.of("calls.get").length;
    // Final: no longer read.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(fx.service.of("calls.get").length).toBe(reads);
  });

  it("a repeat_dial right after the call (before the watch's next poll) reads the call first and is refused", async () => {
    const server = await fx.start({
      env: { ...env, OUTBOUND_CALLS_OPT_OUT_POLL_S: "60", OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600" },
    });
    saysOnCall("Take me off your list.");
    await server.call("create_call", CALL);
    const again = await server.call("create_call", { ...CALL, contact_name: "Dana L.", repeat_dial: true });
    expect(textOf(again)).toContain("Refused (opted_out)");
    expect(fx.service.posts()).toHaveLength(1);
  });
});

describe("get_call's opt_out", () => {
  it("shows what was matched, lists the number, and a batch with it is refused row by row with no POST", async () => {
    const server = await fx.start({ env });
    saysOnCall("No me vuelva a llamar, por favor.");
    const read = await server.call("get_call", { call_id: "call_9" });
    expect(read.structuredContent).toMatchObject({
      opt_out: { asked: true, listed: true, listed_from_call: "call_9" },
    });
    expect((read.structuredContent as { opt_out: { matched: string[] } }).opt_out.matched[0]).toContain(
      "no me vuelva a llamar",
    );
    expect(textOf(read)).toContain("Opt-out: the person asked not to be called again");
    const batch = await server.call("submit_batch", { calls: [{ ...CALL, to: "+14155550199" }, CALL] });
    expect(batch.isError).toBe(true);
    expect(textOf(batch)).toContain("opted_out");
    expect(textOf(batch)).toContain("call_9");
    const dry = await server.call("create_call", { ...CALL, dry_run: true });
    expect(textOf(dry)).toContain("Refused (opted_out)");
    expect(fx.service.posts()).toHaveLength(0);
  });

  it("a call with no opt-out says so; the agent disclosed it is an AI", async () => {
    const server = await fx.start({ env });
    saysOnCall("Yes, Tuesday works. Call me back then.");
    const read = await server.call("get_call", { call_id: "call_2" });
    expect(read.structuredContent).toMatchObject({
      opt_out: { asked: false, listed: false, matched: [] },
      ai_disclosure: { disclosed: true },
    });
    expect(textOf(read)).toContain("Opt-out: none detected.");
    expect(textOf(read)).not.toContain("AI disclosure");
  });

  it("an agent that does not say it is an AI in its first words: get_call says so", async () => {
    const server = await fx.start({ env });
    fx.service.handle("calls.get", (r) => ({
      id: r.callId,
      status: "completed",
      to: CALL.to,
      transcript: "Agent: Hi, this is Ava from Acme.\nCustomer: Hi.",
    }));
    const read = await server.call("get_call", { call_id: "call_3" });
    expect(read.structuredContent).toMatchObject({ ai_disclosure: { disclosed: false } });
    expect(textOf(read)).toContain("AI disclosure: not found in the agent's first words");
  });
});

describe("add_do_not_call", () => {
  it("lists a number the model heard about; the first entry stays; the dial is refused", async () => {
    const server = await fx.start({ env });
    const added = await server.call("add_do_not_call", {
      number: "+1 415 555 0177",
      heard: "never call my mother again",
    });
    expect(added.structuredContent).toMatchObject({ number: "+14155550177", listed: true, already_listed: false });
    const twice = await server.call("add_do_not_call", { number: "+14155550177", heard: "again" });
    expect(twice.structuredContent).toMatchObject({ already_listed: true });
    const dial = await server.call("create_call", { ...CALL, to: "+14155550177" });
    expect(textOf(dial)).toContain("Refused (opted_out)");
    expect(textOf(dial)).toContain("never call my mother again");
    expect(fx.service.posts()).toHaveLength(0);
    expect((await server.call("add_do_not_call", { number: "555", heard: "x" })).isError).toBe(true);
  });
});

describe("after a person's yes", () => {
  it("reads the list again: a number listed while the person decided is refused, with no POST", async () => {
    let server: Awaited<ReturnType<typeof fx.start>> | undefined;
    const elicit = {
      current: async () => {
        // Another replica or the operator lists the number while the dialog is open.
        await server!.core!.store.optOuts.add({
          number: CALL.to,
          at: Date.now(),
          source: "operator",
          evidence: "listed while the person decided",
        });
        return { action: "accept" as const, content: { confirm: true } };
      },
    };
    server = await fx.start({ env, elicit });
    const dial = await server.call("create_call", CALL);
    expect(textOf(dial)).toContain("Refused (opted_out)");
    expect(textOf(dial)).toContain("listed while the person decided");
    expect(fx.service.posts()).toHaveLength(0);
  });
});

describe("kept until an operator removes it", () => {
  it("survives a restart through the audit log; the operator's command removes it and the line names who", async () => {
    const audit = join(tempDir("optout-restart"), "audit.jsonl");
    const first = await fx.start({ env: { ...env, OUTBOUND_CALLS_AUDIT_LOG: audit } });
    await first.call("add_do_not_call", { number: CALL.to, heard: "stop calling me" });
    await first.close();
    const second = await fx.start({ env: { ...env, OUTBOUND_CALLS_AUDIT_LOG: audit }, store: new MemoryStore() });
    expect(textOf(await second.call("create_call", CALL))).toContain("Refused (opted_out)");
    await second.close();

    const out: string[] = [];
    const cliEnv = {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: NOWHERE,
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      OUTBOUND_CALLS_OPT_OUT_JOURNAL: join(dirname(audit), "cli-journal.jsonl"),
    };
    expect(
      await runOptOuts(
        { kind: "opt-outs", action: "list" },
        cliEnv,
        (l) => out.push(l),
        () => undefined,
      ),
    ).toBe(0);
    expect(out.join("\n")).toContain(CALL.to);
    expect(
      await runOptOuts(
        { kind: "opt-outs", action: "remove", number: CALL.to, by: "alice" },
        cliEnv,
        (l) => out.push(l),
        () => undefined,
      ),
    ).toBe(0);
    expect(auditLines(audit).at(-1)).toMatchObject({
      decision: "opt_out_removed",
      numbers: [CALL.to],
      approver: "operator:alice",
    });
    expect(
      await runOptOuts(
        { kind: "opt-outs", action: "remove", number: CALL.to, by: "alice" },
        cliEnv,
        (l) => out.push(l),
        () => undefined,
      ),
    ).toBe(1);

    const third = await fx.start({ env: { ...env, OUTBOUND_CALLS_AUDIT_LOG: audit }, store: new MemoryStore() });
    expect((await third.call("create_call", CALL)).isError).toBeFalsy();
    expect(fx.service.posts()).toHaveLength(1);
  });

  it("a damaged opt-out line in the log lists its number (a torn line never frees anyone)", async () => {
    const dir = tempDir("optout-torn");
    const audit = join(dir, "audit.jsonl");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      audit,
      `{"time":"2026-11-25T10:00:00Z","tool":"opt_out_watch","decision":"opted_out","numbers":["${CALL.to}"],"ag\n`,
      { mode: 0o600 },
    );
    const server = await fx.start({ env: { ...env, OUTBOUND_CALLS_AUDIT_LOG: audit } });
    expect(textOf(await server.call("create_call", CALL))).toContain("Refused (opted_out)");
  });
});

describe("fail closed", () => {
  it("a store that cannot answer about opt-outs refuses the dial; nothing is sent", async () => {
    const store = new MemoryStore();
    store.optOuts.get = async () => {
      throw new StoreUnavailableError("the shared guard state did not answer");
    };
    const server = await fx.start({ env, store });
    const dial = await server.call("create_call", CALL);
    expect(dial.isError).toBe(true);
    expect(fx.service.posts()).toHaveLength(0);
  });
});
