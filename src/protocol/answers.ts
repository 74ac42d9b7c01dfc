/**
 * The one place errors become answers, for tools (isError results) and
 * resources (McpErrors) alike: a short text that says what to do next, no stack
 * trace, no secret (every message was built from cleaned text, and the final
 * text goes through the redactor once more as a last line of defence for the key).
 */
import { ConfigurationError } from "../config/errors.js";
import {
  ApiError,
  answerDoesNotMatch,
  NotFoundError,
  OutputMismatchError,
  type PostSubject,
} from "../service/errors.js";
import { StoreUnavailableError } from "../state/store.js";
import { cap } from "../text/clean.js";
import type { Redactor } from "../text/redact.js";
import { InputValidationError, UserInputError } from "../validation/errors.js";

// Room for a batch refusal listing 50 rows; anything longer is cut.
const MAX_ERROR_TEXT = 16_000;

export interface Described {
  text: string;
  /** For the client's log at warning level; undefined when nothing is worth logging. */
  warning?: string;
  /** The id does not exist (resources answer with MCP's "resource not found"). */
  notFound: boolean;
}

export interface DescribeOptions {
  /** The tool or resource, for log lines and the internal-error sentence. */
  what: string;
  /** For a tool that places calls: what its POST creates (an unreadable answer then means an unknown outcome). */
  creates?: PostSubject | undefined;
  redactor: Redactor;
  /** Where the detail of a bug of ours goes (stderr). */
  log(line: string): void;
}

/** The service's request id (a header it chose): bare when it looks like an id, otherwise quoted as its text. */
const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const requestIdText = (id: string) => (REQUEST_ID.test(id) ? id : JSON.stringify(id));

export function describeError(error: unknown, opts: DescribeOptions): Described {
  let text: string;
  let warning: string | undefined;
  // A service field of an unexpected type: for a POST the call was most likely placed.
  if (error instanceof OutputMismatchError) error = answerDoesNotMatch(opts.creates);
  if (error instanceof ApiError) {
    warning = `${opts.what}: ${error.kind}${error.status ? ` HTTP ${error.status}` : ""}${error.requestId ? ` request ${error.requestId}` : ""}`;
    text = error.requestId ? `${error.message} (request id ${requestIdText(error.requestId)})` : error.message;
  } else if (error instanceof UserInputError || error instanceof InputValidationError) {
    warning = `${opts.what}: refused: ${error.message.split("\n")[0]}`;
    text = error.message;
  } else if (error instanceof StoreUnavailableError) {
    warning = `${opts.what}: the shared guard state is unreachable (${error.message})`;
    const refused =
      "Refused: the server's shared guard state (Redis) cannot be reached, so the dial caps and duplicate checks cannot be applied. ";
    // True of this attempt only: an earlier attempt of the same request (told "still under way", or whose answer
    // was lost) may have placed the call, and the ledger that would say so is what cannot be read.
    text = opts.creates
      ? `${refused}Nothing was dialed by this attempt, but whether an earlier attempt of this same request is under way or was placed cannot be checked now: ` +
        "if this request was sent before (even if it was told it was still under way), an earlier attempt of this same request may have placed the call. " +
        "Do not dial these numbers another way; repeat this same request in a minute (a repeat gets what the earlier attempt did) or check with list_calls. Reading tools still work."
      : `${refused}Nothing was dialed. Reading tools still work; try the dial again in a minute.`;
  } else if (error instanceof ConfigurationError) {
    text = `The MCP server is misconfigured: ${error.message}`;
  } else {
    // A bug of ours: the model gets a plain sentence, stderr gets the detail.
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    opts.log(`error: ${opts.what} failed unexpectedly: ${detail}`);
    warning = `${opts.what}: internal error of the MCP server (details on its stderr)`;
    text = `${opts.what} failed because of an internal error of the MCP server; nothing more is known.${opts.creates ? " If it placed a call, check with list_calls before trying again." : ""}`;
  }
  return {
    text: cap(opts.redactor.redact(text), MAX_ERROR_TEXT),
    ...(warning ? { warning } : {}),
    notFound: error instanceof NotFoundError,
  };
}
