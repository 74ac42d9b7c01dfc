/**
 * MCP progress for long tool calls: `notifications/progress` tied to the
 * client's progress token. Without a token (the client did not ask) it is a
 * no-op. `progress` must increase, so a report that would not is nudged up.
 * A failed send never fails the tool call (the client may be gone).
 */
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { noProgress, type ProgressReporter } from "../service/call-scope.js";

export function progressReporter(extra: Pick<RequestHandlerExtra<ServerRequest, ServerNotification>, "_meta" | "sendNotification">): ProgressReporter {
  const token = extra._meta?.progressToken;
  if (token === undefined) return noProgress;
  let last = -Infinity;
  return async ({ progress, total, message }) => {
    const ms = (n: number) => Math.round(n * 1000) / 1000;
    const value = ms(progress) > last ? ms(progress) : ms(last + 0.001);
    last = value;
    await extra
      .sendNotification({
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
