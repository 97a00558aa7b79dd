/**
 * The incremental rebuild (server/build/rebuild.ts, run as the build's own rebuild.js) on a
 * copy of a real build and of the content: it renders exactly the pages whose data changed,
 * leaves every other file of the release byte for byte (the very same file, a hard link), and
 * renders what it renders exactly as the full build did. The WordPress-backed version of this,
 * with the webhook and polling, is tests/contract/wordpress-freshness.test.ts.
 */
import { cpSync, type Dirent, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { intakeImage, manifestFacts } from "../../src/runtime/media/intake.server.ts";
import { postMarkdown, type TestRelease, testRelease } from "./release-fixture.ts";

const POST = "rebuilt-after-the-build";
let t: TestRelease;
let BUILD: string;
let original: string;
/** The release as the full build wrote it, kept aside: old releases are pruned as rebuilds add new ones. */
let pristine: string;
const rebuild = (...args: string[]) => t.rebuild(...args);

/** Every file of a release, relative to it. */
const filesOf = (dir: string) => (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

/** Published posts in the rebuild's content. */
// Every published post, the locales' own (content/blog/posts/<locale>/) too: each one's HTML is remembered.
const localPosts = () =>
  readdirSync(path.join(t.work, "content/blog/posts"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md") && !/^status: draft$/m.test(readFileSync(path.join(t.work, "content/blog/posts", f), "utf8"))).length;

/** The files a page is made of in build/client. */
const pageFiles = (page: string) => {
  const html = page === "/" ? "index.html" : `${page.slice(1)}/index.html`;
  return [html, `${html}.br`, `${html}.gz`].map((f) => `client/${f}`);
};

beforeAll(async () => {
  t = await testRelease("rebuild-test");
  ({ buildDir: BUILD, first: original } = t);
  pristine = mkdtempSync(path.join(os.tmpdir(), "rebuild-pristine-"));
  cpSync(original, pristine, { recursive: true });
}, 900_000);

afterAll(() => {
  t?.remove();
  if (pristine) rmSync(pristine, { recursive: true, force: true });
});

it("renders nothing and keeps the release when nothing changed", async () => {
  const result = await rebuild();
  expect(result.rendered).toEqual([]);
  expect(result.release).toBeUndefined();
  expect(result.unchanged).toBeGreaterThan(90);
  expect(realpathSync(BUILD)).toBe(original);
  // Every post's sanitised HTML comes from the memo the full build left in the release.
  expect(result.postHtml).toEqual({ sanitized: 0, remembered: localPosts() });
}, 600_000);

it("a new post: renders it, the blog list and its archive pages, writes the sitemap, and leaves every other file as it was", async () => {
  const today = new Date().toISOString().slice(0, 10);
  // As if the release were built on an earlier day: the sitemap dates a page by the day its data last changed.
  const served = path.join(realpathSync(BUILD), "pages.json");
  const earlier = JSON.parse(readFileSync(served, "utf8")) as Record<string, { changed?: string }>;
  for (const record of Object.values(earlier)) record.changed = "2026-01-02";
  writeFileSync(served, JSON.stringify(earlier));
  writeFileSync(path.join(t.work, "content/blog/posts", `${POST}.md`), postMarkdown("Rebuilt after the build", today, "Its text is in the prerendered page."));
  const before = realpathSync(BUILD);
  const result = await rebuild();
  const after = realpathSync(BUILD);
  expect(after).not.toBe(before);
  expect(result.postHtml, "only the new post is sanitised").toEqual({ sanitized: 1, remembered: localPosts() - 1 });
  expect(result.rendered).toEqual(expect.arrayContaining([`/blog/${POST}`, "/blog", "/blog/category/cloud-devops", "/blog/tag/devops", "/blog/author/arjun-mehta"]));
  for (const unrelated of ["/about", "/contact", "/services", "/services/web-development", "/privacy", "/careers", "/blog/category/security", "/blog/tag/owasp"]) {
    expect(result.rendered, unrelated).not.toContain(unrelated);
  }
  // Prerendered: the HTML holds the post itself, not an empty shell.
  const html = readFileSync(path.join(after, "client/blog", POST, "index.html"), "utf8");
  expect(html).toContain("Rebuilt after the build");
  expect(html).toContain("Its text is in the prerendered page.");
  expect(readFileSync(path.join(after, "client/blog/index.html"), "utf8")).toContain("Rebuilt after the build");
  const sitemap = readFileSync(path.join(after, "client/sitemap.xml"), "utf8");
  expect(sitemap).toContain(`<loc>https://www.arcbyte.in/blog/${POST}</loc><lastmod>${today}</lastmod>`);
  // The pages rendered again changed today; the others on the day they last changed, not the rebuild's.
  expect(sitemap).toContain(`<loc>https://www.arcbyte.in/blog</loc><lastmod>${today}</lastmod>`);
  expect(sitemap).toContain(`<loc>https://www.arcbyte.in/about</loc><lastmod>2026-01-02</lastmod>`);
  expect(sitemap).toContain(`<loc>https://www.arcbyte.in/services/web-development</loc><lastmod>2026-01-02</lastmod>`);
  expect(readFileSync(path.join(after, "client/_headers"), "utf8")).toContain(`\n/blog/${POST}\n  Content-Security-Policy: `);

  // Every file of a page that was not rendered is the very file of the release before.
  const rendered = new Set(result.rendered.flatMap(pageFiles));
  const derived = /^(?:client\/(?:sitemap\.xml|_headers|__spa-fallback\.html)(?:\.br|\.gz)?|pages\.json|site-manifest\.json|forms\.json|post-html\.json)$/;
  let same = 0;
  for (const file of filesOf(before)) {
    if (rendered.has(file) || derived.test(file)) continue;
    expect(statSync(path.join(after, file)).ino, file).toBe(statSync(path.join(before, file)).ino);
    same++;
  }
  expect(same).toBeGreaterThan(500);
}, 600_000);

it("a removed post leaves the site: its files, the listings and the sitemap", async () => {
  unlinkSync(path.join(t.work, "content/blog/posts", `${POST}.md`));
  const result = await rebuild();
  const after = realpathSync(BUILD);
  // Its page in every built locale: the Hindi one showed it in fallback.
  expect([...result.removed].sort()).toEqual([`/blog/${POST}`, `/hi/blog/${POST}`]);
  expect(existsSync(path.join(after, "client/hi/blog", POST))).toBe(false);
  expect(result.rendered).toEqual(expect.arrayContaining(["/blog", "/blog/category/cloud-devops"]));
  expect(existsSync(path.join(after, "client/blog", POST))).toBe(false);
  expect(readFileSync(path.join(after, "client/blog/index.html"), "utf8")).not.toContain("Rebuilt after the build");
  expect(readFileSync(path.join(after, "client/sitemap.xml"), "utf8")).not.toContain(POST);
}, 600_000);

it("renders every page exactly as the full build did (--all), with React's production build", async () => {
  // The content is as the full build saw it again, so every page must come out the same.
  const probe = path.join(t.work, "react-builds.txt");
  await t.rebuildWith({ NODE_OPTIONS: `--require ${path.join(import.meta.dirname, "react-build-probe.cjs")}`, REACT_BUILD_PROBE: probe }, "--all");
  // With Vitest's NODE_ENV=test as with none: only "development" asks for React's development build (server/production-mode.ts).
  expect(readFileSync(probe, "utf8")).toBe("production\n");
  const after = realpathSync(BUILD);
  // The sitemap and pages.json date each page by the day its data last changed, which the tests above moved.
  const files = filesOf(pristine).filter((f) => !/^client\/sitemap\.xml/.test(f) && f !== "pages.json");
  expect(files.length).toBeGreaterThan(500);
  const differing = files.filter((f) => !readFileSync(path.join(after, f)).equals(readFileSync(path.join(pristine, f))));
  expect(differing).toEqual([]);
  const undated = (dir: string) => Object.entries(JSON.parse(readFileSync(path.join(dir, "pages.json"), "utf8")) as Record<string, { changed?: string }>).map(([page, { changed: _day, ...rest }]) => [page, rest]);
  expect(undated(after)).toEqual(undated(pristine));
}, 900_000);

it("a new picture for an image: renders only the pages that use it, and its old files leave the release once no page names them", async () => {
  const id = "hero-background-careers";
  const entry = path.join(t.work, "content/media", `${id}.json`);
  const was = JSON.parse(readFileSync(entry, "utf8")) as Record<string, string>;
  const image = await intakeImage(await sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 20, g: 140, b: 90 } } }).png().toBuffer());
  // As publishing a replacement writes it (server/studio/media/library.ts): the same id, the new picture's facts.
  unlinkSync(path.join(t.work, "content/media", `${id}.jpg`));
  writeFileSync(path.join(t.work, "content/media", `${id}.png`), image.bytes);
  const { $schema, alt, credit, licence } = was;
  writeFileSync(entry, `${JSON.stringify({ $schema, id, ...manifestFacts(image), alt, credit, licence }, null, 2)}\n`);
  const before = realpathSync(BUILD);
  const old = (dir: string) => readdirSync(path.join(dir, "client/_media/v1")).filter((f) => f.startsWith(`${id}.${was.sha256!.slice(0, 12)}.`));
  expect(old(before).length).toBeGreaterThan(0);

  const result = await rebuild();
  const after = realpathSync(BUILD);
  expect([...result.rendered].sort()).toEqual(["/careers", "/hi/careers"]);
  expect([...result.mediaRemoved].sort()).toEqual(old(before).sort());
  expect(old(after)).toEqual([]);
  // The release before keeps its files while it may still be served.
  expect(old(before).length).toBeGreaterThan(0);
  const html = readFileSync(path.join(after, "client/careers/index.html"), "utf8");
  const named = new RegExp(`/_media/v1/(${id}\\.${image.sha256.slice(0, 12)}\\.[^"' ]+\\.avif)`).exec(html)?.[1];
  expect(named && existsSync(path.join(after, "client/_media/v1", named))).toBe(true);
}, 600_000);
