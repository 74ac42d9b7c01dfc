/**
 * A 2025-era request cancelled by a notifications/cancelled of the same POST (a
 * batch, the only way one can reach it: a later POST gets a server of its own)
 * gets no answer from the SDK, which keeps the POST's stream open until every
 * request of it was answered: the POST would hang, counted in flight, until the
 * client leaves. Answer it with an error as soon as it is cancelled; its handler
 * still runs to its end behind it (a dial is settled and audited).
 *
 * A 2026-07-28 request is one per POST and is cancelled by closing it: nothing
 * to do there.
 */
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  type RequestId,
  type Server,
  type Transport,
} from "@modelcontextprotocol/server";

/** The code LSP gives a cancelled request; MCP names none. */
const REQUEST_CANCELLED = -32800;

/** Makes `server` answer, on whatever transport the SDK connects it to, a request cancelled in the same POST. */
export function answerCancelledRequests(server: Server): void {
  const connect = server.connect.bind(server);
  server.connect = async (transport: Transport) => {
    await connect(transport);
    const dispatched = new Set<RequestId>();
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      deliver?.(message, extra);
      if (isJSONRPCRequest(message)) dispatched.add(message.id);
      if (!isJSONRPCNotification(message) || message.method !== "notifications/cancelled") return;
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if ((typeof id !== "string" && typeof id !== "number") || !dispatched.delete(id)) return;
      transport
        .send({ jsonrpc: "2.0", id, error: { code: REQUEST_CANCELLED, message: "Request cancelled by the client" } })
        .catch(() => undefined);
    };
  };
}
