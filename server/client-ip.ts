/**
 * Who the client is: which proxies' X-Forwarded-For is believed (TRUST_PROXY). The rate
 * limit then counts request.ip, an IPv6 client by its /64 (@fastify/rate-limit's ipv6Subnet).
 */
import proxyAddr from "@fastify/proxy-addr";
import { fail } from "./errors.ts";
import { errors } from "../src/errors/catalogue.ts";

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
  if (/^(true|false|\*)$/i.test(text)) fail(errors.InvalidTrustProxy, text, "trusting every or no sender is not a setting; name the proxies or count them");
  const entries = text.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => entry === "")) fail(errors.InvalidTrustProxy, text, "an entry is empty");
  try {
    proxyAddr.compile(entries);
  } catch (error) {
    fail(errors.InvalidTrustProxy, text, error instanceof Error ? error.message : String(error));
  }
  return entries.join(",");
}
