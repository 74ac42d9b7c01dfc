/**
 * With OAuth a person sees only the calls they placed (get_call, list_calls,
 * the calls:// resources) unless their token grants calls:read_all, and a call
 * id is not a credential: another person's call answers exactly as an id that
 * does not exist; a cap per person counts each person's dials apart. Who
 * placed which call (and each person's count) is kept in the guard store: it
 * survives a restart through the audit log (memory store), and replicas on one
 * Redis share it. The calling service here keeps real state (a stateful fake
 * on loopback) and answers an unknown id 404 with a request id of its own.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sendJson, startFakeUpstream, type FakeUpstream, type Handler } from "../helpers/fake-upstream.js";
import type { HttpServerProcess } from "../helpers/http-server-process.js";
import { tokenFor } from "../helpers/oauth-client.js";
import { startIdentityProvider, type TestIdentityProvider } from "../helpers/oidc-provider.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { startOAuthServer } from "../helpers/oauth-server.js";

const ALL_SCOPES = ["calls:read", "calls:read_all", "calls:place", "calls:approve"];

/** Called once the service took a POST for contact "Dies At Post", before it answers: the test kills the replica. */
let atPostThatDies: (() => Promise<void>) | undefined;

/**
 * A calling service with memory: calls and batches it made, newest first; an unknown id is a 404 with a request id;
 * a call POSTed again with the same Idempotency-Key is answered with the call it made the first time.
 */
function statefulService(): Handler {
  const calls: Array<Record<string, unknown>> = [];
  const byKey = new Map<string, Record<string, unknown>>();
  let serial = 0;
  return async (req, res) => {
    if (req.method === "GET" && req.path === "/api/v1/agents")
      return sendJson(res, 200, { data: [{ id: "agt_1", name: "Ava" }] });
    if (req.method === "POST" && req.path === "/api/v1/calls") {
      const { contact_name: contact, to } = req.json as { contact_name?: string; to?: string };
      // A gateway that fails this one's POST: nothing is created, and the server cannot know.
      if (contact === "Gateway Fails") return sendJson(res, 502, { error: "bad gateway" });
      const key = req.headers["idempotency-key"];
      const seen = typeof key === "string" ? byKey.get(key) : undefined;
      if (seen) return sendJson(res, 201, { data: seen });
      // A person who says stop on the call (the service's record shows it ended, with the words).
      const stops =
        contact === "Says Stop"
          ? {
              status: "completed",
              transcript: "Agent: Hello, this is an AI assistant.\nCustomer: Please stop calling me.",
            }
          : {};
      const call = { id: `call_${++serial}`, status: "queued", campaign_id: null, to, ...stops };
      calls.unshift(call);
      if (typeof key === "string") byKey.set(key, call);
      if (contact === "Dies At Post" && atPostThatDies) {
        await atPostThatDies();
        atPostThatDies = undefined;
        return void res.destroy();
      }
      return sendJson(res, 201, { data: call });
    }
    if (req.method === "POST" && req.path === "/api/v1/calls/batch") {
      const rows = (req.json as { calls: Array<{ to?: string; contact_name?: string }> }).calls;
      // A service that files batches under one standing campaign (its dashboard's, say), and then lists their calls.
      if (rows[0]?.contact_name === "Standing Campaign") {
        const made = rows.map((row) => ({
          id: `call_${++serial}`,
          status: "queued",
          campaign_id: "cmp_standing",
          to: row.to,
        }));
        calls.unshift(...made.toReversed());
        return sendJson(res, 202, {
          data: { batch_id: `bat_${serial}`, campaign_id: "cmp_standing", status: "accepted", calls: made },
        });
      }
      // The batch answer lists no calls: only the campaign says which calls are the batch's.
      const campaign = `cmp_${++serial}`;
      for (const row of rows)
        calls.unshift({ id: `call_${++serial}`, status: "queued", campaign_id: campaign, to: row.to });
      return sendJson(res, 202, { data: { batch_id: `bat_${serial}`, campaign_id: campaign, status: "accepted" } });
    }
    if (req.method === "GET" && req.path === "/api/v1/calls") {
      // Pages over every call of the account, as the service's list does.
      const page = Number(req.query.page ?? 1);
      const limit = Number(req.query.limit ?? 20);
      const slice = calls.slice((page - 1) * limit, page * limit);
      return sendJson(res, 200, {
        data: slice,
        meta: { page, total: calls.length, has_more: page * limit < calls.length },
      });
    }
    const one = /^\/api\/v1\/calls\/([^/]+)$/.exec(req.path);
    const found = one && calls.find((c) => c.id === one[1]);
    if (req.method === "GET" && found) return sendJson(res, 200, { data: found });
    sendJson(
      res,
      404,
      { error: { code: "not_found", message: "no such call" } },
      { "x-request-id": `req_${++serial}` },
    );
  };
}

