/**
 * The site server against a real build: pages, assets, redirects, not-found answers,
 * path traversal and security headers, through Fastify's inject (no port needed).
 * Builds first when there is no build yet (tests/site-build.ts); then works on a copy, so a
 * rebuild running at the same time cannot change the files under the test.
 */
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { BUILD, ensureBuild } from "../site-build.ts";

let buildDir: string;
let app: FastifyInstance;
let httpsApp: FastifyInstance;
let studioApp: FastifyInstance;

/** A config for a copy of the build, with everything the server writes kept in the temp dir. */
const configFor = (env: Record<string, string> = {}) =>
  readConfig({ BUILD_DIR: buildDir, DATABASE_URL: `file:${path.join(buildDir, "site.db")}`, ...env });

beforeAll(async () => {
  await ensureBuild();
  buildDir = mkdtempSync(path.join(os.tmpdir(), "site-build-"));
  cpSync(realpathSync(BUILD), buildDir, { recursive: true }); // build/ is a link to the release served
  app = await buildApp(configFor(), { logger: false });
  httpsApp = await buildApp(configFor({ HTTPS: "1" }), { logger: false });
  studioApp = await buildApp(configFor({ STUDIO: "1" }), { logger: false });
  // A first build on a clean machine, sharing two cores with the other test files, is slow.
}, 300_000);

afterAll(async () => {
  await app?.close();
  await httpsApp?.close();
  await studioApp?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });
const home = JSON.parse(readFileSync("content/pages/home.json", "utf8")) as { blocks: { type: string; title?: string }[] };
const heroTitle = home.blocks.find((b) => b.type === "hero")!.title!;

describe("pages", () => {
  it.each(["/", "/about"])("%s is 200 HTML that browsers revalidate", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("are prerendered: the HTML already holds the content", async () => {
    const res = await get("/");
    expect(res.body).toContain(`<h1`);
    expect(res.body).toContain(heroTitle);
  });
});

describe("the studio's screens (/admin), in every build", () => {
  const studioPaths = ["/admin", "/admin/", "/admin/pages", "/admin/pages?page=about", "/admin/preview", "/admin/index.html", "/admin/pages/index.html", "/admin/no-such-screen", "/ADMIN"];

  it("are the site's 404 page on a server without STUDIO=1", async () => {
    const notFound = await get("/no-such-page");
    for (const url of studioPaths) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(notFound.body);
    }
  });

  it("are served by a server with STUDIO=1, never to be indexed", async () => {
    for (const url of ["/admin", "/admin/pages", "/admin/preview"]) {
      const res = await studioApp.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('name="robots" content="noindex, nofollow"');
    }
  });
});

