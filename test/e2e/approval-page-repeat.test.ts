/**
 * A second call to a number dialed within the dedupe window goes out only when the request says so
 * (repeat_dial: true), and docs/approval.md promises that what a person reads says it: "Second call: yes
 * (repeat_dial)". The client's dialog did; the approval page, which most clients get, must too. The built
 * server over stdio; BROWSER is a script that fetches the page it is given and keeps its HTML.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "../helpers/server-process.js";
import { envFor, GUARDS_OFF, posts, tempDir, useSafetyFixture } from "../helpers/guards.js";

const fx = useSafetyFixture();

async function waitFor(path: string): Promise<void> {
  for (let i = 0; i < 100 && !existsSync(path); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A BROWSER command that saves the page behind the link in the launch file it is given (src/approval/launch-file.ts). */
function fetchingBrowser(dir: string, out: string): string {
  const script = join(dir, "browser.sh");
  const link = `/url=([^"]+)"/.exec(require("fs").readFileSync(process.argv[1], "utf8"))[1].replaceAll("&amp;", "&")`;
  const js = `fetch(${link}).then((r) => r.text()).then((t) => require("fs").writeFileSync(${JSON.stringify(out)}, t))`;
  writeFileSync(script, `#!/bin/sh\nexec "${process.execPath}" -e '${js}' "$1"\n`, { mode: 0o755 });
  return script;
}

describe("the approval page of a second call", () => {
  it.each([
    ["create_call", { to: "+14155552671", agent_id: "agt_1", repeat_dial: true }],
    [
      "submit_batch",
      {
        calls: [
          { to: "+14155552671", agent_id: "agt_1" },
          { to: "+14155552672", agent_id: "agt_1" },
        ],
        repeat_dial: true,
      },
    ],
  ])("%s with repeat_dial says it is a second call; without it, it says nothing of the kind", async (tool, args) => {
    const dir = tempDir("repeat-page");
    const pages = [join(dir, "repeat.html"), join(dir, "first.html")];
    for (const [i, withRepeat] of [true, false].entries()) {
      const server = await startServer({
        env: envFor(fx.upstream, {
          ...GUARDS_OFF,
          OUTBOUND_CALLS_CONFIRM: undefined,
          OUTBOUND_CALLS_APPROVAL_WAIT_S: "1",
          BROWSER: fetchingBrowser(dir, pages[i]!),
        }),
      });
      fx.servers.push(server);
      const result = await server.call(tool, withRepeat ? args : { ...args, repeat_dial: undefined });
      expect(result.isError).toBe(true);
      await waitFor(pages[i]!);
    }
    const [repeat, first] = pages.map((p) => readFileSync(p, "utf8"));
    expect(repeat).toContain("Approve");
    expect(repeat).toMatch(/Second call/);
    expect(repeat).toContain("repeat_dial");
    expect(first).not.toMatch(/Second call/);
    expect(posts(fx.upstream)).toHaveLength(0);
  });
});
