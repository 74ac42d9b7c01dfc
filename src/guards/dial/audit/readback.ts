/**
 * The audit log read back at start, in one pass: the file is read once, a chunk
 * at a time, and each line goes to every reader that wants something from it
 * (the dial history for the caps and the dedupe window, the opt-outs, who placed
 * which call). A line is JSON-parsed at most once, by the first reader that asks;
 * each reader keeps its own rules for what a damaged line means.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { ConfigurationError } from "../../../config/errors.js";

/** The variable that names the log (its readers and its writer, src/guards/dial/audit/log.ts, say it in their errors). */
export const AUDIT_VARIABLE = "OUTBOUND_CALLS_AUDIT_LOG";

/** How much of the log is held in memory at once while it is read back. */
const READ_CHUNK_BYTES = 4 * 1024 * 1024;
const NOT_PARSED = Symbol("not parsed");

/** One line of the log, as the readers see it. */
export class AuditLine {
  private parsed: Record<string, unknown> | undefined | typeof NOT_PARSED = NOT_PARSED;

  constructor(
    /** The line without its "\n" (a "\r" before it stays). */
    readonly text: string,
    /** Numbered from 0. */
    readonly index: number,
  ) {}

  /**
   * The line's JSON object, parsed on the first call; undefined when the line is not a JSON object. Every reader
   * takes any other JSON value (an array, a string, null) as it takes a line that is not JSON, so a line that cannot
   * be an object (a torn line has no closing brace) is not given to JSON.parse, whose throw costs more than a parse.
   */
  object(): Record<string, unknown> | undefined {
    if (this.parsed === NOT_PARSED) {
      this.parsed = undefined;
      if (bracedText(this.text)) {
        try {
          this.parsed = JSON.parse(this.text) as Record<string, unknown>;
        } catch {
          // Not JSON: undefined.
        }
      }
    }
    return this.parsed;
  }
}

/** Whether the text starts with "{" and ends with "}", but for JSON's white space around: all a JSON object can be. */
function bracedText(text: string): boolean {
  let first = 0;
  let last = text.length - 1;
  while (first <= last && isJsonSpace(text.charCodeAt(first))) first++;
  while (last > first && isJsonSpace(text.charCodeAt(last))) last--;
  return first < last && text.charCodeAt(first) === 0x7b && text.charCodeAt(last) === 0x7d;
}

/** Space, tab, line feed, carriage return: JSON's white space (no other). */
function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** What a reader of the log does with each line, and what it has built once the file is read. */
export interface LineReader<T> {
  /** What cannot be rebuilt when the file cannot be read ("the opt-outs"): the start's error names it. */
  readonly rebuilds: string;
  read(line: AuditLine): void;
  /** After the last line (or with no line at all, when there is no file). */
  result(): T;
}

/**
 * Feeds every line of the log to each reader, in order. No file (ENOENT) is an empty log. Any other failure to read
 * throws a ConfigurationError naming what the first reader could not rebuild (the readers' order is the start's).
 */
export function readAuditLogBack(
  path: string,
  readers: ReadonlyArray<LineReader<unknown>>,
  variable = AUDIT_VARIABLE,
): void {
  try {
    forEachLogLine(path, (text, index) => {
      const line = new AuditLine(text, index);
      for (const reader of readers) reader.read(line);
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT") return;
    throw new ConfigurationError(
      `${variable}: the file cannot be read back (${code ?? "error"}); ${readers[0]?.rebuilds ?? "nothing"} could not be rebuilt`,
    );
  }
}

/** One reader alone over the whole log (or another file of its lines, named by `variable`): its result. */
export function readBackWith<T>(path: string, reader: LineReader<T>, variable = AUDIT_VARIABLE): T {
  readAuditLogBack(path, [reader], variable);
  return reader.result();
}

/**
 * Calls `fn` with each line of the log (numbered from 0), reading it a chunk at a time, so a log of any size is read
 * back at start without holding it whole. Never past the size the file system gives it: a path that is not a regular
 * file (a device such as /dev/full, whose reads never end) has size 0 and reads as empty.
 */
function forEachLogLine(path: string, fn: (line: string, index: number) => void): void {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(READ_CHUNK_BYTES);
    const decoder = new StringDecoder("utf8");
    let rest = "";
    let index = 0;
    // Up to the size it has now (a device such as /dev/full reads as endless zeros; lines appended meanwhile are this run's).
    for (let left = fstatSync(fd).size; left > 0;) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, left), null);
      if (read === 0) break;
      left -= read;
      const lines = (rest + decoder.write(buffer.subarray(0, read))).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) fn(line, index++);
    }
    rest += decoder.end();
    if (rest !== "") fn(rest, index);
  } finally {
    closeSync(fd);
  }
}