let idp: TestIdentityProvider;
let upstream: FakeUpstream;
const servers: HttpServerProcess[] = [];

async function startServer(env: Record<string, string>): Promise<{ server: HttpServerProcess; mcpUrl: string }> {
  const { server, publicUrl } = await startOAuthServer(idp.issuer, upstream.url, {
    OUTBOUND_CALLS_TEST_NOW: "2026-11-21T18:00:00Z",
    OUTBOUND_CALLS_CONFIRM: "never",
    ...env,
  });
  servers.push(server);
  return { server, mcpUrl: `${publicUrl}/mcp` };
}

/** A token of `sub` for the resource, with exactly these scopes (the identity provider grants what the person may). */
async function tokenOf(mcpUrl: string, sub: string, scopes: string): Promise<string> {
  idp.signIn = { sub, scopes: ALL_SCOPES };
  return tokenFor(idp, mcpUrl, scopes);
}

async function clientWith(mcpUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: "oauth-calls-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const tool = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
const listedIds = async (client: Client) => {
  const result = await tool(client, "list_calls", {});
  expect(result.isError).toBeFalsy();
  return {
    ids: (result.structuredContent as { calls: Array<{ id: string }> }).calls.map((c) => c.id),
    out: result.structuredContent as Record<string, unknown>,
  };
};
const placedId = (result: CallToolResult): string => {
  expect(result.isError, textOf(result)).toBeFalsy();
  return (result.structuredContent as { call: { id: string } }).call.id;
};

beforeAll(async () => {
  [idp, upstream] = await Promise.all([startIdentityProvider(), startFakeUpstream(statefulService())]);
});
afterAll(async () => {
  for (const server of servers.splice(0)) expect(await server.stop()).toBe(0);
  await Promise.all([idp?.close(), upstream?.close()]);
});

describe("one person cannot read another's calls", () => {
  let mcpUrl: string;
  let server: HttpServerProcess;
  let auditPath: string;
  let alice: Client;
  let bob: Client;
  let aliceCall: string;
  let bobCall: string;

  beforeAll(async () => {
    auditPath = join(mkdtempSync(join(tmpdir(), "oauth-calls-")), "audit.jsonl");
    ({ server, mcpUrl } = await startServer({ OUTBOUND_CALLS_AUDIT_LOG: auditPath }));
    alice = await clientWith(mcpUrl, await tokenOf(mcpUrl, "alice", "calls:read calls:place"));
    bob = await clientWith(mcpUrl, await tokenOf(mcpUrl, "bob", "calls:read calls:place"));
    aliceCall = placedId(await tool(alice, "create_call", { to: "+1 415 555 0100", agent_id: "agt_1" }));
    bobCall = placedId(await tool(bob, "create_call", { to: "+1 415 555 0101", agent_id: "agt_1" }));
  });
  afterAll(async () => {
    await Promise.all([alice?.close(), bob?.close()]);
  });

  it("get_call: a person reads their own call; another's answers exactly as an id that does not exist", async () => {
    expect((await tool(alice, "get_call", { call_id: aliceCall })).isError).toBeFalsy();
    const foreign = await tool(alice, "get_call", { call_id: bobCall });
    const unknown = await tool(alice, "get_call", { call_id: "call_999" });
    expect(foreign.isError).toBe(true);
    expect(unknown.isError).toBe(true);
    // Same words, the id aside: no request id of the service's 404, nothing of Bob's record.
    expect(textOf(foreign).replaceAll(bobCall, "ID")).toBe(textOf(unknown).replaceAll("call_999", "ID"));
    expect(textOf(unknown)).not.toMatch(/request id|req_/);
    expect(textOf(foreign)).not.toContain("+14155550101");
    // And waiting on it changes nothing.
    const waited = await tool(alice, "get_call", { call_id: bobCall, wait_seconds: 5 });
    expect(textOf(waited).replaceAll(bobCall, "ID")).toBe(textOf(unknown).replaceAll("call_999", "ID"));
  });

  it("an identical dial of another person's is refused, not replayed with their call's id", async () => {
    const posts = upstream.requests.filter((r) => r.method === "POST").length;
    const repeat = await tool(bob, "create_call", { to: "+1 415 555 0100", agent_id: "agt_1" });
    expect(repeat.isError).toBe(true);
    expect(textOf(repeat)).toMatch(/identical call was placed at .* by someone else; it is not placed again/);
    expect(JSON.stringify(repeat)).not.toContain(aliceCall);
    expect(upstream.requests.filter((r) => r.method === "POST").length).toBe(posts);
    // Alice's own repeat is her replay, with her call.
    expect(placedId(await tool(alice, "create_call", { to: "+1 415 555 0100", agent_id: "agt_1" }))).toBe(aliceCall);
  });

  it("a dial whose outcome is unknown is not told of another person's call to the same number, nor made its owner", async () => {
    const repeat = await tool(alice, "create_call", {
      to: "+1 415 555 0101",
      agent_id: "agt_1",
      contact_name: "Gateway Fails",
      repeat_dial: true,
    });
    expect(repeat.isError).toBe(true);
    expect(textOf(repeat)).toMatch(/the outcome is unknown/);
    expect(JSON.stringify(repeat)).not.toContain(bobCall);
    expect((await tool(alice, "get_call", { call_id: bobCall })).isError).toBe(true);
    const audit = readFileSync(auditPath, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { person?: string; call_ids?: string[] });
    expect(audit.filter((e) => e.person === "alice" && e.call_ids?.includes(bobCall))).toEqual([]);
  });

  it("a dial to a number another person dialed recently is refused without naming their call's id", async () => {
    const posts = upstream.requests.filter((r) => r.method === "POST").length;
    // Another request (another contact name) to Alice's number: the dedupe window's "recently dialed" refusal.
    const bobs = await tool(bob, "create_call", {
      to: "+1 415 555 0100",
      agent_id: "agt_1",
      contact_name: "Someone Else",
    });
    expect(bobs.isError).toBe(true);
    expect(textOf(bobs)).toMatch(
      /was dialed within the dedupe window .*; that call is not recorded as one of yours, so its id is not shown/,
    );
    expect(JSON.stringify(bobs)).not.toContain(aliceCall);
    // Alice is told her own call's id, and so is a person whose token may read every call.
    const alices = await tool(alice, "create_call", {
      to: "+1 415 555 0100",
      agent_id: "agt_1",
      contact_name: "Someone Else",
    });
    expect(textOf(alices)).toContain(aliceCall);
    const dave = await clientWith(mcpUrl, await tokenOf(mcpUrl, "dave", "calls:read calls:read_all calls:place"));
    try {
      expect(
        textOf(
          await tool(dave, "create_call", { to: "+1 415 555 0100", agent_id: "agt_1", contact_name: "Someone Else" }),
        ),
      ).toContain(aliceCall);
    } finally {
      await dave.close();
    }
    expect(upstream.requests.filter((r) => r.method === "POST").length).toBe(posts);
  });

  it("an opt-out heard on another person's call refuses the dial without that call's id or words; its owner is told both", async () => {
    // Carol, not Alice: the tests below count Alice's calls.
    const carol = await clientWith(mcpUrl, await tokenOf(mcpUrl, "carol", "calls:read calls:place"));
    const said = await tool(carol, "create_call", {
      to: "+1 415 555 0177",
      agent_id: "agt_1",
      contact_name: "Says Stop",
    });
    const stopCall = placedId(said);
    const posts = upstream.requests.filter((r) => r.method === "POST").length;
    // The call is read before the next dial to its number (or by itself within the poll): the person said stop.
    let refused = "";
    await expect
      .poll(
        async () =>
          (refused = textOf(
            await tool(bob, "create_call", {
              to: "+1 415 555 0177",
              agent_id: "agt_1",
              contact_name: "Other",
              repeat_dial: true,
            }),
          )),
        { timeout: 20_000, interval: 250 },
      )
      .toMatch(/Refused \(opted_out\)/);
    expect(refused).toContain("on a call placed by someone else on this server");
    expect(refused).not.toContain(stopCall);
    expect(refused).not.toMatch(/stop calling/i);
    const noted = await tool(bob, "add_do_not_call", { number: "+1 415 555 0177", heard: "please do not call again" });
    expect(JSON.stringify(noted)).not.toContain(stopCall);
    const own = textOf(
      await tool(carol, "create_call", {
        to: "+1 415 555 0177",
        agent_id: "agt_1",
        contact_name: "Other",
        repeat_dial: true,
      }),
    );
    expect(own).toContain(`on call ${stopCall}`);
    expect(own).toMatch(/stop calling/i);
    expect(upstream.requests.filter((r) => r.method === "POST").length).toBe(posts);
    await carol.close();
  });

  it("list_calls shows each person their own calls, and no total of everyone's", async () => {
    const mine = await listedIds(alice);
    expect(mine.ids).toEqual([aliceCall]);
    expect(mine.out.total).toBeUndefined();
    expect((await listedIds(bob)).ids).toEqual([bobCall]);
  });

  it("list_calls pages over one's own calls: a page at a time tells nothing of how many calls others have", async () => {
    // Eve has one call; the account has many more, newer and older. Page by page with limit 1, what Eve sees must
    // depend on her calls only: one page, then the end (the service's pages over everyone's would lead on).
    const eve = await clientWith(mcpUrl, await tokenOf(mcpUrl, "eve", "calls:read calls:place"));
    const frank = await clientWith(mcpUrl, await tokenOf(mcpUrl, "frank", "calls:read calls:place"));
    try {
      const eveCall = placedId(await tool(eve, "create_call", { to: "+1 415 555 0190", agent_id: "agt_1" }));
      for (let i = 0; i < 5; i++)
        placedId(await tool(frank, "create_call", { to: `+1 415 555 019${i + 1}`, agent_id: "agt_1" }));
      const first = (await tool(eve, "list_calls", { limit: 1 })).structuredContent as {
        calls: Array<{ id: string }>;
        next_page: number | null;
        total?: number;
      };
      expect(first.calls.map((c) => c.id)).toEqual([eveCall]);
      expect(first.next_page).toBeNull();
      expect(first.total).toBeUndefined();
      const second = (await tool(eve, "list_calls", { limit: 1, page: 2 })).structuredContent as {
        calls: unknown[];
        next_page: number | null;
      };
      expect(second).toMatchObject({ calls: [], next_page: null });
      // Frank's own pages: his calls only, each page full, next_page while another of his exists.
      const pages = [];
      for (let page = 1; page <= 3; page++)
        pages.push(
          (await tool(frank, "list_calls", { limit: 2, page })).structuredContent as {
            calls: unknown[];
            next_page: number | null;
          },
        );
      expect(pages.map((p) => [p.calls.length, p.next_page])).toEqual([
        [2, 2],
        [2, 3],
        [1, null],
      ]);
    } finally {
      await Promise.all([eve.close(), frank.close()]);
    }
  });

  it("a batch's calls are its placer's through their campaign, though the batch answer listed none", async () => {
    const batch = await tool(bob, "submit_batch", {
      calls: [
        { to: "+1 415 555 0102", agent_id: "agt_1" },
        { to: "+1 415 555 0103", agent_id: "agt_1" },
      ],
    });
    expect(batch.isError, textOf(batch)).toBeFalsy();
    const bobs = (await listedIds(bob)).ids;
    expect(bobs).toHaveLength(3);
    expect((await listedIds(alice)).ids).toEqual([aliceCall]);
    const batchCall = bobs.find((id) => id !== bobCall)!;
    expect((await tool(bob, "get_call", { call_id: batchCall })).isError).toBeFalsy();
    expect(textOf(await tool(alice, "get_call", { call_id: batchCall })).replaceAll(batchCall, "ID")).toBe(
      textOf(await tool(alice, "get_call", { call_id: "call_999" })).replaceAll("call_999", "ID"),
    );
  });

  it("an identical batch of another person's is refused without their batch and campaign ids, though its answer listed no calls", async () => {
    const rows = {
      calls: [
        { to: "+1 415 555 0104", agent_id: "agt_1" },
        { to: "+1 415 555 0105", agent_id: "agt_1" },
      ],
    };
    const first = await tool(bob, "submit_batch", rows);
    expect(first.isError, textOf(first)).toBeFalsy();
    const { batch_id: batchId, campaign_id: campaignId } = first.structuredContent as {
      batch_id: string;
      campaign_id: string;
    };
    const posts = upstream.requests.filter((r) => r.method === "POST").length;
    const repeat = await tool(alice, "submit_batch", rows);
    expect(repeat.isError).toBe(true);
    expect(textOf(repeat)).toMatch(/identical batch was placed at .* by someone else; it is not placed again/);
    expect(JSON.stringify(repeat)).not.toContain(batchId);
    expect(JSON.stringify(repeat)).not.toContain(campaignId);
    expect(upstream.requests.filter((r) => r.method === "POST").length).toBe(posts);
    // Bob's own repeat is his replay, with his batch.
    const again = await tool(bob, "submit_batch", rows);
    expect(again.isError, textOf(again)).toBeFalsy();
    expect(again.structuredContent).toMatchObject({ batch_id: batchId, campaign_id: campaignId, deduplicated: true });
  });

  it("the calls:// resources: listing shows one's own, reading another's is 'not found' as an unknown id is", async () => {
    const listed = await alice.listResources();
    expect(listed.resources.filter((r) => r.uri.startsWith("calls://")).map((r) => r.uri)).toEqual([
      `calls://${aliceCall}`,
    ]);
    await expect(alice.readResource({ uri: `calls://${aliceCall}` })).resolves.toBeTruthy();
    const failure = async (uri: string) =>
      alice.readResource({ uri }).then(
        () => "read",
        (error: Error) => error.message,
      );
    const foreign = await failure(`calls://${bobCall}`);
    expect(foreign).not.toBe("read");
    expect(foreign.replaceAll(bobCall, "ID")).toBe((await failure("calls://call_999")).replaceAll("call_999", "ID"));
  });

  it("a token with calls:read_all reads every call, with the service's total", async () => {
    const carol = await clientWith(mcpUrl, await tokenOf(mcpUrl, "carol", "calls:read calls:read_all"));
    try {
      const all = await listedIds(carol);
      expect(all.ids).toEqual(expect.arrayContaining([aliceCall, bobCall]));
      expect(all.out.total).toBe(all.ids.length);
      expect((await tool(carol, "get_call", { call_id: bobCall })).isError).toBeFalsy();
    } finally {
      await carol.close();
    }
  });

  it("a restart (memory store) still knows who placed which call, from the audit log", async () => {
    expect(await server.stop()).toBe(0);
    servers.splice(servers.indexOf(server), 1);
    const again = await startServer({ OUTBOUND_CALLS_AUDIT_LOG: auditPath });
    const aliceAgain = await clientWith(again.mcpUrl, await tokenOf(again.mcpUrl, "alice", "calls:read"));
    try {
      expect((await listedIds(aliceAgain)).ids).toEqual([aliceCall]);
      expect((await tool(aliceAgain, "get_call", { call_id: aliceCall })).isError).toBeFalsy();
      expect((await tool(aliceAgain, "get_call", { call_id: bobCall })).isError).toBe(true);
    } finally {
      await aliceAgain.close();
    }
  });
});

describe("a campaign the service files several people's batches under", () => {
  it("shows each person the calls recorded as theirs, not the other's calls of the campaign's first placer", async () => {
    const { mcpUrl } = await startServer({});
    const jack = await clientWith(mcpUrl, await tokenOf(mcpUrl, "jack", "calls:read calls:place"));
    const kate = await clientWith(mcpUrl, await tokenOf(mcpUrl, "kate", "calls:read calls:place"));
    const batch = async (client: Client, numbers: string[]) => {
      const result = await tool(client, "submit_batch", {
        calls: numbers.map((to) => ({ to, agent_id: "agt_1", contact_name: "Standing Campaign" })),
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      return (result.structuredContent as { calls: Array<{ id: string }> }).calls.map((c) => c.id);
    };
    try {
      const jacks = await batch(jack, ["+1 415 555 0120", "+1 415 555 0121"]);
      const kates = await batch(kate, ["+1 415 555 0122", "+1 415 555 0123"]);
      expect((await listedIds(jack)).ids.sort()).toEqual([...jacks].sort());
      expect((await listedIds(kate)).ids.sort()).toEqual([...kates].sort());
      expect((await tool(jack, "get_call", { call_id: kates[0] })).isError).toBe(true);
    } finally {
      await Promise.all([jack.close(), kate.close()]);
    }
  });
});

describe("a cap per person (OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON)", () => {
  const CAP = { OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON: "2" };
  const posts = () => upstream.requests.filter((r) => r.method === "POST").length;
  let number = 200;
  const dial = (client: Client) => tool(client, "create_call", { to: `+1 415 555 0${number++}`, agent_id: "agt_1" });

  it("counts each person's dials apart, refuses the one over, sends nothing for it, and survives a restart", async () => {
    const auditPath = join(mkdtempSync(join(tmpdir(), "oauth-caps-")), "audit.jsonl");
    const first = await startServer({ ...CAP, OUTBOUND_CALLS_AUDIT_LOG: auditPath });
    const frank = await clientWith(first.mcpUrl, await tokenOf(first.mcpUrl, "frank", "calls:read calls:place"));
    const gina = await clientWith(first.mcpUrl, await tokenOf(first.mcpUrl, "gina", "calls:read calls:place"));
    try {
      placedId(await dial(frank));
      placedId(await dial(frank));
      const before = posts();
      const over = await dial(frank);
      expect(over.isError).toBe(true);
      expect(textOf(over)).toMatch(
        /per-person dials-per-hour cap: 2 dials in the last hour placed by you; the cap OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON=2/,
      );
      const batch = await tool(gina, "submit_batch", {
        calls: [0, 1, 2].map((i) => ({ to: `+1 415 555 03${i}0`, agent_id: "agt_1" })),
      });
      expect(textOf(batch)).toMatch(/more than OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON=2 allows/);
      expect(posts()).toBe(before);
      // Gina's own two still go: the cap is per person, not shared.
      placedId(await dial(gina));
      placedId(await dial(gina));
    } finally {
      await Promise.all([frank.close(), gina.close()]);
    }
    expect(await first.server.stop()).toBe(0);
    servers.splice(servers.indexOf(first.server), 1);
    const again = await startServer({ ...CAP, OUTBOUND_CALLS_AUDIT_LOG: auditPath });
    const frankAgain = await clientWith(again.mcpUrl, await tokenOf(again.mcpUrl, "frank", "calls:read calls:place"));
    try {
      expect(textOf(await dial(frankAgain))).toMatch(/per-person dials-per-hour cap/);
    } finally {
      await frankAgain.close();
    }
  });
});

describe("replicas on one Redis share who placed which call", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("placed on one replica, readable by its placer on another and by nobody else", async () => {
    const env = { OUTBOUND_CALLS_REDIS_URL: redis.url };
    const [one, two] = await Promise.all([startServer(env), startServer(env)]);
    const daveOnOne = await clientWith(one.mcpUrl, await tokenOf(one.mcpUrl, "dave", "calls:read calls:place"));
    const daveOnTwo = await clientWith(two.mcpUrl, await tokenOf(two.mcpUrl, "dave", "calls:read"));
    const erinOnTwo = await clientWith(two.mcpUrl, await tokenOf(two.mcpUrl, "erin", "calls:read"));
    try {
      const call = placedId(await tool(daveOnOne, "create_call", { to: "+1 415 555 0110", agent_id: "agt_1" }));
      expect((await tool(daveOnTwo, "get_call", { call_id: call })).isError).toBeFalsy();
      expect((await listedIds(daveOnTwo)).ids).toEqual([call]);
      expect((await tool(erinOnTwo, "get_call", { call_id: call })).isError).toBe(true);
      expect((await listedIds(erinOnTwo)).ids).not.toContain(call);
    } finally {
      await Promise.all([daveOnOne.close(), daveOnTwo.close(), erinOnTwo.close()]);
    }
  });

  it("a dial whose replica died at its POST is not taken over by another person's identical dial; its placer's repeat gets the call", async () => {
    const env = { OUTBOUND_CALLS_REDIS_URL: redis.url, OUTBOUND_CALLS_TEST_LEASE_MS: "1500" };
    const [one, two] = await Promise.all([startServer(env), startServer(env)]);
    const lenaOnOne = await clientWith(one.mcpUrl, await tokenOf(one.mcpUrl, "lena", "calls:read calls:place"));
    const lenaOnTwo = await clientWith(two.mcpUrl, await tokenOf(two.mcpUrl, "lena", "calls:read calls:place"));
    const maxOnTwo = await clientWith(two.mcpUrl, await tokenOf(two.mcpUrl, "max", "calls:read calls:place"));
    const dial = { to: "+1 415 555 0130", agent_id: "agt_1", contact_name: "Dies At Post" };
    const posts = () => upstream.requests.filter((r) => r.method === "POST" && r.path === "/api/v1/calls");
    try {
      atPostThatDies = async () => {
        await one.server.stop("SIGKILL");
        servers.splice(servers.indexOf(one.server), 1);
      };
      const lost = await tool(lenaOnOne, "create_call", dial).then(
        () => "answered",
        () => "no answer",
      );
      expect(lost).toBe("no answer");
      const placed = posts().length;
      // Past the dead replica's lease: its claim is there to be taken over.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const other = await tool(maxOnTwo, "create_call", dial);
      expect(other.isError).toBe(true);
      expect(textOf(other)).toMatch(/was being sent for someone else when the server sending it stopped/);
      expect(posts()).toHaveLength(placed);
      expect((await listedIds(maxOnTwo)).ids).toEqual([]);
      // Lena's repeat takes it over with her first key: the service answers with her call, which is hers to read.
      const mine = placedId(await tool(lenaOnTwo, "create_call", dial));
      expect(posts().at(-1)!.headers["idempotency-key"]).toBe(posts()[placed - 1]!.headers["idempotency-key"]);
      expect((await listedIds(lenaOnTwo)).ids).toContain(mine);
      expect((await tool(maxOnTwo, "get_call", { call_id: mine })).isError).toBe(true);
    } finally {
      atPostThatDies = undefined;
      await Promise.all([lenaOnOne.close().catch(() => undefined), lenaOnTwo.close(), maxOnTwo.close()]);
    }
  });

  it("and each person's cap: two replicas allow it once, not once each", async () => {
    const env = { OUTBOUND_CALLS_REDIS_URL: redis.url, OUTBOUND_CALLS_MAX_DIALS_PER_HOUR_PER_PERSON: "2" };
    const [one, two] = await Promise.all([startServer(env), startServer(env)]);
    const onOne = await clientWith(one.mcpUrl, await tokenOf(one.mcpUrl, "hana", "calls:read calls:place"));
    const onTwo = await clientWith(two.mcpUrl, await tokenOf(two.mcpUrl, "hana", "calls:read calls:place"));
    try {
      const results = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          tool(i % 2 === 0 ? onOne : onTwo, "create_call", { to: `+1 415 555 04${i}0`, agent_id: "agt_1" }),
        ),
      );
      expect(results.filter((r) => !r.isError)).toHaveLength(2);
      expect(
        results
          .filter((r) => r.isError)
          .map(textOf)
          .every((t) => /per-person dials-per-hour cap/.test(t)),
      ).toBe(true);
    } finally {
      await Promise.all([onOne.close(), onTwo.close()]);
    }
  });
});

