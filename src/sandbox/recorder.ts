export interface RecordedRequest {
  method: string;
  /** Without the query string. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; `authorization` exactly as received. */
  headers: Record<string, string>;
  /** Parsed JSON, the raw text when it is not JSON, or null when there was none. */
  body: unknown;
  status: number;
  at: number;
}

export const MAX_RECORDED = 10_000;

/** Appends in place (callers hold the array) and drops the oldest past the bound. */
export function record(requests: RecordedRequest[], entry: RecordedRequest): void {
  requests.push(entry);
  if (requests.length > MAX_RECORDED) requests.splice(0, requests.length - MAX_RECORDED);
}
