/**
 * Local mode: the admin API exists only with ADMIN=1, answers only this computer, refuses
 * cross-site and non-JSON writes, and a server never mixes a build and a mode.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { adminKeyFrom, adminLink, isLoopback, markLocalModeBuild } from "../../src/admin/mode.server.ts";

let dir: string;
let contentRoot: string;
let buildDir: string;
const apps: FastifyInstance[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "admin-server-"));
  contentRoot = path.join(dir, "site");
  cpSync("content/blog", path.join(contentRoot, "content/blog"), { recursive: true });
  cpSync("public/blog", path.join(contentRoot, "public/blog"), { recursive: true });
  // The form API needs build/forms.json; the API alone needs nothing else.
  buildDir = path.join(dir, "build");
  mkdirSync(buildDir);
  writeFileSync(path.join(buildDir, "forms.json"), JSON.stringify({ agency: { name: "Test", email: "test@example.com" }, forms: [] }));
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  rmSync(dir, { recursive: true, force: true });
});

const KEY = "test-admin-key-0123456789abcdef";

async function start(env: Record<string, string>) {
  const config = readConfig({ BUILD_DIR: buildDir, CONTENT_ROOT: contentRoot, DATABASE_URL: `file:${path.join(dir, "site.db")}`, ...env });
  const app = await buildApp(config, { logger: false, apiOnly: true, adminKey: KEY });
  apps.push(app);
  return app;
}

const LOCAL = { host: "127.0.0.1:5173", origin: "http://127.0.0.1:5173", "sec-fetch-site": "same-origin", authorization: `Bearer ${KEY}` };
const newPost = { title: "Local Mode Only", content: "Written through the API.", author: "Priya Sharma", category: "ai-development", tags: ["LLM"], status: "draft", featured: false };
const postFiles = () => readdirSync(path.join(contentRoot, "content/blog/posts"));

describe("local mode is explicit", () => {
  it("without ADMIN=1 there is no admin API: every method answers 404", async () => {
    const app = await start({});
    for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
      const url = method === "GET" || method === "POST" ? "/api/admin/posts" : "/api/admin/posts/core-web-vitals-field-guide";
      const body = method === "POST" || method === "PUT";
      const res = await app.inject({ method, url, headers: { ...LOCAL, ...(body && { "content-type": "application/json" }) }, payload: body ? newPost : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(postFiles()).not.toContain("local-mode-only.md");
  });

  it("ADMIN=1 refuses to start on an address other machines can reach", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "example.com"]) {
      expect(() => readConfig({ ADMIN: "1", HOST: host })).toThrow(`must listen on a loopback address, not HOST="${host}"`);
    }
    for (const host of ["127.0.0.1", "::1", "localhost", "127.0.0.2"]) expect(readConfig({ ADMIN: "1", HOST: host }).admin).toBe(true);
  });

  it("an admin build goes to build-admin/, never over the public build", () => {
    expect(path.basename(readConfig({ ADMIN: "1" }).buildDir)).toBe("build-admin");
    expect(path.basename(readConfig({}).buildDir)).toBe("build");
  });

  it("a public server refuses a local-mode build (ADMIN=1), and an admin server needs one", async () => {
    writeFileSync(path.join(buildDir, "site-manifest.json"), JSON.stringify({ redirects: {}, notFound: [] }));
    markLocalModeBuild(buildDir, true);
    const config = readConfig({ BUILD_DIR: buildDir, DATABASE_URL: `file:${path.join(dir, "site.db")}` });
    await expect(buildApp(config, { logger: false })).rejects.toThrow(/was built with ADMIN=1 and contains the blog admin/);
    await expect(buildApp({ ...config, studio: true }, { logger: false })).rejects.toThrow(/was built with ADMIN=1 and contains the blog admin/);
    markLocalModeBuild(buildDir, false);
    await expect(buildApp({ ...config, admin: true }, { logger: false })).rejects.toThrow(/ADMIN=1 needs a build made with ADMIN=1/);
  });

  it.each([
    ["127.0.0.1", true], ["127.10.0.3", true], ["::1", true], ["[::1]", true], ["::ffff:127.0.0.1", true], ["localhost", true],
    ["0.0.0.0", false], ["::", false], ["10.0.0.1", false], ["::ffff:10.0.0.1", false], ["localhost.evil.example", false], ["127.0.0.1.nip.io", false], ["", false],
  ])("isLoopback(%j) is %s", (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });
});

describe("the admin API in local mode", () => {
  it("creates, lists, edits and deletes a post on disk", async () => {
    const app = await start({ ADMIN: "1" });
    const created = await app.inject({ method: "POST", url: "/api/admin/posts", headers: { ...LOCAL, "content-type": "application/json" }, payload: newPost });
    expect(created.statusCode).toBe(201);
    expect(created.headers["cache-control"]).toBe("no-store");
    const { post } = created.json<{ post: { slug: string; version: string } }>();
    expect(post.slug).toBe("local-mode-only");
    expect(postFiles()).toContain("local-mode-only.md");

    const listed = await app.inject({ method: "GET", url: "/api/admin/posts", headers: LOCAL });
    expect(listed.json<{ posts: { slug: string }[] }>().posts.map((p) => p.slug)).toContain("local-mode-only");

    const edited = await app.inject({ method: "PUT", url: "/api/admin/posts/local-mode-only", headers: { ...LOCAL, "content-type": "application/json", "if-match": `"${post.version}"` }, payload: { ...newPost, title: "Local Mode, Edited" } });
    expect(edited.statusCode).toBe(200);
    const stale = await app.inject({ method: "DELETE", url: "/api/admin/posts/local-mode-only", headers: { ...LOCAL, "if-match": `"${post.version}"` } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ error: { title: "Changed elsewhere" } });
    const deleted = await app.inject({ method: "DELETE", url: "/api/admin/posts/local-mode-only", headers: { ...LOCAL, "if-match": `"${edited.json<{ post: { version: string } }>().post.version}"` } });
    expect(deleted.statusCode).toBe(200);
    expect(postFiles()).not.toContain("local-mode-only.md");
  });

  it("answers an invalid post with 400 and per-field errors, and writes nothing", async () => {
    const app = await start({ ADMIN: "1" });
    const before = postFiles();
    const res = await app.inject({ method: "POST", url: "/api/admin/posts", headers: { ...LOCAL, "content-type": "application/json" }, payload: { ...newPost, title: "", author: "" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: "PostInvalid", title: "Validation Error", message: "Please fill in all required fields.", hint: expect.any(String) },
      fields: { title: "Title is required.", author: "Author is required." },
    });
    expect(postFiles()).toEqual(before);
  });

  it.each([
    ["another machine", { remoteAddress: "192.168.1.50" }, {}, "Local only"],
    ["a client forwarded by a local proxy", {}, { "x-forwarded-for": "203.0.113.9" }, "Local only"],
    ["a DNS-rebinding page (foreign Host)", {}, { host: "rebind.evil.example:5173", origin: "http://rebind.evil.example:5173" }, "Local only"],
    ["another site (Sec-Fetch-Site)", {}, { "sec-fetch-site": "cross-site" }, "Cross-site request refused"],
    ["another local port (same-site)", {}, { "sec-fetch-site": "same-site" }, "Cross-site request refused"],
    ["another origin (Origin)", {}, { "sec-fetch-site": undefined, origin: "http://127.0.0.1:8080" }, "Cross-site request refused"],
    ["a sandboxed frame (Origin: null)", {}, { "sec-fetch-site": undefined, origin: "null" }, "Cross-site request refused"],
  ])("refuses a write from %s (403) and writes nothing", async (_name, inject, headers, title) => {
    const app = await start({ ADMIN: "1" });
    const before = postFiles();
    const res = await app.inject({
      method: "POST",
      url: "/api/admin/posts",
      ...inject,
      headers: Object.fromEntries(Object.entries({ ...LOCAL, "content-type": "application/json", ...headers }).filter(([, v]) => v !== undefined)) as Record<string, string>,
      payload: newPost,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { title } });
    expect(postFiles()).toEqual(before);
  });

  // Everything a local browser shows, these show too: the TCP peer is 127.0.0.1, the Host is a
  // loopback name, the browser says same-origin. Only the key, printed in the terminal that
  // started the server, is missing.
  it.each([
    ["a local forwarder (socat, nginx) that sets Host to a loopback name", { host: "localhost:5173" }],
    ["a browser on another machine through an SSH tunnel (ssh -L 9000:127.0.0.1:5173)", { host: "localhost:9000", origin: "http://localhost:9000", "sec-fetch-site": "same-origin" }],
    ["a browser with a key from an earlier run", { ...LOCAL, authorization: "Bearer an-old-key-from-yesterday-0000" }],
    ["a key in another scheme", { ...LOCAL, authorization: `Basic ${KEY}` }],
  ])("refuses %s without this run's key (401) and writes nothing", async (_name, headers) => {
    const app = await start({ ADMIN: "1" });
    const before = postFiles();
    for (const [method, url] of [["GET", "/api/admin/posts"], ["POST", "/api/admin/posts"], ["DELETE", "/api/admin/posts/core-web-vitals-field-guide"]] as const) {
      const res = await app.inject({ method, url, headers: { ...headers, "content-type": "application/json" }, payload: method === "POST" ? newPost : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer /);
      expect(res.json()).toMatchObject({ error: { title: "Admin key needed", hint: expect.stringContaining("/admin#key=") } });
    }
    expect(postFiles()).toEqual(before);
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])("refuses a %s body (415): only JSON, which a cross-site form cannot send", async (type) => {
    const app = await start({ ADMIN: "1" });
    const before = postFiles();
    const res = await app.inject({ method: "POST", url: "/api/admin/posts", headers: { ...LOCAL, "content-type": type }, payload: JSON.stringify(newPost) });
    expect(res.statusCode).toBe(415);
    expect(postFiles()).toEqual(before);
  });

  it("answers bad JSON and oversized bodies in JSON", async () => {
    const app = await start({ ADMIN: "1" });
    const bad = await app.inject({ method: "POST", url: "/api/admin/posts", headers: { ...LOCAL, "content-type": "application/json" }, payload: "{not json" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { title: "Invalid request" } });
    const huge = await app.inject({ method: "POST", url: "/api/admin/posts", headers: { ...LOCAL, "content-type": "application/json" }, payload: { ...newPost, content: "x".repeat(600 * 1024) } });
    expect(huge.statusCode).toBe(413);
  });

  it.each(["..%2Ftaxonomy", "..%2F..%2F..%2Fpackage", "%2e%2e", "core-web-vitals-field-guide.md"])("path traversal in the slug (%s) is 404 and deletes nothing", async (slug) => {
    const app = await start({ ADMIN: "1" });
    const before = postFiles();
    const res = await app.inject({ method: "DELETE", url: `/api/admin/posts/${slug}`, headers: LOCAL });
    expect(res.statusCode).toBe(404);
    expect(postFiles()).toEqual(before);
    expect(existsSync(path.join(contentRoot, "content/blog/taxonomy.json"))).toBe(true);
  });

  it("reading the list from the address bar is local, but needs the key like everything else; cross-site it is refused", async () => {
    const app = await start({ ADMIN: "1" });
    const typed = { host: "localhost:5173", "sec-fetch-site": "none" };
    expect((await app.inject({ method: "GET", url: "/api/admin/posts", headers: { ...typed, authorization: `Bearer ${KEY}` } })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/admin/posts", headers: typed })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/admin/posts", headers: { ...typed, "sec-fetch-site": "cross-site" } })).statusCode).toBe(403);
  });

});

describe("the admin key", () => {
  it("is random for each run unless ADMIN_KEY fixes it, and a weak ADMIN_KEY is refused", () => {
    expect(adminKeyFrom({})).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(adminKeyFrom({})).not.toBe(adminKeyFrom({}));
    expect(adminKeyFrom({ ADMIN_KEY: KEY })).toBe(KEY);
    expect(() => adminKeyFrom({ ADMIN_KEY: "admin" })).toThrow(/at least 20/);
  });

  it("travels in the link's fragment, which browsers never send to a server", () => {
    expect(new URL(adminLink("http://127.0.0.1:5173", KEY)).hash).toBe(`#key=${KEY}`);
  });
});

describe("the admin route", () => {
  const routeIds = async (env: string | undefined) => {
    const saved = process.env.ADMIN;
    if (env === undefined) delete process.env.ADMIN;
    else process.env.ADMIN = env;
    try {
      vi.resetModules();
      const routes = (await import("../../src/routes.ts")).default as { id?: string; path?: string }[];
      return routes.map((r) => `${r.id}:${r.path ?? ""}`);
    } finally {
      if (saved === undefined) delete process.env.ADMIN;
      else process.env.ADMIN = saved;
    }
  };

  it("is declared in every build, local mode or not (with the page editor, its preview and the studio's screens), before the catch-all page route", async () => {
    const studio = [
      "index:",
      "admin:admin",
      "editor:admin/pages",
      "editor-preview:admin/preview",
      "studio-home:admin/home",
      "studio-sign-in:admin/sign-in",
      "studio-password:admin/password",
      "studio-account:admin/account",
      "studio-users:admin/users",
      "studio-audit:admin/audit",
      "studio-submissions:admin/submissions",
      "studio-media:admin/media",
      "page:*",
    ];
    expect(await routeIds(undefined)).toEqual(studio);
    expect(await routeIds("0")).toEqual(studio);
    expect(await routeIds("1")).toEqual(studio);
  });
});
