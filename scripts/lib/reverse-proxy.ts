/**
 * A reverse proxy on this computer in front of one site, for measuring and testing that site
 * under answers it does not give itself: the bench's compared site under this site's headers
 * (site-headers-proxy.ts), a page sent in two parts (tests/e2e/loading.spec.ts).
 *
 * Every request goes to the site as it came (method, path and query, body), its headers as the
 * caller adjusts them. Every answer passes as it came, with the caller's headers added; a page
 * (text/html), if the caller handles pages, is read whole and handed over to be written.
 */
import http from "node:http";

/** Headers about one connection, not the answer: the proxy's own connection sets its own. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);

export interface ReverseProxyOptions {
  /** The headers the site gets for a request; the browser's, as they came, if not given. */
  requestHeaders?: (headers: http.IncomingHttpHeaders) => http.OutgoingHttpHeaders;
  /** Set on every answer, over the site's own. */
  answerHeaders?: Record<string, string>;
  /**
   * Writes a page's answer: `res` has the site's status and headers (and answerHeaders), not
   * yet sent; `body` is the whole page as it came (encoded, if the site encoded it).
   */
  page?: (body: Buffer, res: http.ServerResponse, answer: http.IncomingMessage) => void;
}

export async function startReverseProxy(site: string | URL, { requestHeaders = (h) => h, answerHeaders = {}, page }: ReverseProxyOptions = {}) {
  const target = new URL(site);
  const server = http.createServer((req, res) => {
    // The Host header stays the proxy's: links a server writes from it lead back through here.
    const request = { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: requestHeaders(req.headers) };
    const upstream = http.request(request, (answer) => {
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
      for (const [name, value] of Object.entries(answerHeaders)) res.setHeader(name, value);
      res.statusCode = answer.statusCode ?? 502;
      if (!page || !/^text\/html\b/.test(answer.headers["content-type"] ?? "")) {
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => page(Buffer.concat(chunks), res, answer));
    });
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`The site at ${target.origin}, reached through this proxy, did not answer: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    /** The proxy's origin: a URL of the site's path and query follow it. */
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
