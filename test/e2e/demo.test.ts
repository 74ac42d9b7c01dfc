/** `npm run demo` is the README's first command: it must run through and exit 0. */
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { ENTRY, ROOT } from "../helpers/server-process.js";

it("the demo walks through every step against the sandbox and exits 0", () => {
  // Killed (and so failed) if it has not ended after 30 s: a hang, not a figure (its speed is not asserted).
  const run = spawnSync(process.execPath, [ENTRY.replace(/index\.js$/, "demo.js")], {
    cwd: ROOT,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const out = run.stdout;
  // It says what it stages (speed, wallet) instead of claiming defaults.
  expect(out).toContain(
    "Staged for the demo: calls run 40x faster than real (--sandbox-speed 40); the wallet holds 125 cents",
  );
  for (const step of [
    "Which agents can place calls?",
    'approval page opened in the browser: "Approve this phone call?" (consent: no record) → the person clicks Approve',
    "Call placed:",
    "A person approved it.",
    'approval page opened in the browser: "Approve these 3 phone calls?" → the person attests prior consent (prior_express_written_consent) and clicks Approve',
    "status: completed",
    'source="transcript"',
    "List today's completed calls",
    "Refused (opted_out): +1 305 555 0107 asked not to be called again on call",
    "no me vuelva a llamar",
    '"Approve this phone call?" (consent: prior_express_written_consent (source web-form-2026-03, obtained 2026-03-02)) → the person clicks Approve',
    "Refused by the law of the place called (OUTBOUND_CALLS_CALL_PURPOSE=telemarketing)",
    "rule ca_crtc_hours, Canada",
    "<https://crtc.gc.ca/eng/phone/telemarketing/tobligations/rules-regles.htm>",
    "Batch refused: 1 of 3 rows failed validation, so nothing was sent",
    "Batch accepted: 3 calls",
    "wallet cannot pay",
  ]) {
    expect(out, step).toContain(step);
  }
}, 40_000);
