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

// A key set is a few kilobytes; a body far larger is not one, and is not read into memory.
const MAX_JWKS_BYTES = 512 * 1024;

async function fetchKeySet(url: URL, timeoutMs: number): Promise<JSONWebKeySet> {
  const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/jwk-set+json, application/json" } });
  if (response.status !== 200) throw new Error(`the key set at ${url.href} answered HTTP ${response.status}`);
  const length = Number(response.headers.get("content-length") ?? "0");
  if (length > MAX_JWKS_BYTES) throw new Error(`the key set at ${url.href} is larger than ${MAX_JWKS_BYTES} bytes`);
  const body = await response.text();
  if (body.length > MAX_JWKS_BYTES) throw new Error(`the key set at ${url.href} is larger than ${MAX_JWKS_BYTES} bytes`);
  return JSON.parse(body) as JSONWebKeySet;
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
