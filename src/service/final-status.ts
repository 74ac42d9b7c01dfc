/** Which call statuses are final: get_call's wait and the calls:// resource both ask (kept apart from the tools' schemas). */
import type { CallRecord } from "./shapes.js";

export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(["completed", "no_answer", "busy", "failed", "canceled"]);

export const isFinalCall = (call: CallRecord): boolean => TERMINAL_STATUSES.has(call.status ?? "");
