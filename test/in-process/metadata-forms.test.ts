/**
 * metadata written as an object or as {key, value} pairs, the way a model that retries rewrites it: the two forms
 * are one request (one dial, one dedupe key, one token), keys that name Object.prototype's members are keys like
 * any other, and an object that only looks like one pair is not silently read as two keys.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/guards.js";
import { startInProcess, type InProcessServer } from "../helpers/in-process.js";
import { textOf } from "../helpers/server-process.js";

let server: InProcessServer;
const service = () => server.service;
const pairsOf = (metadata: Record<string, unknown>) => Object.entries(metadata).map(([key, value]) => ({ key, value }));

beforeAll(async () => {
  // Dedupe on (the default window), no person to ask: a repeat of the same request must be answered, not dialed.
  server = await startInProcess({
    env: {
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      OUTBOUND_CALLS_CALLING_HOURS: "off",
      OUTBOUND_CALLS_CONFIRM: "never",
      OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
    },
  });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => service().reset());

describe("metadata forms", () => {
  it("keys named __proto__, constructor and toString reach the service as keys, in either form", async () => {
    // JSON.parse, as the transport does: "__proto__" is an own key, not the prototype.
    const metadata = JSON.parse(
      '{"__proto__": "p", "constructor": "c", "toString": 1, "hasOwnProperty": true}',
    ) as Record<string, unknown>;
    const first = await server.call("create_call", { to: "+14155552671", agent_id: "agt_1", metadata });
    expect(first.isError, textOf(first)).toBeFalsy();
    const second = await server.call("create_call", {
      to: "+14155552672",
      agent_id: "agt_1",
      metadata: pairsOf(metadata),
    });
    expect(second.isError, textOf(second)).toBeFalsy();
    const sent = service()
      .of("calls.create")
      .map((r) => JSON.stringify((r.call as { metadata: unknown }).metadata));
    expect(sent).toEqual([JSON.stringify(metadata), JSON.stringify(metadata)]);
    expect(sent[0]).toContain('"__proto__":"p"');
  });

  it("a retry that rewrites metadata from pairs to an object with its keys reordered is the same request: answered, not dialed again", async () => {
    const pairs = [
      { key: "b", value: 2 },
      { key: "a", value: "x" },
      { key: "10", value: null },
    ];
    const first = await server.call("create_call", { to: "+14155552673", agent_id: "agt_1", metadata: pairs });
    expect(first.isError, textOf(first)).toBeFalsy();
    const retry = await server.call("create_call", {
      agent_id: "agt_1",
      metadata: { "10": null, a: "x", b: 2 },
      to: "+1 415 555 2673",
    });
    expect(retry.isError, textOf(retry)).toBeFalsy();
    expect(textOf(retry)).toMatch(/identical|already/i);
    expect(service().of("calls.create")).toHaveLength(1);
  });

  it("a retry whose object carries one more key is another request: refused for the number, not dialed", async () => {
    const first = await server.call("create_call", {
      to: "+14155552674",
      agent_id: "agt_1",
      metadata: [{ key: "a", value: 1 }],
    });
    expect(first.isError, textOf(first)).toBeFalsy();
    const retry = await server.call("create_call", { to: "+14155552674", agent_id: "agt_1", metadata: { a: 1, b: 2 } });
    expect(retry.isError).toBe(true);
    expect(service().of("calls.create")).toHaveLength(1);
  });

  it("an object of 20,000 bad keys is refused as the list of them is: at most 50 keys, not one complaint per key", async () => {
    const metadata = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`bad key ${i}`, i]));
    const asObject = await server.call("create_call", { to: "+14155552677", agent_id: "agt_1", metadata });
    const asPairs = await server.call("create_call", {
      to: "+14155552677",
      agent_id: "agt_1",
      metadata: pairsOf(metadata),
    });
    for (const result of [asObject, asPairs]) {
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("at most 50 keys");
      expect(textOf(result)).not.toContain("bad key");
    }
    expect(textOf(asObject).length).toBeLessThan(2 * textOf(asPairs).length);
    expect(service().requests.filter((r) => r.op === "calls.create")).toHaveLength(0);
  });

  it("refuses one pair written without its list ({key, value}) instead of sending the keys key and value", async () => {
    const result = await server.call("create_call", {
      to: "+14155552675",
      agent_id: "agt_1",
      metadata: { key: "service_type", value: "renewal" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("one {key, value} pair outside its list");
    expect(service().requests.filter((r) => r.op === "calls.create")).toHaveLength(0);
  });
});

describe("metadata forms and a confirmation token (OUTBOUND_CALLS_CONFIRM=token)", () => {
  let tokenServer: InProcessServer;
  const logPath = join(tempDir("metadata-token"), "audit.jsonl");
  const lines = () =>
    readFileSync(logPath, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    tokenServer = await startInProcess({
      env: {
        OUTBOUND_CALLS_TIMEOUT_MS: "5000",
        OUTBOUND_CALLS_CALLING_HOURS: "off",
        OUTBOUND_CALLS_CONFIRM: "token",
        OUTBOUND_CALLS_AUDIT_LOG: logPath,
      },
    });
  });
  afterAll(async () => {
    await tokenServer?.close();
  });

  it("a dry run's token covers the same metadata in the other form, not changed metadata; the audit line says who confirmed, once per POST", async () => {
    const call = { to: "+14155552676", agent_id: "agt_1" };
    const dry = await tokenServer.call("create_call", {
      ...call,
      metadata: [
        { key: "a", value: 1 },
        { key: "b", value: "x" },
      ],
      dry_run: true,
    });
    const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
    expect(token, textOf(dry)).toBeTruthy();
    // Changed metadata is another request: the token does not cover it, and nothing is sent.
    const changed = await tokenServer.call("create_call", {
      ...call,
      metadata: { b: "x", a: 2 },
      confirmation_token: token,
    });
    expect(changed.isError).toBe(true);
    expect(tokenServer.service.of("calls.create")).toHaveLength(0);
    // The same metadata as an object, keys reordered: the request the person's model previewed.
    const dial = await tokenServer.call("create_call", {
      ...call,
      metadata: { b: "x", a: 1 },
      confirmation_token: token,
    });
    expect(dial.isError, textOf(dial)).toBeFalsy();
    expect(dial.structuredContent).toMatchObject({ confirmed_by: "token" });
    const posts = tokenServer.service.of("calls.create");
    expect(posts).toHaveLength(1);
    const all = lines();
    const sending = all.filter((l) => l.decision === "sending");
    expect(sending).toHaveLength(1);
    expect(sending[0]).toMatchObject({
      numbers: ["+14155552676"],
      confirmation: "token",
      idempotency_key: posts[0]!.idempotencyKey,
    });
    const end = all.filter((l) => l.decision === "dialed");
    expect(end).toHaveLength(1);
    expect(end[0]).toMatchObject({
      confirmation: "token",
      idempotency_key: posts[0]!.idempotencyKey,
      request_key: sending[0]!.request_key,
    });
    expect(all.map((l) => l.decision)).toEqual(["dry_run", "refused", "sending", "dialed"]);
  });
});
