/**
 * Who a request comes from, for per-client rate limiting: the socket's address,
 * or, behind N trusted proxies, the address the outermost trusted proxy saw
 * (the Nth X-Forwarded-For entry from the right). Entries further left are
 * written by the client itself and prove nothing.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number): string {
  const socket = normalize(socketAddress ?? "unknown");
  if (trustedHops <= 0) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = [
    ...header
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
    socket,
  ];
  const picked = chain[Math.max(0, chain.length - 1 - trustedHops)] ?? socket;
  return normalize(picked);
}

/** `::ffff:10.0.0.1` is 10.0.0.1; case does not matter in IPv6. */
function normalize(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice("::ffff:".length) : lower;
}
