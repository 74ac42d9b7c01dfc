/**
 * A person's yes on the server's own approval page. Over stdio the page is served on
 * 127.0.0.1 and opened in the person's browser (BROWSER, or the system's
 * opener); over --http it waits in the approvers' inbox. Either way the model is
 * told only that a person is being asked, and where, never the link.
 */
import type { ApprovalCallContext, ApprovalChannel, ApprovalRequest, ApprovalVerdict } from "./channel.js";
import type { ApprovalDesk } from "./desk.js";
import { writeLaunchFile, type LaunchFile } from "./launch-file.js";
import type { Opener } from "./opener.js";
import type { LocalPageServer } from "./page/local-server.js";
import { awaitDecision } from "./settle.js";

export const IN_BROWSER = "on the approval page opened in the browser";
export const IN_INBOX = "in the approvers' inbox";

/** How long a launch file outlives its approval: a browser that starts late then shows "expired", not "no such file". */
const LAUNCH_FILE_GRACE_MS = 60_000;

/** Over stdio: open the page in the browser, then wait. */
export function browserPageChannel(
  desk: ApprovalDesk,
  page: LocalPageServer,
  opener: Opener,
  log: (line: string) => void,
): ApprovalChannel {
  return {
    async ask(request: ApprovalRequest, ctx: ApprovalCallContext): Promise<ApprovalVerdict> {
      const { record, secret } = await desk.open(request, "page", ctx.client);
      const link = await page.link(record.id, secret);
      // The browser gets a file only this account can read, never the link itself (launch-file.ts).
      let launch: LaunchFile | undefined;
      try {
        launch = writeLaunchFile(link, desk.ttlMs + LAUNCH_FILE_GRACE_MS);
        await opener.open(launch.path);
      } catch (error) {
        launch?.remove();
        // Nobody can see it: close it so it cannot be approved later, and say so (without the link).
        await desk.decide(record.id, "declined", "nobody (the browser could not be opened)");
        const why = (error instanceof Error ? error.message : String(error))
          .split(link)
          .join("[link]")
          .split(secret)
          .join("[secret]");
        log(`outbound-calls-mcp: the approval page could not be opened: ${why}`);
        return { kind: "unavailable", why: `the approval page could not be opened in a browser (${why})` };
      }
      log(`outbound-calls-mcp: approval ${record.id} opened in the browser; waiting for a decision`);
      // The launch file stays until a while after the approval expires (launch-file.ts): a browser that starts
      // slowly still finds it, and once decided or expired its secret approves nothing.
      return awaitDecision(desk, record.id, "page", ctx, IN_BROWSER);
    },
  };
}

/** Over --http: the approval waits in the inbox of the approvers. */
export function inboxPageChannel(desk: ApprovalDesk, log: (line: string) => void): ApprovalChannel {
  return {
    async ask(request: ApprovalRequest, ctx: ApprovalCallContext): Promise<ApprovalVerdict> {
      const { record } = await desk.open(request, "page", ctx.client);
      log(`outbound-calls-mcp: approval ${record.id} waits in the approvers' inbox`);
      return awaitDecision(desk, record.id, "page", ctx, IN_INBOX);
    },
  };
}
