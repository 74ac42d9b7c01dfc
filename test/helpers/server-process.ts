/**
 * Starts the built server (dist/index.js) as a child process driven by the SDK's
 * Client over stdio. Every process started here is remembered, so the suite can
 * check at the end that none printed the canary key or anything but JSON-RPC.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { RecordingStdioTransport } from "./recording-transport.js";
import { started } from "./leak-registry.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const ENTRY = fileURLToPath(new URL("../../dist/index.js", import.meta.url));
export { CANARY_KEY, started } from "./leak-registry.js";

/**
 * For files about requests and answers, not about the guards: the clock- and
 * count-dependent guards (tested in test/in-process/safety/) would otherwise refuse
 * dials depending on the hour the suite runs.
 */
export const GUARDS_OFF_FOR_SHAPE_TESTS = {
  OUTBOUND_CALLS_CALLING_HOURS: "off",
  OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "off",
  // A second dial to a number within the window is refused (test/in-process/safety/dedupe.test.ts); shape tests dial
  // the same few numbers on purpose.
  OUTBOUND_CALLS_DEDUPE_WINDOW_S: "0",
  OUTBOUND_CALLS_CONFIRM: "never",
  // The law of the place called depends on the hour and day too (test/unit/compliance/, test/e2e/law-of-the-place.test.ts):
  // informational calls, under the official rules only, meet none (see WITH_DEFAULT_PURPOSE below).
  OUTBOUND_CALLS_CALL_PURPOSE: "informational",
  OUTBOUND_CALLS_RULES_PROVENANCE: "official",
  // And on the place: an unattended dial to a US number needs a consent record (test/e2e/consent-law*.test.ts).
  OUTBOUND_CALLS_REQUIRE_CONSENT: "false",
} as const;

/**
 * For fault and fuzz files, which dial many times on purpose: also no hourly cap
 * (an unknown outcome is counted).
 */
export const GUARDS_OFF_FOR_FAULT_TESTS = {
  ...GUARDS_OFF_FOR_SHAPE_TESTS,
  OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "off",
} as const;

export interface StartedServer {
  client: Client;
  transport: RecordingStdioTransport;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  args?: string[];
  /** Client capabilities, e.g. { elicitation: {} }. */
  capabilities?: ConstructorParameters<typeof Client>[1] extends infer O
    ? O extends { capabilities?: infer C }
      ? C
      : never
    : never;
}

/**
 * Environment for the server: nothing inherited but PATH, so tests see exactly what they set. Dials are
 * unattended (OUTBOUND_CALLS_CONFIRM=never) unless the test names OUTBOUND_CALLS_CONFIRM itself: files about
 * requests and answers have nobody to approve them; the approval tests (test/e2e/approval-*) set their mode,
 * and `OUTBOUND_CALLS_CONFIRM: undefined` gives the default (a person approves). Under `npm run coverage`
 * (scripts/coverage.mjs) also NODE_V8_COVERAGE, so spawned servers are measured too.
 */
export function serverEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "" };
  if (process.env.TEST_CHILD_COVERAGE) env.NODE_V8_COVERAGE = process.env.TEST_CHILD_COVERAGE;
  for (const [k, v] of Object.entries(unlessNamed(extra))) if (v !== undefined) env[k] = v;
  return env;
}

/**
 * What a test server gets unless the test names the variable (`undefined`: the server's own default): dials are
 * unattended, and the calls informational, since the law of the place called depends on the hour and day
 * (us_fcc_hours: 08:00-21:00 where the number rings) and a test that does not name the purpose is about something
 * else; and no consent check, since the law requires consent to every US number for a call by an AI voice
 * (test/e2e/consent-law*.test.ts name it). serverEnv and test/helpers/in-process.ts's inProcessConfig both start from it.
 */
const UNLESS_NAMED = {
  OUTBOUND_CALLS_CONFIRM: "never",
  OUTBOUND_CALLS_CALL_PURPOSE: "informational",
  OUTBOUND_CALLS_REQUIRE_CONSENT: "false",
} as const;

/**
 * Each server keeps its own opt-out journal (OUTBOUND_CALLS_OPT_OUT_JOURNAL), as each replica on its own host would:
 * by default it is in the user's state folder, which every server a test starts would share (one test's opt-outs
 * written back into another's). A test about the journal names it (`undefined`: the server's default path).
 */
let journals = 0;
const JOURNALS = join(tmpdir(), `ocm-journals-${process.pid}-${Date.now()}`);
const freshJournal = () => join(JOURNALS, `opt-outs-${++journals}.jsonl`);

/**
 * Some rules bind informational calls too (device calls' hours in California, Kentucky, …), each read in no official
 * text: with the purpose left to the helper, only official rules apply, so none does and the hour does not matter
 * (test/unit/compliance/law-test-defaults.test.ts holds that no official rule covers informational calls).
 */
const WITH_DEFAULT_PURPOSE = { OUTBOUND_CALLS_RULES_PROVENANCE: "official" } as const;

export function unlessNamed(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const defaults = Object.entries({
    ...UNLESS_NAMED,
    ...("OUTBOUND_CALLS_CALL_PURPOSE" in env ? {} : WITH_DEFAULT_PURPOSE),
  }).filter(([name]) => !(name in env));
  const journal = "OUTBOUND_CALLS_OPT_OUT_JOURNAL" in env ? {} : { OUTBOUND_CALLS_OPT_OUT_JOURNAL: freshJournal() };
  return { ...Object.fromEntries(defaults), ...journal, ...env };
}

export async function startServer(options: StartOptions = {}): Promise<StartedServer> {
  const transport = new RecordingStdioTransport({
    args: [ENTRY, ...(options.args ?? [])],
    env: serverEnv(options.env),
  });
  started.push(transport);
  const client = new Client({ name: "e2e-test", version: "1.0.0" }, { capabilities: options.capabilities ?? {} });
  await client.connect(transport);
  return {
    client,
    transport,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close().catch(() => undefined);
      await transport.close();
    },
  };
}

/** The text of a tool answer. */
export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}
