/**
 * Who is not counted (docs/analytics.md): a browser that asks not to be tracked (Do Not Track,
 * Global Privacy Control), a bot by its User-Agent (isbot), and anyone holding a studio
 * session cookie (the people who edit the site). Decided on the server from the request's own
 * headers, so the collector stays small and a modified one cannot opt anyone back in.
 */
import { isbot } from "isbot";
import type { IncomingHttpHeaders } from "node:http";

export type NotCounted = "do-not-track" | "global-privacy-control" | "bot" | "studio-user";

/** The studio's session cookies (server/studio/auth/cookie.ts): over https, and on a loopback host in development. */
const STUDIO_COOKIE = /(?:^|;\s*)(?:__Host-studio|studio)=[^;\s]/;

/** Why this request is not counted, or undefined when it is. */
export function notCounted(headers: IncomingHttpHeaders): NotCounted | undefined {
  if (headers.dnt === "1") return "do-not-track";
  if (headers["sec-gpc"] === "1") return "global-privacy-control";
  const agent = headers["user-agent"];
  if (!agent || isbot(agent)) return "bot";
  if (STUDIO_COOKIE.test(headers.cookie ?? "")) return "studio-user";
  return undefined;
}
