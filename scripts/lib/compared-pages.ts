/**
 * Another site's pages measured in the same run as this site's, by `npm run bench` and
 * `npm run bench:long-tasks`:
 *
 *   --compare U,U  the other site's URLs (a server of its own)
 *   --compare-headers[=csp]
 *                  reach them (http, this computer only) through a proxy that adds this site's
 *                  security headers (COOP among them) to every answer, so both sites are
 *                  measured under the same headers; =csp adds this site's Content-Security-Policy
 *                  too, which blocks what the other site loads from elsewhere
 *                  (site-headers-proxy.ts)
 */
import { addedHeaderNames, type CompareHeaders, compareTarget, startSiteHeadersProxy } from "./site-headers-proxy.ts";

export interface CompareOptions {
  urls: string[];
  headers?: CompareHeaders;
}

/** The options from a command's arguments; a wrong one stops the command before anything starts. */
export function compareOptions(args: string[], command: string): CompareOptions {
  const urls = args.includes("--compare") ? (args[args.indexOf("--compare") + 1]?.split(",").filter(Boolean) ?? []) : [];
  const headersArg = args.find((a) => /^--compare-headers(=|$)/.test(a));
  const headers = ({ "--compare-headers": "security", "--compare-headers=csp": "csp" } as Record<string, CompareHeaders | undefined>)[headersArg ?? ""];
  if (headersArg !== undefined && headers === undefined) throw new Error(`${command}: ${headersArg} is not an option: --compare-headers (this site's security headers) or --compare-headers=csp (and its Content-Security-Policy).`);
  if (headers && urls.length === 0) throw new Error(`${command}: --compare-headers needs --compare URL,URL: the pages to measure under this site's headers.`);
  // A URL the proxy may not reach is refused at once.
  for (const url of headers ? urls : []) compareTarget(url);
  return { urls, headers };
}

/** Starts a proxy per compared origin (with --compare-headers); each page as the browser reaches it. */
export async function startComparedPages({ urls, headers }: CompareOptions) {
  const proxies = new Map<string, Awaited<ReturnType<typeof startSiteHeadersProxy>>>();
  for (const url of headers ? urls : []) {
    const { origin } = new URL(url);
    if (!proxies.has(origin)) proxies.set(origin, await startSiteHeadersProxy(url, headers!));
  }
  const pages = urls.map((url) => {
    const { host, origin, pathname, search } = new URL(url);
    const proxy = proxies.get(origin);
    const site = proxy ? `${host} (this site's ${headers === "csp" ? "headers and CSP" : "headers"})` : host;
    return { site, path: pathname, url: proxy ? proxy.origin + pathname + search : url };
  });
  return {
    pages,
    /** The report's line about the headers, if the proxy added any. */
    note: headers
      ? `Compared pages reached through a proxy that adds to every answer: ${addedHeaderNames(headers).join(", ")}${headers === "csp" ? " (this site's policy, the page's own inline scripts allowed by hash)" : " (not this site's Content-Security-Policy: --compare-headers=csp adds it)"}.`
      : undefined,
    stop: async () => {
      for (const proxy of proxies.values()) await proxy.stop();
    },
  };
}
