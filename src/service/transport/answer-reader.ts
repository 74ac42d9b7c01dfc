/**
 * Reading an HTTP answer of the calling service: its request id (cleaned, for support and the audit line), a 2xx
 * body that must be JSON, and a refusal turned into the error the model is told.
 */
import { errorFromResponse, outcomeUnknown, UpstreamFaultError, type ApiError, type PostSubject } from "../errors.js";
import { cleanServiceText } from "../../text/clean.js";
import type { Redactor } from "../../text/redact.js";
import { headerValue, type Headers, type HttpAnswer } from "./attempt.js";
import { parseRetryAfter } from "./backoff.js";

/** `type/subtype` as RFC 9110 spells it (token characters), e.g. text/html, application/problem+json. */
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]{1,64}\/[A-Za-z0-9!#$&^_.+-]{1,64}$/;

export class AnswerReader {
  constructor(private readonly redactor: Redactor) {}

  /**
   * The last request id cleaned, with the answer (its headers object) it came from: an answer's log line and its
   * reading share it. One pair is enough (they are read one after the other), and holds no answer for long.
   */
  private lastRequestId: { headers: Headers; id: string | undefined } | undefined;

  /** The service's request id, for support: header text, so cleaned and capped like any service text. */
  requestIdOf(headers: Headers | undefined): string | undefined {
    if (!headers) return undefined;
    if (this.lastRequestId?.headers === headers) return this.lastRequestId.id;
    const raw = headerValue(headers["x-request-id"]) ?? headerValue(headers["request-id"]);
    const clean = raw === undefined ? "" : cleanServiceText(this.redactor, raw, 100);
    const id = clean.length > 0 ? clean : undefined;
    this.lastRequestId = { headers, id };
    return id;
  }

  /** A 2xx body, parsed: it must be JSON; anything else is an upstream fault (after a POST: an unknown outcome). */
  parseSuccess(answer: HttpAnswer, creates: PostSubject | undefined): unknown {
    const text = answer.text.trim();
    let problem: string | undefined;
    if (text.length === 0) problem = `an empty answer (HTTP ${answer.status})`;
    else {
      try {
        return JSON.parse(text);
      } catch {
        const type = headerValue(answer.headers["content-type"])?.split(";")[0]?.trim();
        // A header the service chose: named bare only when it reads as a media type, otherwise quoted as its text.
        const shown = !type
          ? "no content type"
          : MEDIA_TYPE.test(type)
            ? type
            : `content type ${JSON.stringify(cleanServiceText(this.redactor, type, 40))}`;
        problem = `an answer that is not JSON (HTTP ${answer.status}, ${shown})`;
      }
    }
    const init = { status: answer.status, requestId: this.requestIdOf(answer.headers) };
    if (creates)
      throw outcomeUnknown(
        creates,
        `The service accepted the request but sent ${problem}, so the result cannot be read`,
        init,
      );
    throw new UpstreamFaultError(
      `The calling service sent ${problem}; that is a fault of the service. Try again later.`,
      init,
    );
  }

  toError(answer: HttpAnswer, subject: string | undefined): ApiError {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      body = undefined;
    }
    return errorFromResponse({
      status: answer.status,
      body,
      rawText: answer.text,
      requestId: this.requestIdOf(answer.headers),
      retryAfterS: parseRetryAfter(headerValue(answer.headers["retry-after"])),
      subject,
      redactor: this.redactor,
    });
  }
}
