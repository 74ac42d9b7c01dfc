/**
 * The approval link never goes on a command line. A process's command line
 * (`/proc/<pid>/cmdline`) is readable by every local account, and the opener and
 * the browser would carry the link there. Instead the link is written into a
 * small page in a folder only this account can enter (0700, in
 * XDG_RUNTIME_DIR when there is one, else the temporary folder; the file 0600),
 * and the browser is given that file's path: it follows the page's redirect to
 * the link inside the browser, where no other account sees it. The file is
 * removed a minute after the approval expires (decided or expired, its secret
 * approves nothing), or when the server closes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { escapeHtml } from "./page/html.js";

export interface LaunchFile {
  /** The file to hand to the browser (a plain path; no secret in it). */
  readonly path: string;
  remove(): void;
}

const live = new Set<LaunchFile>();

/** Writes the page that forwards to `link`; removed by itself after `ttlMs`. */
export function writeLaunchFile(link: string, ttlMs: number, env: NodeJS.ProcessEnv = process.env): LaunchFile {
  const base = env.XDG_RUNTIME_DIR?.trim() || tmpdir();
  // mkdtemp makes the folder 0700: no other account can list it or open what is inside.
  const dir = mkdtempSync(join(base, "outbound-calls-approval-"));
  const path = join(dir, "approve.html");
  const href = escapeHtml(link);
  writeFileSync(
    path,
    `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
      `<meta http-equiv="refresh" content="0;url=${href}"><title>Approval</title></head>` +
      `<body><p><a href="${href}" rel="noreferrer">Open the approval page</a></p></body></html>\n`,
    { mode: 0o600, flag: "wx" },
  );
  const timer = setTimeout(() => file.remove(), ttlMs);
  timer.unref();
  const file: LaunchFile = {
    path,
    remove() {
      clearTimeout(timer);
      live.delete(file);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  live.add(file);
  return file;
}

/** Removes every launch file still there (the server is closing). */
export function removeLaunchFiles(): void {
  for (const file of [...live]) file.remove();
}

/** The link a launch file forwards to, as a browser reads it (the demo's stand-in person uses this). */
export function linkInLaunchFile(path: string): string | undefined {
  const href = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(readFileSync(path, "utf8"))?.[1];
  return href
    ?.replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
