/**
 * Guard 1, human confirmation, in-process through the SDK Client: the client's
 * dialog (form elicitation) accepted, declined, cancelled; a client that cannot
 * ask and no browser: refused with the ways out; `token` with and without a
 * token, a token of another request, a spent token; `never`; dry runs in every
 * mode ask the service for no dial. (What the server says at start in each mode,
 * and the retired values refused at start: test/e2e/startup.test.ts; the approval
 * page and the client's link: test/e2e/approval-*.)
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ElicitRequest } from "@modelcontextprotocol/sdk/types.js";
import { textOf } from "../../helpers/server-process.js";
import {
  describeEras,
  MODERN,
  useInProcess,
  type ElicitAnswer,
  type InProcessServer,
} from "../../helpers/in-process.js";
import { GUARDS_OFF } from "../../helpers/guards.js";
import { lagProbe } from "../../helpers/machine-lag.js";
import { ANSWERED_AT_ONCE_MS } from "../../../src/approval/headless-runs.js";

const CALL = { to: "+1 (415) 555-2671", agent_id: "agt_1", contact_name: "Dana Lee", company_name: "Acme" };
const ACCEPT: ElicitAnswer = () => ({ action: "accept", content: { confirm: true } });

const fx = useInProcess();
const posts = () => fx.service.posts();

/** A server with `env` on top of the guards turned off; its client answers elicitation with `elicit` when given. */
function start(
  env: Record<string, string | undefined>,
  elicit?: { current: ElicitAnswer },
  asked?: ElicitRequest[],
): Promise<InProcessServer> {
  return fx.start({
    env: { OUTBOUND_CALLS_TIMEOUT_MS: "5000", ...GUARDS_OFF, ...env },
    ...(elicit ? { elicit } : {}),
    ...(asked ? { asked } : {}),
  });
}