describe("each person has their own share of the approvers' inbox", () => {
  it(
    "a person who fills their share of pending approvals does not refuse another person's dial from the same address",
    { timeout: 120_000 },
    async () => {
      // Every client here comes from 127.0.0.1, as every person of a hosted client (claude.ai, ChatGPT) comes from its few addresses.
      const { mcpUrl } = await startServer({
        OUTBOUND_CALLS_CONFIRM: "person",
        OUTBOUND_CALLS_APPROVER_CLIENT_ID: "approvers-inbox",
        OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
        OUTBOUND_CALLS_HTTP_RATE_LIMIT: "off",
      });
      const mallory = await clientWith(mcpUrl, await tokenOf(mcpUrl, "mallory", "calls:read calls:place"));
      const ivy = await clientWith(mcpUrl, await tokenOf(mcpUrl, "ivy", "calls:read calls:place"));
      try {
        const flood = await Promise.all(
          Array.from({ length: 21 }, (_, i) =>
            tool(mallory, "create_call", { to: `+1 415 555 ${String(5000 + i)}`, agent_id: "agt_1" }),
          ),
        );
        // Mallory's own share is full: the last of them is refused, nothing dialed.
        expect(flood.filter((r) => /its share of the approvals/.test(textOf(r)))).toHaveLength(1);
        const mine = await tool(ivy, "create_call", { to: "+1 415 555 5100", agent_id: "agt_1" });
        expect(textOf(mine)).not.toMatch(/its share of the approvals/);
        expect(textOf(mine)).toMatch(/Waiting for a person/);
      } finally {
        await Promise.all([mallory.close(), ivy.close()]);
      }
    },
  );
});
