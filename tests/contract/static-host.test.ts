/**
 * build/client on a static host answers like the Fastify server: a small interpreter of the
 * `_redirects` and `_headers` the build writes (./static-host.ts, Netlify's rules) against the
 * real server on the same build, for every route of `content:check --routes` and 100 random
 * unknown paths: same status, same Location, same Content-Security-Policy.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { BUILD, ensureBuild } from "../site-build.ts";
import { staticHost } from "./static-host.ts";

let buildDir: string;
let app: FastifyInstance;
let host: ReturnType<typeof staticHost>;
let routes: { path: string; redirect?: string }[];

beforeAll(async () => {
  await ensureBuild();
  // A copy: a build running at the same time cannot change the files under the test.
  buildDir = mkdtempSync(path.join(os.tmpdir(), "static-host-"));
  cpSync(realpathSync(BUILD), buildDir, { recursive: true });
  // Static hosts serve over https: the server is told it is behind one too (HSTS, upgrade-insecure-requests).
  app = await buildApp(readConfig({ BUILD_DIR: buildDir, HTTPS: "1", DATABASE_URL: `file:${path.join(buildDir, "site.db")}` }), { logger: false });
  host = staticHost(path.join(buildDir, "client"));
  const listing = execFileSync(process.execPath, ["--import", "tsx", "scripts/content-check.ts", "--routes"], { encoding: "utf8" });
  routes = [...listing.matchAll(/^ {2}(\/\S*)(?: → (\S+) \(301\))?$/gm)].map(([, p, to]) => ({ path: p!, ...(to && { redirect: to }) }));
}, 600_000);

afterAll(async () => {
  await app?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

/** What both must agree on: status, Location, and the policy of every page they serve. */
async function compare(url: string) {
  const server = await app.inject({ method: "GET", url });
  const hosted = host.answer(url);
  const isRedirect = server.statusCode >= 300 && server.statusCode < 400;
  return {
    server: { status: server.statusCode, location: server.headers.location, csp: isRedirect ? undefined : server.headers["content-security-policy"] },
    host: { status: hosted.status, location: hosted.headers.location, csp: isRedirect ? undefined : hosted.headers["content-security-policy"] },
  };
}

it("lists every route and redirect of the content", () => {
  expect(routes.length).toBeGreaterThan(90);
  expect(routes.filter((r) => r.redirect).length).toBeGreaterThan(10);
});

it("answers every route like the server: status, Location and Content-Security-Policy", async () => {
  for (const { path: p, redirect } of routes) {
    const { server, host: hosted } = await compare(p);
    expect(hosted, p).toEqual(server);
    if (redirect) expect(server, p).toMatchObject({ status: 301, location: redirect });
    else expect(server.csp, p).toMatch(/script-src 'self' 'sha256-/);
  }
});

it("keeps the query string of a redirected request, as the server does", async () => {
  const from = routes.find((r) => r.redirect)!;
  const { server, host: hosted } = await compare(`${from.path}?utm_source=mail&x=1`);
  expect(hosted).toEqual(server);
  expect(server.location).toBe(`${from.redirect}?utm_source=mail&x=1`);
});

it("answers 100 random unknown paths like the server: each prefix's not-found page, with status 404 and its policy", async () => {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, "site-manifest.json"), "utf8")) as { notFound: { prefix: string }[]; redirects: Record<string, string> };
  const known = new Set(routes.map((r) => r.path));
  // Seeded, so a failure can be run again; a different seed each day explores more paths.
  const seed = Number(process.env.STATIC_HOST_SEED ?? Math.floor(Date.now() / 86_400_000));
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const word = () => Array.from({ length: 3 + Math.floor(random() * 10) }, () => "abcdefghijklmnopqrstuvwxyz0123456789-_.~"[Math.floor(random() * 40)]).join("");
  const bases = [...manifest.notFound.map((n) => n.prefix), ...Object.keys(manifest.redirects), "/assets", "/blog/images", "/og"];
  const unknown = new Set<string>();
  while (unknown.size < 100) {
    const base = bases[Math.floor(random() * bases.length)]!;
    const depth = 1 + Math.floor(random() * 3);
    const p = `${base === "/" ? "" : base}/${Array.from({ length: depth }, word).join("/")}`;
    if (!known.has(p) && !existsSync(path.join(buildDir, "client", p))) unknown.add(p);
  }
  const statuses = new Set<number>();
  for (const p of unknown) {
    const { server, host: hosted } = await compare(p);
    expect(hosted, `${p} (STATIC_HOST_SEED=${seed})`).toEqual(server);
    statuses.add(server.status);
  }
  expect([...statuses]).toEqual([404]);
});

it("answers the studio's screens like a server without STUDIO=1: the site's 404 page, though the build holds them", async () => {
  expect(existsSync(path.join(buildDir, "client/admin/index.html"))).toBe(true);
  for (const p of ["/admin", "/admin/pages", "/admin/preview", "/admin/index.html", "/admin/no-such-screen"]) {
    const { server, host: hosted } = await compare(p);
    expect(hosted, p).toEqual(server);
    expect(server.status, p).toBe(404);
  }
});

it("never serves the host's own configuration files", async () => {
  expect(host.answer("/_headers").status).toBe(404);
  expect((await app.inject({ method: "GET", url: "/_redirects" })).statusCode).toBe(404);
  expect((await app.inject({ method: "GET", url: "/_headers" })).statusCode).toBe(404);
});

it("caches hashed assets for a year on the host, as the server does", async () => {
  const html = readFileSync(path.join(buildDir, "client/index.html"), "utf8");
  const asset = /"(\/assets\/[^"]+)"/.exec(html)![1]!;
  const server = await app.inject({ method: "GET", url: asset });
  expect(host.answer(asset)).toMatchObject({ status: 200, headers: { "cache-control": server.headers["cache-control"] } });
});
