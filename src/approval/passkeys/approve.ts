/**
 * What the approval page and the inbox add when Approve needs a passkey: the
 * prompt inside the decision form (its options carry a challenge for this one
 * approval), the check of the post, and the page that says why nothing was
 * decided. Decline needs no passkey: it never dials.
 */
import { html, type Html } from "../page/html.js";
import type { Checked, PasskeyGate } from "./gate.js";
import { passkeyPageHeaders, passkeyFields } from "./browser.js";

export { passkeyPageHeaders };

/** The passkey prompt for Approve of approval `id` (a fresh challenge each time the page is shown). */
export async function approvePrompt(gate: PasskeyGate, id: string, expiresAt: number): Promise<Html> {
  return passkeyFields({ button: "approve", get: await gate.requestOptions("approve", id, expiresAt) });
}

/** Checks the passkey answer posted with Approve of approval `id`. */
export function checkApprove(
  gate: PasskeyGate,
  form: URLSearchParams,
  id: string,
  originOk: (origin: string) => boolean,
): Promise<Checked> {
  return gate.verify(form.get("passkey"), "approve", id, originOk);
}

/** The page when an Approve's passkey did not check out. */
export function passkeyRefusedPage(why: string, banner: Html, back: string): { title: string; body: Html } {
  return {
    title: "Not approved",
    body: html`${banner}<h1><span class="status invalid">Not approved: the passkey check failed</span></h1><p class="lead">${why}. Nothing was decided and nothing was dialed.</p><p><a href="${back}">Back to the approval</a></p>`,
  };
}
