/**
 * The request side of the approval pages: reading a small urlencoded form, and
 * the checks every state-changing post passes besides its secret or CSRF token
 * (Host and Origin as for /mcp, and the browser's own Sec-Fetch-Site).
 */
import type { IncomingMessage } from "node:http";
import { readBody } from "../../web/body.js";
import type { HostCheck } from "../../web/host-check.js";

/** A decision or a login is a few short fields. */
const MAX_FORM_BYTES = 8 * 1024;

/** The form's fields, or undefined when the body is not a small urlencoded form. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return undefined;
  const body = await readBody(req, MAX_FORM_BYTES);
  return body.tooLarge || body.busy ? undefined : new URLSearchParams(body.text);
}

/**
 * Why a request may not reach the pages (undefined: it may). Host must be a name this server is reached by
 * (DNS rebinding), a present Origin one of ours, and a post must not come from another site
 * (Sec-Fetch-Site, sent by every current browser). A request with neither (not a browser) still needs the
 * link's secret or the session's CSRF token.
 */
export function refusedRequest(req: IncomingMessage, hostCheck: HostCheck): string | undefined {
  // Our pages send no referrer, and so browsers post their forms with "Origin: null": that says nothing about
  // where the post came from, and Sec-Fetch-Site (below) must then vouch for it.
  const origin = req.headers.origin === "null" ? undefined : req.headers.origin;
  const refused = hostCheck(req.headers.host, origin);
  if (refused) return refused;
  if (req.method === "POST") {
    const site = req.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin") return "a form may be posted only from this server's own pages";
    if (req.headers.origin === "null" && site === undefined)
      return "a form may be posted only from this server's own pages";
  }
  return undefined;
}

/** `?page=N` of a batch's rows; 1 when absent or not a number. */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get("page"));
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
