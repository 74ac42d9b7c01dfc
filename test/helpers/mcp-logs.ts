/**
 * Collects the MCP logging notifications a server sends (`notifications/message`),
 * e.g. the "upstream" debug line the client logs for every HTTP attempt.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { lagProbe } from "./machine-lag.js";

export interface LogLine {
  level: string;
  logger: string | undefined;
  data: string;
}

export interface LogCollector {
  lines: LogLine[];
  /** Lines of the "upstream" logger, one per HTTP attempt. */
  attempts(method?: string): LogLine[];
  /** Resolves when a line matching `test` arrives (or at once if one already did). */
  waitFor(test: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  clear(): void;
}

export function collectLogs(client: Client): LogCollector {
  const lines: LogLine[] = [];
  const waiters: Array<{ test: (l: LogLine) => boolean; resolve: (l: LogLine) => void }> = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    const line: LogLine = {
      level: n.params.level,
      logger: n.params.logger,
      data: typeof n.params.data === "string" ? n.params.data : JSON.stringify(n.params.data),
    };
    lines.push(line);
    for (const w of [...waiters]) {
      if (w.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  return {
    lines,
    attempts: (method) => lines.filter((l) => l.logger === "upstream" && (!method || l.data.startsWith(`${method} `))),
    waitFor(test, timeoutMs = 10_000) {
      const found = lines.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("log line did not arrive")), timeoutMs);
        waiters.push({
          test,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      });
    },
    clear() {
      lines.length = 0;
    },
  };
}

/**
 * Runs `fn` and returns its result with the wall-clock time it took, and the part of that time a busy machine
 * held this process back (machine-lag.ts): a bound that proves a deadline allows for `lagMs`.
 */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; lagMs: number }> {
  const probe = lagProbe();
  const t0 = performance.now();
  try {
    const value = await fn();
    return { value, ms: Math.round(performance.now() - t0), lagMs: probe.stop() };
  } finally {
    probe.stop();
  }
}
