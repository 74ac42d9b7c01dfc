/**
 * Opens the approval page in the person's browser, given the launch file
 * (launch-file.ts: the link itself never goes on a command line). `BROWSER` (the
 * usual convention) is a command given the file's path as its one argument, run without a
 * shell; `BROWSER=none` means no browser. Without it, the `open` library uses
 * the operating system's opener. Nothing the opener prints can reach stdout
 * (JSON-RPC): its output is ignored. The service key and the other server
 * variables are not passed to it.
 */
import { spawn } from "node:child_process";
import { text } from "../config/parsers.js";
import { declareVariables, readVariable } from "../config/variables.js";

export const browserVariable = declareVariables({
  BROWSER: {
    group: "safety",
    unset: "the system's opener",
    summary: "the command that opens the approval page (given the URL; none = no browser)",
    description:
      "The command that opens the approval page, given its link as the one argument (no shell); `none` = no browser here. Unset: the system's opener; on Linux without `DISPLAY` or `WAYLAND_DISPLAY` (and outside WSL) there is none. See [approval.md](approval.md#the-approval-page).",
    parse: text,
  },
});

export interface Opener {
  /** Why no browser can be opened here; undefined when one can be tried. */
  unavailable(): string | undefined;
  /** Starts the browser on `target` (the launch file's path); rejects when it cannot be started. */
  open(target: string): Promise<void>;
}

/** The environment of the browser command: ours without the server's own variables (the key among them). */
export function browserEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("OUTBOUND_CALLS_")));
}

function runCommand(command: string, url: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [url], { stdio: "ignore", detached: true, shell: false, env: browserEnv(env) });
    child.once("error", (error) =>
      reject(
        new Error(
          `BROWSER (${command}) could not be started: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
        ),
      ),
    );
    child.once("spawn", () => {
      // It may run as long as the browser does; the server does not wait for it.
      child.unref();
      resolve();
    });
  });
}

export function browserOpener(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Opener {
  const command = readVariable(browserVariable.BROWSER, env);
  return {
    unavailable() {
      if (command === "none") return "BROWSER=none";
      if (command) return undefined;
      // On Linux without a display (a server, a container, CI) the system opener has no browser to show.
      const display = env.DISPLAY || env.WAYLAND_DISPLAY || env.WSL_DISTRO_NAME;
      // Agent frameworks' stdio transports start the server with a small default environment: say so.
      if (platform === "linux" && !display) {
        return (
          "no BROWSER is set and there is no display to open a browser on; a client that starts this server over stdio " +
          "passes BROWSER and DISPLAY only if its server entry's env names them"
        );
      }
      return undefined;
    },
    async open(url) {
      if (command) return runCommand(command, url, env);
      // Loaded only when a page must be opened: not part of the server's start-up.
      const { default: open } = await import("open");
      await open(url);
    },
  };
}
