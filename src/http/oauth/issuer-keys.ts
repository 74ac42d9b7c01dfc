/**
 * The issuer's signing keys (its JWKS), fetched and kept for the token check.
 *
 * jose's own remote key set refuses a key id it has not seen for its whole
 * cooldown after a fetch: a token signed with a key the issuer just rotated in
 * got a 401 (and its client a needless new sign-in) when it arrived within
 * seconds of the last fetch. Here a token naming an unknown key waits for the
 * end of that cooldown and then sees a fresh key set: a rotated key works at
 * once or after at most `cooldownMs`, and a stream of forged key ids still costs
 * the issuer one fetch per cooldown. Keys older than `maxAgeMs` are fetched
 * again before use, so a removed key stops working within that age.
 */
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";

export interface IssuerKeysOptions {
  url: URL;
  maxAgeMs: number;
  cooldownMs: number;
  timeoutMs: number;
}

// A key set or metadata document is a few kilobytes; a body far larger is not one, and is not read into memory.
const MAX_ISSUER_DOCUMENT_BYTES = 512 * 1024;

/**
 * The JSON of an issuer's answer (its metadata or key set), read a chunk at a time up to `MAX_ISSUER_DOCUMENT_BYTES`:
 * a body sent without a Content-Length is stopped there, never read whole into memory first.
 */
export async function readIssuerJson(response: Response, what: string): Promise<unknown> {
  const tooLarge = () => new Error(`${what} is larger than ${MAX_ISSUER_DOCUMENT_BYTES} bytes`);
  if (Number(response.headers.get("content-length") ?? "0") > MAX_ISSUER_DOCUMENT_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > MAX_ISSUER_DOCUMENT_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(part.value);
    }
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
}

async function fetchKeySet(url: URL, timeoutMs: number): Promise<JSONWebKeySet> {
  const response = await fetch(url, {
    redirect: "error",
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: "application/jwk-set+json, application/json" },
  });
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`the key set at ${url.href} answered HTTP ${response.status}`);
  }
  return (await readIssuerJson(response, `the key set at ${url.href}`)) as JSONWebKeySet;
}

export interface IssuerKeys {
  getKey: JWTVerifyGetKey;
  /** How many times the key set was fetched (for tests and diagnostics). */
  readonly fetches: number;
}

export function issuerKeys(options: IssuerKeysOptions): IssuerKeys {
  let local: JWTVerifyGetKey | undefined;
  let fetchedAt = -Infinity;
  let pending: Promise<void> | undefined;
  let fetches = 0;

  // One fetch at a time; everyone who asks meanwhile waits for the same one.
  const reload = (): Promise<void> => {
    pending ??= (async () => {
      fetches += 1;
      const set = await fetchKeySet(options.url, options.timeoutMs);
      local = createLocalJWKSet(set); // throws JWKSInvalid on something that is not a key set
      fetchedAt = Date.now();
    })().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  const getKey: JWTVerifyGetKey = async (header, token) => {
    const asked = Date.now();
    if (!local || Date.now() - fetchedAt >= options.maxAgeMs) await reload();
    try {
      return await local!(header, token);
    } catch (error) {
      // A key set fetched since this token came is as fresh as any: the key is not the issuer's (any more).
      if (!(error instanceof errors.JWKSNoMatchingKey) || fetchedAt >= asked) throw error;
      const seen = fetchedAt;
      const wait = seen + options.cooldownMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Whoever waited for the same key set shares one fetch; a fetch that happened meanwhile already counts.
      if (fetchedAt === seen) await reload();
      return local!(header, token);
    }
  };
  return {
    getKey,
    get fetches() {
      return fetches;
    },
  };
}
