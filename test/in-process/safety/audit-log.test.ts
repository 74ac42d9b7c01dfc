/**
 * Guard 7, the audit log, in-process: one JSON line per write attempt with
 * time, tool, normalized numbers, agent, decision (and rule), ids, upstream
 * status and request id, latency; never the key; created with owner-only
 * permissions; a hostile service cannot break it. (A path that cannot be
 * opened stopping the process: test/e2e/startup.test.ts.)
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { httpError, lostAnswer, Reply } from "../../helpers/fake-service.js";
import { useInProcess, type ElicitAnswer, type InProcessServer } from "../../helpers/in-process.js";
import { CANARY_KEY, textOf } from "../../helpers/server-process.js";
import { auditLines, tempDir } from "../../helpers/guards.js";

const fx = useInProcess();
let server: InProcessServer;
const dir = tempDir("audit");
const logPath = join(dir, "audit.jsonl");
const answer: { current: ElicitAnswer } = { current: () => ({ action: "accept", content: { confirm: true } }) };

beforeAll(async () => {
  const dncFile = join(dir, "dnc.txt");
  writeFileSync(dncFile, "+14155550009\n");
  server = await fx.start({
    env: {
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      OUTBOUND_CALLS_AUDIT_LOG: logPath,
      OUTBOUND_CALLS_DO_NOT_CALL_FILE: dncFile,
    },
    now: "2026-11-21T16:00:00Z",
    elicit: answer,
  });
});

/** The service of this file: one number refused (422), one whose answer is lost, the others placed. */
function program(): void {
  fx.service.handle("calls.create", ({ call }) => {
    if (call.to === "+14155550003")
      throw httpError(422, { error: { code: "invalid_number", message: "number rejected" } }, { requestId: "req_422" });
    if (call.to === "+14155550004") throw lostAnswer();
    return new Reply({ id: "call_1", status: "queued" }, { status: 201, requestId: "req_201" });
  });
}

const lines = () => auditLines(logPath);

