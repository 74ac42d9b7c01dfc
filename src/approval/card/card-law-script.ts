/**
 * The approval card's part about the law of the place called, as script text the card's script includes
 * (card-script.ts): each row's law lines, and the attestation of prior consent the view asks for (one required choice
 * per group of rows, ../attestation.ts), read before an Approve is sent. Built with textContent, as the rest.
 */
export const CARD_LAW_SCRIPT = String.raw`
function lawOf(list, row) {
  if (!Array.isArray(row.law) || row.law.length === 0) return;
  const value = [];
  row.law.forEach((text, i) => { if (i > 0) value.push(el("br")); value.push(String(text)); });
  line(list, "Law of the place", ...value);
}
function attestBox(view) {
  const groups = Array.isArray(view.attest) ? view.attest : [];
  if (groups.length === 0) return null;
  const box = el("fieldset", "box attest", el("legend", "", "Prior consent the law requires"));
  for (const g of groups) {
    const select = el("select", "");
    select.id = "attest-" + g.field;
    select.required = true;
    select.dataset.attest = g.field;
    const none = el("option", "", "(choose the basis you hold)");
    none.value = "";
    select.append(none);
    for (const basis of g.bases) { const o = el("option", "", String(basis)); o.value = String(basis); select.append(o); }
    const label = el("label", "", String(g.title));
    label.htmlFor = select.id;
    box.append(label, select, el("p", "muted", String(g.description)));
  }
  return box;
}
function attestedAnswer() {
  const out = {};
  for (const select of main.querySelectorAll("select[data-attest]")) {
    if (!select.value) { select.focus(); return null; }
    out[select.dataset.attest] = select.value;
  }
  return out;
}
`;
