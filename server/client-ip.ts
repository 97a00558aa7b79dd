/**
 * Who the client is: which proxies' X-Forwarded-For is believed (TRUST_PROXY), and the key
 * a client's submissions are counted under (an IPv6 client by its /64, the block one
 * household or server is given, so rotating through its own addresses gains nothing).
 */
import proxyAddr from "@fastify/proxy-addr";
import ipaddr from "ipaddr.js";
import { fail, serverErrors } from "./errors.ts";

/** Fastify's `trustProxy`: proxy addresses and ranges, or how many proxies stand in front. */
export type TrustProxy = string | number;

/**
 * TRUST_PROXY: unset is "loopback" (a proxy on the same machine); a whole number is the
 * count of proxies in front (their X-Forwarded-For entries are believed, from the right);
 * otherwise comma-separated addresses, CIDR ranges or the names loopback, linklocal and
 * uniquelocal. Checked with the parser Fastify itself uses, so what passes here works there.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim();
  if (!text) return "loopback";
  if (/^\d+$/.test(text)) return Number(text);
  if (/^(true|false|\*)$/i.test(text)) fail(serverErrors.InvalidTrustProxy, text, "trusting every or no sender is not a setting; name the proxies or count them");
  const entries = text.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => entry === "")) fail(serverErrors.InvalidTrustProxy, text, "an entry is empty");
  try {
    proxyAddr.compile(entries);
  } catch (error) {
    fail(serverErrors.InvalidTrustProxy, text, error instanceof Error ? error.message : String(error));
  }
  return entries.join(",");
}

/** The rate limit's key for a client address: IPv4 as is, IPv6 by its /64 network. */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === "ipv4") return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}
