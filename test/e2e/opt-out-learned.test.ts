/**
 * The learned reader through the built server (its weights read from beside the bundle on the first reading): a
 * softened request the rules alone do not hear ("I'd rather you lot gave it a rest with the ringing") holds the
 * number for an operator's review, `possible` and never `asked`; get_call names the learned reader and the turn; the
 * next dial is refused with opt_out_review and nothing is posted. An ordinary call holds nothing.
 */
import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { defaultHandler, sendJson } from "../helpers/fake-upstream.js";
import { startServer, textOf } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts, useSafetyFixture } from "../helpers/guards.js";
import { readCall } from "../../src/guards/opt-outs/reader/reader.js";

const fx = useSafetyFixture();
const TO = "+14155550123";
const HEDGED = "Honestly I'd rather you lot gave it a rest with the ringing.";

function transcript(callee: string): Array<{ role: string; text: string }> {
  return [
    { role: "agent", text: "Hi, this is Sam from Brightside Solar. Do you have a minute?" },
    { role: "user", text: "Who is this again?" },
    { role: "agent", text: "Sam, from Brightside. We're offering free roof checks this month." },
    { role: "user", text: callee },
  ];
}

function serve(callee: string): void {
  fx.upstream.handle((req, res, raw) => {
    if (req.method === "GET" && /^\/api\/v1\/calls\/call_1$/.test(req.path))
      return sendJson(res, 200, {
        data: { id: "call_1", status: "completed", to: TO, transcript: transcript(callee) },
      });
    return defaultHandler(req, res, raw);
  });
}

async function start() {
  const server = await startServer({
    env: envFor(fx.upstream, { ...GUARDS_OFF, OUTBOUND_CALLS_OPT_OUT_POLL_S: "60" }),
  });
  fx.servers.push(server);
  return server;
}

describe("the learned reader holds what the rules miss, for review", () => {
  it("a softened request the rules do not hear: possible, held, named in get_call; the next dial refused", async () => {
    // The case needs the learned reader: the rules alone hear nothing in it.
    expect(readCall({ id: "call_1", transcript: transcript(HEDGED) }, []).matches).toEqual([]);
    serve(HEDGED);
    const server = await start();
    const read = (await server.client.callTool({
      name: "get_call",
      arguments: { call_id: "call_1" },
    })) as CallToolResult;
    expect(read.structuredContent).toMatchObject({
      opt_out: { status: "possible", asked: false, listed: false, held: true },
    });
    const matched = (read.structuredContent as { opt_out: { matched: string[] } }).opt_out.matched;
    expect(matched).toEqual([expect.stringMatching(/^transcript: learned reader, score 0\.\d\d, turn 3$/)]);
    const dial = (await server.client.callTool({
      name: "create_call",
      arguments: { to: TO, agent_id: "agt_1" },
    })) as CallToolResult;
    expect(dial.isError).toBe(true);
    expect(textOf(dial)).toContain("Refused (opt_out_review)");
    expect(posts(fx.upstream)).toHaveLength(0);
  });

  it("an ordinary call holds nothing", async () => {
    serve("Sure, Saturday morning works, book it please.");
    const server = await start();
    const read = (await server.client.callTool({
      name: "get_call",
      arguments: { call_id: "call_1" },
    })) as CallToolResult;
    expect(read.structuredContent).toMatchObject({ opt_out: { status: "none", held: false, matched: [] } });
    expect(server.transport.stderr).not.toContain("learned reader");
  });
});
