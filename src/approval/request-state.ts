/**
 * The `requestState` of a dial approval asked through input requests (protocol
 * 2026-07-28): what the server hands the client with the form and gets back,
 * untouched, with the person's answer on the retry.
 *
 * It travels through the client, so on return it is attacker-controlled input:
 * it is signed (HMAC-SHA256) with a key only the server holds, and it checks
 * out only for the exact request it was made for: the tool, the request key
 * (safety/dial-key.ts: every normalized field of every row, E.164 numbers, and
 * repeat_dial) and the caller. Those bindings are in the MAC, not in the text,
 * so nothing about the caller is written into the state. It is signed, not
 * encrypted: the client can read the body (a random id, the tool, the expiry,
 * the form's key), so nothing secret goes in it.
 *
 * One spelling only: `s1.<body, base64url>.<mac, base64url>`, the MAC over the
 * body's exact text. The random id inside the body names the state for the
 * single-use mark in the guard store (input-channel.ts): it cannot be changed
 * without breaking the MAC, so one state is one decision, whatever is resent.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Who is asking, as the server knows it. Over stdio the process is one client; over --http (one shared bearer
 * token) the client's address as the rate limit counts it; an OAuth subject once the server authenticates users.
 */
export type CallerIdentity =
  { kind: "local" } | { kind: "http_client"; address: string } | { kind: "oauth"; issuer: string; subject: string };

/** The caller as one line of the MAC's input. Each kind has its own prefix, so no two identities collide. */
export function callerTag(caller: CallerIdentity): string {
  switch (caller.kind) {
    case "local":
      return "local";
    case "http_client":
      return `http:${caller.address}`;
    case "oauth":
      return `oauth:${JSON.stringify([caller.issuer, caller.subject])}`;
  }
}

/** What a state is bound to: it checks out for exactly this, and nothing else. */
export interface StateBinding {
  tool: string;
  /** dialKey(tool, rows, repeatDial): the normalized rows, every field sent, and repeat_dial. */
  requestKey: string;
  caller: CallerIdentity;
}

/** What the client can read in a state. */
export interface StateBody {
  v: 1;
  /** 16 random bytes, base64url: the name of its single-use mark. */
  id: string;
  tool: string;
  /** Epoch ms after which it is refused. */
  exp: number;
  /** The key of the input request it answers (the form asked). */
  ask: string;
}

export type StateCheck = { ok: true; body: StateBody } | { ok: false; why: "malformed" | "other_request" | "expired" };

/** The purpose label of the derived key: a key made for one thing never checks another. */
const PURPOSE = "outbound-calls-mcp input-request state v1";
/** States are small; anything longer is not ours (and is refused before any work). */
export const MAX_STATE_CHARS = 512;
const FORM = /^s1\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;
const ID_FORM = /^[A-Za-z0-9_-]{22}$/;

export class RequestStates {
  private readonly key: Buffer;

  /**
   * `secret`: at least 32 bytes, the same on every replica (the guard store's shared secret named for this
   * purpose). The MAC key is derived from it with HKDF-SHA256 under a purpose label.
   */
  constructor(
    secret: Buffer,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {
    if (secret.length < 32) throw new RangeError("the request-state secret must be at least 32 bytes");
    this.key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), PURPOSE, 32));
  }

  /** A new state for `binding`, asking the input request named `ask`. */
  mint(binding: StateBinding, ask: string): { state: string; body: StateBody } {
    const body: StateBody = {
      v: 1,
      id: randomBytes(16).toString("base64url"),
      tool: binding.tool,
      exp: this.now() + this.ttlMs,
      ask,
    };
    const text = Buffer.from(JSON.stringify(body)).toString("base64url");
    return { state: `s1.${text}.${this.mac(text, binding).toString("base64url")}`, body };
  }

  /** Is `state` one this server made for `binding`, and still alive? */
  check(state: unknown, binding: StateBinding): StateCheck {
    if (typeof state !== "string" || state.length > MAX_STATE_CHARS) return { ok: false, why: "malformed" };
    const m = FORM.exec(state);
    if (!m) return { ok: false, why: "malformed" };
    const mac = Buffer.from(m[2]!, "base64url");
    // 43 characters carry 258 bits: only the spelling with the spare bits zero is ours.
    if (mac.length !== 32 || mac.toString("base64url") !== m[2]) return { ok: false, why: "malformed" };
    // The MAC covers the body's text and the binding: a changed byte, another tool, other rows, another
    // repeat_dial or another caller all fail here, in constant time.
    if (!timingSafeEqual(this.mac(m[1]!, binding), mac)) return { ok: false, why: "other_request" };
    const body = readBody(m[1]!);
    if (!body || body.tool !== binding.tool) return { ok: false, why: "malformed" };
    if (this.now() > body.exp) return { ok: false, why: "expired" };
    return { ok: true, body };
  }

  private mac(text: string, binding: StateBinding): Buffer {
    const bound = JSON.stringify([binding.tool, binding.requestKey, callerTag(binding.caller)]);
    return createHmac("sha256", this.key).update(`${text}\n${bound}`).digest();
  }
}

/** The body of a state whose MAC checked out (so it is ours), read strictly all the same. */
function readBody(text: string): StateBody | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== "object") return undefined;
  const b = value as Record<string, unknown>;
  if (
    b.v !== 1 ||
    typeof b.id !== "string" ||
    !ID_FORM.test(b.id) ||
    typeof b.tool !== "string" ||
    typeof b.ask !== "string"
  )
    return undefined;
  if (typeof b.exp !== "number" || !Number.isSafeInteger(b.exp)) return undefined;
  return { v: 1, id: b.id, tool: b.tool, exp: b.exp, ask: b.ask };
}
