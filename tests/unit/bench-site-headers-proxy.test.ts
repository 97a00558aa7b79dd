/**
 * `npm run bench --compare URL --compare-headers` is only a fair comparison if the compared
 * site reaches the browser under the headers this site's pages get, with its own answer
 * otherwise untouched; and the proxy reaches only sites on this computer.
 */
import http from "node:http";
import { gzipSync } from "node:zlib";
import { compareOptions, startComparedPages } from "../../scripts/lib/compared-pages.ts";
import { freePort } from "../../scripts/lib/free-port.ts";
import { startReverseProxy } from "../../scripts/lib/reverse-proxy.ts";
import { compareTarget, startSiteHeadersProxy } from "../../scripts/lib/site-headers-proxy.ts";
import { contentSecurityPolicy, inlineScriptHashes, SECURITY_HEADERS } from "../../src/runtime/security-policy.ts";

const PAGE = "<!doctype html><html><head><script>document.documentElement.dataset.js = '1'</script></head><body><h1>Another site</h1></body></html>";

/** The compared site: a page (gzip on request), its own headers, a status of its choosing, and the path it was asked for. */
let upstream: http.Server;
let upstreamUrl: string;
beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url === "/page") {
      const gzip = /gzip/.test(req.headers["accept-encoding"] ?? "");
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "X-Frame-Options": "SAMEORIGIN", ...(gzip && { "Content-Encoding": "gzip" }) });
      res.end(gzip ? gzipSync(PAGE) : PAGE);
    } else {
      res.writeHead(418, { "Content-Type": "text/plain", "X-Served-By": "upstream", "Content-Security-Policy": "default-src *" });
      res.end(`asked for ${req.url}`);
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => upstream.listen(port, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${port}/`;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

async function throughProxy(set: "security" | "csp", path: string) {
  const proxy = await startSiteHeadersProxy(upstreamUrl, set);
  try {
    const res = await fetch(proxy.origin + path);
    return { status: res.status, headers: res.headers, body: await res.text() };
  } finally {
    await proxy.stop();
  }
}

describe("the bench's proxy to a compared site (--compare-headers)", () => {
  it("adds every security header a page of this site gets, replacing the compared site's own", async () => {
    const { headers } = await throughProxy("security", "/page");
    expect(Object.keys(SECURITY_HEADERS).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers.get(name), name).toBe(value);
    // The header the comparison is about.
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
  });

  it("passes status, body, path and query, and the compared site's other headers through", async () => {
    const { status, headers, body } = await throughProxy("security", "/other?x=1");
    expect(status).toBe(418);
    expect(body).toBe("asked for /other?x=1");
    expect(headers.get("x-served-by")).toBe("upstream");
    // Without =csp the compared site keeps its own policy.
    expect(headers.get("content-security-policy")).toBe("default-src *");
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });

  it("passes a compressed page through as it came", async () => {
    const { status, headers, body } = await throughProxy("security", "/page");
    expect(status).toBe(200);
    expect(headers.get("content-encoding")).toBe("gzip");
    expect(body).toBe(PAGE);
  });

  it("with =csp, gives a page this site's policy with the page's own inline scripts hashed, and every other answer the default policy", async () => {
    const page = await throughProxy("csp", "/page");
    expect(page.body).toBe(PAGE);
    expect(inlineScriptHashes(PAGE)).toHaveLength(1);
    expect(page.headers.get("content-security-policy")).toBe(contentSecurityPolicy(inlineScriptHashes(PAGE)));
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(page.headers.get(name), name).toBe(value);
    const other = await throughProxy("csp", "/other");
    expect(other.headers.get("content-security-policy")).toBe(contentSecurityPolicy());
  });

  it("reaches only http sites on this computer", async () => {
    for (const url of ["http://127.0.0.1:3611/", "http://localhost:4321/blog", "http://[::1]:8080/"]) expect(compareTarget(url).pathname).toBe("/");
    for (const url of ["http://example.com/", "http://10.0.0.5:3611/", "https://127.0.0.1:3611/", "http://127.0.0.1.example.com/"]) {
      expect(() => compareTarget(url), url).toThrow(/only http sites on this computer/);
    }
    await expect(startSiteHeadersProxy("http://example.com/", "security")).rejects.toThrow(/only http sites on this computer/);
  });
});

describe("the reverse proxy the bench's proxy and the slow-tail test are built on (scripts/lib/reverse-proxy.ts)", () => {
  it("sends the request's headers as the caller adjusts them, and hands the caller the whole page to write", async () => {
    const pages: string[] = [];
    const proxy = await startReverseProxy(upstreamUrl, {
      // Without accept-encoding the compared site sends the page uncompressed.
      requestHeaders: ({ "accept-encoding": _, ...headers }) => headers,
      page: (body, res) => {
        pages.push(body.toString());
        res.write(body.subarray(0, 10));
        res.end(body.subarray(10));
      },
    });
    try {
      const res = await fetch(proxy.origin + "/page");
      expect([res.status, res.headers.get("content-encoding"), await res.text()]).toEqual([200, null, PAGE]);
      expect(pages).toEqual([PAGE]);
    } finally {
      await proxy.stop();
    }
  });

  it("answers 502, in words, when the site does not answer", async () => {
    const proxy = await startReverseProxy(`http://127.0.0.1:${await freePort()}/`);
    try {
      const res = await fetch(proxy.origin + "/page");
      expect([res.status, res.headers.get("content-type")]).toEqual([502, "text/plain; charset=utf-8"]);
      expect(await res.text()).toMatch(/^The site at http:\/\/127\.0\.0\.1:\d+, reached through this proxy, did not answer: .*ECONNREFUSED/);
    } finally {
      await proxy.stop();
    }
  });
});

