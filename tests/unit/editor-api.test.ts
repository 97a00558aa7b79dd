/**
 * The page editor's local API (server/plugins/editor.ts) on a copy of the site's content:
 * it exists only in local mode, checks a draft with the whole site as content:check does,
 * saves only what changed, never over a file changed on disk, never with errors, and deletes
 * a page only when nothing links to it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import site from "../../site.config.ts";
import { checkContent } from "../../src/runtime/content/check.ts";

let dir: string;
let root: string;
const apps: FastifyInstance[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "editor-api-"));
  root = path.join(dir, "site");
  cpSync("content", path.join(root, "content"), { recursive: true });
  cpSync("public/blog", path.join(root, "public/blog"), { recursive: true });
  cpSync("site.config.ts", path.join(root, "site.config.ts"));
  const build = path.join(dir, "build");
  mkdirSync(build);
  writeFileSync(path.join(build, "forms.json"), JSON.stringify({ agency: { name: "Test", email: "test@example.com" }, forms: [] }));
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = { ADMIN: "1" }) {
  const config = readConfig({ BUILD_DIR: path.join(dir, "build"), CONTENT_ROOT: root, DATABASE_URL: `file:${path.join(dir, "site.db")}`, ...env });
  const app = await buildApp(config, { logger: false, apiOnly: true, adminKey: KEY });
  apps.push(app);
  return app;
}

const KEY = "test-admin-key-0123456789abcdef";
const LOCAL = { host: "127.0.0.1:5173", origin: "http://127.0.0.1:5173", "sec-fetch-site": "same-origin", authorization: `Bearer ${KEY}` };
const JSON_LOCAL = { ...LOCAL, "content-type": "application/json" };
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const about = "content/pages/about.json";

async function open(app: FastifyInstance, file: string) {
  const res = await app.inject({ method: "GET", url: `/api/editor/document?file=${encodeURIComponent(file)}`, headers: LOCAL });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Record<string, unknown> & { blocks: Record<string, unknown>[] }; version: string; text: string };
}

describe("the editor API", () => {
  it("does not exist without local mode", async () => {
    const app = await start({});
    for (const url of ["/api/editor/documents", "/api/editor/context", `/api/editor/document?file=${about}`]) {
      expect((await app.inject({ method: "GET", url, headers: LOCAL })).statusCode, url).toBe(404);
    }
  });

  it("answers only this computer, from the same origin", async () => {
    const app = await start();
    const cases = [
      { remoteAddress: "192.168.1.50", headers: LOCAL },
      { headers: { ...LOCAL, host: "rebind.evil.example:5173", origin: "http://rebind.evil.example:5173" } },
      { headers: { ...JSON_LOCAL, "sec-fetch-site": "cross-site" } },
      { headers: { ...JSON_LOCAL, authorization: "Bearer not-this-runs-key-0123456789" } },
      { headers: (({ authorization: _, ...rest }) => rest)(JSON_LOCAL) },
    ];
    for (const { remoteAddress, headers } of cases) {
      const res = await app.inject({ method: "PUT", url: "/api/editor/document", headers, remoteAddress, payload: { file: about, data: {} } });
      expect([401, 403]).toContain(res.statusCode);
      expect(res.json().error.code).toMatch(/^Admin(NotLocal|NotLoopbackHost|CrossSite|KeyNeeded)$/);
    }
    expect(read(about)).toBe(readFileSync(about, "utf8"));
  });

  it("lists every page by path with its error count, and every collection", async () => {
    const app = await start();
    const res = await app.inject({ method: "GET", url: "/api/editor/documents", headers: LOCAL });
    const listing = res.json() as { pages: { file: string; path: string; title: string; errors: number }[]; collections: { name: string }[] };
    expect(listing.pages).toContainEqual({ file: about, path: "/about", title: "About Us", errors: 0, progress: [{ locale: "hi", translated: expect.any(Number), total: expect.any(Number), percent: 100 }] });
    expect(listing.pages.map((p) => p.path)).toEqual([...listing.pages.map((p) => p.path)].sort((a, b) => a.localeCompare(b)));
    expect(listing.collections.map((c) => c.name)).toEqual(expect.arrayContaining(["services", "faqs", "redirects", "forms"]));
    expect(listing.collections.map((c) => c.name)).not.toContain("legal");
  });

  it("checks a draft with the whole site: the same errors as content:check, located in the draft's text", async () => {
    const app = await start();
    const { data } = await open(app, about);
    const cta = data.blocks.findIndex((b) => b.type === "cta");
    (data.blocks[cta]!.actions as { href?: string }[])[0]!.href = "/contcat";
    const res = await app.inject({ method: "POST", url: "/api/editor/check", headers: JSON_LOCAL, payload: { file: about, data } });
    const { errors, introduced } = res.json();
    expect(introduced).toEqual([expect.objectContaining({ code: "BrokenLink", file: about, pointer: `/blocks/${cta}/actions/0/href`, message: "No page or redirect has the path /contcat.", hint: "Did you mean /contact?" })]);
    // content:check on the same files, with the draft written, reports exactly that.
    writeFileSync(path.join(root, about), `${JSON.stringify(data, null, 2)}\n`);
    const cli = await checkContent({ root, site });
    expect(cli.errors.map((e) => [e.code, e.file, e.pointer, e.message, e.hint])).toEqual(errors.map((e: Record<string, string>) => [e.code, e.file, e.pointer, e.message, e.hint]));
  });

  it("saves one changed field as one changed line, keeping $schema, key order and layout", async () => {
    const app = await start();
    const before = read(about);
    const { data, version } = await open(app, about);
    data.blocks[0]!.title = "Engineers who care";
    const res = await app.inject({ method: "PUT", url: "/api/editor/document", headers: { ...JSON_LOCAL, "if-match": `"${version}"` }, payload: { file: about, data } });
    expect(res.statusCode).toBe(200);
    const after = read(about);
    const changed = after.split("\n").filter((line, i) => line !== before.split("\n")[i]);
    expect(changed).toEqual(['      "title": "Engineers who care",']);
    expect(res.json().version).not.toBe(version);
  });

  it("refuses a save based on an older version (the file changed on disk), and overwrites nothing", async () => {
    const app = await start();
    const { data, version } = await open(app, about);
    const elsewhere = read(about).replace("About Arcbyte", "About us, from git");
    writeFileSync(path.join(root, about), elsewhere);
    data.blocks[0]!.title = "Mine";
    const res = await app.inject({ method: "PUT", url: "/api/editor/document", headers: { ...JSON_LOCAL, "if-match": `"${version}"` }, payload: { file: about, data } });
    expect(res.statusCode).toBe(412);
    expect(res.json().error.code).toBe("EditorChangedOnDisk");
    expect(read(about)).toBe(elsewhere);
  });

  it("refuses a save with errors, listing them, and a save that would break another file", async () => {
    const app = await start();
    const { data, version } = await open(app, about);
    const original = read(about);
    data.blocks[0]!.title = "";
    let res = await app.inject({ method: "PUT", url: "/api/editor/document", headers: { ...JSON_LOCAL, "if-match": `"${version}"` }, payload: { file: about, data } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ code: "EmptyValue", pointer: "/blocks/0/title" })]);
    // Moving /about away breaks the links to it elsewhere (site.config.ts's navigation).
    data.blocks[0]!.title = "Fine";
    data.path = "/about-us";
    res = await app.inject({ method: "PUT", url: "/api/editor/document", headers: { ...JSON_LOCAL, "if-match": `"${version}"` }, payload: { file: about, data } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: "BrokenLink", file: "site.config.ts", message: "No page or redirect has the path /about." })]));
    expect(read(about)).toBe(original);
  });

  it("creates a page only where none exists, and writes it like the others", async () => {
    const app = await start();
    const file = "content/pages/case-studies.json";
    const data = { $schema: "../../schemas/json/page.schema.json", path: "/case-studies", meta: { title: "Case Studies", description: "What we built." }, blocks: [{ type: "hero", title: "Case studies", subtitle: "Projects we are proud of." }] };
    const created = await app.inject({ method: "PUT", url: "/api/editor/document", headers: { ...JSON_LOCAL, "if-none-match": "*" }, payload: { file, data } });
    expect(created.statusCode).toBe(201);
    expect(JSON.parse(read(file))).toEqual(data);
    expect(read(file)).toMatch(/^\{\n {2}"\$schema": "\.\.\/\.\.\/schemas\/json\/page\.schema\.json",\n/);
    const again = await app.inject({ method: "PUT", url: "/api/editor/document", headers: { ...JSON_LOCAL, "if-none-match": "*" }, payload: { file, data } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("EditorFileExists");
  });

  it("deletes a page only when nothing links to it, listing every link otherwise", async () => {
    const app = await start();
    const { version } = await open(app, about);
    const refused = await app.inject({ method: "DELETE", url: `/api/editor/document?file=${about}`, headers: { ...LOCAL, "if-match": `"${version}"` } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("EditorPageLinked");
    const links = refused.json().errors as { code: string; file: string; label: string }[];
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.code === "BrokenLink")).toBe(true);
    expect(links.map((l) => l.file)).toContain("site.config.ts");
    expect(existsSync(path.join(root, about))).toBe(true);

    const lonely = "content/pages/lonely.json";
    writeFileSync(path.join(root, lonely), JSON.stringify({ path: "/lonely", meta: { title: "Lonely", description: "Nobody links here." }, blocks: [{ type: "hero", title: "Alone", subtitle: "Quite." }] }, null, 2));
    const { version: lonelyVersion } = await open(app, lonely);
    const deleted = await app.inject({ method: "DELETE", url: `/api/editor/document?file=${lonely}`, headers: { ...LOCAL, "if-match": `"${lonelyVersion}"` } });
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(path.join(root, lonely))).toBe(false);
  });

  it("edits only pages and JSON collections: not site.config.ts, not legal Markdown, not paths outside content", async () => {
    const app = await start();
    for (const file of ["site.config.ts", "content/legal/privacy.md", "content/pages/../../package.json", "content/collections/legal.json", "/etc/passwd"]) {
      const res = await app.inject({ method: "PUT", url: "/api/editor/document", headers: { ...JSON_LOCAL, "if-match": '"x"' }, payload: { file, data: {} } });
      expect(res.statusCode, file).toBe(404);
      expect(res.json().error.code).toBe("EditorNotEditable");
    }
  });

  it("answers bad requests with 4xx JSON: no version, not JSON, no file", async () => {
    const app = await start();
    const noVersion = await app.inject({ method: "PUT", url: "/api/editor/document", headers: JSON_LOCAL, payload: { file: about, data: {} } });
    expect(noVersion.statusCode).toBe(428);
    const text = await app.inject({ method: "POST", url: "/api/editor/check", headers: { ...LOCAL, "content-type": "text/plain" }, payload: "hello" });
    expect(text.statusCode).toBe(415);
    const noFile = await app.inject({ method: "POST", url: "/api/editor/check", headers: JSON_LOCAL, payload: { data: {} } });
    expect(noFile.statusCode).toBe(400);
    const broken = await app.inject({ method: "POST", url: "/api/editor/check", headers: JSON_LOCAL, payload: "{ nope" });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe("AdminBadRequest");
  });
});
