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
  const { jsonrpc, id, method, params } = message as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { _meta?: Record<string, unknown> } };
  if (jsonrpc !== "2.0" || method !== "server/discover" || (typeof id !== "string" && typeof id !== "number")) return undefined;
  // The SDK checks the rest of the envelope; a request it might refuse is left to it.
  const meta = params?._meta;
  if (meta?.["io.modelcontextprotocol/protocolVersion"] !== MODERN_PROTOCOL || typeof meta["io.modelcontextprotocol/clientCapabilities"] !== "object") return undefined;
  return JSON.stringify({ result: discoverResult(), jsonrpc: "2.0", id });
}

/**
 * Resolves once the first line was answered or given back, or after `waitMs` without one (a client speaks first, at
 * once; a silent stdin must not hold the start-up); stdin is then paused with everything unread on it.
 */
export function answerEarlyDiscover(waitMs: number, stdin: NodeJS.ReadStream = process.stdin, stdout: NodeJS.WriteStream = process.stdout): Promise<void> {
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
      if (answer !== undefined) stdout.write(`${answer}\n`);
      const rest = answer !== undefined ? all.subarray(newline + 1) : all;
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
