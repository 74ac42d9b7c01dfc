/**
 * doctor's passkeys line (issue 23 item 2): the setting, how many passkeys are
 * enrolled and for which relying party, a warning when they are required and
 * none is enrolled, when none is for the host of OUTBOUND_CALLS_PUBLIC_URL (or
 * that URL cannot be a relying party), and when a rollback was noticed.
 * Through Redis and a running server: test/e2e/approval-passkeys-hosted.test.ts.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PasskeyRegistry, type Passkey } from "../../src/approval/passkeys/registry.js";
import { watermarkFile } from "../../src/approval/passkeys/watermark.js";
import { FilePasskeyShelf } from "../../src/state/passkey-shelf.js";
import { deriveStateKey } from "../../src/state/state-key.js";
import { doctorInProcess } from "../helpers/doctor.js";
import { tempDir } from "../helpers/guards.js";

// doctor --sandbox runs with the embedded sandbox account's key: the passkeys are sealed under it.
const SANDBOX_KEY = "sk_test_embedded_sandbox";
const dana: Passkey = {
  id: "cred-dana",
  name: "Dana",
  publicKey: "pk",
  counter: 0,
  transports: [],
  rpId: "localhost",
  createdAt: 1_800_000_000_000,
};

function registryAt(file: string) {
  return new PasskeyRegistry({
    shelf: async () => new FilePasskeyShelf(file),
    key: deriveStateKey(SANDBOX_KEY, "passkeys"),
    watermarkFile: watermarkFile(file),
    now: Date.now,
    log: () => undefined,
  });
}

async function doctor(env: Record<string, string>): Promise<string> {
  return (await doctorInProcess(["doctor", "--sandbox"], { OUTBOUND_CALLS_CONFIRM: "person", ...env })).stdout;
}

describe("doctor on passkeys", () => {
  it("required with none enrolled: a warning with the command to run", async () => {
    const file = join(tempDir("doctor-pk"), "passkeys.json");
    const out = await doctor({ OUTBOUND_CALLS_APPROVAL_PASSKEY: "required", OUTBOUND_CALLS_PASSKEY_FILE: file });
    expect(out).toMatch(
      /^\[warn\]\s+passkeys\s+required, and none enrolled in .*passkeys\.json: every dial is refused$/m,
    );
    expect(out).toMatch(/fix: the approver runs `outbound-calls-mcp passkeys enroll --name <person>`/);
  });

  it("says how many are enrolled and for which host; warns when none is for the public URL's host", async () => {
    const file = join(tempDir("doctor-pk"), "passkeys.json");
    await registryAt(file).add(dana);
    const local = await doctor({ OUTBOUND_CALLS_APPROVAL_PASSKEY: "required", OUTBOUND_CALLS_PASSKEY_FILE: file });
    expect(local).toMatch(
      /^\[ok\]\s+passkeys\s+required; 1 enrolled \(1 for localhost\) in .*passkeys\.json, set generation \d+$/m,
    );
    const hosted = await doctor({
      OUTBOUND_CALLS_APPROVAL_PASSKEY: "required",
      OUTBOUND_CALLS_PASSKEY_FILE: file,
      OUTBOUND_CALLS_PUBLIC_URL: "https://calls.example.com",
    });
    expect(hosted).toMatch(
      /^\[warn\]\s+passkeys\s+none is for calls\.example\.com, the host of OUTBOUND_CALLS_PUBLIC_URL: .* cannot use them$/m,
    );
    const ip = await doctor({
      OUTBOUND_CALLS_APPROVAL_PASSKEY: "required",
      OUTBOUND_CALLS_PASSKEY_FILE: file,
      OUTBOUND_CALLS_PUBLIC_URL: "https://203.0.113.7",
    });
    expect(ip).toMatch(
      /^\[warn\]\s+passkeys\s+the hosted inbox cannot use passkeys: passkeys need a host name, and OUTBOUND_CALLS_PUBLIC_URL names an IP address/m,
    );
  });

  it("reports a set older than the newest seen on this machine (a rollback), without writing anything back", async () => {
    const file = join(tempDir("doctor-pk"), "passkeys.json");
    const registry = registryAt(file);
    await registry.add(dana);
    const { readFileSync, writeFileSync } = await import("node:fs");
    const old = readFileSync(file, "utf8");
    await registry.add({ ...dana, id: "cred-eve", name: "Eve" });
    await registry.remove("Eve");
    writeFileSync(file, old);
    const out = await doctor({ OUTBOUND_CALLS_APPROVAL_PASSKEY: "required", OUTBOUND_CALLS_PASSKEY_FILE: file });
    expect(out).toMatch(
      /^\[warn\]\s+passkeys\s+ROLLBACK: .*passkeys\.json holds generation \d+, older than generation \d+ seen on this machine/m,
    );
    expect(readFileSync(file, "utf8")).toBe(old);
  });

  it("says nothing when passkeys are off and none is enrolled", async () => {
    const out = await doctor({ OUTBOUND_CALLS_PASSKEY_FILE: join(tempDir("doctor-pk"), "passkeys.json") });
    expect(out).not.toMatch(/passkeys/);
  });
});
