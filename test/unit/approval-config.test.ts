/**
 * The approvers' credential at start (distinct from the client token and the
 * key, in any case and either way round), and the browser opener: BROWSER run
 * without a shell and without the server's variables, none where nothing can show
 * a page.
 */
import { describe, expect, it } from "vitest";
import { loadHttpConfig } from "../../src/http/config.js";
import { browserEnv, browserOpener } from "../../src/approval/opener.js";

const loopback = { host: "127.0.0.1", port: 0 };
const KEY = "sk_live_abcdefghijklmnopqrstuvwxyz012345";
const CLIENT = "c7f1e2d9a04b58e3f6a9d2c1b0e4f7a8d3c6b9e2";
const APPROVER = "a91f3c5e7b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a";
const load = (env: Record<string, string>) =>
  loadHttpConfig(env, loopback, { apiKeys: [KEY], timeoutMs: 15_000, approvalWaitMs: 50_000 });

describe("OUTBOUND_CALLS_APPROVER_TOKEN", () => {
  it("is read when distinct, and the shutdown waits for a person's decision too", () => {
    const c = load({ OUTBOUND_CALLS_HTTP_TOKEN: CLIENT, OUTBOUND_CALLS_APPROVER_TOKEN: ` ${APPROVER} ` });
    expect(c.approverToken).toBe(APPROVER);
    expect(c.shutdownGraceMs).toBe(50_000 + 15_000 + 2_000);
    expect(load({}).approverToken).toBeUndefined();
  });

  it.each([
    ["the client token", CLIENT, "must differ from OUTBOUND_CALLS_HTTP_TOKEN"],
    ["the client token upper-cased", CLIENT.toUpperCase(), "must differ from OUTBOUND_CALLS_HTTP_TOKEN"],
    ["a token containing the client token", `x${CLIENT}x`, "must differ from OUTBOUND_CALLS_HTTP_TOKEN"],
    ["a part of the client token", CLIENT.slice(2).toUpperCase(), "must differ from OUTBOUND_CALLS_HTTP_TOKEN"],
    ["the key", KEY, "must not be (or contain) the API key"],
    ["the key upper-cased inside", `AA${KEY.toUpperCase()}`, "must not be (or contain) the API key"],
    ["too short", "abc", "must be 32 to 512 characters"],
    ["with a space", `${APPROVER} x`, "must be 32 to 512 characters"],
  ])("refuses %s, naming the variable and never the value", (_label, token, said) => {
    let message = "";
    try {
      load({ OUTBOUND_CALLS_HTTP_TOKEN: CLIENT, OUTBOUND_CALLS_APPROVER_TOKEN: token });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("OUTBOUND_CALLS_APPROVER_TOKEN");
    expect(message).toContain(said);
    expect(message).not.toContain(token.trim());
  });
});

describe("the browser opener", () => {
  it("never passes the server's own variables (the key among them) to the browser", () => {
    const env = browserEnv({
      PATH: "/bin",
      HOME: "/h",
      OUTBOUND_CALLS_API_KEY: KEY,
      OUTBOUND_CALLS_APPROVER_TOKEN: APPROVER,
      DISPLAY: ":0",
    });
    expect(env).toEqual({ PATH: "/bin", HOME: "/h", DISPLAY: ":0" });
  });

  it.each([
    [{ BROWSER: "none" }, "linux", "BROWSER=none"],
    [
      {},
      "linux",
      "no BROWSER is set and there is no display to open a browser on; a client that starts this server over stdio passes BROWSER and DISPLAY only if its server entry's env names them",
    ],
    [{ DISPLAY: ":0" }, "linux", undefined],
    [{ WAYLAND_DISPLAY: "wayland-0" }, "linux", undefined],
    [{ WSL_DISTRO_NAME: "Ubuntu" }, "linux", undefined],
    [{}, "darwin", undefined],
    [{}, "win32", undefined],
    [{ BROWSER: "/usr/bin/firefox" }, "linux", undefined],
  ] as const)("%j on %s: %s", (env, platform, why) => {
    expect(browserOpener(env, platform).unavailable()).toBe(why);
  });

  it("a BROWSER that cannot start is an error naming it, not a hang", async () => {
    await expect(
      browserOpener({ BROWSER: "/nonexistent/browser" }, "linux").open("http://127.0.0.1:1/a/x/y"),
    ).rejects.toThrow("BROWSER (/nonexistent/browser) could not be started: ENOENT");
  });
});
