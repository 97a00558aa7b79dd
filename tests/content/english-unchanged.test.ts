/**
 * While Hindi is a draft, the English site is what it was before it had languages: the i18n
 * routes add nothing and change no English page's data, head or links, and the sitemap is the
 * same. (Each prerendered page is a function of its data and the shell's; the sitemap of the
 * route table.) Compared against the route table and page data as the site had them before
 * locales: the default locale's table alone.
 */
import site from "../../site.config.ts";
import { sitemap } from "../../src/runtime/build.server.ts";
import { checkContent, type SiteCheck } from "../../src/runtime/content/check.ts";
import { keepLinksInLocale } from "../../src/runtime/content.server.ts";
import { headTags } from "../../src/runtime/head.ts";
import { loadPage } from "../../src/runtime/page-data.ts";
import { buildRouteTable, type RouteTable } from "../../src/runtime/route-table.ts";

let checked: SiteCheck;
let before: RouteTable;
beforeAll(async () => {
  checked = await checkContent({ root: process.cwd(), site });
  expect(checked.errors).toEqual([]);
  expect(checked.locales?.locales.filter((l) => l.status === "published").map((l) => l.code)).toEqual(["en"]);
  before = buildRouteTable(checked.content!).table;
}, 120_000);

describe("the English site while no other locale is published", () => {
  it("has the same routes, redirects and not-found prefixes", () => {
    const { routes, redirects, notFound } = checked.table!;
    expect([...routes.keys()]).toEqual([...before.routes.keys()]);
    expect([...redirects]).toEqual([...before.redirects]);
    expect(notFound.map((n) => `${n.prefix} ${n.entry.path}`)).toEqual(before.notFound.map((n) => `${n.prefix} ${n.entry.path}`));
  });

  it("gives every page the same data and head tags: no language, alternate or og:locale", async () => {
    for (const entry of before.routes.values()) {
      const { data } = await loadPage(entry, checked.content!, before);
      expect(checked.pages.get(entry.path), entry.path).toEqual(data);
      expect(headTags(checked.pages.get(entry.path)!.head, site.name), entry.path).toEqual(headTags(data!.head, site.name));
    }
  });

  it("writes the same sitemap", () => {
    expect(sitemap(checked.content!, checked.table!, "2026-11-26")).toBe(sitemap(checked.content!, before, "2026-11-26"));
  });

  it("leaves every English page's HTML links as they are", async () => {
    const html = '<a href="/about">About</a><a href="/services/web-development">Web</a>';
    for (const path of ["/", "/about", "/hi/about", "/no-such-page"]) expect(await keepLinksInLocale(path, html)).toBe(html);
  });
});
