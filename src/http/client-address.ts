/**
 * Who a request comes from, for per-client rate limiting: the socket's address,
 * or, behind N trusted proxies, the address the outermost trusted proxy saw
 * (the Nth X-Forwarded-For entry from the right). Entries further left are
 * written by the client itself and prove nothing. An IPv6 client is its /56:
 * one host holds a whole /64 (a site usually a /56) and may take a new address
 * per request, which would buy a new budget each time.
 */
import ipaddr from "ipaddr.js";

/** The IPv6 prefix one client is counted by (express-rate-limit's default too). */
export const IPV6_CLIENT_PREFIX = 56;

export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  const socket = normalize(socketAddress ?? "unknown");
  if (trustedHops <= 0) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = [
    ...header
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
    socketAddress ?? "unknown",
  ];
  const picked = chain[Math.max(0, chain.length - 1 - trustedHops)] ?? socket;
  return normalize(picked);
}

/** `::ffff:10.0.0.1` is 10.0.0.1; a port is dropped; an IPv6 address is its network (`2001:db8:1:200::/56`); anything else as given, lower-cased. */
function normalize(address: string): string {
  // Some proxies write the client's port too ("1.2.3.4:5678", "[2001:db8::1]:443"): each connection would be a new client.
  const lower = address
    .toLowerCase()
    .replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/, "$1")
    .replace(/^\[([0-9a-f:.]+)\](?::\d{1,5})?$/, "$1");
  if (!ipaddr.IPv6.isValid(lower)) return lower;
  const v6 = ipaddr.IPv6.parse(lower);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const kept = IPV6_CLIENT_PREFIX;
  const parts = v6.parts.map((part, i) => {
    const bits = Math.min(16, Math.max(0, kept - 16 * i));
    return bits === 0 ? 0 : part & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${new ipaddr.IPv6(parts).toString()}/${kept}`;
}
