/**
 * Opt-outs across real replicas on one real redis-server, against a recording upstream whose transcripts the test
 * writes: an opt-out one replica reads from a call it placed (nobody asks about the call) refuses a dial to the
 * number on another replica, by create_call or submit_batch, and no POST goes; a request the model recorded on one
 * replica holds on the others; only the operator's command (the built CLI, on the same Redis) removes a number,
 * after writing its audit line, and then every replica may dial it again.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultHandler, sendJson, type Handler } from "../helpers/fake-upstream.js";
import { useReplicasOnRedis } from "../helpers/replica-fixture.js";
import { startReplicas, type Replica, type ReplicaKind } from "../helpers/replicas.js";
import { runCli } from "../helpers/run-cli.js";
import { textOf } from "../helpers/server-process.js";
import { auditLines, posts, tempDir } from "../helpers/guards.js";

const AGENT = "agt_1";
/** What each person says on the call, by number: the service's transcripts, written here. */
const SAYS: Record<string, unknown> = {
  "+14155550101": "Agent: Hola, soy un asistente de IA.\nCliente: No me vuelva a llamar, por favor.",
  "+14155550102": [
    { role: "assistant", text: "Guten Tag, hier spricht ein KI-Assistent." },
    { role: "user", text: "Streichen Sie mich aus Ihrer Liste!" },
  ],
  "+14155550103": [
    { role: "assistant", text: "Hello, this is an AI assistant. If you'd like us to stop calling, just say so." },
    { role: "user", text: "Tuesday is fine, thanks." },
  ],
};

/** Creates calls with an id per number (call_0101 …), and answers each call's record with its person's words. */
const withTranscripts: Handler = (req, res, raw) => {
  const id = (to: string) => `call_${to.slice(-4)}`;
  if (req.method === "POST" && req.path === "/api/v1/calls") {
    const body = req.json as { to: string };
    return sendJson(res, 201, { data: { id: id(body.to), status: "queued", ...body } });
  }
  if (req.method === "POST" && req.path === "/api/v1/calls/batch") {
    const calls = ((req.json as { calls?: Array<{ to: string }> }).calls ?? []).map((c) => ({
      id: id(c.to),
      status: "queued",
      ...c,
    }));
    return sendJson(res, 202, { data: { batch_id: "bat_1", campaign_id: "cmp_1", status: "accepted", calls } });
  }
  const call = /^\/api\/v1\/calls\/call_(\d{4})$/.exec(req.path);
  if (req.method === "GET" && call) {
    const to = `+1415555${call[1]}`;
    return sendJson(res, 200, { data: { id: `call_${call[1]}`, status: "completed", to, transcript: SAYS[to] ?? "" } });
  }
  return defaultHandler(req, res, raw);
};

const fx = useReplicasOnRedis(withTranscripts, "oo");

async function replicas(
  kinds: ReplicaKind[],
  extra: Record<string, string | undefined> = {},
): Promise<{ rs: Replica[]; env: Record<string, string | undefined> }> {
  const env = fx.env({ OUTBOUND_CALLS_OPT_OUT_POLL_S: "1", ...extra });
  const rs = await startReplicas(kinds, { env });
  fx.running.push(...rs);
  return { rs, env };
}

/** A dry run on `r` until it is refused as opted out (a dry run sends no POST). */
async function untilOptedOut(r: Replica, to: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        text = textOf(await r.call("create_call", { to, agent_id: AGENT, dry_run: true }));
        return text.includes("Refused (opted_out)");
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return text;
}

describe("an opt-out found on replica A refuses the dial on replica B", () => {
  it("create_call: A places the call and reads it by itself; B refuses naming that call, and sends nothing", async () => {
    const { rs } = await replicas(["stdio", "http"]);
    const [a, b] = rs as [Replica, Replica];
    expect((await a.call("create_call", { to: "+14155550101", agent_id: AGENT })).isError).toBeFalsy();
    const dry = await untilOptedOut(b, "+14155550101");
    expect(dry).toContain("on call call_0101");
    expect(dry).toContain("no me vuelva a llamar");
    const dial = await b.call("create_call", { to: "+14155550101", agent_id: AGENT, contact_name: "Rosa" });
    expect(textOf(dial)).toContain("Refused (opted_out)");
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it("submit_batch: a batch on A is read call by call; a batch on B with an opted-out row is refused whole, naming it", async () => {
    const { rs } = await replicas(["http", "stdio"]);
    const [a, b] = rs as [Replica, Replica];
    const rows = [
      { to: "+14155550102", agent_id: AGENT },
      { to: "+14155550103", agent_id: AGENT },
    ];
    expect((await a.call("submit_batch", { calls: rows })).isError).toBeFalsy();
    await untilOptedOut(b, "+14155550102");
    const again = await b.call("submit_batch", { calls: [rows[1], rows[0]] });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain("opted_out");
    expect(textOf(again)).toContain("call_0102");
    // The person who said nothing of the kind (the agent's own script mentions "stop calling") is not listed.
    const ok = await b.call("create_call", { to: "+14155550103", agent_id: AGENT, dry_run: true });
    expect(textOf(ok)).not.toContain("opted_out");
    expect(posts(fx.upstream)).toHaveLength(1);
  });
});

describe("the model adds, only the operator removes", () => {
  it("add_do_not_call on A holds on B; the CLI on the same Redis removes it with an audit line naming who", async () => {
    const audit = join(tempDir("oo-replicas"), "audit.jsonl");
    const { rs, env } = await replicas(["stdio", "http"], { OUTBOUND_CALLS_AUDIT_LOG: audit });
    const [a, b] = rs as [Replica, Replica];
    await a.call("add_do_not_call", { number: "+14155550177", heard: "never call my mother again" });
    expect(textOf(await b.call("create_call", { to: "+14155550177", agent_id: AGENT }))).toContain(
      "Refused (opted_out)",
    );

    const listed = await runCli(["opt-outs", "list"], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("+14155550177");
    const refused = await runCli(["opt-outs", "remove", "+14155550177"], env);
    expect(refused.code).toBe(2);
    const removed = await runCli(["opt-outs", "remove", "+14155550177", "--by", "bob"], env);
    expect(removed.code, removed.stderr).toBe(0);
    const last = auditLines(audit).at(-1);
    expect(last).toMatchObject({ decision: "opt_out_removed", numbers: ["+14155550177"], approver: "operator:bob" });

    expect((await b.call("create_call", { to: "+14155550177", agent_id: AGENT })).isError).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(1);
  });
});
