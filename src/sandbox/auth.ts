import { ServiceError } from "./errors.js";

const SANDBOX_KEY = /^sk_test_[A-Za-z0-9_]{1,200}$/;

/** The API key from `Authorization: Bearer sk_test_…`, or a 401. Messages never repeat the key. */
export function apiKeyFrom(header: string | undefined): string {
  if (header === undefined || header === "") {
    throw unauthorized(
      "Missing Authorization header: send Authorization: Bearer <API key> (any sk_test_… key works in the sandbox).",
    );
  }
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <API key>".');
  const key = match[1] as string;
  if (key.startsWith("sk_live_"))
    throw unauthorized("Live keys are refused by the sandbox; use a key of the form sk_test_….");
  if (!SANDBOX_KEY.test(key)) {
    throw unauthorized(
      "The API key is not valid: sandbox keys are sk_test_ followed by 1 to 200 letters, digits or underscores.",
    );
  }
  return key;
}

function unauthorized(message: string): ServiceError {
  return new ServiceError(401, "unauthorized", message);
}