describe("files", () => {
  it("hashed assets are cached for a year, immutable", async () => {
    const asset = readdirSync(path.join(buildDir, "client", "assets")).find((f) => /-[\w-]{8}\.js$/.test(f))!;
    const res = await get(`/assets/${asset}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("the media library's files are cached for good, and an SVG opened on its own runs nothing", async () => {
    // As if intake's sanitiser had missed everything: the headers alone must hold.
    const dir = path.join(buildDir, "client", "_media", "v1");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "evil.abababababab.svg"), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const res = await get("/_media/v1/evil.abababababab.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
    expect((await get("/_media/v1/missing.abababababab.320.avif")).statusCode).toBe(404);
  });

  it("other files are cached for an hour", async () => {
    const res = await get("/favicon.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
  });
});

describe("redirects", () => {
  it("answer 301 with the canonical path, keeping the query", async () => {
    const res = await get("/app-development?utm_source=ad&x=1");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/services/mobile-development?utm_source=ad&x=1");
  });

  it("work with a trailing slash", async () => {
    const res = await get("/wordpress-development/");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/services/web-development");
  });

  it("drop a trailing slash from a page's path", async () => {
    const res = await get("/about/?ref=nav");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/about?ref=nav");
  });
});

describe("unknown paths", () => {
  const notFoundHtml = () => readFileSync(path.join(buildDir, "client", "404", "index.html"), "utf8");

  it("answer 404 with the not-found page", async () => {
    const res = await get("/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toBe(notFoundHtml());
    expect(res.body).toContain("Page Not Found");
  });

  it("the not-found page's own path is a 404 too", async () => {
    expect((await get("/404")).statusCode).toBe(404);
  });

  it("has no client-side router data: a .data path is an unknown page (404)", async () => {
    const res = await get("/about.data");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
  });
});

describe("paths that are no page: the 404 page, never a redirect elsewhere, never a 500", () => {
  it.each([
    // The trailing-slash redirect used the decoded path: Location //evil.example and /\evil.example.
    "/%2Fevil.example/",
    "/%5Cevil.example/",
    "//evil.example/",
    // new URL() threw (Invalid URL), and a control character reached the Location header.
    "//",
    "/a%0D%0ASet-Cookie:%20x=1/",
    "/a%00b/",
  ])("%s", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.body).toContain("Page Not Found");
  });

  it("a path of any script with a trailing slash redirects to itself, percent-encoded", async () => {
    const res = await get("/%E2%82%AC/?q=%E2%82%AC");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/%E2%82%AC?q=%E2%82%AC");
    expect((await get(res.headers.location as string)).statusCode).toBe(404);
  });
});

describe("path traversal", () => {
  const secrets = () => [readFileSync("package.json", "utf8"), readFileSync(path.join(buildDir, "site-manifest.json"), "utf8")];
  it.each([
    "/../package.json",
    "/../../package.json",
    "/%2e%2e/package.json",
    "/%2e%2e%2fpackage.json",
    "/..%2fsite-manifest.json",
    "/assets/..%2f..%2fsite-manifest.json",
    "/%2E%2E/%2E%2E/etc/passwd",
    "/favicon.svg%00.html",
    "/%00",
    "/%zz",
  ])("%s leaks nothing", async (url) => {
    const res = await get(url);
    expect([400, 404]).toContain(res.statusCode);
    for (const secret of secrets()) expect(res.body).not.toContain(secret.slice(0, 40));
    expect(res.body).not.toContain("root:x:0:0");
  });
});

describe("security headers", () => {
  /** sha256 of each inline script the browser would run (JSON-LD is data, not script). */
  const inlineScriptHashes = (html: string) =>
    [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/application\/ld\+json/.test(m[1]!))
      .map((m) => `'sha256-${createHash("sha256").update(m[2]!).digest("base64")}'`);

  it.each(["/", "/about", "/no-such-page"])("%s: the CSP allows exactly the page's own inline scripts", async (url) => {
    const res = await get(url);
    const csp = String(res.headers["content-security-policy"]);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!.split(" ").slice(1);
    const hashes = inlineScriptHashes(res.body);
    expect(hashes.length).toBeGreaterThan(0);
    expect(scriptSrc.sort()).toEqual(["'self'", ...new Set(hashes)].sort());
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it("only the page editor's preview may be framed, and only by the site itself", async () => {
    const preview = await studioApp.inject({ method: "GET", url: "/admin/preview" });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(preview.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const about = await get("/about");
    expect(about.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(about.headers["x-frame-options"]).toBe("DENY");
  });

  it("are sent with every answer", async () => {
    for (const url of ["/", "/favicon.svg", "/no-such-page", "/app-development"]) {
      const { headers } = await get(url);
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(headers["permissions-policy"], url).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      expect(headers["content-security-policy"], url).toBeTruthy();
    }
  });

  it("HSTS only when the site is served over https", async () => {
    expect((await get("/")).headers["strict-transport-security"]).toBeUndefined();
    const res = await httpsApp.inject({ method: "GET", url: "/" });
    expect(res.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  });

  it("HSTS when a request came over https through the local TLS proxy, never on a forged header from elsewhere", async () => {
    const proxied = await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(proxied.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    const forged = await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" }, remoteAddress: "203.0.113.9" });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
  });
});
