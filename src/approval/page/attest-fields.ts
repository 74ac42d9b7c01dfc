/**
 * The attestation of consent on the approval page and in the inbox (../attestation.ts): one required choice per
 * group of rows, inside the decision form, and the check of the posted answer before anything is decided (an
 * Approve without it decides nothing; a Decline needs none).
 */
import { readAttested, type Attested } from "../attestation.js";
import type { StoredView } from "../desk.js";
import { html, type Html } from "./html.js";

/** The choices inside the form, before its buttons (nothing when the view asks none). */
export function attestFields(view: StoredView): Html | string {
  const groups = view.attest ?? [];
  if (groups.length === 0) return "";
  return html`<fieldset class="attest"><legend>Prior consent the law requires</legend>${groups.map(
    (g) =>
      html`<label for="${g.field}">${g.title}</label><select id="${g.field}" name="${g.field}" required><option value="">(choose the basis you hold)</option>${g.bases.map(
        (b) => html`<option value="${b}">${b}</option>`,
      )}</select><p class="muted">${g.description}</p>`,
  )}</fieldset>`;
}

/**
 * What an Approve posted: the attestation the view asks for, every group answered with one of its bases; `missing`
 * when it asks one and the form lacks it (nothing is decided then).
 */
export function postedAttestation(
  view: StoredView,
  form: URLSearchParams,
): { ok: true; attested: Attested | undefined } | { ok: false } {
  if (!view.attest?.length) return { ok: true, attested: undefined };
  const attested = readAttested(view.attest, (field) => form.get(field) ?? undefined);
  return attested ? { ok: true, attested } : { ok: false };
}

export const ATTEST_MISSING =
  "Approve needs the basis of the prior consent you hold, chosen in the form: the law of the place called requires it for a call made by an AI voice. Go back and choose it, or decline";