describe("OUTBOUND_CALLS_AUDIT_LOG", () => {
  it("writes one line per write attempt with the decision (and a `sending` line before each POST), and none for reads", async () => {
    program();
    const call = (to: string, extra: Record<string, unknown> = {}) =>
      server.call("create_call", { to, agent_id: "agt_1", ...extra });
    await server.call("list_agents");
    await call("+1 415 555 0001", { contact_name: "Dana" }); // dialed
    await call("+14155550001", { contact_name: "Dana" }); // deduplicated
    answer.current = () => ({ action: "decline" });
    await call("+14155550002"); // declined
    answer.current = () => ({ action: "accept", content: { confirm: true } });
    await call("+14155550009"); // refused: do-not-call
    await call("+19005550123"); // refused: blocked type
    await call("+14155550005", { dry_run: true }); // dry run
    await call("+14155550003"); // refused by the service
    await call("+14155550004"); // outcome unknown
    await server.call("submit_batch", {
      calls: [
        { to: "+14155550006", agent_id: "agt_1" },
        { to: "+442079460000", agent_id: "agt_2" },
      ],
    });
    await server.call("get_call", { call_id: "call_1" });

    const all = lines();
    // Every POST is announced by a `sending` line just before it, ended by its tool call's line (same key).
    const sending = all.filter((l) => l.decision === "sending");
    expect(sending.map((l) => l.numbers)).toEqual([
      ["+14155550001"],
      ["+14155550003"],
      ["+14155550004"],
      ["+14155550006", "+442079460000"],
    ]);
    for (const line of sending) {
      const ends = all.filter((l) => l.decision !== "sending" && l.idempotency_key === line.idempotency_key);
      expect(ends, JSON.stringify(line)).toHaveLength(1);
      expect(all.indexOf(ends[0]!)).toBe(all.indexOf(line) + 1);
      expect(line).toMatchObject({ request_key: ends[0]!.request_key, confirmation: "client" });
    }
    const log = all.filter((l) => l.decision !== "sending");
    expect(log.map((l) => [l.tool, l.decision, l.rule])).toEqual([
      ["create_call", "dialed", undefined],
      ["create_call", "deduplicated", undefined],
      ["create_call", "declined", undefined],
      ["create_call", "refused", "do_not_call"],
      ["create_call", "refused", "blocked_type"],
      ["create_call", "dry_run", undefined],
      ["create_call", "refused", "service"],
      ["create_call", "outcome_unknown", undefined],
      ["submit_batch", "dialed", undefined],
    ]);
    const [dialed, dedup, declined, dnc, , dry, service, unknown, batch] = log;
    expect(dialed).toMatchObject({
      numbers: ["+14155550001"],
      agents: ["agt_1"],
      confirmation: "client",
      approver: "the person, in the client",
      call_ids: ["call_1"],
      upstream_status: 201,
      request_id: "req_201",
    });
    expect(dialed!.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof dialed!.latency_ms).toBe("number");
    // The clock of the server under test (OUTBOUND_CALLS_TEST_NOW) stamps the lines.
    expect(String(dialed!.time)).toMatch(/^2026-11-21T16:00:\d\d\.\d{3}Z$/);
    expect(dedup).toMatchObject({ call_ids: ["call_1"], duplicate_of: expect.stringMatching(/^2026-11-21T16:00/) });
    expect(dedup).not.toHaveProperty("idempotency_key");
    expect(declined).toMatchObject({
      numbers: ["+14155550002"],
      reason: expect.stringMatching(/The (person|client) declined/),
    });
    expect(dnc).toMatchObject({ numbers: ["+14155550009"], reason: expect.stringContaining("do-not-call list") });
    expect(dry).toMatchObject({ numbers: ["+14155550005"] });
    expect(service).toMatchObject({ upstream_status: 422, request_id: "req_422" });
    expect(unknown).toMatchObject({ numbers: ["+14155550004"] });
    // The answer was lost: no status, no request id to log.
    expect(unknown).not.toHaveProperty("upstream_status");
    expect(unknown).not.toHaveProperty("request_id");
    expect(unknown!.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(batch).toMatchObject({
      numbers: ["+14155550006", "+442079460000"],
      agents: ["agt_1", "agt_2"],
      batch_id: "bat_1",
      campaign_id: "cmp_1",
    });
  });

  it("never holds the key, and is readable by its owner only", () => {
    expect(readFileSync(logPath, "utf8")).not.toContain(CANARY_KEY);
    expect(statSync(logPath).mode & 0o777).toBe(0o600);
  });

  it("a path that cannot be opened stops the server naming the variable", async () => {
    const start = fx.start({ env: { OUTBOUND_CALLS_AUDIT_LOG: join(dir, "no-such-folder", "audit.jsonl") } });
    await expect(start).rejects.toThrow("OUTBOUND_CALLS_AUDIT_LOG: the file cannot be opened for appending (ENOENT)");
  });
});

describe("an audit log the model tries to forge lines in", () => {
  it("a line terminator other than \\n in a refused argument is escaped: every tool that splits lines sees one line per attempt", async () => {
    const path = join(tempDir("audit-forged"), "audit.jsonl");
    const fake =
      '{"time":"2026-11-21T16:00:00.000Z","tool":"create_call","decision":"dialed","numbers":["+19005550123"],"confirmation":"page","approver":"approver:Dana"}';
    const env = {
      OUTBOUND_CALLS_AUDIT_LOG: path,
      OUTBOUND_CALLS_CONFIRM: "never",
      OUTBOUND_CALLS_CALLING_HOURS: "off",
    };
    const s = await fx.start({ env, elicit: answer });
    for (const brk of ["\u2028", "\u2029", "\u0085"]) {
      expect((await s.call("create_call", { to: `+1${brk}${fake}`, agent_id: "agt_1" })).isError).toBe(true);
    }
    await s.close();
    const text = readFileSync(path, "utf8");
    // Python's str.splitlines() and a JavaScript /^…$/m both end a line at these.
    expect(text).not.toMatch(/[\u0085\u2028\u2029]/);
    const entries = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toHaveLength(3);
    for (const e of entries) expect(e).toMatchObject({ decision: "refused" });
    expect(String(entries[0]!.reason)).toContain("\u2028");
  });
});

describe("an audit log the service tries to break (issue 12, item 4)", () => {
  it("a hostile call id leaves a valid JSON line, and a restart still refuses what the cap used up", async () => {
    const path = join(tempDir("audit-hostile"), "audit.jsonl");
    fx.service.handle(
      "calls.create",
      () => new Reply({ id: 'call_7 Bearer "x', status: "queued\\" }, { status: 201, requestId: 'req "\\' }),
    );
    const env = {
      OUTBOUND_CALLS_AUDIT_LOG: path,
      OUTBOUND_CALLS_CONFIRM: "never",
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "1",
    };
    const first = await fx.start({ env, elicit: answer });
    expect((await first.call("create_call", { to: "+14155550030", agent_id: "agt_1" })).isError).toBeFalsy();
    await first.close();
    for (const line of readFileSync(path, "utf8").trim().split("\n"))
      expect(() => JSON.parse(line), line).not.toThrow();
    const second = await fx.start({ env, elicit: answer });
    const again = await second.call("create_call", { to: "+14155550030", agent_id: "agt_1", contact_name: "Dana" });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain("per-number daily cap");
    expect(fx.service.posts()).toHaveLength(1);
  });

  it("a damaged line that shows no number refuses every dial until a person repairs the log, and says so", async () => {
    const path = join(tempDir("audit-damaged"), "audit.jsonl");
    writeFileSync(path, '{"time":"2026-11-21T15:00:00.000Z","tool":"create_call","deci\n', { mode: 0o600 });
    const damaged = await fx.start({
      env: { OUTBOUND_CALLS_AUDIT_LOG: path, OUTBOUND_CALLS_CONFIRM: "never", OUTBOUND_CALLS_CALLING_HOURS: "off" },
      elicit: answer,
    });
    const refused = await damaged.call("create_call", { to: "+14155550031", agent_id: "agt_1" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("audit log (OUTBOUND_CALLS_AUDIT_LOG) has 1 damaged line(s) (line 1)");
    expect(fx.service.posts()).toHaveLength(0);
    expect((await damaged.call("list_agents")).isError).toBeFalsy();
    expect(damaged.logs.join("\n")).toContain("cannot be read and show no number");
  });

  it.each([
    ["renamed (logrotate's create)", (path: string) => renameSync(path, `${path}.1`)],
    ["deleted", (path: string) => rmSync(path)],
  ])(
    "a log %s while the server runs: later dials are written at the path again, and a restart still counts them",
    async (_how, rotate) => {
      const path = join(tempDir("audit-rotated"), "audit.jsonl");
      const env = {
        OUTBOUND_CALLS_AUDIT_LOG: path,
        OUTBOUND_CALLS_CONFIRM: "never",
        OUTBOUND_CALLS_CALLING_HOURS: "off",
        OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600",
      };
      const first = await fx.start({ env, elicit: answer });
      expect((await first.call("create_call", { to: "+14155550032", agent_id: "agt_1" })).isError).toBeFalsy();
      rotate(path);
      expect((await first.call("create_call", { to: "+14155550033", agent_id: "agt_1" })).isError).toBeFalsy();
      await first.close();
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const second = await fx.start({ env, elicit: answer });
      const again = await second.call("create_call", { to: "+14155550033", agent_id: "agt_1", contact_name: "Dana" });
      expect(again.isError, textOf(again)).toBe(true);
      expect(textOf(again)).toContain("was dialed within the dedupe window");
      expect(fx.service.posts()).toHaveLength(2);
    },
  );

  it("a log that cannot be written (a full disk: /dev/full) sends nothing, and says why; reads go on", async () => {
    const full = await fx.start({
      env: {
        OUTBOUND_CALLS_AUDIT_LOG: "/dev/full",
        OUTBOUND_CALLS_CONFIRM: "never",
        OUTBOUND_CALLS_CALLING_HOURS: "off",
      },
      elicit: answer,
    });
    const refused = await full.call("create_call", { to: "+14155550034", agent_id: "agt_1" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("audit log (OUTBOUND_CALLS_AUDIT_LOG) cannot be written (ENOSPC)");
    expect(textOf(refused)).toContain("Nothing was dialed.");
    const batch = await full.call("submit_batch", { calls: [{ to: "+14155550035", agent_id: "agt_1" }] });
    expect(batch.isError).toBe(true);
    expect(fx.service.posts()).toHaveLength(0);
    expect((await full.call("list_agents")).isError).toBeFalsy();
    // Nothing was counted: once the log can be written, the same dials go.
  });

  it("a batch placed with an answer of unexpected types is logged as dialed, so a restart still counts it", async () => {
    const path = join(tempDir("audit-mismatch"), "audit.jsonl");
    // The service accepts the batch (202) but writes a row's number as a JSON number: the answer breaks the schema.
    fx.service.handle(
      "calls.createBatch",
      (r) =>
        new Reply(
          {
            batch_id: "bat_9",
            campaign_id: "cmp_9",
            calls: r.calls.map((c, i) => ({ id: `call_m${i}`, to: Number(c.to) })),
          },
          { status: 202 },
        ),
    );
    const env = {
      OUTBOUND_CALLS_AUDIT_LOG: path,
      OUTBOUND_CALLS_CONFIRM: "never",
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600",
    };
    const batch = {
      calls: [
        { to: "+14155550040", agent_id: "agt_1" },
        { to: "+14155550041", agent_id: "agt_1" },
      ],
    };
    const first = await fx.start({ env, elicit: answer });
    const placed = await first.call("submit_batch", batch);
    expect(placed.isError).toBe(true);
    expect(textOf(placed)).toContain("may have been placed");
    await first.close();
    const last = JSON.parse(readFileSync(path, "utf8").trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(last).toMatchObject({ decision: "dialed", batch_id: "bat_9" });
    const second = await fx.start({ env, elicit: answer });
    const again = await second.call("submit_batch", batch);
    expect(again.isError, textOf(again)).toBeFalsy();
    expect(again.structuredContent).toMatchObject({ deduplicated: true });
    const other = await second.call("create_call", { to: "+14155550041", agent_id: "agt_1" });
    expect(other.isError, textOf(other)).toBe(true);
    expect(fx.service.posts()).toHaveLength(1);
  });
});
