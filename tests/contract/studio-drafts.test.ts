/**
 * The studio's drafts, presence and preview links, against the real app on both databases
 * (SQLite and a throwaway PostgreSQL), a copy of the content and the project's build (its
 * renderer draws the previews): autosave round trips without touching a content file, two
 * editors see each other, a preview link (of a page, a collection, a page's translation or a blog post) works signed
 * out until it is revoked or expires, and
 * the attacks a public write path meets are refused with 4xx, never 5xx.
 */
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { PREVIEW_BANNER } from "../../server/studio/documents/render.ts";
import type { StudioPostListing } from "../../src/admin/model.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { ensureBuild, ROOT } from "../site-build.ts";
import { contentHashes } from "./content-repository.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { makeAccount, sessionOf, STUDIO_HOST, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const PAGE = "content/pages/about.json";
const POST = "content/blog/posts/accessible-forms-checklist.md";
const TAXONOMY = "content/blog/taxonomy.json";
type PostFields = StudioPostListing["posts"][number];
const PRESENCE_MS = 3000;
const body = (response: { body: string }) => JSON.parse(response.body);
const refusal = (response: LightMyRequestResponse) => `${response.statusCode} ${body(response).error?.code}`;
const about = () => JSON.parse(readFileSync(path.join(ROOT, PAGE), "utf8")) as { meta: { title: string }; blocks: Record<string, unknown>[] };

/** The page a preview link shows, asked as a stranger's browser would: no cookie, no studio headers. */
const visit = (t: TestApp, url: string) => t.app.inject({ method: "GET", url, headers: { host: STUDIO_HOST, "user-agent": "Mozilla/5.0 (visitor)" } });

