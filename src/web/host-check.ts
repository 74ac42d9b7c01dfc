/**
 * DNS-rebinding protection: a web page whose host name was re-pointed at this
 * machine makes the browser send its own name as Host, and its own origin as
 * Origin. Only the names this server is reached by are accepted: the bound
 * address and localhost with the port, plus OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS /
 * _ORIGINS. A request without Origin (any non-browser client) is not judged on it.
 */
export interface HostCheckOptions {
  /** The address bound (as given: 127.0.0.1, ::1, 0.0.0.0, a name...). */
  bindHost: string;
  /** The port actually bound. */
  port: number;
  extraHosts: string[];
  extraOrigins: string[];
}

/** 0.0.0.0 or ::, every address of the machine: no one name to accept. */
export function isWildcardHost(host: string): boolean {
  return host === "0.0.0.0" || host === "::" || host === "[::]";
}

export type HostCheck = (host: string | undefined, origin: string | undefined) => string | undefined;

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** "::1" -> "[::1]"; names lower-cased. */
function hostLiteral(host: string): string {
  const lower = host.toLowerCase();
  return lower.includes(":") && !lower.startsWith("[") ? `[${lower}]` : lower;
}

/** Splits a Host header into name and port ("" when absent); undefined when malformed. */
function splitHost(value: string): { name: string; port: string } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value.trim().toLowerCase());
  if (!match) return undefined;
  return { name: match[1] ?? "", port: match[2] ?? "" };
}

export function makeHostCheck(options: HostCheckOptions): HostCheck {
  const port = String(options.port);
  const names = new Set(LOOPBACK_NAMES);
  if (!isWildcardHost(options.bindHost)) names.add(hostLiteral(options.bindHost));
  // Exact "name:port" pairs, and names accepted on any port.
  const hostPorts = new Set([...names].map((n) => `${n}:${port}`));
  const anyPort = new Set<string>();
  for (const entry of options.extraHosts) {
    if (/:\d+$/.test(entry) && !/^\[[^\]]*\]$/.test(entry)) hostPorts.add(entry);
    else anyPort.add(entry);
  }
  // A default port is left out of Host and Origin.
  const defaultPortNames = port === "80" ? names : new Set<string>();
  const origins = new Set([...names].map((n) => (port === "80" ? `http://${n}` : `http://${n}:${port}`)));
  for (const origin of options.extraOrigins) origins.add(origin);

  return (host, origin) => {
    const parsed = host === undefined ? undefined : splitHost(host);
    const allowed =
      parsed !== undefined &&
      (anyPort.has(parsed.name) ||
        (parsed.port === "" ? defaultPortNames.has(parsed.name) : hostPorts.has(`${parsed.name}:${parsed.port}`)));
    if (!allowed) {
      return "Host header not allowed (DNS-rebinding protection); if clients reach this server under another name, add it to OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS";
    }
    if (origin !== undefined && !origins.has(origin.trim().toLowerCase())) {
      return "Origin not allowed (DNS-rebinding protection); to accept a browser origin, add it to OUTBOUND_CALLS_HTTP_ALLOWED_ORIGINS";
    }
    return undefined;
  };
}