describe("the benches' --compare options (npm run bench, bench:long-tasks)", () => {
  it("read the URLs, and the headers only with pages to measure under them", () => {
    expect(compareOptions(["--compare", "http://127.0.0.1:3611/,http://127.0.0.1:3611/about"], "bench")).toEqual({ urls: ["http://127.0.0.1:3611/", "http://127.0.0.1:3611/about"], headers: undefined });
    expect(compareOptions(["--compare", "http://127.0.0.1:3611/", "--compare-headers=csp"], "bench").headers).toBe("csp");
    expect(() => compareOptions(["--compare-headers"], "bench:long-tasks")).toThrow(/^bench:long-tasks: --compare-headers needs --compare URL,URL/);
    expect(() => compareOptions(["--compare", "http://127.0.0.1:3611/", "--compare-headers=all"], "bench")).toThrow(/--compare-headers=all is not an option/);
    expect(() => compareOptions(["--compare", "http://example.com/", "--compare-headers"], "bench")).toThrow(/only http sites on this computer/);
  });

  it("reach the pages through one proxy per site, which adds this site's headers, and say so", async () => {
    const compared = await startComparedPages({ urls: [upstreamUrl + "page", upstreamUrl + "page?x=1"], headers: "security" });
    try {
      const [first, second] = compared.pages;
      expect(new URL(first!.url).origin).toBe(new URL(second!.url).origin);
      expect(new URL(first!.url).origin).not.toBe(new URL(upstreamUrl).origin);
      expect(second!.url.endsWith("/page?x=1")).toBe(true);
      expect(first!.site).toMatch(/\(this site's headers\)$/);
      const res = await fetch(first!.url);
      expect(res.headers.get("cross-origin-opener-policy")).toBe(SECURITY_HEADERS["Cross-Origin-Opener-Policy"]);
      expect(compared.note).toMatch(/^Compared pages reached through a proxy that adds to every answer: .*Cross-Origin-Opener-Policy/);
    } finally {
      await compared.stop();
    }
    const direct = await startComparedPages({ urls: [upstreamUrl + "page"] });
    expect([direct.pages[0]!.url, direct.note]).toEqual([upstreamUrl + "page", undefined]);
  });
});
