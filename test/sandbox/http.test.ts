import fc from "fast-check";
import { once } from "node:events";
import { request } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox/index.js";
import { MAX_RECORDED, record, type RecordedRequest } from "../../src/sandbox/recorder.js";
import { api, Clock, closeSandboxesAfterEach, firstAgentId, KEY_A, start } from "./helpers.js";

closeSandboxesAfterEach();

describe("routing", () => {
  it("answers 404 not_found outside the API, with or without a key", async () => {
    const sandbox = await start();
    for (const path of [
      "/",
      "/api/v1",
      "/api/v2/calls",
      "/api/v1/calls/a/b",
      "/api/v1/agents/agt_1",
      "/api/v1/campaigns",
    ]) {
      const answer = await api(sandbox).raw(path, { method: "GET" });
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.code).toBe("not_found");
    }
    expect((await api(sandbox, null).raw("/nothing", { method: "GET" })).status).toBe(404);
  });

  it("answers 405 method_not_allowed with Allow on known paths", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    const cases: [string, string, string][] = [
      ["POST", "/api/v1/agents", "GET"],
      ["DELETE", "/api/v1/calls", "GET, POST"],
      ["GET", "/api/v1/calls/batch", "POST"],
      ["PUT", "/api/v1/calls/call_x", "GET"],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await client.raw(path, { method });
      expect(answer.status).toBe(405);
      expect(answer.body.error.code).toBe("method_not_allowed");
      expect(answer.headers.get("allow")).toBe(allow);
    }
  });

  it("puts X-Request-Id on every answer, unique per request", async () => {
    const sandbox = await start();
    const ids = new Set<string>();
    for (const answer of [
      await api(sandbox).get("/agents"),
      await api(sandbox).get("/calls/nope"),
      await api(sandbox, null).get("/agents"),
    ]) {
      const id = answer.headers.get("x-request-id");
      expect(id).toMatch(/^req_[a-z0-9]{24}$/);
      ids.add(id as string);
    }
    expect(ids.size).toBe(3);
  });
});

describe("robustness", () => {
  it("answers 413 for a body over 1 MiB", async () => {
    const sandbox = await start();
    const answer = await api(sandbox).post("/calls", `{"to":"${"1".repeat(1024 * 1024)}"}`);
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe("payload_too_large");
    expect((await api(sandbox).get("/agents")).status).toBe(200);
  });

  it("answers every JSON body to POST /calls in the documented shape without crashing", async () => {
    const sandbox = await start({ speed: "instant", startingBalanceCents: 1_000_000, maxConcurrentCalls: 10_000 });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    const field = fc.oneof(fc.jsonValue(), fc.constantFrom("+14155552671", "+19005550123", agentId, ""));
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ to: field, agent_id: field, contact_name: field, metadata: fc.jsonValue() }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const answer = await client.post("/calls", JSON.stringify(value));
        expect([201, 400, 422]).toContain(answer.status);
        if (answer.status !== 201) {
          expect(answer.body.error.code).toMatch(/^[a-z_]+$/);
          expect(typeof answer.body.error.message).toBe("string");
        }
      }),
      { numRuns: 150 },
    );
  });

  it("survives garbage bytes, odd URLs and a client that hangs up mid-body", async () => {
    const sandbox = await start();
    const client = api(sandbox);
    expect((await client.post("/calls", "\u0000\uffff\ud800")).status).toBe(400);
    expect((await client.raw("/api/v1/calls?%zz=%zz&status", { method: "GET" })).status).toBe(422);
    expect((await client.raw("//api/v1/agents", { method: "GET" })).status).toBe(404);

    await new Promise<void>((resolve) => {
      const req = request(`${sandbox.url}/api/v1/calls`, {
        method: "POST",
        headers: { "content-length": "1000", authorization: `Bearer ${KEY_A}` },
      });
      req.on("error", () => resolve());
      req.write('{"to":', () => {
        req.destroy();
        resolve();
      });
    });
    expect((await client.get("/agents")).status).toBe(200);
  });

  it("refuses a host that is not loopback, and bad options", async () => {
    await expect(startSandbox({ host: "0.0.0.0" })).rejects.toThrow(/loopback/);
    await expect(startSandbox({ host: "192.168.1.10" })).rejects.toThrow(/loopback/);
    await expect(startSandbox({ speed: 0 })).rejects.toThrow(/speed/);
    await expect(startSandbox({ costPerCallCents: -1 })).rejects.toThrow(/costPerCallCents/);
    await expect(startSandbox({ faults: { failStatus: 404 } })).rejects.toThrow(/failStatus/);
  });

  it("listens on ::1 when asked", async () => {
    const sandbox = await start({ host: "::1" });
    expect(sandbox.url).toBe(`http://[::1]:${sandbox.port}`);
    expect((await api(sandbox).get("/agents")).status).toBe(200);
  });

  it("close() cuts idle keep-alive sockets and a request still being sent (it never waits on them), and may be called twice", async () => {
    const sandbox = await startSandbox();
    const url = new URL(sandbox.url);
    // An idle keep-alive connection, after one answer.
    const idle = connect({ host: url.hostname, port: Number(url.port) });
    await once(idle, "connect");
    idle.write(
      `GET /api/v1/agents HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${KEY_A}\r\nConnection: keep-alive\r\n\r\n`,
    );
    await once(idle, "data");
    // A request whose headers never end: the server would wait for it until its headers timeout.
    const stalled = connect({ host: url.hostname, port: Number(url.port) });
    await once(stalled, "connect");
    stalled.write(`GET /api/v1/agents HTTP/1.1\r\nHost: ${url.host}\r\n`);
    // A cut socket may see a reset: that is the point, not an error of the test.
    const closed = (socket: typeof idle) =>
      new Promise<void>((resolve) => socket.on("error", () => undefined).on("close", () => resolve()));
    const bothClosed = Promise.all([closed(idle), closed(stalled)]);
    // Resolves at all only because the sockets are cut: the stalled one would hold close() for a minute.
    await Promise.all([sandbox.close(), sandbox.close()]);
    await bothClosed;
    expect(idle.destroyed && stalled.destroyed).toBe(true);
  });
});

