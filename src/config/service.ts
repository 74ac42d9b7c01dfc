/**
 * The variables of the calling service and of what is sent to it: the key, the base URL, the deadlines and limits,
 * and the number policy (which countries, types and prefixes may be dialed). Every message names the variable and
 * never echoes a value (the key must not reach a log).
 */
import * as z from "zod";
import { phoneLib } from "../phone/lib.js";
import { DEFAULT_BLOCKED_TYPES, NUMBER_TYPES, type NumberTypeName } from "../phone/types.js";
import { custom, text, wholeNumber } from "./parsers.js";
import { declareVariables } from "./variables.js";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

const listVar = (raw: string | undefined): string[] =>
  (raw ?? "")
    .split(",")
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s.length > 0);

const KEY_REQUIRED = "OUTBOUND_CALLS_API_KEY is required: the API key from the service's developer section";
const URL_REQUIRED =
  "OUTBOUND_CALLS_BASE_URL is required: your account's application host, e.g. https://app.example.com";

const apiKey = () =>
  z.string({ error: KEY_REQUIRED }).transform((raw, ctx) => {
    const key = raw.trim();
    if (key.length === 0) return custom(ctx, KEY_REQUIRED);
    if (/[\s\u0000-\u001f\u007f]/.test(key))
      return custom(ctx, "OUTBOUND_CALLS_API_KEY contains white space or control characters; paste the key alone");
    return key;
  });

const baseUrl = () =>
  z.string({ error: URL_REQUIRED }).transform((raw, ctx) => {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      return custom(ctx, "OUTBOUND_CALLS_BASE_URL is not a URL; expected e.g. https://app.example.com");
    }
    if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
      return custom(
        ctx,
        "OUTBOUND_CALLS_BASE_URL must use https (plain http is allowed only for a loopback host such as 127.0.0.1), so the key never travels in clear text",
      );
    }
    if (url.username || url.password || url.search || url.hash)
      return custom(ctx, "OUTBOUND_CALLS_BASE_URL must not carry credentials, a query or a fragment");
    // The server appends /api/v1; accept a URL that already ends with it.
    const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
    return { origin: url.origin, apiBaseUrl: `${url.origin}${path}/api/v1` };
  });

const allowedCountries = () =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const codes = listVar(raw);
      if (codes.length === 0) return undefined;
      // The phone metadata is loaded only when this variable is set (src/phone/lib.ts).
      const { isSupportedCountry } = phoneLib();
      const bad = codes.filter((c) => !/^[A-Z]{2}$/.test(c) || !isSupportedCountry(c));
      if (bad.length > 0) {
        return custom(
          ctx,
          `OUTBOUND_CALLS_ALLOWED_COUNTRIES must be ISO 3166 two-letter codes separated by commas (e.g. US,CA,GB); not understood: ${bad.join(", ")}`,
        );
      }
      return new Set(codes);
    });

const blockedTypes = () =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      // Unset or blank (as MCP client configs often write an empty value) keeps the default: never fail open.
      if (raw === undefined || raw.trim() === "") return new Set<NumberTypeName>(DEFAULT_BLOCKED_TYPES);
      const types = listVar(raw);
      if (types.length === 1 && types[0] === "NONE") return new Set<NumberTypeName>();
      const bad = types.filter((t) => !(NUMBER_TYPES as readonly string[]).includes(t));
      if (bad.length > 0) {
        return custom(
          ctx,
          `OUTBOUND_CALLS_BLOCKED_TYPES takes number types separated by commas (${NUMBER_TYPES.join(", ")}) or "none"; not understood: ${bad.join(", ")}`,
        );
      }
      return new Set(types as NumberTypeName[]);
    });

