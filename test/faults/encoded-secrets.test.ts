/**
 * Encoded echoes of the key (issue 12, item 5): a service that sends the key
 * back base64-, percent-, JSON-escaped or hex-encoded, or split across two
 * fields, in a created call's fields and in an error body. None of those forms
 * reaches the model (text, structuredContent, log notifications) or the audit log.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faults, startFaultServer, type FaultServer } from "../helpers/fault-server.js";
import {
  CANARY_KEY,
  GUARDS_OFF_FOR_FAULT_TESTS,
  startServer,
  textOf,
  type StartedServer,
} from "../helpers/server-process.js";
import { collectLogs, type LogCollector } from "../helpers/mcp-logs.js";
import { tempDir } from "../helpers/guards.js";

const b64 = (s: string) => Buffer.from(s).toString("base64");
const half = Math.floor(CANARY_KEY.length / 2);

/** Every covered form, and what of it must not be seen (case-insensitive). */
const FORMS: Record<string, string> = {
  base64: b64(CANARY_KEY),
  base64_sentence: b64(`Authorization: Bearer ${CANARY_KEY}`),
  base64url: Buffer.from(`k=${CANARY_KEY}`).toString("base64url"),
  percent_5F: CANARY_KEY.replace(/_/g, "%5F"),
  percent_all: [...CANARY_KEY].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(""),
  json_escaped: CANARY_KEY.replace(/_/g, "\\u005f"),
  hex: Buffer.from(CANARY_KEY).toString("hex"),
  hex_upper: Buffer.from(CANARY_KEY).toString("hex").toUpperCase(),
  first_half: CANARY_KEY.slice(0, half),
  second_half: CANARY_KEY.slice(half),
};

let upstream: FaultServer;
let server: StartedServer;
let logs: LogCollector;
let auditLog: string;

beforeAll(async () => {
  upstream = await startFaultServer();
  auditLog = join(tempDir("encoded-secrets"), "audit.jsonl");
  server = await startServer({
    env: {
      ...GUARDS_OFF_FOR_FAULT_TESTS,
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_AUDIT_LOG: auditLog,
    },
  });
  logs = collectLogs(server.client);
  await server.client.setLoggingLevel("debug");
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

function expectNoForm(where: string, text: string): void {
  const lower = text.toLowerCase();
  for (const [name, form] of Object.entries(FORMS))
    expect(lower.includes(form.toLowerCase()), `${name} in ${where}`).toBe(false);
}

describe("encoded echoes of the key", () => {
  it("in a created call's fields (values, keys, a URL, the summary, the transcript) and its request id", async () => {
    const record: Record<string, unknown> = {
      id: "call_1",
      status: "queued",
      recording_url: `https://rec.example/x?t=${FORMS.percent_5F}`,
      summary: `said ${FORMS.base64}`,
    };
    for (const [name, form] of Object.entries(FORMS)) record[`echo_${name}`] = `value ${form} end`;
    record.transcript = [{ speaker: "contact", text: `it is ${FORMS.hex} and ${FORMS.json_escaped}` }];
    upstream.inject(
      { method: "POST", path: "/api/v1/calls" },
      faults.answer(201, { data: record }, { "x-request-id": `req_${FORMS.base64}` }),
    );
    const result = await server.call("create_call", {
      to: "+14155552671",
      agent_id: "agt_1",
      contact_name: CANARY_KEY.slice(0, 9),
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expectNoForm("the answer", JSON.stringify(result));
    expect((result.structuredContent as { call: Record<string, string> }).call.echo_base64).toBe(
      "value [redacted] end",
    );
  });

  it("in an error body of a refused dial", async () => {
    const message = Object.values(FORMS).join(" / ");
    upstream.inject(
      { method: "POST", path: "/api/v1/calls" },
      faults.answer(422, { error: { code: "invalid", message, field: FORMS.hex } }),
    );
    const result = await server.call("create_call", { to: "+14155552672", agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    expectNoForm("the error answer", JSON.stringify(result));
  });

  it("nowhere in the log notifications or the audit log", () => {
    expectNoForm("log notifications", JSON.stringify(logs.lines));
    const lines = readFileSync(auditLog, "utf8").trim().split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expectNoForm("the audit log", readFileSync(auditLog, "utf8"));
  });
});
