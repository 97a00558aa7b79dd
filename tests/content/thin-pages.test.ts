/**
 * No thin pages (docs/i18n.md): a category, tag or author page with no post in its locale says
 * only "no articles found", so it is noindex, out of the sitemap and of the alternates, in every
 * locale; the language switcher passes it by for the nearest page that has content.
 */
import site from "../../src/page/site-settings.ts";
import { checkContent, type SiteCheck } from "../../src/runtime/content/check.ts";
import { sitemap } from "../../src/runtime/build.server.ts";
import { alternatesOf, versionsOf } from "../../src/runtime/i18n/locale-routes.ts";
import type { RouteEntry } from "../../src/runtime/route-table.ts";

let checked: SiteCheck;
let terms: RouteEntry[];
beforeAll(async () => {
  checked = await checkContent({ root: process.cwd() });
  expect(checked.errors).toEqual([]);
  terms = [...checked.table!.routes.values()].filter((e) => /^blog-(categories|tags|authors)$/.test(e.file.page.each?.collection ?? ""));
}, 120_000);

const postsShown = (path: string) => (checked.pages.get(path)!.blocks.find((b) => b.type === "blog-archive")!.data as { posts: unknown[] }).posts.length;

it("are exactly the term pages with no post, in English and in Hindi", () => {
  const thin = terms.filter((e) => e.thin);
  expect(thin.some((e) => e.locale)).toBe(true);
  expect(thin.some((e) => !e.locale)).toBe(true);
  for (const e of terms) expect(e.thin === true, e.path).toBe(postsShown(e.path) === 0);
});

it("are noindex, out of the sitemap and of every page's alternates", () => {
  const map = sitemap(checked.content!, checked.table!);
  for (const e of terms.filter((t) => t.thin)) {
    expect(checked.pages.get(e.path)!.head.noindex, e.path).toBe(true);
    expect(map, e.path).not.toContain(`${site.url}${e.path}<`);
    expect(map, e.path).not.toContain(`href="${site.url}${e.path}"`);
    expect(alternatesOf(checked.table!, e)).toEqual([]);
  }
  const full = terms.find((e) => !e.thin && !e.locale && e.path.startsWith("/blog/category/"))!;
  expect(map).toContain(`<loc>${site.url}${full.path}</loc>`);
});

it("are passed by the language switcher, which leads to the locale's blog instead", () => {
  const hindiThin = terms.find((e) => e.thin && e.locale)!;
  const english = checked.table!.routes.get(hindiThin.locale!.source)!;
  expect(english.thin).toBeUndefined();
  expect(versionsOf(checked.table!, english).find((v) => v.code === "hi")!.path).toBe("/hi/blog");
});