export const serviceVariables = declareVariables({
  OUTBOUND_CALLS_API_KEY: {
    group: "service",
    required: "yes (not with `--sandbox`)",
    summary: "required (not with --sandbox): the service's API key; sent only to the base URL",
    description:
      "The API key from the service's developer section. Sent as `Authorization: Bearer …` to the base URL only.",
    parse: apiKey,
  },
  OUTBOUND_CALLS_BASE_URL: {
    group: "service",
    required: "yes (not with `--sandbox`)",
    example: "https://app.example.com",
    summary: "required (not with --sandbox): the account's application host, https unless loopback",
    description:
      "Your account's application host. The server appends `/api/v1`. `https` is required unless the host is loopback (`127.0.0.1`, `localhost`, `[::1]`).",
    parse: baseUrl,
  },
  OUTBOUND_CALLS_TIMEOUT_MS: {
    group: "service",
    default: "15000",
    summary: "total deadline of one tool call, retries included",
    description:
      "Total deadline of one tool call, retries and waits included (1000–600000). A `get_call` with `wait_seconds` is the exception: this is then the deadline of each poll, and the wait is bounded by `wait_seconds`.",
    parse: wholeNumber(1_000, 600_000),
  },
  OUTBOUND_CALLS_ALLOWED_COUNTRIES: {
    group: "service",
    unset: "any",
    example: "US,CA",
    summary: "ISO 3166 codes that may be dialed",
    description:
      "ISO 3166 codes that may be dialed, comma-separated. Checked on the number's country, not its `+1` prefix (so `+1 268` Antigua is not the US).",
    parse: allowedCountries,
  },
  OUTBOUND_CALLS_BLOCKED_TYPES: {
    group: "service",
    default: DEFAULT_BLOCKED_TYPES.join(","),
    summary: 'number types refused, or "none"',
    description:
      "Number types refused (libphonenumber types: `PREMIUM_RATE`, `SHARED_COST`, `TOLL_FREE`, `VOIP`, `PERSONAL_NUMBER`, `PAGER`, `UAN`, `VOICEMAIL`, `FIXED_LINE`, `MOBILE`, `FIXED_LINE_OR_MOBILE`), or `none`. UK 03 numbers count as fixed lines; a `FIXED_LINE_OR_MOBILE` number (every US and Canadian one) is refused when `MOBILE` or `FIXED_LINE` is blocked. Why each: [number-policy.md](number-policy.md).",
    parse: blockedTypes,
  },
  OUTBOUND_CALLS_BLOCKED_PREFIXES_FILE: {
    group: "service",
    summary: "file of international prefixes never dialed (e.g. high-risk ranges), one a line",
    description:
      "File of international prefixes never dialed (`+53`, `+371 6`), one a line, e.g. your carrier's high-risk ranges for revenue-share fraud; off unless set; a bad line stops the start. See [number-policy.md](number-policy.md).",
    parse: text,
  },
  OUTBOUND_CALLS_MAX_BATCH_SIZE: {
    group: "service",
    default: "1000",
    summary: "most rows in one submit_batch",
    description: "Most rows in one `submit_batch`.",
    parse: wholeNumber(1, 100_000),
  },
  OUTBOUND_CALLS_MAX_WAITS_PER_CLIENT: {
    group: "service",
    default: "4",
    summary: "get_calls waiting (wait_seconds) at once per client",
    description:
      "Most `get_call`s waiting (`wait_seconds`) at once for one client (over `--http`, one address; over stdio, the one client); one more is refused at once with what to do instead.",
    parse: wholeNumber(1, 10_000),
  },
  OUTBOUND_CALLS_MAX_WAITS: {
    group: "service",
    default: "64",
    summary: "get_calls waiting at once in the process, all clients",
    description: "Most `get_call`s waiting at once in the whole process, all clients together.",
    parse: wholeNumber(1, 100_000),
  },
  OUTBOUND_CALLS_MAX_RESPONSE_BYTES: {
    group: "service",
    default: "1048576",
    summary: "largest answer read from the service",
    description: "Largest answer read from the service; a larger one is cut off and reported as a fault.",
    parse: wholeNumber(1_024, 64 * 1024 * 1024),
  },
});
