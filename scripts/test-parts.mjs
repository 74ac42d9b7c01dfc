#!/usr/bin/env node
/**
 * The real parts the tests start or read, made present before vitest runs:
 * Debian's `redis-server` (shared guard state), `chromium` (the approval page,
 * driven by playwright-core), `openssl` and `tzdata` (the tz tables). Where one
 * is missing and this runs as root with apt-get, it is installed (`apt-get
 * update` first); otherwise the run stops here with the command that installs
 * it. Tests never skip for a missing part.
 *
 *   node scripts/test-parts.mjs           ensure every part (what `npm test` runs)
 *   node scripts/test-parts.mjs --check   only report; exit 1 if one is missing
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** What each part is, how to find it, and the Debian package that brings it. */
export const PARTS = [
  {
    name: "redis-server",
    binary: "/usr/bin/redis-server",
    pkg: "redis-server",
    why: "shared guard state across replicas (OUTBOUND_CALLS_REDIS_URL)",
  },
  {
    name: "chromium",
    binary: "/usr/bin/chromium",
    pkg: "chromium",
    why: "the approval page, tested in a real browser",
  },
  {
    name: "openssl",
    binary: "/usr/bin/openssl",
    pkg: "openssl",
    why: "a test certificate for Redis over TLS (rediss://)",
  },
  {
    name: "tzdata",
    binary: "/usr/share/zoneinfo/zone1970.tab",
    pkg: "tzdata",
    why: "the IANA time-zone data's own words on where each zone applies (zone1970.tab, zone.tab), which the area-code table is held to",
  },
];

const missing = () => PARTS.filter((p) => !existsSync(p.binary));

function say(line) {
  process.stderr.write(`test-parts: ${line}\n`);
}

function installCommand(parts) {
  return `apt-get update && apt-get install -y --no-install-recommends ${parts.map((p) => p.pkg).join(" ")}`;
}

function canInstall() {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  return root && spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
}

const checkOnly = process.argv.includes("--check");
let absent = missing();
if (absent.length > 0 && !checkOnly && canInstall()) {
  say(`installing ${absent.map((p) => p.pkg).join(", ")} from Debian (${absent.map((p) => p.why).join("; ")})`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("sh", ["-c", `${installCommand(absent)} >/dev/null`], { stdio: ["ignore", "ignore", "inherit"], env });
  absent = missing();
}
if (absent.length > 0) {
  for (const p of absent) say(`missing: ${p.name} (${p.binary}) — needed for ${p.why}`);
  say(`install with: sudo sh -c '${installCommand(absent)}'`);
  process.exit(1);
}
