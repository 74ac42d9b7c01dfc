/**
 * Server-rendered HTML for the approval pages: a tagged template that escapes
 * every value (only fragments built by `html` itself pass unescaped), one
 * stylesheet inlined and allowed by its hash, and the headers that keep the
 * page to itself: no script, no external asset, no framing, no referrer.
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";

/** A fragment already escaped. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function render(value: Value): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new Html(out);
}

const CSS = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#fff;--card:#f6f8fa;--line:#d0d7de;--ok:#1a7f37;--no:#cf222e;--focus:#0969da}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--card:#161b22;--line:#30363d;--ok:#2ea043;--no:#f85149;--focus:#4493f8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header.top{display:flex;justify-content:space-between;align-items:center;gap:1rem;color:var(--muted);font-size:.875rem;margin-bottom:1rem}
h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 .5rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
p.lead{margin:0 0 1rem;color:var(--muted)}
.card{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
dl.fields{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1.25rem;margin:0}
dl.fields dt{color:var(--muted)}
dl.fields dd{margin:0;overflow-wrap:anywhere}
dl.fields table{width:auto}
dl.fields th{padding-left:0;padding-right:1.5rem}
.big{font-size:1.35rem;font-weight:600;font-variant-numeric:tabular-nums}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:break-word}
table{border-collapse:collapse;width:100%;font-size:.925rem}
th,td{text-align:left;vertical-align:top;padding:.4rem .5rem;border-bottom:1px solid var(--line);overflow-wrap:break-word}
.nowrap{white-space:nowrap}
table.rows td:first-child{color:var(--muted);font-variant-numeric:tabular-nums}
th{color:var(--muted);font-weight:600}
.scroll{overflow-x:auto}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin:1.25rem 0 .5rem}
button,.button{font:inherit;font-weight:600;padding:.65rem 1.5rem;border-radius:.4rem;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer;text-decoration:none}
button.approve{background:var(--ok);border-color:var(--ok);color:#fff}
button.decline{border-color:var(--no);color:var(--no)}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
a{color:var(--focus)}
.status{font-weight:600}
.status.approved,.status.used{color:var(--ok)}
.status.declined,.status.expired,.status.invalid{color:var(--no)}
nav.pages{display:flex;gap:1rem;align-items:center;margin:.75rem 0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
fieldset.attest{flex-basis:100%;border:1px solid var(--line);border-radius:.4rem;margin:0 0 .5rem}
select{font:inherit;padding:.4rem;border:1px solid var(--line);border-radius:.4rem;background:var(--bg);color:var(--fg)}
input[type=text],input[type=password]{font:inherit;width:100%;max-width:28rem;padding:.5rem;border:1px solid var(--line);border-radius:.4rem;background:var(--bg);color:var(--fg)}
.muted{color:var(--muted)}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

let policy: string | undefined;

/**
 * No script at all; the one stylesheet by hash; forms post only to this server; never framed. Hashed on first use:
 * at import it would load node:crypto at every start, pages or not (docs/performance.md, "Start-up, fourth round").
 */
export function contentSecurityPolicy(): string {
  return (policy ??= [
    "default-src 'none'",
    `style-src 'sha256-${createHash("sha256").update(CSS, "utf8").digest("base64")}'`,
    "img-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; "));
}

export function document(title: string, body: Html, refreshSeconds?: number): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${refreshSeconds ? html`<meta http-equiv="refresh" content="${refreshSeconds}">` : ""}
<title>${title}</title>
<style>${new Html(CSS)}</style>
</head>
<body><main>${body}</main></body>
</html>`.text;
}

export function securityHeaders(): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(),
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": "no-store",
  };
}

/** Writes a whole HTML page with the security headers. */
export function sendPage(
  res: ServerResponse,
  status: number,
  title: string,
  body: Html,
  headers: Record<string, string | string[]> = {},
  refreshSeconds?: number,
): void {
  const text = document(title, body, refreshSeconds);
  res.writeHead(status, {
    ...securityHeaders(),
    "content-type": "text/html; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** 303 See Other: after a form post, the browser loads the page again with GET. */
export function redirect(res: ServerResponse, location: string, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(303, { ...securityHeaders(), location, "content-length": "0", ...headers });
  res.end();
}
