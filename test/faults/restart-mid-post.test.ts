/**
 * A server stopped while its POST is at the service (the client went away, was restarted, or the process was
 * killed), then started again on the same OUTBOUND_CALLS_AUDIT_LOG. The POST may have placed the call, so the
 * restarted server must know it: an identical repeat and another request to the number are not dialed, and the
 * number's cap counts it. The built server over stdio, against a service on loopback that holds the POST.
 */
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ServerResponse } from "node:http";
import { defaultHandler, startFakeUpstream, type FakeUpstream } from "../helpers/fake-upstream.js";
import { envFor, GUARDS_OFF, posts, tempDir } from "../helpers/guards.js";
import { startServer, textOf, type StartedServer } from "../helpers/server-process.js";

let upstream: FakeUpstream;
const held: ServerResponse[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  for (const res of held.splice(0)) res.destroy();
  await upstream.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
  upstream.handle(defaultHandler);
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("the condition did not hold in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function exited(server: StartedServer): Promise<void> {
  const child = server.transport.child!;
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once("exit", resolve));
}

const stops: Array<[string, (s: StartedServer) => void]> = [
  ["the client closes stdin", (s) => s.transport.child!.stdin!.end()],
  ["SIGKILL", (s) => s.transport.child!.kill("SIGKILL")],
];

describe("stopped while a POST was at the service, restarted on the same audit log", () => {
  it.each(stops)("%s: the restarted server dials the number no second time and counts it", async (_name, stop) => {
    const log = join(tempDir("restart-mid-post"), "audit.jsonl");
    const env = envFor(upstream, {
      ...GUARDS_OFF,
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "1",
      OUTBOUND_CALLS_AUDIT_LOG: log,
      OUTBOUND_CALLS_TIMEOUT_MS: "10000",
    });
    // The service takes the POST (the call is placed) and its answer never comes back.
    upstream.handle((req, res) =>
      req.method === "POST" ? void held.push(res) : defaultHandler(req, res, undefined as never),
    );
    const call = { to: "+14155550177", agent_id: "agt_1", contact_name: "Dana Lee" };
    const first = await startServer({ env });
    const pending = first.call("create_call", call).catch(() => undefined);
    await until(() => posts(upstream).length === 1);
    stop(first);
    await exited(first);
    await pending;
    await first.close();

    upstream.handle(defaultHandler);
    const second = await startServer({ env });
    try {
      const same = await second.call("create_call", call);
      expect(same.isError, textOf(same)).toBe(true);
      expect(textOf(same)).not.toContain("Nothing was dialed.");
      const other = await second.call("create_call", { ...call, contact_name: "Someone Else" });
      expect(other.isError, textOf(other)).toBe(true);
      // A second call that is meant still meets the number's cap (1 a day), which the lost dial used up.
      const meant = await second.call("create_call", { ...call, contact_name: "Someone Else", repeat_dial: true });
      expect(meant.isError, textOf(meant)).toBe(true);
      expect(textOf(meant)).toContain("OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY");
      expect(posts(upstream)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
