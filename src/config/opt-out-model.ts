/**
 * The operator's own model as a second reader of ended calls for an opt-out (src/guards/opt-outs/second-reader.ts):
 * an OpenAI-compatible chat endpoint, its model's name and its key. Off unless the URL is set. Messages name the
 * variable and never quote a value (the key must not reach a log).
 */
import * as z from "zod";
import { blank, custom, text } from "./parsers.js";
import { isLoopbackHost } from "./service.js";
import { declareVariables, type Parsed } from "./variables.js";

export interface OptOutModelSettings {
  /** `{url}/chat/completions` is asked, without a trailing slash on `url`. */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer …` to `url` only; never printed. Undefined: no header (a local endpoint). */
  key: string | undefined;
}

const modelUrl = () =>
  z
    .string()
    .optional()
    .transform((raw, ctx): string | undefined => {
      if (blank(raw)) return undefined;
      let url: URL;
      try {
        url = new URL(raw.trim());
      } catch {
        return custom(ctx, "OUTBOUND_CALLS_OPT_OUT_MODEL_URL is not a URL; expected e.g. https://api.example.com/v1");
      }
      if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname)))
        return custom(
          ctx,
          "OUTBOUND_CALLS_OPT_OUT_MODEL_URL must use https (plain http only to a loopback host such as 127.0.0.1): transcripts and the key travel to it",
        );
      if (url.username || url.password || url.search || url.hash)
        return custom(ctx, "OUTBOUND_CALLS_OPT_OUT_MODEL_URL must not carry credentials, a query or a fragment");
      return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
    });

const modelKey = () =>
  z
    .string()
    .optional()
    .transform((raw, ctx): string | undefined => {
      if (blank(raw)) return undefined;
      const key = raw.trim();
      if (/[\s\u0000-\u001f\u007f]/.test(key))
        return custom(
          ctx,
          "OUTBOUND_CALLS_OPT_OUT_MODEL_KEY contains white space or control characters; paste the key alone",
        );
      return key;
    });

export const optOutModelVariables = declareVariables({
  OUTBOUND_CALLS_OPT_OUT_MODEL_URL: {
    group: "safety",
    unset: "off",
    example: "https://api.openai.com/v1",
    summary:
      "your OpenAI-compatible endpoint, read as a second reader of ended calls for an opt-out: transcripts are sent to it",
    description:
      "Base URL of your own OpenAI-compatible API (`POST {url}/chat/completions`), asked once about each ended call the rule reader did not read as an opt-out request; its yes only adds an opt-out or a hold, its no removes nothing ([opt-outs](opt-outs.md#your-own-model-as-a-second-reader)). **Each such call's transcript is sent to this endpoint.** `https`, or `http` to a loopback host. Off when unset.",
    parse: modelUrl,
  },
  OUTBOUND_CALLS_OPT_OUT_MODEL: {
    group: "safety",
    required: "with `OUTBOUND_CALLS_OPT_OUT_MODEL_URL`",
    example: "gpt-4o-mini",
    summary: "the model's name at OUTBOUND_CALLS_OPT_OUT_MODEL_URL",
    description: "The model's name at `OUTBOUND_CALLS_OPT_OUT_MODEL_URL` (the request's `model`).",
    parse: text,
  },
  OUTBOUND_CALLS_OPT_OUT_MODEL_KEY: {
    group: "safety",
    unset: "no Authorization header",
    summary: "the bearer key of OUTBOUND_CALLS_OPT_OUT_MODEL_URL; never printed",
    description:
      "The key sent as `Authorization: Bearer …` to `OUTBOUND_CALLS_OPT_OUT_MODEL_URL` only; redacted from every log line like the service's key.",
    parse: modelKey,
  },
});

/** The settings, or the reason the start is refused; undefined when off. */
export function optOutModelSettings(
  env: Parsed<typeof optOutModelVariables>,
): OptOutModelSettings | undefined | { error: string } {
  const url = env.OUTBOUND_CALLS_OPT_OUT_MODEL_URL;
  if (url === undefined) return undefined;
  const model = env.OUTBOUND_CALLS_OPT_OUT_MODEL;
  if (model === undefined)
    return { error: "OUTBOUND_CALLS_OPT_OUT_MODEL_URL is set without OUTBOUND_CALLS_OPT_OUT_MODEL: name the model" };
  return { url, model, key: env.OUTBOUND_CALLS_OPT_OUT_MODEL_KEY };
}
