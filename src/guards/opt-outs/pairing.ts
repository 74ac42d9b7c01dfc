/**
 * Which number a placed call belongs to, so an opt-out lands on the person who
 * said it. Nothing in the service's contract fixes the order of a batch's calls:
 * a call is paired with a number by the number its records carry (E.164), by its
 * place in the dial only when no record carries one, and when the records
 * disagree (the answer and the record, or a number the dial never had) every
 * number they name is listed: the safe side. A call none of whose records names
 * a number, in a dial whose answer did not list a call per row, is one of the
 * dial's numbers: those are held for an operator's review.
 */
import { phoneLib } from "../../phone/lib.js";
import type { CallToRead } from "./state/store.js";
import { boundedMemo } from "../../text/bounded-memo.js";

/**
 * Numbers already read, to their E.164 form ("" for none): every get_call reads its record's number, about 40 µs of
 * parsing each time, and a session reads the same few calls again and again. The parse is a pure function of the
 * text. Bounded: once full it starts over, so a service sending endless new numbers costs no memory; a text too long
 * to be a number is parsed each time.
 */
const e164Memo = boundedMemo(1_000, 64, (text) => parseE164(text) ?? "");

/** The E.164 form of a number the service wrote, or undefined. */
export function e164Of(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const e164 = e164Memo(text);
  return e164 === "" ? undefined : e164;
}

/** How many numbers e164Of holds (tests: the memo stays bounded). */
export function e164MemoSize(): number {
  return e164Memo.size();
}

function parseE164(text: string): string | undefined {
  try {
    const parsed = phoneLib().parsePhoneNumberWithError(text, { extract: false });
    return parsed.isPossible() ? parsed.number : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The calls a dial placed, as they wait to be read: each with the number the service's answer gave it (`answeredTo`,
 * in the order of `callIds`), the row at its place when the answer listed a call per row, and the dial's numbers.
 */
export function callsToRead(
  callIds: readonly string[],
  answeredTo: ReadonlyArray<string | undefined>,
  numbers: readonly string[],
  since: number,
): CallToRead[] {
  const dialNumbers = [...new Set(numbers)];
  return callIds.map((callId, i) => {
    const answered = e164Of(answeredTo[i]);
    const position = callIds.length === numbers.length ? numbers[i] : undefined;
    return {
      callId,
      dialNumbers,
      since,
      ...(answered ? { answered } : {}),
      ...(position ? { position } : {}),
    };
  });
}

export interface CallNumbers {
  /** The numbers an opt-out read on the call lists. */
  listed: string[];
  /** When none is known: the dial's numbers, one of which it is (held for review, never listed). */
  uncertain: string[];
}

/** The numbers of a call: `call` as it waited to be read (absent: a call read by get_call), `recorded` its record's. */
export function numbersOfCall(call: CallToRead | undefined, recorded: string | undefined): CallNumbers {
  const fromRecords = [...new Set([call?.answered, recorded].filter((n): n is string => n !== undefined))];
  if (fromRecords.length > 0) {
    // A number this dial never had: the service and we disagree about the call, so its place's number goes too.
    const strange = call !== undefined && fromRecords.some((n) => !call.dialNumbers.includes(n));
    const also = strange && call.position !== undefined ? [call.position] : [];
    return { listed: [...new Set([...fromRecords, ...also])], uncertain: [] };
  }
  if (call?.position !== undefined) return { listed: [call.position], uncertain: [] };
  return { listed: [], uncertain: call?.dialNumbers ?? [] };
}
