/**
 * doctor's line on passkeys (OUTBOUND_CALLS_APPROVAL_PASSKEY): the setting, how
 * many passkeys are enrolled and for which relying party, and what would stop
 * an approval: none enrolled while they are required, none for the public
 * URL's host (the inbox could not use them), a set without this server's seal,
 * or a rollback (an older sealed set put back: now, or noticed before by a
 * replica of this machine). Reads only: nothing is written back.
 */
import { existsSync } from "node:fs";
import type { Config } from "../config/env.js";
import { createPasskeyGate } from "../approval/passkeys/index.js";
import type { RegistryStatus } from "../approval/passkeys/registry.js";
import { openGuardStore } from "../guards/store/open.js";

type Check = (mark: "ok" | "FAIL" | "warn" | "skip", label: string, detail: string, fix?: string) => void;

const LABEL = "passkeys";
const ENROLL = "outbound-calls-mcp passkeys enroll --name <person>";

export async function checkPasskeys(config: Config, check: Check): Promise<void> {
  const { required, publicParty } = config.passkeys;
  const setting = required ? "required" : "off";
  // Off and nothing enrolled here: nothing to say (and no second connection to Redis for it).
  if (!required && (config.redis !== undefined || !existsSync(config.passkeys.file))) return;
  let status: RegistryStatus;
  const store = await openGuardStore(config, () => undefined, true);
  try {
    const gate = createPasskeyGate({
      store,
      file: config.passkeys.file,
      apiKey: config.apiKey,
      now: Date.now,
      log: () => undefined,
    });
    status = await gate.registry.status();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    check(
      required ? "FAIL" : "warn",
      LABEL,
      `${setting}; the enrolled passkeys cannot be read (${why})${required ? ": every dial would be refused" : ""}`,
    );
    return;
  } finally {
    await store.close().catch(() => undefined);
  }
  const passkeys = status.set.passkeys;
  const byParty = new Map<string, number>();
  for (const p of passkeys) byParty.set(p.rpId, (byParty.get(p.rpId) ?? 0) + 1);
  const parties = [...byParty].map(([rpId, n]) => `${n} for ${rpId}`).join(", ");
  const enrolled = passkeys.length === 0 ? "none enrolled" : `${passkeys.length} enrolled (${parties})`;
  const where = status.where;
  if (required && passkeys.length === 0) {
    check(
      "warn",
      LABEL,
      `required, and ${enrolled} in ${where}: every dial is refused`,
      `the approver runs \`${ENROLL}\` with this server's variables`,
    );
  } else {
    check(
      "ok",
      LABEL,
      `${setting}; ${enrolled} in ${where}${passkeys.length > 0 ? `, set generation ${status.set.generation}` : ""}`,
    );
  }
  if (publicParty && "problem" in publicParty) {
    check(
      "warn",
      LABEL,
      `the hosted inbox cannot use passkeys: ${publicParty.problem}`,
      "set OUTBOUND_CALLS_PUBLIC_URL to the https:// address with the host name approvers open",
    );
  } else if (publicParty && passkeys.length > 0 && !byParty.has(publicParty.rpId)) {
    check(
      required ? "warn" : "ok",
      LABEL,
      `none is for ${publicParty.rpId}, the host of OUTBOUND_CALLS_PUBLIC_URL: a passkey works only on the host it was made for, so Approve in the inbox at ${publicParty.origin} cannot use them`,
      `\`${ENROLL}\` prints a one-time link to the inbox's own enrollment page`,
    );
  }
  if (status.forged) {
    check(
      "warn",
      LABEL,
      `${where} holds a passkey set without this server's seal (written by something else, or under another API key): it approves nothing`,
      "check who can write to Redis or the passkey file",
    );
  }
  if (status.rolledBack) {
    const found = status.rolledBack.found === null ? "no genuine set" : `generation ${status.rolledBack.found}`;
    check(
      "warn",
      LABEL,
      `ROLLBACK: ${where} holds ${found}, older than generation ${status.rolledBack.newest} seen on this machine; the servers refuse it and write the newest back`,
      "check who can write to Redis or the passkey file",
    );
  }
  const last = status.lastRollback;
  if (last) {
    const found = last.found === null ? "no genuine set" : `generation ${last.found}`;
    check(
      "warn",
      LABEL,
      `a rollback was noticed at ${new Date(last.at).toISOString()} (process ${last.pid}): ${found} where generation ${last.newest} was expected; refused`,
      "find out who wrote to Redis or the passkey file",
    );
  }
}
