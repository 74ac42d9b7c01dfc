/**
 * The key written with HTML named character references, as an HTML page of the
 * service (or a template escaping it) could echo it: `_` as `&lowbar;` or
 * `&UnderBar;`, mixed with numeric references, a key character as `&amp;`. A
 * service answer carrying any of them (a call's fields, its transcript, an
 * error body) reaches the model (text, structuredContent) with the key removed,
 * as the numeric references already were. The keys here have no run of 10
 * characters between two escaped ones, so only decoding the references finds
 * them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faults, startFaultServer, type FaultServer } from "../helpers/fault-server.js";
import { GUARDS_OFF_FOR_FAULT_TESTS, startServer, textOf, type StartedServer } from "../helpers/server-process.js";

const KEY = "sk_live_4f9a2c7e_b81d3a06_Qz71";
/** Every named form, none of which may be seen (case-insensitive). */
const FORMS: Record<string, string> = {
  lowbar: KEY.replace(/_/g, "&lowbar;"),
  UnderBar: KEY.replace(/_/g, "&UnderBar;"),
  mixed_with_numeric: KEY.replace("_", "&#95;").replace(/_/g, "&lowbar;"),
};

let upstream: FaultServer;
let server: StartedServer;
// A second server whose key holds characters HTML escapes by name (&amp; &lt; &period;), as some keys do.
const AMP_KEY = "ak&live<Q7.x91.zeta&K2m";
const AMP_FORM = "ak&amp;live&lt;Q7&period;x91&period;zeta&amp;K2m";
let ampServer: StartedServer;

beforeAll(async () => {
  upstream = await startFaultServer();
  const env = { ...GUARDS_OFF_FOR_FAULT_TESTS, OUTBOUND_CALLS_BASE_URL: upstream.url };
  server = await startServer({ env: { ...env, OUTBOUND_CALLS_API_KEY: KEY } });
  ampServer = await startServer({ env: { ...env, OUTBOUND_CALLS_API_KEY: AMP_KEY } });
});
afterAll(async () => {
  await server?.close();
  await ampServer?.close();
  await upstream?.close();
});

function expectNoForm(where: string, text: string): void {
  const lower = text.toLowerCase();
  for (const [name, form] of Object.entries(FORMS))
    expect(lower.includes(form.toLowerCase()), `${name} in ${where}`).toBe(false);
  // Nor the middle of the key with any reference between its parts.
  expect(lower, where).not.toMatch(/4f9a2c7e&[a-z#0-9]+;b81d3a06/);
}

describe("the key in HTML named character references", () => {
  it("in a call's fields and transcript, read with get_call", async () => {
    const record: Record<string, unknown> = { id: "call_1", status: "completed", to: "+14155552671" };
    for (const [name, form] of Object.entries(FORMS)) record[`echo_${name}`] = `value ${form} end`;
    record.summary = `the page said ${FORMS.lowbar}`;
    record.recording_url = `https://dash.example/keys?k=${FORMS.lowbar}&amp;view=1`;
    record.transcript = [{ speaker: "contact", text: `it reads ${FORMS.UnderBar}` }];
    upstream.inject({ method: "GET", path: "/api/v1/calls/call_1" }, faults.answer(200, { data: record }));
    const result = await server.call("get_call", { call_id: "call_1" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expectNoForm("the answer", JSON.stringify(result));
    // As with numeric references, the run is removed from its first reference on ("sk" before it is no secret).
    expect((result.structuredContent as { call: Record<string, string> }).call.echo_lowbar).toBe(
      "value sk[redacted] end",
    );
  });

  it("in an error body", async () => {
    upstream.inject(
      { method: "GET", path: "/api/v1/calls/call_2" },
      faults.answer(400, { error: { code: "bad_key", message: `key ${FORMS.mixed_with_numeric} is not valid here` } }),
    );
    const result = await server.call("get_call", { call_id: "call_2" });
    expect(result.isError).toBe(true);
    expectNoForm("the error answer", JSON.stringify(result));
  });

  it("a key with characters HTML escapes by name (&amp; &lt; &period;)", async () => {
    upstream.inject(
      { method: "GET", path: "/api/v1/calls/call_3" },
      faults.answer(200, { data: { id: "call_3", status: "completed", summary: `the page said ${AMP_FORM} there` } }),
    );
    const result = await ampServer.call("get_call", { call_id: "call_3" });
    expect(result.isError, textOf(result)).toBeFalsy();
    const seen = JSON.stringify(result);
    expect(seen).not.toContain(AMP_FORM);
    expect(seen).not.toContain("Q7&period;x91");
    expect(seen).toContain("[redacted]");
  });
});
