/**
 * A POST that meets a transport fault or an odd status, with the dedupe window and the audit log on: how many POSTs
 * reached the service, what the model was told, what the audit line says, and whether the window remembers the
 * number (a second, different request to it). The rule (docs/reliability.md): a POST is sent again only when it
 * provably never left; anything that may have reached the service is an unknown outcome, remembered and counted.
 * Then the unknown-outcome lookup (GET /calls) against a service that hides the call, fails, pages or skews its
 * clock: the model must never read that it is safe to dial again. The built server over stdio.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { faults, startFaultServer, type Fault, type FaultContext, type FaultServer } from "../helpers/fault-server.js";
import { sendJson } from "../helpers/fake-upstream.js";
import { tempDir } from "../helpers/guards.js";
import { CANARY_KEY, startServer, textOf, type StartedServer } from "../helpers/server-process.js";

let upstream: FaultServer;
let server: StartedServer;
let log: string;
let n = 10;

beforeAll(async () => {
  upstream = await startFaultServer();
  log = join(tempDir("post-transport"), "audit.jsonl");
  server = await startServer({
    env: {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: upstream.url,
      OUTBOUND_CALLS_TIMEOUT_MS: "3000",
      OUTBOUND_CALLS_CONFIRM: "never",
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "off",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
      OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600",
      OUTBOUND_CALLS_AUDIT_LOG: log,
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});
beforeEach(() => upstream.reset());

/** A fresh number per case, so the window of one case never refuses the next. */
const nextNumber = () => `+141555501${String(n++).padStart(2, "0")}`;

const posts = () => upstream.requests.filter((r) => r.method === "POST");

function auditLinesFor(number: string): Array<Record<string, unknown>> {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e) => Array.isArray(e.numbers) && (e.numbers as string[]).includes(number));
}

const created =
  (status: number, headers: Record<string, string> = {}): Fault =>
  async (ctx) => {
    await ctx.readBody();
    sendJson(ctx.res, status, { data: { id: "call_ok", status: "queued", ...(ctx.recorded.json as object) } }, headers);
  };

/** Never "safe to dial again" after a POST that may have reached the service. */
const SAFE = /safe to (try|retry|dial)|nothing was (sent|dialed|placed)|was not placed|NOT placed/i;
const UNKNOWN = /outcome (is )?unknown/;

interface Case {
  name: string;
  fault: Fault;
  /** What the POST's outcome is for the server: placed, unknown or refused. */
  expect: "dialed" | "outcome_unknown" | "refused";
  text?: RegExp;
}

const CASES: Case[] = [
  {
    name: "reads the whole POST, then closes the socket without a word",
    fault: async (ctx) => {
      await ctx.readBody();
      ctx.socket.destroy();
    },
    expect: "outcome_unknown",
    text: /failed while the request was in flight/,
  },
  {
    // The keep-alive socket of GET /agents, closed by the service the moment the POST arrives on it.
    name: "closes the reused socket as the POST's headers arrive",
    fault: (ctx) => void ctx.socket.destroy(),
    expect: "outcome_unknown",
  },
  {
    // undici takes a 100 it did not ask for (no Expect header) as a bad response: the call was placed, and the
    // server says the outcome is unknown and remembers it (the safe side of a wrong answer).
    name: "an unasked-for 100 Continue, then 201",
    fault: async (ctx) => {
      ctx.res.writeContinue();
      await created(201)(ctx);
    },
    expect: "outcome_unknown",
    text: /UND_ERR_SOCKET/,
  },
  {
    name: "100 Continue, then the socket is closed",
    fault: async (ctx: FaultContext) => {
      ctx.res.writeContinue();
      await ctx.readBody();
      setTimeout(() => ctx.socket.destroy(), 20);
    },
    expect: "outcome_unknown",
  },
  { name: "202 Accepted with the call", fault: created(202), expect: "dialed" },
  {
    name: "201 headers, then RST mid-body",
    fault: async (ctx) => {
      await ctx.readBody();
      ctx.res.writeHead(201, { "content-type": "application/json", "content-length": "400" });
      ctx.res.write('{"data":{"id":"call_');
      setTimeout(() => ctx.socket.resetAndDestroy(), 20);
    },
    expect: "outcome_unknown",
    text: /HTTP 201\) broke off/,
  },
  {
    name: "204 No Content",
    fault: faults.answer(204, ""),
    expect: "outcome_unknown",
    text: /empty answer \(HTTP 204\)/,
  },
  {
    name: "201 with valid JSON of the wrong shape",
    fault: faults.answer(201, { data: "yes" }),
    expect: "outcome_unknown",
    text: /could not be read/,
  },
  {
    name: "409 (a conflict on a fresh key: a refusal)",
    fault: faults.answer(409, { error: { message: "Idempotency-Key reused with another body" } }),
    expect: "refused",
    text: /conflict \(HTTP 409\)/,
  },
  {
    name: "425 Too Early with Retry-After",
    fault: faults.answer(425, { error: "too early" }, { "retry-after": "1" }),
    expect: "refused",
    text: /HTTP 425/,
  },
  {
    name: "429 with a Retry-After that fits the deadline",
    fault: faults.answer(429, { error: "slow down" }, { "retry-after": "1" }),
    expect: "refused",
    text: /retry in 1 s/,
  },
  {
    name: "503 with Retry-After",
    fault: faults.answer(503, { error: "busy" }, { "retry-after": "1" }),
    expect: "outcome_unknown",
    text: /HTTP 503/,
  },
];

