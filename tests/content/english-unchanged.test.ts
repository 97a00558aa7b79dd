/**
 * With Hindi published, the English site is what it was before it had languages: the same
 * routes, redirects and not-found pages, each page's blocks with the same data, the same
 * title, description, canonical and indexing, and the same links. What a multilingual site
 * adds to an English page is only its language: <html lang>, its alternates and og:locale,
 * inLanguage on its works, and the sitemap's xhtml:link alternates. Compared against the
 * site as it had them before locales: the default locale's route table alone.
 */
import site from "../../src/page/site-settings.ts";
import { sitemap } from "../../src/runtime/build.server.ts";
import { checkContent, type SiteCheck } from "../../src/runtime/content/check.ts";
import { keepLinksInLocale } from "../../src/runtime/content.server.ts";
import { loadPage, type PageData } from "../../src/runtime/page-data.ts";
import { buildRouteTable, type RouteTable } from "../../src/runtime/route-table.ts";

let checked: SiteCheck;
let before: RouteTable;
beforeAll(async () => {
  checked = await checkContent({ root: process.cwd() });
  expect(checked.errors).toEqual([]);
  expect(checked.locales?.locales.filter((l) => l.status === "published").map((l) => l.code)).toEqual(["en", "hi"]);
  before = buildRouteTable(checked.content!).table;
}, 120_000);

const english = (path: string) => path !== "/hi" && !path.startsWith("/hi/");
/** A page's data as the English site had it: all but what says its language. */
const withoutLanguage = ({ head: { language: _language, jsonLd, ...head }, ...data }: PageData) => ({
  ...data,
  head: { ...head, jsonLd: jsonLd.map(({ inLanguage: _inLanguage, ...item }) => item) },
});

describe("the English site with Hindi published", () => {
  it("has the same routes, redirects and not-found prefixes, and the Hindi ones only under /hi", () => {
    const { routes, redirects, notFound } = checked.table!;
    expect([...routes.keys()].filter(english)).toEqual([...before.routes.keys()]);
    expect([...redirects].filter(([from]) => english(from))).toEqual([...before.redirects]);
    expect(notFound.filter((n) => english(n.prefix)).map((n) => `${n.prefix} ${n.entry.path}`)).toEqual(before.notFound.map((n) => `${n.prefix} ${n.entry.path}`));
    expect([...routes.keys()].filter((p) => !english(p))).toHaveLength(before.routes.size);
  });

  it("gives every page the same blocks, data, title, description, canonical and indexing, in English", async () => {
    for (const entry of before.routes.values()) {
      const { data } = await loadPage(entry, checked.content!, before);
      const now = checked.pages.get(entry.path)!;
      expect(withoutLanguage(now), entry.path).toEqual(withoutLanguage(data!));
      expect(now.head.language?.lang, entry.path).toBe("en");
    }
  });

  it("writes the same sitemap entries for English pages, each now with its alternates", () => {
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const now = locs(sitemap(checked.content!, checked.table!, "2026-11-26"));
    expect(now.filter((url) => english(new URL(url).pathname))).toEqual(locs(sitemap(checked.content!, before, "2026-11-26")));
  });

  it("leaves every English page's HTML links as they are, and moves a Hindi page's", async () => {
    const html = '<a href="/about">About</a><a href="/services/web-development">Web</a>';
    for (const path of ["/", "/about", "/no-such-page"]) expect(await keepLinksInLocale(path, html)).toBe(html);
    expect(await keepLinksInLocale("/hi/about", html)).toBe('<a href="/hi/about">About</a><a href="/hi/services/web-development">Web</a>');
  });
});
