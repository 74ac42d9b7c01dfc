/**
 * `outbound-calls-mcp passkeys enroll --name <person> | list | remove <name or id>`:
 * the passkeys that OUTBOUND_CALLS_APPROVAL_PASSKEY=required asks for on Approve.
 * They are kept where the server keeps its state: in Redis when
 * OUTBOUND_CALLS_REDIS_URL is set, else in OUTBOUND_CALLS_PASSKEY_FILE; each
 * sealed with a key derived from the API key, so these commands read the same
 * variables as the server. `enroll` opens a one-time page on this computer in
 * the browser (as the approval page is opened: the link is in a file only this
 * account can read, never on a command line) and waits until the passkey is made.
 * With OUTBOUND_CALLS_PUBLIC_URL (a hosted --http server), `enroll` instead
 * records a one-time grant where the replicas read it and prints the link to
 * give the person: the --http server serves the page (hosted-enroll.ts).
 */
import { loadConfig } from "../config/env.js";
import { writeLaunchFile } from "../approval/launch-file.js";
import { browserOpener } from "../approval/opener.js";
import { openEnrollPage } from "../approval/passkeys/enroll-page.js";
import { createPasskeyGate, partyOf } from "../approval/passkeys/index.js";
import { HOSTED_ENROLL_PREFIX } from "../approval/passkeys/hosted-enroll.js";
import { PASSKEY_NAME } from "../approval/passkeys/registry.js";
import { openGuardStore } from "../guards/store/open.js";

export type PasskeyCommand =
  | { kind: "passkeys"; action: "list" }
  | { kind: "passkeys"; action: "enroll"; name: string }
  | { kind: "passkeys"; action: "remove"; which: string };

/** How long the enrollment page waits for the person. */
const ENROLL_MS = 10 * 60_000;
/** How long a hosted enrollment link stays good: long enough to reach the person, short enough to matter. */
const GRANT_MS = 24 * 60 * 60_000;

export const PASSKEYS_HELP = `outbound-calls-mcp passkeys: the passkeys Approve asks for when OUTBOUND_CALLS_APPROVAL_PASSKEY=required.

Usage:
  outbound-calls-mcp passkeys enroll --name <person>   open a one-time page in this computer's browser and make a passkey there;
                                                       with OUTBOUND_CALLS_PUBLIC_URL: print a one-time link to the --http server's page
  outbound-calls-mcp passkeys list                     the enrolled passkeys: name, when, id
  outbound-calls-mcp passkeys remove <name or id>      remove a person's passkeys (or one, by id)

It reads the server's variables: OUTBOUND_CALLS_API_KEY (the passkeys are sealed with a key derived from it),
OUTBOUND_CALLS_REDIS_URL (replicas share the passkeys there) or, without Redis, OUTBOUND_CALLS_PASSKEY_FILE, and
BROWSER for the page. When passkeys are enrolled already, the page first asks for one of them.
`;

export async function runPasskeys(
  command: PasskeyCommand,
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  log: (line: string) => void,
): Promise<number> {
  const config = loadConfig(env);
  const store = await openGuardStore(config, log);
  try {
    const publicParty = partyOf(config.passkeys);
    const gate = createPasskeyGate({
      store,
      file: config.passkeys.file,
      apiKey: config.apiKey,
      now: Date.now,
      log,
      publicParty,
    });
    const where = store.kind === "redis" ? "Redis" : config.passkeys.file;
    if (command.action === "list") {
      const passkeys = await gate.registry.list();
      if (passkeys.length === 0) out(`No passkey is enrolled (${where}).`);
      for (const p of passkeys) out(`${p.name}  ${new Date(p.createdAt).toISOString()}  for ${p.rpId}  id ${p.id}`);
      return 0;
    }
    if (command.action === "remove") {
      const byId = (await gate.registry.list()).some((p) => p.id === command.which);
      const removed = await gate.registry.remove(command.which);
      const links =
        !byId && PASSKEY_NAME.test(command.which)
          ? `; enrollment links made for ${command.which} before now no longer work`
          : "";
      out(
        removed === 0
          ? `No passkey named or with the id ${command.which}${links}.`
          : `Removed ${removed} passkey(s) of ${command.which} (${where})${links}.`,
      );
      return removed === 0 ? 1 : 0;
    }
    if (!PASSKEY_NAME.test(command.name)) {
      out("The name must be 1 to 60 letters, digits, spaces or . ' @ _ -");
      return 2;
    }
    const party = config.passkeys.publicParty;
    if (party && "problem" in party) {
      out(`No enrollment link can be made: ${party.problem}.`);
      return 1;
    }
    if (party) {
      const grant = await gate.grants.issue(command.name, GRANT_MS);
      // Printed here only: never on a command line, in an environment or a log. The fragment (after #) is
      // the secret; browsers do not send it in requests, so no proxy or access log keeps it.
      out(
        `One-time enrollment link for ${command.name} (valid until ${new Date(grant.expiresAt).toISOString()}, works once):`,
      );
      out("");
      out(`  ${party.origin}/approvals${HOSTED_ENROLL_PREFIX}${grant.ticket}#${grant.secret}`);
      out("");
      out(
        `Give it to ${command.name} only, through a channel only they read (in person, or an end-to-end encrypted message), whole.`,
      );
      out(
        `Whoever opens it first makes the passkey: check \`outbound-calls-mcp passkeys list\` when they say it is done, and remove any you do not know.`,
      );
      out(`The passkeys are kept in ${where}; this server's replicas read them there.`);
      return 0;
    }
    const opener = browserOpener(env);
    const unavailable = opener.unavailable();
    if (unavailable) {
      out(
        `No browser can be opened here (${unavailable}): run this where the person's browser is, with BROWSER set if needed.`,
      );
      return 1;
    }
    const page = await openEnrollPage(gate, command.name, ENROLL_MS, log);
    const launch = writeLaunchFile(page.link, ENROLL_MS);
    try {
      await opener.open(launch.path);
      out(`The enrollment page is open in the browser: make the passkey there (within ${ENROLL_MS / 60_000} minutes).`);
      const passkey = await page.enrolled;
      out(`Enrolled a passkey for ${passkey.name} (id ${passkey.id}, for ${passkey.rpId}) in ${where}.`);
      return 0;
    } catch (error) {
      out(`No passkey was enrolled: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    } finally {
      launch.remove();
      await page.close();
    }
  } finally {
    await store.close();
  }
}
