/**
 * The inbox's session cookie with OAuth carries who signed in and whether they may decide: all of it under the MAC.
 * A cookie whose grant, subject or name was changed is no session; a token-mode cookie is none in OAuth mode (and
 * the other way round); what decides is the server's check, not the page.
 */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { approveRefusal, approverLabel, NO_GRANT, OWN_REQUEST } from "../../../src/approval/page/approver-rights.js";
import { ApproverSessions, approverNameOf, type Session } from "../../../src/approval/page/sessions.js";
import type { OnceMarks } from "../../../src/state/store.js";

const marks: OnceMarks = { use: async () => true, seen: async () => false };
const secret = Buffer.alloc(32, 7);
const sessions = (mode: "token" | "oidc", binding = "http://idp\nclient") =>
  new ApproverSessions({ secret: async () => secret, binding, mode, marks });
const request = (cookie: string) => ({ headers: { cookie: `ocm_approver=${cookie}` } }) as unknown as IncomingMessage;

/** The cookie with its "who" part replaced (the MAC left as it was). */
function withWho(cookie: string, who: unknown[]): string {
  const [id, expiry, , mac] = cookie.split(".");
  return [id, expiry, Buffer.from(JSON.stringify(who)).toString("base64url"), mac].join(".");
}

describe("approver sessions with OAuth", () => {
  it("keep the person's name, subject and grant, and read them back", async () => {
    const oidc = sessions("oidc");
    const { cookie } = await oidc.create("Bob Caller", { name: "Bob Caller", sub: "bob", canApprove: false });
    expect(await oidc.of(request(cookie))).toMatchObject({ name: "Bob Caller", sub: "bob", canApprove: false });
  });

  it("refuse a cookie whose grant, subject or name was changed", async () => {
    const oidc = sessions("oidc");
    const { cookie } = await oidc.create("Bob Caller", { name: "Bob Caller", sub: "bob", canApprove: false });
    for (const who of [
      ["Bob Caller", "bob", 1],
      ["Bob Caller", "olga", 0],
      ["Olga Approver", "bob", 0],
    ]) {
      expect(await oidc.of(request(withWho(cookie, who)))).toBeUndefined();
    }
  });

  it("do not take a token-mode cookie, nor one of another client, and the other way round", async () => {
    const token = sessions("token", "apr_token_0123456789abcdef0123456789abcdef");
    const { cookie: tokenCookie } = await token.create("Dana");
    expect(await token.of(request(tokenCookie))).toMatchObject({ name: "Dana", canApprove: true });
    expect(await sessions("oidc").of(request(tokenCookie))).toBeUndefined();
    const { cookie } = await sessions("oidc").create("Olga", { name: "Olga", sub: "olga", canApprove: true });
    expect(await sessions("oidc", "http://idp\nanother-client").of(request(cookie))).toBeUndefined();
    expect(await token.of(request(cookie))).toBeUndefined();
  });
});

describe("who may decide", () => {
  const olga: Session = { id: "x", name: "Olga", sub: "olga", canApprove: true, csrf: "c", expiresAt: 0 };
  it("nobody without the grant; nobody their own request unless allowed; a token approver always", () => {
    expect(approveRefusal({ ...olga, canApprove: false }, { requestedBy: { sub: "alice" } }, true)).toBe(NO_GRANT);
    expect(approveRefusal(olga, { requestedBy: { sub: "olga" } }, false)).toBe(OWN_REQUEST);
    expect(approveRefusal(olga, { requestedBy: { sub: "olga" } }, true)).toBeUndefined();
    expect(approveRefusal(olga, { requestedBy: { sub: "alice" } }, false)).toBeUndefined();
    expect(
      approveRefusal(
        { id: "y", name: "Dana", canApprove: true, csrf: "c", expiresAt: 0 },
        { requestedBy: { sub: "Dana" } },
        false,
      ),
    ).toBeUndefined();
    expect(approverLabel(olga)).toBe("approver:Olga (sub olga)");
  });

  it("shows a provider's name with the characters a login name may have, else falls back to the subject", () => {
    expect(approverNameOf("Ölga <script>Approver", "olga")).toBe("Ölga scriptApprover");
    expect(approverNameOf("", "olga|1234")).toBe("olga1234");
    expect(approverNameOf("<>", "|||")).toBe("approver");
  });
});
