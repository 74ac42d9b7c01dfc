/**
 * The few lines of browser code a passkey needs, written here rather than
 * loaded (the pages load nothing from anywhere): navigator.credentials.get or
 * .create with the options the server put in the page as JSON, and the answer
 * encoded back to JSON into a hidden field of the form. The script is allowed
 * by its hash in the page's Content-Security-Policy, and nothing else is.
 */
import { createHash } from "node:crypto";
import { contentSecurityPolicy, html, Html } from "../page/html.js";

const SCRIPT = `(() => {
  const data = JSON.parse(document.getElementById("passkey-options").textContent);
  const form = document.getElementById("passkey-answer").form;
  const status = document.getElementById("passkey-status");
  const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
  const text = (b) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const ids = (list) => (list || []).map((c) => ({ ...c, id: bytes(c.id) }));
  async function get(o) {
    const c = await navigator.credentials.get({ publicKey: { challenge: bytes(o.challenge), allowCredentials: ids(o.allowCredentials), userVerification: o.userVerification, timeout: o.timeout } });
    const r = c.response;
    return { id: c.id, rawId: text(c.rawId), type: c.type, clientExtensionResults: c.getClientExtensionResults(), authenticatorAttachment: c.authenticatorAttachment || undefined,
      response: { clientDataJSON: text(r.clientDataJSON), authenticatorData: text(r.authenticatorData), signature: text(r.signature), userHandle: r.userHandle ? text(r.userHandle) : undefined } };
  }
  async function create(o) {
    const c = await navigator.credentials.create({ publicKey: { ...o, challenge: bytes(o.challenge), user: { ...o.user, id: bytes(o.user.id) }, excludeCredentials: ids(o.excludeCredentials) } });
    const r = c.response;
    return { id: c.id, rawId: text(c.rawId), type: c.type, clientExtensionResults: c.getClientExtensionResults(), authenticatorAttachment: c.authenticatorAttachment || undefined,
      response: { clientDataJSON: text(r.clientDataJSON), attestationObject: text(r.attestationObject), transports: r.getTransports ? r.getTransports() : [] } };
  }
  const field = (name, value) => { const i = document.createElement("input"); i.type = "hidden"; i.name = name; i.value = value; form.append(i); };
  form.addEventListener("submit", async (event) => {
    const button = event.submitter;
    if (!button || button.value !== data.button) return;
    event.preventDefault();
    status.textContent = "Waiting for your passkey…";
    try {
      if (data.get) document.getElementById("passkey-answer").value = JSON.stringify(await get(data.get));
      if (data.create) field("created", JSON.stringify(await create(data.create)));
      if (data.fragment) field(data.fragment, location.hash.slice(1));
      field(button.name, button.value);
      form.submit();
    } catch (error) {
      status.textContent = "The passkey check did not complete (" + (error && error.name ? error.name : "error") + "). Nothing was decided; try again.";
    }
  });
})();`;

let headers: Readonly<Record<string, string>> | undefined;

/**
 * The page's policy with this one script allowed by its hash (and still nothing loaded from anywhere), on first use.
 * Every page gets the same object: frozen, so a header one response adds cannot reach the next.
 */
export function passkeyPageHeaders(): Readonly<Record<string, string>> {
  return (headers ??= Object.freeze({
    "content-security-policy": `${contentSecurityPolicy()}; script-src 'sha256-${createHash("sha256").update(SCRIPT, "utf8").digest("base64")}'`,
  }));
}

export interface PasskeyPrompt {
  /** The value of the submit button that needs the passkey ("approve", "enroll"). */
  button: string;
  /** Options for navigator.credentials.get: an assertion goes into the field `passkey`. */
  get?: Record<string, unknown>;
  /** Options for navigator.credentials.create: the new credential goes into the field `created`. */
  create?: Record<string, unknown>;
  /** The link's fragment (never sent by the browser on its own) is posted in this field. */
  fragment?: string;
}

/** The fields and script to put inside the form whose button needs the passkey. */
export function passkeyFields(prompt: PasskeyPrompt): Html {
  // JSON inside <script> must not close it: < is written as its escape.
  const json = JSON.stringify(prompt).replace(/</g, "\\u003c");
  return html`<input type="hidden" name="passkey" id="passkey-answer" value=""><p id="passkey-status" class="muted" role="status" aria-live="polite"></p><script type="application/json" id="passkey-options">${new Html(json)}</script><script>${new Html(SCRIPT)}</script>`;
}
