/**
 * The approval card: one HTML document of the MCP Apps HTML profile, with its
 * style and script inline. It loads nothing: its own Content-Security-Policy
 * allows exactly its one style sheet and its one script (by hash) and no
 * connection, frame, form, image or font; the host's sandbox adds its own.
 */
import { createHash } from "node:crypto";
import { CARD_SCRIPT } from "./card-script.js";
import { CARD_STYLE } from "./card-style.js";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

let built: string | undefined;

/** The card's HTML, built once per process. */
export function cardHtml(): string {
  built ??= [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src ${hash(CARD_SCRIPT)}; style-src ${hash(CARD_STYLE)}; img-src 'none'; font-src 'none'; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Approve a phone call</title>",
    `<style>${CARD_STYLE}</style>`,
    '</head><body><main id="card" aria-live="polite"><p class="muted">Waiting for the call to approve…</p></main>',
    `<script>${CARD_SCRIPT}</script>`,
    "</body></html>",
  ].join("\n");
  return built;
}