describeOnEachDatabase("the studio's drafts and previews on $name", (target) => {
  let t: TestApp;
  let work: string;
  let before: Record<string, string>;
  const database = groupDatabase(target);
  beforeAll(async () => {
    const buildDir = await ensureBuild();
    work = mkdtempSync(path.join(os.tmpdir(), "studio-drafts-"));
    cpSync(path.join(ROOT, "content"), path.join(work, "content"), { recursive: true });
    // The blog's posts name their images under public/: without them no post is valid.
    cpSync(path.join(ROOT, "public"), path.join(work, "public"), { recursive: true });
    before = contentHashes(work);
    t = await startFormsApp({ databaseUrl: database.url, buildDir, contentRoot: work, studio: true, studioLimits: { presenceMs: PRESENCE_MS } });
  });
  afterAll(async () => {
    await t?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });
  const db = () => t.app.storage.db;
  let n = 0;
  const person = async (name: string, role: "contributor" | "editor" = "contributor") => {
    const account = await makeAccount(db(), `${name.toLowerCase()}.${++n}@example.com`, role, name);
    return { account, session: await sessionOf(db(), account.id) };
  };

  test("a draft is kept as one types, shows who changed it and when, and never touches the file", async () => {
    const asha = await person("Asha");
    const opened = await studio(t, "GET", `/api/studio/document?file=${PAGE}`, { session: asha.session });
    expect(opened.statusCode).toBe(200);
    const document = body(opened);
    expect(document).toMatchObject({ file: PAGE, version: expect.stringMatching(/^[0-9a-f]{16}$/), draft: null, editors: [] });
    expect(document.data).toEqual(about());

    const draft = { ...about(), meta: { ...about().meta, title: "About the team" } };
    const saved = await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: PAGE, base: document.version, data: draft } });
    expect(saved.statusCode).toBe(200);
    expect(body(saved).draft).toEqual({ by: { name: "Asha" }, at: expect.any(String), revision: expect.stringMatching(/^[0-9a-f]{16}$/) });
    // Without the revision it was made over (the blog admin's autosave), last write wins: the second replaces the first.
    const later = { ...draft, meta: { ...draft.meta, title: "About our engineers" } };
    expect((await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: PAGE, base: document.version, data: later } })).statusCode).toBe(200);

    const reopened = body(await studio(t, "GET", `/api/studio/document?file=${PAGE}`, { session: asha.session }));
    expect(reopened.draft).toEqual({ data: later, base: document.version, by: { name: "Asha" }, at: expect.any(String), revision: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(Math.abs(Date.parse(reopened.draft.at) - Date.now())).toBeLessThan(60_000);
    expect(reopened.data).toEqual(about()); // the file as it is

    const listing = body(await studio(t, "GET", "/api/studio/documents", { session: asha.session }));
    expect(listing.pages.find((p: { file: string }) => p.file === PAGE).draft).toEqual({ by: { name: "Asha" }, at: reopened.draft.at });
    expect(listing.pages.find((p: { file: string }) => p.file === "content/pages/home.json").draft).toBeNull();
    expect(listing.collections.find((c: { file: string }) => c.file === "content/collections/services.json")).toMatchObject({ name: "services", draft: null });

    // The draft is checked with the whole site, as the local editor checks it.
    const broken = { ...later, meta: { ...later.meta, title: "" } };
    const checked = body(await studio(t, "POST", "/api/studio/check", { session: asha.session, body: { file: PAGE, data: broken } }));
    expect(checked.introduced.map((e: { pointer: string }) => e.pointer)).toContain("/meta/title");
    expect(body(await studio(t, "POST", "/api/studio/check", { session: asha.session, body: { file: PAGE, data: later } })).introduced).toEqual([]);

    expect(contentHashes(work)).toEqual(before);

    expect((await studio(t, "DELETE", `/api/studio/drafts?file=${PAGE}`, { session: asha.session })).statusCode).toBe(204);
    expect(body(await studio(t, "GET", `/api/studio/document?file=${PAGE}`, { session: asha.session })).draft).toBeNull();
    expect((await studio(t, "DELETE", `/api/studio/drafts?file=${PAGE}`, { session: asha.session })).statusCode).toBe(204);
  });

  test("two people keep one draft: a keep made over a revision someone replaced since is refused with the draft as it is, and so is a discard", async () => {
    const [asha, ed] = [await person("Asha"), await person("Ed")];
    const { version } = body(await studio(t, "GET", `/api/studio/document?file=${PAGE}`, { session: asha.session }));
    const keep = (who: { session: string }, title: string, over: string | null) =>
      studio(t, "PUT", "/api/studio/drafts", { session: who.session, body: { file: PAGE, base: version, data: { ...about(), meta: { ...about().meta, title } }, over } });

    const first = await keep(asha, "Asha's title", null);
    expect(first.statusCode).toBe(200);
    const seen = body(first).draft.revision;
    // Ed saw no draft when he began: his keep is refused, and the answer is Asha's draft.
    const refused = await keep(ed, "Ed's title", null);
    expect(refusal(refused)).toBe("409 StudioDraftChanged");
    expect(body(refused).draft).toMatchObject({ data: { meta: { title: "Asha's title" } }, by: { name: "Asha" }, revision: seen });
    // Made over her revision (merged, as the editor does), it is kept; Asha's next keep over her old one is refused in turn.
    const merged = await keep(ed, "Asha's and Ed's title", seen);
    expect(merged.statusCode).toBe(200);
    expect(refusal(await keep(asha, "Asha again", seen))).toBe("409 StudioDraftChanged");
    // An open editor's poll: the draft only when it is no longer at the revision the editor holds.
    const since = async (over: string) => body(await studio(t, "GET", `/api/studio/drafts/since?file=${PAGE}&over=${over}`, { session: asha.session })).draft;
    expect(await since(seen)).toMatchObject({ by: { name: "Ed" }, revision: body(merged).draft.revision });
    expect(await since(body(merged).draft.revision)).toBeNull();
    // A discard of the revision Asha saw leaves Ed's draft; of the one there now, discards it.
    const discard = (over: string) => studio(t, "DELETE", `/api/studio/drafts?file=${PAGE}&over=${over}`, { session: asha.session });
    expect(refusal(await discard(seen))).toBe("409 StudioDraftChanged");
    expect(body(await studio(t, "GET", `/api/studio/document?file=${PAGE}`, { session: asha.session })).draft).toMatchObject({ data: { meta: { title: "Asha's and Ed's title" } }, by: { name: "Ed" } });
    expect((await discard(body(merged).draft.revision)).statusCode).toBe(204);
    expect(body(await studio(t, "GET", `/api/studio/document?file=${PAGE}`, { session: asha.session })).draft).toBeNull();
  });

  test("a translation's draft is kept like a page's, with its source's texts and their states, and never touches the file", async () => {
    const HI = "content/translations/hi/pages/about.json";
    const meera = await person("Meera");
    const opened = body(await studio(t, "GET", `/api/studio/document?file=${HI}`, { session: meera.session }));
    expect(opened).toMatchObject({ file: HI, draft: null, translation: { locale: "hi", page: PAGE, percent: 100 } });
    const title = opened.translation.texts.find((text: { slot: string[] }) => text.slot.join("/") === "blocks/hero/title");
    expect(title).toMatchObject({ source: about().blocks[0]!.title, state: "translated" });

    const draft = { ...opened.data, blocks: { ...opened.data.blocks, hero: { ...opened.data.blocks.hero, title: { ...opened.data.blocks.hero.title, text: "इंजीनियर जो परवाह करते हैं" } } } };
    expect((await studio(t, "PUT", "/api/studio/drafts", { session: meera.session, body: { file: HI, base: opened.version, data: draft } })).statusCode).toBe(200);
    const reopened = body(await studio(t, "GET", `/api/studio/document?file=${HI}`, { session: meera.session }));
    expect(reopened.draft).toEqual({ data: draft, base: opened.version, by: { name: "Meera" }, at: expect.any(String), revision: expect.any(String) });
    const checked = body(await studio(t, "POST", "/api/studio/check", { session: meera.session, body: { file: HI, data: draft } }));
    expect(checked).toMatchObject({ introduced: [], translation: { locale: "hi", page: PAGE, percent: 100 } });
    // Not a new page to the listing: it is opened from its page, in its locale.
    expect(body(await studio(t, "GET", "/api/studio/documents", { session: meera.session })).newPages.map((p: { file: string }) => p.file)).not.toContain(HI);
    expect(contentHashes(work)).toEqual(before);
    expect((await studio(t, "DELETE", `/api/studio/drafts?file=${HI}`, { session: meera.session })).statusCode).toBe(204);
  });

  test("a page not written yet lives as a draft: listed as a new page, opened from GET /drafts", async () => {
    const asha = await person("Asha");
    const file = "content/pages/brand-new.json";
    const data = { ...about(), path: "/brand-new" };
    expect(refusal(await studio(t, "GET", `/api/studio/drafts?file=${file}`, { session: asha.session }))).toBe("404 StudioDraftNotFound");
    await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file, base: null, data } });
    const listing = body(await studio(t, "GET", "/api/studio/documents", { session: asha.session }));
    expect(listing.newPages).toEqual([{ file, draft: { by: { name: "Asha" }, at: expect.any(String) } }]);
    expect(listing.pages.map((p: { file: string }) => p.file)).not.toContain(file);
    expect(body(await studio(t, "GET", `/api/studio/drafts?file=${file}`, { session: asha.session }))).toEqual({ draft: { data, base: null, by: { name: "Asha" }, at: expect.any(String), revision: expect.any(String) } });
    expect(refusal(await studio(t, "GET", `/api/studio/document?file=${file}`, { session: asha.session }))).toBe("404 StudioDocumentNotFound");
    await studio(t, "DELETE", `/api/studio/drafts?file=${file}`, { session: asha.session });
    expect(body(await studio(t, "GET", "/api/studio/documents", { session: asha.session })).newPages).toEqual([]);
    expect(contentHashes(work)).toEqual(before);
  });

  test("two people on one page see each other, and only while they are there (until one closes it, signs out, or stops sending heartbeats)", async () => {
    const asha = await person("Asha");
    const ravi = await person("Ravi", "editor");
    const file = "content/pages/services.json";
    expect(body(await studio(t, "POST", "/api/studio/presence", { session: asha.session, body: { file } }))).toEqual({ editors: [] });
    expect(body(await studio(t, "POST", "/api/studio/presence", { session: ravi.session, body: { file } }))).toEqual({ editors: [{ name: "Asha" }] });
    expect(body(await studio(t, "GET", `/api/studio/document?file=${file}`, { session: asha.session })).editors).toEqual([{ name: "Ravi" }]);
    // Another page's editors are not this one's.
    expect(body(await studio(t, "POST", "/api/studio/presence", { session: asha.session, body: { file: PAGE } })).editors).toEqual([]);
    // Asha closes the page: Ravi stops seeing her at once; she is still on the other page.
    expect((await studio(t, "DELETE", `/api/studio/presence?file=${encodeURIComponent(file)}`, { session: asha.session })).statusCode).toBe(204);
    expect(body(await studio(t, "GET", `/api/studio/document?file=${file}`, { session: ravi.session })).editors).toEqual([]);
    expect(body(await studio(t, "POST", "/api/studio/presence", { session: ravi.session, body: { file: PAGE } })).editors).toEqual([{ name: "Asha" }]);
    await studio(t, "DELETE", `/api/studio/presence?file=${encodeURIComponent(PAGE)}`, { session: ravi.session });
    await studio(t, "POST", "/api/studio/presence", { session: asha.session, body: { file } });
    // Ravi signs out right after a heartbeat: he is not editing any more, though the window has not passed.
    await studio(t, "POST", "/api/studio/presence", { session: ravi.session, body: { file } });
    expect((await studio(t, "POST", "/api/studio/sign-out", { session: ravi.session, body: {} })).statusCode).toBe(204);
    expect(body(await studio(t, "GET", `/api/studio/document?file=${file}`, { session: asha.session })).editors).toEqual([]);
    // Nobody sends a heartbeat for longer than the window: nobody is editing.
    await new Promise((resolve) => setTimeout(resolve, PRESENCE_MS + 200));
    expect(body(await studio(t, "GET", `/api/studio/document?file=${file}`, { session: asha.session })).editors).toEqual([]);
  });

  test("a preview link shows the draft, rendered as the site renders it, to anyone, until it is revoked", async () => {
    const asha = await person("Asha");
    const version = body(await studio(t, "GET", `/api/studio/document?file=${PAGE}`, { session: asha.session })).version;
    const draft = about();
    draft.meta.title = "About the draft team";
    draft.blocks[0] = { ...draft.blocks[0], title: "A headline nobody has published" };
    await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: PAGE, base: version, data: draft } });

    const created = await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file: PAGE } });
    expect(created.statusCode).toBe(201);
    const link = body(created);
    expect(link).toEqual({ id: expect.any(String), url: expect.stringMatching(/^\/admin\/share\/[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Only the token's hash is stored.
    const token = link.url.split("/").pop();
    const stored = await db().selectFrom("studio_previews").selectAll().where("id", "=", link.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.token_hash).toBe(createHash("sha256").update(token).digest("base64url"));

    const page = await visit(t, link.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'self'/);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body.match(/<meta name="robots"/g)).toHaveLength(1);
    expect(page.body).toMatch(new RegExp(`<body[^>]*><div role="status"[^>]*>${PREVIEW_BANNER}</div>`));
    expect(page.body).toContain("A headline nobody has published");
    expect(page.body).toContain("<title>About the draft team");
    // The live site's renderer: the built page's document, head and scripts alike.
    const built = readFileSync(path.join(await ensureBuild(), "client/about/index.html"), "utf8");
    const scripts = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(scripts(page.body)).toEqual(scripts(built));
    expect(page.body.replace("A headline nobody has published", "").length).toBeGreaterThan(built.length * 0.8);

    const listed = body(await studio(t, "GET", `/api/studio/previews?file=${PAGE}`, { session: asha.session }));
    expect(listed.previews).toEqual([{ id: link.id, by: { name: "Asha" }, createdAt: expect.any(String), expiresAt: link.expiresAt }]);

    expect((await studio(t, "DELETE", `/api/studio/previews/${link.id}`, { session: asha.session })).statusCode).toBe(204);
    const revoked = await visit(t, link.url);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.headers["cache-control"]).toBe("no-store");
    expect(revoked.body).toBe(readFileSync(path.join(await ensureBuild(), "client/404/index.html"), "utf8"));
    expect(body(await studio(t, "GET", `/api/studio/previews?file=${PAGE}`, { session: asha.session })).previews).toEqual([]);
    expect(refusal(await studio(t, "DELETE", `/api/studio/previews/${link.id}`, { session: asha.session }))).toBe("404 StudioPreviewNotFound");
    await studio(t, "DELETE", `/api/studio/drafts?file=${PAGE}`, { session: asha.session });
  });

  test("a preview link dies when it expires", async () => {
    const quick = await startFormsApp({ databaseUrl: t.databaseUrl, buildDir: await ensureBuild(), contentRoot: work, studio: true, studioLimits: { previewTtlMs: 1500 } });
    try {
      const account = await makeAccount(quick.app.storage.db, `expiry.${++n}@example.com`, "contributor");
      const session = await sessionOf(quick.app.storage.db, account.id);
      const link = body(await studio(quick, "POST", "/api/studio/previews", { session, body: { file: PAGE } }));
      expect((await visit(quick, link.url)).statusCode).toBe(200); // no draft: the page as it is
      await new Promise((resolve) => setTimeout(resolve, 1700));
      expect((await visit(quick, link.url)).statusCode).toBe(404);
      expect(body(await studio(quick, "GET", `/api/studio/previews?file=${PAGE}`, { session })).previews).toEqual([]);
    } finally {
      await quick.close();
    }
  });

  test("HTML and script typed into a draft come out escaped in its preview", async () => {
    const asha = await person("Asha");
    const script = "<script>alert(1)</script>";
    const image = '<img src=x onerror="alert(2)">';
    const draft = about();
    draft.meta.title = `${script} title`;
    draft.blocks[0] = { ...draft.blocks[0], title: `${script}${image}`, subtitle: `${image} and ${script} in a long text` };
    await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: PAGE, base: null, data: draft } });
    const link = body(await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file: PAGE } }));
    const page = await visit(t, link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("<script>alert(1)");
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.body).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    // The draft itself comes back as it was typed: escaping is the renderer's job.
    expect(body(await studio(t, "GET", `/api/studio/document?file=${PAGE}`, { session: asha.session })).draft.data.meta.title).toBe(`${script} title`);
    await studio(t, "DELETE", `/api/studio/drafts?file=${PAGE}`, { session: asha.session });
  });

  test("a collection's draft shows on a page of its items; a draft whose page cannot load says so, never a 5xx", async () => {
    const asha = await person("Asha");
    const file = "content/collections/services.json";
    const services = JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as { items: { title: string }[] };
    services.items[0] = { ...services.items[0]!, title: "A service renamed in a draft" };
    await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file, base: null, data: services } });
    const link = body(await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file } }));
    const page = await visit(t, link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("A service renamed in a draft");
    await studio(t, "DELETE", `/api/studio/drafts?file=${file}`, { session: asha.session });

    const pageLink = body(await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file: PAGE } })).url;
    // Kept as half-typed drafts are, but no page can load from them.
    for (const data of [{ ...about(), path: "not a path" }, { ...about(), meta: { ...about().meta, title: "" } }, { ...about(), blocks: [] }]) {
      expect((await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: PAGE, base: null, data } })).statusCode).toBe(200);
      const answer = await visit(t, pageLink);
      expect(answer.statusCode, JSON.stringify(data)).toBe(422);
      expect(answer.headers["x-robots-tag"]).toBe("noindex");
      expect(answer.body).toMatch(/^This draft cannot be previewed yet: ./);
    }
    await studio(t, "DELETE", `/api/studio/drafts?file=${PAGE}`, { session: asha.session });
  });

  test("a page translation's draft is previewed on the page in its language, each block with stale texts outlined and counted", async () => {
    const asha = await person("Asha");
    const file = "content/translations/hi/pages/about.json";
    const hindi = JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as { blocks: Record<string, Record<string, { source: string; hash: string }>> };
    // Translated from an older English: still shown, stale.
    hindi.blocks["card-grid"]!["items[key=our-mission].title"] = { ...hindi.blocks["card-grid"]!["items[key=our-mission].title"]!, source: "Our old mission", hash: "0123456789abcdef" };
    await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file, base: null, data: hindi } });
    const link = body(await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file } }));
    const page = await visit(t, link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html[^>]* lang="hi"/);
    expect(page.body).toContain("हमारा मिशन");
    expect(page.body.match(/data-stale-texts="\d+"/g)).toEqual(['data-stale-texts="1"']);
    expect(page.body).toContain("1 stale text here: translated from an older English");
    await studio(t, "DELETE", `/api/studio/drafts?file=${file}`, { session: asha.session });
  });

  test("a collection without pages of its own is previewed on a page that shows it, the draft applied", async () => {
    const asha = await person("Asha");
    for (const [collection, page] of [["values", "/about"], ["timeline", "/about"]] as const) {
      const file = `content/collections/${collection}.json`;
      const draft = JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as { items: { title: string }[] };
      draft.items[0] = { ...draft.items[0]!, title: `A ${collection} entry renamed in a draft` };
      await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file, base: null, data: draft } });
      const link = body(await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file } }));
      const shown = await visit(t, link.url);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain(`A ${collection} entry renamed in a draft`);
      expect(shown.body).toContain(`<link rel="canonical" href="${"https://"}`);
      expect(/<link rel="canonical" href="https?:\/\/[^/"]+([^"]*)"/.exec(shown.body)?.[1]?.replace(/\/$/, "")).toBe(page);
      await studio(t, "DELETE", `/api/studio/drafts?file=${file}`, { session: asha.session });
    }
  });

  test("a draft must be its document: any other JSON, under its name or a new page's, is refused and nothing is kept", async () => {
    const asha = await person("Asha");
    const page = about();
    const hero = page.blocks.find((block) => block.type === "hero")!;
    const notPages = [{}, [], "text", null, 42, { anything: "x".repeat(100_000) }, { ...page, extra: 1 }, { ...page, meta: "About" }, { ...page, blocks: [{ type: "no-such-block" }] }, { ...page, blocks: [{ type: "hero" }] }, { ...page, blocks: [{ ...hero, title: 42 }] }];
    for (const file of [PAGE, "content/pages/made-up-page.json"]) {
      for (const data of notPages) {
        const refused = await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file, base: null, data } });
        expect(refusal(refused), `${file} ${JSON.stringify(data).slice(0, 80)}`).toBe("400 StudioDraftNotDocument");
        expect(body(refused).error.message).toMatch(/^This draft does not have the shape of the page, collection or post it is for/);
      }
      expect(await db().selectFrom("studio_drafts").select("file").where("file", "=", file).executeTakeFirst()).toBeUndefined();
    }
    const notACollection = { items: [{ id: "x", nonsense: true }] };
    expect(refusal(await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: "content/collections/services.json", base: null, data: notACollection } }))).toBe("400 StudioDraftNotDocument");
    const notAPost = { title: "A post", content: "Text.", author: "Asha", category: "", tags: [], status: "published", featured: false, script: "<script>" };
    expect(refusal(await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: "content/blog/posts/made-up-post.md", base: null, data: notAPost } }))).toBe("400 StudioDraftNotDocument");
  });

  test("a draft half typed is kept: a text emptied or too long, a path not yet right, a number field emptied", async () => {
    const asha = await person("Asha");
    const page = about();
    const testimonials = "content/collections/testimonials.json";
    const rated = (rating: unknown) => {
      const collection = JSON.parse(readFileSync(path.join(ROOT, testimonials), "utf8")) as { items: Record<string, unknown>[] };
      collection.items[0] = { ...collection.items[0], rating };
      return collection;
    };
    const halfTyped = [
      ...[{ ...page, meta: { ...page.meta, title: "" } }, { ...page, meta: { ...page.meta, title: "T".repeat(300) } }, { ...page, path: "/About Us" }].map((data) => ({ file: PAGE, data })),
      ...["", "4."].map((rating) => ({ file: testimonials, data: rated(rating) })),
    ];
    for (const { file, data } of halfTyped) {
      expect((await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file, base: null, data } })).statusCode).toBe(200);
      expect(body(await studio(t, "GET", `/api/studio/drafts?file=${file}`, { session: asha.session })).draft.data).toEqual(data);
    }
    for (const file of [PAGE, testimonials]) await studio(t, "DELETE", `/api/studio/drafts?file=${file}`, { session: asha.session });
  });

  test("drafts per person and in total are bounded, in number and in size, each limit saying so", async () => {
    const limits = { perPerson: { drafts: 2, characters: 40_000 }, inTotal: { drafts: 3, characters: 60_000 } };
    // A database of its own: the counts are of every draft in it.
    const fresh = await target.setup();
    const small = await startFormsApp({ databaseUrl: fresh.url, buildDir: await ensureBuild(), contentRoot: work, studio: true, studioLimits: { draftLimits: limits } });
    try {
      const sdb = small.app.storage.db;
      const someone = async (name: string) => sessionOf(sdb, (await makeAccount(sdb, `${name}.${++n}@example.com`, "contributor", name)).id);
      const [asha, ben] = [await someone("Asha"), await someone("Ben")];
      const newPage = (name: string, description = "A page.") => ({ file: `content/pages/${name}.json`, base: null, data: { ...about(), path: `/${name}`, meta: { ...about().meta, description } } });
      const save = (session: string, draft: ReturnType<typeof newPage>) => studio(small, "PUT", "/api/studio/drafts", { session, body: draft });
      const kept = async () => (await sdb.selectFrom("studio_drafts").select("file").execute()).map((row) => row.file).sort();

      expect((await save(asha, newPage("limit-a1"))).statusCode).toBe(200);
      expect((await save(asha, newPage("limit-a2"))).statusCode).toBe(200);
      const third = await save(asha, newPage("limit-a3"));
      expect(refusal(third)).toBe("409 StudioDraftsPerPerson");
      expect(body(third).error.message).toContain("(2 drafts)");
      // Her own drafts she may go on changing: a draft replaces the one before.
      expect((await save(asha, newPage("limit-a2", "Changed."))).statusCode).toBe(200);
      // Larger than one person's share (40,000 characters with her other draft).
      const large = await save(asha, newPage("limit-a2", "x".repeat(38_000)));
      expect(refusal(large)).toBe("409 StudioDraftsPerPerson");
      expect(body(large).error.message).toContain("characters");

      expect((await save(ben, newPage("limit-b1"))).statusCode).toBe(200);
      const full = await save(ben, newPage("limit-b2"));
      expect(refusal(full)).toBe("409 StudioDraftsFull");
      expect(body(full).error.message).toContain("(3 drafts)");
      expect(await kept()).toEqual(["content/pages/limit-a1.json", "content/pages/limit-a2.json", "content/pages/limit-b1.json"]);

      // Room made by discarding: the next draft is kept.
      await studio(small, "DELETE", "/api/studio/drafts?file=content/pages/limit-a1.json", { session: asha });
      expect((await save(ben, newPage("limit-b2"))).statusCode).toBe(200);
    } finally {
      await small.close();
      await fresh.teardown();
    }
  });

  test("a post's draft has a preview link: its page as the blog renders it, the draft's fields written as the blog writer writes them", async () => {
    const asha = await person("Asha");
    const listed = (body(await studio(t, "GET", "/api/studio/posts", { session: asha.session })).posts as PostFields[]).find((p) => p.file === POST)!;
    const { title, excerpt, content, author, category, tags, status, featured } = listed;
    const data = { title: "Forms nobody has published", excerpt, content: `${content}\n\nA paragraph only the **draft** has.`, author, category, tags: [...tags, "Draft-only tag"], status, featured };
    const onDisk = [readFileSync(path.join(work, POST), "utf8"), readFileSync(path.join(work, TAXONOMY), "utf8")];
    await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: POST, base: listed.version, data } });

    const created = await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file: POST } });
    expect(created.statusCode, created.body).toBe(201);
    const link = body(created);
    const page = await visit(t, link.url);
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body.match(/<meta name="robots"/g)).toHaveLength(1);
    expect(page.body).toMatch(new RegExp(`<body[^>]*><div role="status"[^>]*>${PREVIEW_BANNER}</div>`));
    expect(page.body).toContain("<title>Forms nobody has published");
    expect(page.body).toContain("A paragraph only the <strong>draft</strong> has.");
    expect(page.body).toContain("Draft-only tag");
    // The live site's renderer: the built post's scripts.
    const built = readFileSync(path.join(await ensureBuild(), "client/blog/accessible-forms-checklist/index.html"), "utf8");
    const scripts = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(scripts(page.body)).toEqual(scripts(built));
    // Nothing written: the post and the taxonomy are as they were.
    expect([readFileSync(path.join(work, POST), "utf8"), readFileSync(path.join(work, TAXONOMY), "utf8")]).toEqual(onDisk);

    // A draft set to "draft" is still previewed: it is the post being looked at.
    await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: POST, base: listed.version, data: { ...data, status: "draft" } } });
    expect((await visit(t, link.url)).body).toContain("<title>Forms nobody has published");
    // A draft the writer refuses says why, never a 5xx.
    await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: POST, base: listed.version, data: { ...data, title: "" } } });
    const refused = await visit(t, link.url);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatch(/^This draft cannot be previewed yet: ./);
    // The draft discarded: the post as published.
    await studio(t, "DELETE", `/api/studio/drafts?file=${POST}`, { session: asha.session });
    const published = await visit(t, link.url);
    expect(published.statusCode).toBe(200);
    expect(published.body).toContain(`<title>${listed.title}`);
    expect(published.body).not.toContain("A paragraph only the");

    const token = link.url.split("/").pop()!;
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await visit(t, `/admin/share/${wrong}`)).statusCode).toBe(404);
    expect((await studio(t, "DELETE", `/api/studio/previews/${link.id}`, { session: asha.session })).statusCode).toBe(204);
    expect((await visit(t, link.url)).statusCode).toBe(404);
  });

  test("a locale's own post's draft has a preview link: its page in that locale", async () => {
    const asha = await person("Asha");
    const file = "content/blog/posts/hi/core-web-vitals-field-guide.md";
    const listed = (body(await studio(t, "GET", "/api/studio/posts", { session: asha.session })).posts as PostFields[]).find((p) => p.file === file)!;
    const { excerpt, content, author, category, tags, status, featured } = listed;
    await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file, base: listed.version, data: { title: "हिन्दी में एक मसौदा", excerpt, content, author, category, tags, status, featured } } });
    const link = body(await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file } }));
    const page = await visit(t, link.url);
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.body).toMatch(/<html lang="hi"/);
    expect(page.body).toContain("<title>हिन्दी में एक मसौदा");
    expect(page.body).toMatch(new RegExp(`<body[^>]*><div role="status"[^>]*>${PREVIEW_BANNER}</div>`));
    await studio(t, "DELETE", `/api/studio/drafts?file=${file}`, { session: asha.session });
  });

  test("wrong and guessed tokens, and other methods on a preview, are the site's 404 page", async () => {
    for (const url of ["/admin/share/nope", `/admin/share/${"A".repeat(43)}`, `/admin/share/${"x".repeat(5000)}`, "/admin/share/%00", "/admin/share/../../etc/passwd"]) {
      const answer = await visit(t, url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers["content-type"], url).toBe("text/html; charset=utf-8");
    }
    expect((await t.app.inject({ method: "POST", url: `/admin/share/${"A".repeat(43)}`, headers: { host: STUDIO_HOST } })).statusCode).toBe(404);
  });

  test("bad names, bodies, sessions and tokens are refused with 4xx, and nothing is written", async () => {
    const asha = await person("Asha");
    const drafts = () => db().selectFrom("studio_drafts").selectAll().execute();
    const draftsBefore = await drafts();
    const names = ["../../etc/passwd", "content/collections/nope.json", "/etc/passwd", `${ROOT}/content/pages/about.json`, "content/pages/about.json\u0000", "content\\pages\\about.json", "content/pages/../pages/about.json", "site.config.ts", ""];
    for (const file of names) {
      const q = encodeURIComponent(file);
      for (const answer of [
        await studio(t, "GET", `/api/studio/document?file=${q}`, { session: asha.session }),
        await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file, base: null, data: {} } }),
        await studio(t, "POST", "/api/studio/check", { session: asha.session, body: { file, data: {} } }),
        await studio(t, "DELETE", `/api/studio/drafts?file=${q}`, { session: asha.session }),
        await studio(t, "GET", `/api/studio/drafts?file=${q}`, { session: asha.session }),
        await studio(t, "POST", "/api/studio/presence", { session: asha.session, body: { file } }),
        await studio(t, "DELETE", `/api/studio/presence?file=${q}`, { session: asha.session }),
        await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file } }),
        await studio(t, "GET", `/api/studio/previews?file=${q}`, { session: asha.session }),
      ]) {
        expect(refusal(answer), JSON.stringify(file)).toBe(`400 ${errors.StudioNotADocument.code}`);
      }
    }
    // Not a string, or twice.
    expect(refusal(await studio(t, "GET", `/api/studio/document?file=${PAGE}&file=${PAGE}`, { session: asha.session }))).toBe("400 StudioBadRequest");
    expect(refusal(await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: PAGE, base: null } }))).toBe("400 StudioBadRequest");
    expect(refusal(await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: [PAGE], base: null, data: {} } }))).toBe("400 StudioBadRequest");
    // A draft of more than 2 MB; and one nested deeper than any document.
    const huge = { ...about(), meta: { ...about().meta, description: "x".repeat(2 * 1024 * 1024) } };
    expect(refusal(await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: PAGE, base: null, data: huge } }))).toBe("413 StudioTooLarge");
    const deep = `{"file":"${PAGE}","base":null,"data":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    for (const url of ["/api/studio/drafts", "/api/studio/check"]) {
      const answer = await studio(t, url.endsWith("drafts") ? "PUT" : "POST", url, { session: asha.session, raw: url.endsWith("drafts") ? deep : deep.replace(',"base":null', "") });
      expect(refusal(answer), url).toBe("400 StudioBadRequest");
      expect(body(answer).error.message).toMatch(/nests more than 100 levels/);
    }
    // A file that does not exist, under an editable name.
    expect(refusal(await studio(t, "GET", "/api/studio/document?file=content/pages/no-such-page.json", { session: asha.session }))).toBe("404 StudioDocumentNotFound");
    expect(refusal(await studio(t, "POST", "/api/studio/previews", { session: asha.session, body: { file: "content/pages/no-such-page.json" } }))).toBe("404 StudioDocumentNotFound");
    // No session; no CSRF token; another origin.
    const write = { file: PAGE, base: null, data: about() };
    expect(refusal(await studio(t, "PUT", "/api/studio/drafts", { body: write }))).toBe("401 StudioSignedOut");
    expect(refusal(await studio(t, "GET", "/api/studio/documents"))).toBe("401 StudioSignedOut");
    expect(refusal(await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, csrf: null, body: write }))).toBe("403 StudioCsrfToken");
    expect(refusal(await studio(t, "POST", "/api/studio/previews", { session: asha.session, csrf: null, body: { file: PAGE } }))).toBe("403 StudioCsrfToken");
    expect(refusal(await studio(t, "PUT", "/api/studio/drafts", { session: asha.session, body: write, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }))).toBe("403 StudioCrossSite");

    expect(await drafts()).toEqual(draftsBefore);
    expect(contentHashes(work)).toEqual(before);
  });
});