describe("a create_call POST under a transport fault (dedupe window and audit log on)", () => {
  it.each(CASES)("$name", async (c) => {
    const to = nextNumber();
    upstream.inject({ method: "POST", path: "/api/v1/calls" }, c.fault);
    const result = await server.call("create_call", { to, agent_id: "agt_1", contact_name: "Dana" });
    const text = textOf(result);
    // Sent once, whatever happened: never a second POST after the first may have reached the service.
    expect(posts(), text).toHaveLength(1);
    const audit = auditLinesFor(to);
    const last = audit.at(-1)!;
    if (c.text) expect(text).toMatch(c.text);
    if (c.expect === "dialed") {
      expect(result.isError, text).toBeFalsy();
      expect(last.decision).toBe("dialed");
    } else {
      expect(result.isError, text).toBe(true);
      if (c.expect === "outcome_unknown") {
        expect(text).toMatch(UNKNOWN);
        expect(text).not.toMatch(SAFE);
        expect(last.decision).toBe("outcome_unknown");
      } else {
        expect(text).not.toMatch(UNKNOWN);
        expect(last.decision).not.toMatch(/dialed|unknown/);
      }
    }
    expect(audit.map((e) => e.decision)).toEqual(["sending", last.decision]);

    // Another request to the number: refused by the window when the first may have dialed, sent when it was refused.
    upstream.reset();
    const again = await server.call("create_call", { to, agent_id: "agt_1", contact_name: "Someone Else" });
    if (c.expect === "refused") {
      expect(again.isError, textOf(again)).toBeFalsy();
      expect(posts()).toHaveLength(1);
    } else {
      expect(again.isError, textOf(again)).toBe(true);
      expect(posts()).toHaveLength(0);
    }
  });
});

describe("a keep-alive socket the service closed while it was idle", () => {
  it("is not reused for the POST: the call is placed once, on a new connection, and is not an unknown outcome", async () => {
    const to = nextNumber();
    // list_agents always asks; the service answers, then closes that connection (FIN) while it waits in the pool.
    let closed!: () => void;
    const bothEndsClosed = new Promise<void>((resolve) => (closed = resolve));
    upstream.inject({ method: "GET", path: "/api/v1/agents" }, async (ctx) => {
      await ctx.readBody();
      sendJson(ctx.res, 200, { data: [{ id: "agt_1", name: "Ava" }] });
      ctx.res.on("finish", () => setTimeout(() => ctx.socket.end(), 5));
      // 'close' comes once the server's pool has seen the FIN and closed its end too: the idle socket is gone.
      ctx.socket.once("close", () => closed());
    });
    expect((await server.call("list_agents", {})).isError).toBeFalsy();
    await bothEndsClosed;
    const before = upstream.connections;
    const result = await server.call("create_call", { to, agent_id: "agt_1" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(posts()).toHaveLength(1);
    expect(upstream.connections, "the POST went on a fresh connection").toBe(before + 1);
    expect(auditLinesFor(to).map((e) => e.decision)).toEqual(["sending", "dialed"]);
  });
});

interface LookupCase {
  name: string;
  answer: (to: string) => Fault;
  /** The lookup may prove the call was placed; it never proves the opposite. */
  found?: boolean;
}

const listOf = (calls: unknown[], extra: object = {}): Fault => faults.answer(200, { data: calls, ...extra });
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const LOOKUPS: LookupCase[] = [
  { name: "an empty list", answer: () => listOf([]) },
  { name: "a list that fails (500)", answer: () => faults.answer(500, { error: "down" }) },
  { name: "a list that hangs past the deadline", answer: () => faults.hang() },
  { name: "a list that is not JSON", answer: () => faults.answer(200, "<html>", { "content-type": "text/html" }) },
  {
    name: "the call on page 2 (page 1 full of others)",
    answer: () =>
      listOf(
        Array.from({ length: 100 }, (_, i) => ({
          id: `call_o${i}`,
          to: "+14155559999",
          status: "completed",
          created_at: ago(1000),
        })),
        { meta: { page: 1, has_more: true } },
      ),
  },
  {
    name: "the call created 10 minutes 'before' the attempt (the service's clock behind)",
    answer: (to) => listOf([{ id: "call_skew", to, status: "queued", created_at: ago(10 * 60_000) }]),
  },
  {
    name: "the call to the number written another way",
    answer: () => listOf([{ id: "call_fmt", to: "(415) 555-01xx", status: "queued", created_at: ago(0) }]),
  },
  {
    name: "the call under another agent",
    answer: (to) => listOf([{ id: "call_agt", to, agent_id: "agt_2", status: "queued", created_at: ago(0) }]),
    found: true,
  },
  {
    name: "the call as it is",
    answer: (to) => listOf([{ id: "call_here", to, status: "queued", created_at: ago(0) }]),
    found: true,
  },
];

describe("the unknown-outcome lookup against a service that hides, pages or misdates the call", () => {
  it.each(LOOKUPS)("$name: never 'safe to dial again', and the window remembers the number", async (c) => {
    const to = nextNumber();
    upstream.inject({ method: "POST", path: "/api/v1/calls" }, async (ctx) => {
      await ctx.readBody();
      sendJson(ctx.res, 502, { error: "gateway" });
    });
    upstream.inject({ method: "GET", path: "/api/v1/calls" }, c.answer(to));
    const result = await server.call("create_call", { to, agent_id: "agt_1" });
    const text = textOf(result);
    expect(result.isError, text).toBe(true);
    expect(posts()).toHaveLength(1);
    expect(text).not.toMatch(SAFE);
    if (c.found) expect(text).toMatch(/it WAS placed/);
    else expect(text).toMatch(/outcome unknown — do not dial again/i);
    expect(auditLinesFor(to).at(-1)!.decision).toBe("outcome_unknown");

    upstream.reset();
    const again = await server.call("create_call", { to, agent_id: "agt_1", contact_name: "Another" });
    expect(again.isError, textOf(again)).toBe(true);
    expect(posts()).toHaveLength(0);
  });
});