describeEras(fx, (era) => {
  describe("default (a person approves) with a client that can ask", () => {
    const answer = { current: ACCEPT };
    const asked: ElicitRequest[] = [];
    let server: InProcessServer;
    beforeAll(async () => {
      server = await start({}, answer, asked);
    });
    beforeEach(() => {
      asked.length = 0;
      answer.current = ACCEPT;
    });

    it("asks with what a person checks at a glance, and dials exactly once on yes", async () => {
      const result = await server.call("create_call", {
        ...CALL,
        metadata: [{ key: "service_type", value: "reminder" }],
      });
      expect(result.isError).toBeFalsy();
      expect(asked).toHaveLength(1);
      const params = asked[0]!.params as { message: string; requestedSchema: unknown; mode?: string };
      expect(params.message).toContain("+1 415 555 2671 — United States (US)");
      expect(params.message).toContain("Agent: Ava (agt_1)");
      expect(params.message).toContain("Contact: Dana Lee");
      expect(params.message).toContain("Company: Acme");
      expect(params.message).toContain('Metadata: service_type = "reminder"');
      expect(params.requestedSchema).toEqual({
        type: "object",
        properties: {
          confirm: { type: "boolean", title: "Place this call?", description: "Yes dials now; no dials nothing." },
        },
        required: ["confirm"],
      });
      expect(posts()).toHaveLength(1);
      expect(result.structuredContent).toMatchObject({ call: { id: "call_1" }, confirmed_by: "client" });
      expect(textOf(result)).toContain("A person approved it.");
    });

    // A client run without a person (claude -p, codex exec) cancels or declines the form at once, by itself.
    it.each([
      ["decline at once", { action: "decline" } as const, "The client declined at once", true],
      ["cancel", { action: "cancel" } as const, "The confirmation was cancelled in the client", true],
      [
        "accept with confirm=false",
        { action: "accept", content: { confirm: false } } as const,
        "The person declined",
        false,
      ],
    ])("%s: nothing is dialed and the model is told so", async (_label, reply, said, headless) => {
      answer.current = () => reply;
      const lag = lagProbe();
      const result = await server.call("create_call", CALL);
      const lagged = lag.stop() >= ANSWERED_AT_ONCE_MS;
      expect(asked).toHaveLength(1);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      // A decline is "at once" when it came back within 2 s: unless this machine stalled that long meanwhile.
      const text = textOf(result);
      if (!(lagged && reply.action === "decline")) {
        expect(text).toContain(`${said}; nothing was dialed. Do not retry unless the user asks.`);
        expect(text.includes("may have answered without a person"), text).toBe(headless);
      }
      if (headless) expect(text).toMatch(/claude -p cancels it; codex exec declines it/);
      expect(posts()).toHaveLength(0);
    });

    it("a decline that comes after the person had time to read the form is the person's: no word of headless runs", async () => {
      answer.current = async () => {
        await new Promise((r) => setTimeout(r, ANSWERED_AT_ONCE_MS + 200));
        return { action: "decline" };
      };
      const result = await server.call("create_call", CALL);
      expect(textOf(result)).toContain("The person declined; nothing was dialed. Do not retry unless the user asks.");
      expect(textOf(result)).not.toContain("without a person");
      expect(posts()).toHaveLength(0);
    });

    it("the dial's deadline starts when the person answered, with what the steps before asking left of it: their time is not the service's", async () => {
      let answeredAt = 0;
      answer.current = async () => {
        await new Promise((r) => setTimeout(r, 300));
        answeredAt = Date.now();
        return { action: "accept", content: { confirm: true } };
      };
      expect((await server.call("create_call", CALL)).isError).toBeFalsy();
      const dial = posts()[0]!;
      // The steps before asking took a few ms of the 5 s; the person's 300 ms are not taken from it.
      expect(dial.deadline.totalMs).toBeLessThanOrEqual(5000);
      expect(dial.deadline.totalMs).toBeGreaterThan(4000);
      expect(dial.deadline.at).toBeGreaterThanOrEqual(answeredAt + dial.deadline.totalMs);
    });

    it("the POST after a person's answer gets what the steps before asking left of the deadline, not a whole new one", async () => {
      // The agent check takes 1.5 s of the 5 s deadline before the person is asked.
      fx.service.slow("agents.check", 1_500);
      let answeredAt = 0;
      answer.current = () => {
        answeredAt = Date.now();
        return { action: "accept", content: { confirm: true } };
      };
      expect((await server.call("create_call", CALL)).isError).toBeFalsy();
      const dial = posts()[0]!;
      // At most the 3.5 s left (less on a busy machine), never under the one second every POST gets.
      expect(dial.deadline.totalMs).toBeLessThanOrEqual(3_500);
      expect(dial.deadline.totalMs).toBeGreaterThanOrEqual(1_000);
      expect(dial.deadline.at).toBeGreaterThanOrEqual(answeredAt + dial.deadline.totalMs);
    });

    it("a client error while asking dials nothing", async () => {
      answer.current = () => {
        throw new Error("the dialog crashed");
      };
      if (era === MODERN) {
        // 2026-07-28: the form is the client's to show, inside its own call; its failure ends the call there, and
        // no answer (so no approval) is ever sent back.
        await expect(server.call("create_call", CALL)).rejects.toThrow("the dialog crashed");
      } else {
        const result = await server.call("create_call", CALL);
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain("The person's confirmation was not obtained (the client could not ask (");
      }
      expect(posts()).toHaveLength(0);
    });

    it("a client that gives up while the person is still deciding cancels the call: nothing is dialed", async () => {
      // The person says yes, but only after the client gave up on the tool call: too late to dial.
      answer.current = () =>
        new Promise((resolve) => setTimeout(() => resolve({ action: "accept", content: { confirm: true } }), 800));
      // 2025: the server waits inside the call, and the client's timeout ends it. 2026-07-28: the server has answered
      // at once (input required); the client gives up by abandoning its call before it sends the person's answer.
      const giveUp = new AbortController();
      setTimeout(() => giveUp.abort(new Error("the user gave up")), 400);
      const outcome = await server.client
        .callTool(
          { name: "create_call", arguments: CALL },
          undefined,
          era === MODERN ? { signal: giveUp.signal } : { timeout: 400 },
        )
        .then(
          () => "answered",
          (e: Error) => e.message,
        );
      expect(outcome).toMatch(era === MODERN ? /gave up|abort/i : /timed out/i);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(posts()).toHaveLength(0);
      answer.current = ACCEPT;
      expect((await server.call("create_call", CALL)).isError).toBeFalsy();
      expect(posts()).toHaveLength(1);
    });

    it("a batch shows the row count, countries and first rows, and is sent once on yes", async () => {
      const calls = [
        { to: "+14155552671", agent_id: "agt_1", contact_name: "Dana Lee" },
        { to: "+442079460000", agent_id: "agt_2" },
        ...Array.from({ length: 5 }, (_, i) => ({ to: `+1415555267${i + 2}`, agent_id: "agt_1" })),
      ];
      const result = await server.call("submit_batch", { calls });
      expect(result.isError).toBeFalsy();
      const message = (asked[0]!.params as { message: string }).message;
      expect(message).toContain("Place 7 phone calls now?");
      expect(message).toContain("Numbers: 7 calls — United States (US) ×6, United Kingdom (GB) ×1");
      expect(message).toContain("Agents: Ava (agt_1), Ben (agt_2)");
      expect(message).toContain("Contacts: Dana Lee\n");
      expect(message).toMatch(
        /Row 1: \+1 415 555 2671 — United States \(US\)\n  Local time there: [^\n]+\n  Agent: Ava \(agt_1\)\n  Contact: Dana Lee\n  Sent as \(E\.164\): \+14155552671\n/,
      );
      expect(message).toMatch(
        /Row 2: \+44 20 7946 0000 — United Kingdom \(GB\)\n  Local time there: [^\n]+\n  Agent: Ben \(agt_2\)\n  Sent as \(E\.164\): \+442079460000\n/,
      );
      expect(message).toContain("…and 2 more rows.");
      expect(posts().map((p) => p.op)).toEqual(["calls.createBatch"]);
    });

    it("a declined batch sends nothing", async () => {
      answer.current = () => ({ action: "accept", content: { confirm: false } });
      const result = await server.call("submit_batch", {
        calls: [
          { to: "+14155552671", agent_id: "agt_1" },
          { to: "+14155552672", agent_id: "agt_1" },
        ],
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("The person declined; nothing was dialed.");
      expect(posts()).toHaveLength(0);
    });

    it("dry_run asks nobody and sends nothing", async () => {
      const result = await server.call("create_call", { ...CALL, dry_run: true });
      expect(result.isError).toBeFalsy();
      expect(asked).toHaveLength(0);
      expect(posts()).toHaveLength(0);
      expect(result.structuredContent).toMatchObject({
        dry_run: true,
        to_international: "+1 415 555 2671",
        country: "US",
        agent_name: "Ava",
      });
      expect(result.structuredContent).not.toHaveProperty("confirmation_token");
      expect(textOf(result)).toContain("Dry run: nothing was sent and nothing was dialed.");
      expect(textOf(result)).toContain("confirmation: the user will be asked in the client before dialing");
    });

    it("dry_run shows the number formatted and the exact E.164 string that would be sent", async () => {
      const result = await server.call("create_call", { ...CALL, to: " +1 (415) 555-2671 ", dry_run: true });
      expect(result.structuredContent).toMatchObject({
        dry_run: true,
        to: "+14155552671",
        to_international: "+1 415 555 2671",
      });
      expect(textOf(result)).toContain("Number: +1 415 555 2671 — United States (US)");
      expect(textOf(result)).toContain("Sent as (E.164): +14155552671");
      const batch = await server.call("submit_batch", {
        calls: [
          { ...CALL, to: "+44 20 7946 0000" },
          { ...CALL, to: "+1 415.555.2672" },
        ],
        dry_run: true,
      });
      expect(textOf(batch)).toMatch(
        /Row 1: \+44 20 7946 0000 — United Kingdom \(GB\)\n(  [^\n]+\n)*  Sent as \(E\.164\): \+442079460000\n/,
      );
      expect(textOf(batch)).toMatch(
        /Row 2: \+1 415 555 2672 — United States \(US\)\n(  [^\n]+\n)*  Sent as \(E\.164\): \+14155552672\n/,
      );
      expect(posts()).toHaveLength(0);
    });
  });

  describe("default with a client that cannot ask and no browser to open", () => {
    it.each([
      // Agent frameworks' stdio transports pass neither BROWSER nor DISPLAY: the refusal says so (issue 23, item 7).
      [
        "no BROWSER and no display",
        {},
        "no browser can be opened (no BROWSER is set and there is no display to open a browser on; a client that starts this server over stdio passes BROWSER and DISPLAY only if its server entry's env names them)",
        true,
      ],
      ["BROWSER=none", { BROWSER: "none" }, "no browser can be opened (BROWSER=none)", true],
      // Known only when it is tried: a dry run cannot tell.
      [
        "a BROWSER that cannot start",
        { BROWSER: "/nonexistent/browser" },
        "the approval page could not be opened in a browser (BROWSER (/nonexistent/browser) could not be started: ENOENT)",
        false,
      ],
    ])("%s: refused, naming the two ways out; nothing dialed", async (_label, env, why, knownBefore) => {
      const server = await start({ OUTBOUND_CALLS_CONFIRM: undefined, ...env });
      const result = await server.call("create_call", CALL);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(why);
      expect(textOf(result)).toContain("Nothing was dialed.");
      expect(textOf(result)).toContain("set OUTBOUND_CALLS_CONFIRM=never to accept unattended dialing");
      expect(textOf(result)).toContain("--http and OUTBOUND_CALLS_APPROVER_TOKEN");
      expect(posts()).toHaveLength(0);
      const dry = await server.call("create_call", { ...CALL, dry_run: true });
      if (knownBefore)
        expect(textOf(dry)).toMatch(
          new RegExp(`confirmation: a dial would be refused: .*${why.replace(/[()]/g, "\\$&")}`),
        );
    });
  });

  describe("OUTBOUND_CALLS_CONFIRM=token with a client that cannot ask", () => {
    let server: InProcessServer;
    beforeAll(async () => {
      server = await start({ OUTBOUND_CALLS_CONFIRM: "token" });
    });

    it("refuses a dial without a token and sends nothing", async () => {
      const result = await server.call("create_call", CALL);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("OUTBOUND_CALLS_CONFIRM=token");
      expect(textOf(result)).toContain("dry_run: true");
      expect(posts()).toHaveLength(0);
    });

    it("dials once with the token of a dry run of the same request; the token works once", async () => {
      const dry = await server.call("create_call", { ...CALL, dry_run: true });
      expect(dry.isError).toBeFalsy();
      expect(posts()).toHaveLength(0);
      const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
      expect(token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
      expect(textOf(dry)).toContain(`"confirmation_token": "${token}"`);
      // The same request written differently normalizes to the same dial.
      const dial = await server.call("create_call", {
        ...CALL,
        to: "+14155552671",
        contact_name: " Dana Lee ",
        confirmation_token: token,
      });
      expect(dial.isError).toBeFalsy();
      expect(dial.structuredContent).toMatchObject({ confirmed_by: "token", call: { id: "call_1" } });
      expect(posts()).toHaveLength(1);
      const again = await server.call("create_call", { ...CALL, confirmation_token: token });
      expect(again.isError).toBe(true);
      expect(textOf(again)).toContain("was already used");
      expect(posts()).toHaveLength(1);
    });

    it("a token respelled (leading zeros, padding, case, white space, other digits) dials once in all (dedupe off)", async () => {
      const dry = await server.call("create_call", { ...CALL, dry_run: true });
      const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
      const [expiry, mac] = token.split(".") as [string, string];
      const spellings = [
        `0${token}`,
        `00${token}`,
        `000${token}`,
        `0000${token}`,
        token,
        `${token}=`,
        ` ${token} `,
        `${expiry.toUpperCase()}.${mac}`,
        `${expiry.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))}.${mac}`,
        `${expiry}.${mac.replace(/-/g, "+").replace(/_/g, "/")}`,
        `${token}\u0000`,
        token,
      ];
      const answers: string[] = [];
      for (const spelled of spellings) {
        const result = await server.call("create_call", { ...CALL, confirmation_token: spelled });
        answers.push(result.isError ? textOf(result) : "dialed");
      }
      expect(posts()).toHaveLength(1);
      expect(answers.filter((a) => a === "dialed")).toHaveLength(1);
      // Every other spelling was refused by the token check itself (not by another guard).
      for (const answer of answers.filter((a) => a !== "dialed")) {
        expect(answer).toMatch(/confirmation_token (was already used|is not a token this server issued)/);
      }
    });

    it("two concurrent dials with one token (dedupe off) dial once", async () => {
      const dry = await server.call("create_call", { ...CALL, dry_run: true });
      const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
      const results = await Promise.all(
        [1, 2].map(() => server.call("create_call", { ...CALL, confirmation_token: token })),
      );
      expect(results.filter((r) => !r.isError)).toHaveLength(1);
      expect(textOf(results.find((r) => r.isError)!)).toContain("was already used");
      expect(posts()).toHaveLength(1);
    });

    it.each([
      ["another number", { to: "+14155552672" }],
      ["another agent", { agent_id: "agt_2" }],
      ["another contact name", { contact_name: "Someone Else" }],
      ["added metadata", { metadata: [{ key: "service_type", value: "sales" }] }],
    ])("refuses a token issued for a different request (%s)", async (_label, change) => {
      const dry = await server.call("create_call", { ...CALL, dry_run: true });
      const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
      const result = await server.call("create_call", { ...CALL, ...change, confirmation_token: token });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("was issued for a different request");
      expect(posts()).toHaveLength(0);
    });

    it("refuses a token that is not one of ours", async () => {
      const result = await server.call("create_call", { ...CALL, confirmation_token: "made-up" });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("is not a token this server issued");
      expect(posts()).toHaveLength(0);
    });

    it("a batch token is bound to the batch", async () => {
      const calls = [
        { to: "+14155552671", agent_id: "agt_1" },
        { to: "+14155552672", agent_id: "agt_1" },
      ];
      const dry = await server.call("submit_batch", { calls, dry_run: true });
      expect(dry.structuredContent).toMatchObject({ dry_run: true, count: 2, batch_id: null, countries: ["US"] });
      const token = (dry.structuredContent as { confirmation_token: string }).confirmation_token;
      const other = await server.call("submit_batch", {
        calls: [...calls, { to: "+14155552673", agent_id: "agt_1" }],
        confirmation_token: token,
      });
      expect(other.isError).toBe(true);
      expect(posts()).toHaveLength(0);
      const ok = await server.call("submit_batch", { calls, confirmation_token: token });
      expect(ok.isError).toBeFalsy();
      expect(posts()).toHaveLength(1);
    });
  });

  describe("OUTBOUND_CALLS_CONFIRM=token with a client that can ask", () => {
    it("asks the person (no token needed)", async () => {
      const asked: ElicitRequest[] = [];
      const server = await start({ OUTBOUND_CALLS_CONFIRM: "token" }, { current: ACCEPT }, asked);
      const result = await server.call("create_call", CALL);
      expect(result.isError).toBeFalsy();
      expect(asked).toHaveLength(1);
      expect(posts()).toHaveLength(1);
    });
  });

  describe("OUTBOUND_CALLS_CONFIRM=never", () => {
    it("does not ask even a client that can, and dry_run still sends nothing", async () => {
      const asked: ElicitRequest[] = [];
      const server = await start({ OUTBOUND_CALLS_CONFIRM: "never" }, { current: ACCEPT }, asked);
      const dry = await server.call("create_call", { ...CALL, dry_run: true });
      expect(dry.structuredContent).toMatchObject({ dry_run: true });
      expect(posts()).toHaveLength(0);
      const result = await server.call("create_call", CALL);
      expect(result.structuredContent).toMatchObject({ confirmed_by: "unattended" });
      expect(asked).toHaveLength(0);
      expect(posts()).toHaveLength(1);
    });
  });
});
