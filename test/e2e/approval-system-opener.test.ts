/**
 * Without BROWSER, the approval page is opened by the operating system's opener (the `open` library: xdg-open
 * on Linux). docs/approval.md promises that the server's own OUTBOUND_CALLS_* variables, the API key among them,
 * are not passed to the browser, whichever way it is opened. A stand-in `xdg-open` first on PATH records the
 * environment it was started with; the built server runs over stdio with a display set and no BROWSER.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "../helpers/server-process.js";
import { CANARY_KEY } from "../helpers/leak-registry.js";
import { envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";

const fx = useSafetyFixture();
const HTTP_TOKEN = "http-token-0123456789abcdef0123456789";

async function waitFor(path: string): Promise<void> {
  for (let i = 0; i < 100 && !existsSync(path); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("the system opener (no BROWSER)", () => {
  it("is started without the server's OUTBOUND_CALLS_* variables, so the key never reaches the browser's environment", async () => {
    const dir = tempDir("opener");
    const dump = join(dir, "env.txt");
    // It records its environment, its arguments and its command line as the kernel shows it to every account.
    writeFileSync(
      join(dir, "xdg-open"),
      `#!/bin/sh\nprintf '%s\\n' "$@" > "${dump}.args"\ntr '\\0' ' ' < /proc/$$/cmdline > "${dump}.cmdline"\nenv > "${dump}.tmp" && mv "${dump}.tmp" "${dump}"\n`,
      { mode: 0o755 },
    );
    const server = await startServer({
      env: envFor(fx.upstream, {
        ...GUARDS_OFF,
        OUTBOUND_CALLS_CONFIRM: undefined,
        OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
        OUTBOUND_CALLS_HTTP_TOKEN: HTTP_TOKEN,
        PATH: `${dir}:${process.env.PATH ?? ""}`,
        DISPLAY: ":99",
      }),
    });
    fx.servers.push(server);
    const result = await server.call("create_call", { to: "+14155552671", agent_id: "agt_1" });
    expect(result.isError).toBe(true);
    await waitFor(dump);
    const env = readFileSync(dump, "utf8");
    // The opener ran, with the link.
    expect(env).toContain("DISPLAY=:99");
    expect(env).not.toMatch(/^OUTBOUND_CALLS_/m);
    expect(env).not.toContain(CANARY_KEY);
    expect(env).not.toContain(HTTP_TOKEN);
    // No approval secret on its command line or in its environment (issue 23, item 1): it was given a file only this
    // account can read, which holds the link.
    const link = /\/a\/[A-Za-z0-9_-]{22}\/[A-Za-z0-9_-]{43}/;
    const args = readFileSync(`${dump}.args`, "utf8").trim();
    for (const seen of [args, readFileSync(`${dump}.cmdline`, "utf8"), env]) expect(seen).not.toMatch(link);
    expect(statSync(args).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(args)).mode & 0o777).toBe(0o700);
    expect(readFileSync(args, "utf8")).toMatch(link);
    expect(posts(fx.upstream)).toHaveLength(0);
  });
});
