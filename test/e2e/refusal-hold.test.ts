/**
 * France's hold after a refusal (C. consom. art. D. 223-9 al. 3; issue 37), through the built server and a real MCP
 * client at fixed instants: under `telemarketing`, a callee who said "non merci" during a call is not called again
 * for 60 whole days. The call the server placed is read (by the watch, or before the next dial to its number), the
 * refusal found in the callee's turns, and the next dial refused naming the rule, the call and until when; a restart
 * reads the hold back from the audit log; 61 days later the number may be called again. The agent's own words, an
 * informational call and a number outside France hold nothing.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { defaultHandler, sendJson } from "../helpers/fake-upstream.js";
import { startServer, textOf } from "../helpers/server-process.js";
import { auditLines, envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";

const fx = useSafetyFixture();
/** Tuesday 2026-12-01, 18:30 in Paris (France's hours allow it; before the French consent rule matters here). */
const NOW = "2026-12-01T17:30:00Z";
const FR = "+33612345678";

/** Every call the service places has this transcript. */
function transcript(lines: string[], to = FR): void {
  fx.upstream.handle((req, res, raw) => {
    if (req.method === "GET" && /^\/api\/v1\/calls\/call_1$/.test(req.path))
      return sendJson(res, 200, { data: { id: "call_1", status: "completed", to, transcript: lines.join("\n") } });
    return defaultHandler(req, res, raw);
  });
}

async function start(audit: string, env: Record<string, string | undefined> = {}) {
  const server = await startServer({
    env: envFor(fx.upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_CALL_PURPOSE: "telemarketing",
      OUTBOUND_CALLS_TEST_NOW: NOW,
      OUTBOUND_CALLS_AUDIT_LOG: audit,
      ...env,
    }),
  });
  fx.servers.push(server);
  const dial = async (to = FR) =>
    (await server.client.callTool({ name: "create_call", arguments: { to, agent_id: "agt_1" } })) as CallToolResult;
  return { server, dial };
}

describe("a refusal during a French call holds the number for 60 days", () => {
  it("the next dial is refused naming the rule, the call and until when; a restart remembers; 61 days later it goes", async () => {
    transcript([
      "Agent: Bonjour, je vous appelle au sujet de notre nouvelle offre d'électricité.",
      "Client: Non merci, ça ne m'intéresse pas.",
    ]);
    const audit = join(tempDir("refusal-hold"), "audit.jsonl");
    const { dial, server } = await start(audit);
    expect((await dial()).isError).toBeFalsy();
    const second = textOf(await dial());
    expect(second).toContain(
      "Refused (fr_refusal_hold_60d): +33 6 12 34 56 78 refused the canvassing during an earlier call",
    );
    expect(second).toContain('call call_1, transcript: "non merci"');
    expect(second).toContain("Code de la consommation, art. D. 223-9 al. 3");
    expect(second).toContain(
      "(official, read 2026-11-28) forbids contacting them, or trying to, until 2027-01-31T17:30",
    );
    expect(posts(fx.upstream)).toHaveLength(1);
    expect(server.transport.stderr).toContain("fr_refusal_hold_60d: +33612345678 held until 2027-01-31T17:30");
    expect(auditLines(audit).find((l) => l.decision === "held")).toMatchObject({
      tool: "refusal_hold_watch",
      rule: "fr_refusal_hold_60d",
      numbers: [FR],
      call_ids: ["call_1"],
      hold_until: expect.stringMatching(/^2027-01-31T17:30/),
    });
    await server.close();

    // A restart (memory store) reads the hold back from the audit log.
    const restarted = await start(audit);
    expect(textOf(await restarted.dial())).toContain("Refused (fr_refusal_hold_60d)");
    // Monday 2027-02-01, 15:30 in Paris: 61 days and 22 hours after the refusal.
    const later = await start(audit, { OUTBOUND_CALLS_TEST_NOW: "2027-02-01T14:30:00Z" });
    expect((await later.dial()).isError).toBeFalsy();
    expect(posts(fx.upstream)).toHaveLength(2);
  });

  it("in English too: a plain 'no thanks' is a refusal", async () => {
    transcript(["assistant: Would you like to hear about our offer?", "user: No thanks."]);
    const { dial } = await start(join(tempDir("refusal-hold"), "audit.jsonl"));
    await dial();
    expect(textOf(await dial())).toContain('transcript: "no thanks"');
    expect(posts(fx.upstream)).toHaveLength(1);
  });

  it.each([
    [
      "the agent's own words",
      ["Agent: Si ce n'est pas le bon moment, dites simplement non merci.", "Client: D'accord, je vous écoute."],
      {},
    ],
    ["an informational call", ["Client: Non merci."], { OUTBOUND_CALLS_CALL_PURPOSE: "informational" }],
    ["the operator switched the hold off", ["Client: Non merci."], { switchedOff: "yes" }],
  ])("%s: no hold", async (_what, lines, options: Record<string, string>) => {
    transcript(lines);
    const dir = tempDir("refusal-hold-none");
    const { switchedOff, ...env } = options;
    const rules = join(dir, "rules.json");
    writeFileSync(rules, JSON.stringify({ rules: [{ id: "fr_refusal_hold_60d", enabled: false }] }));
    const { dial, server } = await start(join(dir, "audit.jsonl"), {
      ...env,
      ...(switchedOff ? { OUTBOUND_CALLS_RULES_FILE: rules } : {}),
    });
    for (let i = 0; i < 2; i++) {
      const answer = await dial();
      expect(answer.isError, textOf(answer)).toBeFalsy();
    }
    expect(posts(fx.upstream)).toHaveLength(2);
    if (switchedOff) expect(server.transport.stderr).toContain("rule fr_refusal_hold_60d (France) is switched off");
  });

  it("a number outside France is not held", async () => {
    transcript(["Client: Non merci."], "+442079460000");
    const { dial } = await start(join(tempDir("refusal-hold"), "audit.jsonl"));
    for (let i = 0; i < 2; i++) {
      const answer = await dial("+442079460000");
      expect(answer.isError, textOf(answer)).toBeFalsy();
    }
    expect(posts(fx.upstream)).toHaveLength(2);
  });
});
