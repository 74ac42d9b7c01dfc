/**
 * Answers a client's first `server/discover` (protocol 2026-07-28) before the
 * server's bundle is loaded. Clients probe with it the moment they spawn the
 * server, some with a short deadline: the AI SDK waits 1 s, then falls back to
 * `initialize` and reports the late answer as an uncaught error, and a loaded
 * machine can take that long to load the bundle. The answer is static (who the
 * server is, what it can do: src/mcp/identity.ts) and is the SDK's word for
 * word (test/in-process/early-discover.test.ts).
 *
 * Only a first line that is exactly a 2026-07-28 server/discover is answered
 * here; anything else, and everything after, is put back on stdin for the SDK.
 * When the start was slow enough that the client already sent `initialize`
 * behind the discover, the discover is dropped unanswered: the client has
 * moved to the 2025 handshake and would call the answer an error.
 */
import { discoverResult, MODERN_PROTOCOL } from "../mcp/identity.js";

/** The longest first line looked at: a discover request is a few hundred bytes. */
const MAX_FIRST_LINE = 64 * 1024;

function answerFor(line: string): string | undefined {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const { jsonrpc, id, method, params } = message as {
    jsonrpc?: unknown;
    id?: unknown;
    method?: unknown;
    params?: { _meta?: Record<string, unknown> };
  };
  if (jsonrpc !== "2.0" || method !== "server/discover" || (typeof id !== "string" && typeof id !== "number"))
    return undefined;
  // The SDK checks the rest of the envelope; a request it might refuse is left to it.
  const meta = params?._meta;
  if (
    meta?.["io.modelcontextprotocol/protocolVersion"] !== MODERN_PROTOCOL ||
    typeof meta["io.modelcontextprotocol/clientCapabilities"] !== "object"
  )
    return undefined;
  return JSON.stringify({ result: discoverResult(), jsonrpc: "2.0", id });
}

/** True if a whole line in `rest` is an `initialize` request: the client moved on to the 2025 handshake. */
function gaveUp(rest: Buffer): boolean {
  const lines = rest.toString("utf8").split("\n");
  lines.pop(); // The last piece is not a whole line yet.
  return lines.some((line) => {
    try {
      const message: unknown = JSON.parse(line);
      return (
        typeof message === "object" && message !== null && (message as { method?: unknown }).method === "initialize"
      );
    } catch {
      return false;
    }
  });
}

/**
 * Resolves once the first line was answered or given back, or after `waitMs` without one (a client speaks first, at
 * once; a silent stdin must not hold the start-up); stdin is then paused with everything unread on it.
 */
export function answerEarlyDiscover(
  waitMs: number,
  stdin: NodeJS.ReadStream = process.stdin,
  stdout: NodeJS.WriteStream = process.stdout,
): Promise<void> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => done(), waitMs);
    const done = () => {
      clearTimeout(timer);
      stdin.off("data", onData);
      stdin.off("end", done);
      stdin.pause();
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      const answer = newline >= 0 ? answerFor(all.subarray(0, newline).toString("utf8")) : undefined;
      const rest = answer !== undefined ? all.subarray(newline + 1) : all;
      // A client that already sent `initialize` behind its discover gave up waiting (a start slower than its
      // deadline): it would report the late answer as a response to nothing, so that discover is dropped unanswered.
      if (answer !== undefined && !gaveUp(rest)) stdout.write(`${answer}\n`);
      if (rest.length > 0) stdin.unshift(rest);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (chunk.includes(0x0a) || size >= MAX_FIRST_LINE) done();
    };
    stdin.on("data", onData);
    stdin.once("end", done);
  });
}
