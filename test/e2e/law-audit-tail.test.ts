/**
 * without Redis, France's four calls in 30 days are remembered across a restart only as far as
 * the audit log's last 32 MiB reaches (readAuditHistory reads the tail and says nothing). An operator whose log
 * grew more than that since the fourth call to a number (other dials, within the 30 days) restarts, and the fifth
 * call goes out. The built server over stdio, a real MCP client, a recording service on 127.0.0.1.
 */
import { appendFileSync, readFileSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { envFor, posts, tempDir } from "../helpers/guards.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

function server(log: string, now: string): Promise<StartedServer> {
  return startServer({
    env: envFor(upstream, {
      // The server's default purpose (telemarketing): what this file is about (the helpers set informational).
      OUTBOUND_CALLS_CALL_PURPOSE: undefined,
      OUTBOUND_CALLS_TEST_NOW: now,
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "off",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
      OUTBOUND_CALLS_AUDIT_LOG: log,
    }),
  });
}

it("France's four calls in 30 days survive a restart whatever the log's size since", { timeout: 120_000 }, async () => {
  const log = `${tempDir("law-audit-tail")}/audit.log`;
  const PARIS = "+33142685300";
  // Monday 2026-11-02 11:00 in Paris: four calls.
  const first = await server(log, "2026-11-02T10:00:00Z");
  upstream.requests.length = 0;
  try {
    for (let i = 0; i < 4; i++) {
      const result = await first.call("create_call", { to: PARIS, agent_id: "agt_1", repeat_dial: true });
      expect(result.isError, textOf(result)).toBeFalsy();
    }
  } finally {
    await first.close();
  }
  // Then two weeks of other dials (valid lines, other numbers, later days): a busy log, over 32 MiB.
  const dialed = readFileSync(log, "utf8")
    .split("\n")
    .find((l) => l.includes('"decision":"dialed"'))!;
  expect(dialed).toBeDefined();
  const lines: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < 34 * 1024 * 1024; i++) {
    const at = new Date(Date.parse("2026-11-03T10:00:00Z") + i * 1000).toISOString();
    const other = `+33140${String(i % 100_000).padStart(6, "0")}`;
    const line = dialed.replaceAll(PARIS, other).replace(/"(at|ts|time)":"[^"]+"/, `"$1":"${at}"`);
    lines.push(line);
    bytes += line.length + 1;
    if (lines.length === 10_000) {
      appendFileSync(log, `${lines.join("\n")}\n`);
      lines.length = 0;
    }
  }
  if (lines.length > 0) appendFileSync(log, `${lines.join("\n")}\n`);
  // Monday 2026-11-23 11:00 in Paris: 21 days after the four calls, the fifth must be refused.
  const second = await server(log, "2026-11-23T10:00:00Z");
  try {
    const fifth = await second.call("create_call", { to: PARIS, agent_id: "agt_1", repeat_dial: true });
    expect(fifth.isError, textOf(fifth)).toBe(true);
    expect(textOf(fifth)).toContain("rule fr_frequency, France");
  } finally {
    await second.close();
    // 34 MiB: not left behind.
    rmSync(dirname(log), { recursive: true, force: true });
  }
  expect(posts(upstream)).toHaveLength(4);
});