describe("request recording", () => {
  it("records method, path, query, headers, parsed body, status and time, in order", async () => {
    const clock = new Clock();
    const sandbox = await start({ now: clock.now });
    const client = api(sandbox);
    const agentId = await firstAgentId(client);
    clock.advance(5);
    await client.post(
      "/calls",
      { to: "+14155552671", agent_id: agentId },
      { "Idempotency-Key": "abc", "X-Custom": "1" },
    );
    await client.get("/calls", { status: "queued", limit: 5 });
    await client.post("/calls", "not json");
    await api(sandbox, null).get("/agents");

    const [agents, created, listed, text, unauth] = sandbox.requests as [
      RecordedRequest,
      RecordedRequest,
      RecordedRequest,
      RecordedRequest,
      RecordedRequest,
    ];
    expect(sandbox.requests).toHaveLength(5);
    expect(agents).toMatchObject({
      method: "GET",
      path: "/api/v1/agents",
      query: {},
      body: null,
      status: 200,
      at: clock.ms - 5000,
    });
    expect(created).toMatchObject({
      method: "POST",
      path: "/api/v1/calls",
      body: { to: "+14155552671", agent_id: agentId },
      status: 201,
      at: clock.ms,
    });
    expect(created.headers).toMatchObject({
      authorization: `Bearer ${KEY_A}`,
      "idempotency-key": "abc",
      "x-custom": "1",
      "content-type": "application/json",
    });
    expect(listed).toMatchObject({ path: "/api/v1/calls", query: { status: "queued", limit: "5" }, status: 200 });
    expect(text).toMatchObject({ body: "not json", status: 400 });
    expect(unauth.status).toBe(401);
    expect(unauth.headers).not.toHaveProperty("authorization");

    sandbox.clearRequests();
    expect(sandbox.requests).toHaveLength(0);
    await client.get("/agents");
    expect(sandbox.requests).toHaveLength(1);
  });

  it("keeps only the last 10,000", () => {
    const requests: RecordedRequest[] = [];
    for (let i = 0; i < MAX_RECORDED + 5; i++) {
      record(requests, { method: "GET", path: `/${i}`, query: {}, headers: {}, body: null, status: 200, at: i });
    }
    expect(requests).toHaveLength(MAX_RECORDED);
    expect(requests[0]?.path).toBe("/5");
  });
});
