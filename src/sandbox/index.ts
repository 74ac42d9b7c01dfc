import type { AddressInfo } from "node:net";
import { resolveOptions, type SandboxOptions } from "./options.js";
import type { RecordedRequest } from "./recorder.js";
import { SandboxServer } from "./server.js";

export type { SandboxOptions } from "./options.js";
export type { RecordedRequest } from "./recorder.js";
export type { Agent } from "./agents.js";
export type { CallRecord } from "./call-record.js";
export type { CallStatus } from "./lifecycle.js";
export type { FinalStatus, SandboxTestNumber } from "./test-numbers.js";
export { SANDBOX_REFUSED_NUMBERS, SANDBOX_TEST_NUMBERS } from "./test-numbers.js";
export { TIMINGS as SANDBOX_TIMINGS } from "./lifecycle.js";

export interface Sandbox {
  /** "http://127.0.0.1:PORT": the base_url. The API lives under `${url}/api/v1`. */
  url: string;
  port: number;
  /** Every request received, in order; the last 10,000. */
  requests: RecordedRequest[];
  clearRequests(): void;
  /** Closes the server and any open sockets promptly. */
  close(): Promise<void>;
}

/** Starts the simulated calling service on a loopback address. Nothing is logged. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const resolved = resolveOptions(options);
  const server = new SandboxServer(resolved);
  await new Promise<void>((resolve, reject) => {
    server.http.once("error", reject);
    server.http.listen(resolved.port, resolved.host, () => {
      server.http.off("error", reject);
      resolve();
    });
  });
  const address = server.http.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    requests: server.requests,
    clearRequests: () => {
      server.requests.length = 0;
    },
    close: () => (closing ??= server.close()),
  };
}
