/** The calling window of OUTBOUND_CALLS_CALLING_HOURS, read at start; the guard that applies it is src/guards/hours/window.ts. */
export interface CallingWindow {
  /** Minutes after local midnight: start inclusive, end exclusive. */
  startMin: number;
  endMin: number;
  /** As configured, e.g. "08:00-21:00". */
  text: string;
}

const WINDOW = /^([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/** Reads "HH:MM-HH:MM"; undefined when it is not one. An end before the start wraps past midnight. */
export function parseCallingWindow(text: string): CallingWindow | undefined {
  const m = WINDOW.exec(text.trim());
  if (!m) return undefined;
  const startMin = Number(m[1]) * 60 + Number(m[2]);
  const endMin = Number(m[3]) * 60 + Number(m[4]);
  if (startMin > 1440 || endMin > 1440 || startMin === endMin) return undefined;
  return { startMin, endMin, text: text.trim() };
}
