/**
 * The real parts a test starts or reads (redis-server, chromium, openssl, tzdata's tables). `npm test` installs them
 * first (scripts/test-parts.mjs); a test run some other way that finds one missing
 * fails here with the command that installs it. Never a silent skip.
 */
import { existsSync } from "node:fs";
import { PARTS } from "../../scripts/test-parts.mjs";

/** The path of a part's binary, or an error that says how to install it. */
export function requirePart(name: "redis-server" | "chromium" | "openssl" | "tzdata"): string {
  const part = PARTS.find((p) => p.name === name);
  if (!part) throw new Error(`unknown test part ${name}`);
  if (!existsSync(part.binary)) {
    throw new Error(
      `${part.name} is not installed (${part.binary}); it is needed for ${part.why}. ` +
        `Run \`node scripts/test-parts.mjs\` as root, or: sudo apt-get update && sudo apt-get install -y ${part.pkg}`,
    );
  }
  return part.binary;
}
