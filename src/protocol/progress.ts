/**
 * MCP progress for long tool calls: `notifications/progress` tied to the
 * client's progress token. Without a token (the client did not ask) it is a
 * no-op. `progress` must increase, so a report that would not is nudged up.
 * A failed send never fails the tool call (the client may be gone).
 */
import type { ServerContext } from "@modelcontextprotocol/server";
import { noProgress, type ProgressReporter } from "../service/call-scope.js";

export function progressReporter(request: Pick<ServerContext["mcpReq"], "_meta" | "notify">): ProgressReporter {
  const token = request._meta?.progressToken;
  if (token === undefined) return noProgress;
  let last = -Infinity;
  return async ({ progress, total, message }) => {
    const ms = (n: number) => Math.round(n * 1000) / 1000;
    const value = ms(progress) > last ? ms(progress) : ms(last + 0.001);
    last = value;
    await request
      .notify({
        method: "notifications/progress",
        params: {
          progressToken: token,
          progress: value,
          ...(total !== undefined ? { total } : {}),
          ...(message !== undefined ? { message } : {}),
        },
      })
      .catch(() => undefined);
  };
}
