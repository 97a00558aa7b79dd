/**
 * The site in each published locale: every route under its prefix, redirects and not-found
 * pages per locale, and what the head and the sitemap say of each version (lang, dir,
 * canonical, hreflang alternates, og:locale). The fixture site with /team, its site config
 * and its services translated into Hindi, Hindi published, and a right-to-left test locale (Arabic, published, nothing
 * translated): its pages are all in fallback.
 */
import { ogLocale } from "../../schemas/locales.ts";
import { siteManifest, sitemap } from "../../src/runtime/build.server.ts";
import { redirectsFile } from "../../src/runtime/static-host.server.ts";
import type { SiteCheck } from "../../src/runtime/content/check.ts";
import { headTags } from "../../src/runtime/head.ts";
import { matchPath } from "../../src/runtime/route-table.ts";
import { checkFixture, translatedFixture } from "../content/site-fixture.ts";

const fixture = translatedFixture; // tests/content/fixtures/translated/<name>
const LOCALES = {
  default: "en",
  locales: [
    { code: "en", name: "English", status: "published" },
    { code: "hi", name: "हिन्दी", fallback: ["en"], status: "published" },
    { code: "ar", name: "العربية", direction: "rtl", status: "published" },
    { code: "fr", name: "Français", status: "draft" },
  ],
};

function checkLocales(locales: unknown = LOCALES, files: Record<string, string> = {}) {
  return checkFixture({
    files: {
      "content/locales.json": JSON.stringify(locales),
      "content/pages/team.json": JSON.stringify(withWebPage(JSON.parse(fixture("team.json")))),
      "content/translations/hi/pages/team.json": fixture("team.hi.json"),
      // The shell's texts and the services translated too: else every Hindi page shows some English (in fallback).
      "content/translations/hi/site.json": fixture("site.hi.json"),
      "content/translations/hi/collections/services.json": fixture("services.hi.json"),
      ...files,
    },
  });
}

/** The team page with structured data of its own: a WebPage, which says its language. */
const withWebPage = (page: { meta: Record<string, unknown> }) => ({ ...page, meta: { ...page.meta, jsonLd: [{ "@context": "https://schema.org", "@type": "WebPage", name: "Team" }] } });

let site: SiteCheck;
beforeAll(async () => {
  site = await checkLocales();
  expect(site.errors).toEqual([]);
});

const head = (path: string) => site.pages.get(path)!.head;
const answer = (path: string) => {
  const match = matchPath(site.table!, path);
  return match.kind === "redirect" ? { redirect: match.to } : { [match.kind]: match.entry?.path };
};

describe("routes per locale", () => {
  it("has every route of the default locale under each published locale's prefix, and none for a draft", () => {
    const routes = [...site.table!.routes.keys()];
    const english = routes.filter((p) => !/^\/(hi|ar|fr)(\/|$)/.test(p));
    expect(english).toContain("/team");
    for (const p of english) {
      expect(routes).toContain(p === "/" ? "/hi" : `/hi${p}`);
      expect(routes).toContain(p === "/" ? "/ar" : `/ar${p}`);
    }
    expect(routes.filter((p) => p.startsWith("/fr"))).toEqual([]);
    expect(routes).toHaveLength(english.length * 3);
  });

  it("answers a locale's paths with its pages, redirects within it, and its own not-found page under its prefix", () => {
    expect(answer("/hi/services/web-development")).toEqual({ page: "/hi/services/web-development" });
    expect(answer("/hi/about-us")).toEqual({ redirect: "/hi/about" });
    expect(answer("/about-us")).toEqual({ redirect: "/about" });
    expect(answer("/hi/no-such-page")).toEqual({ "not-found": "/hi/404" });
    expect(answer("/hi")).toEqual({ page: "/hi" });
    expect(answer("/no-such-page")).toEqual({ "not-found": "/404" });
    expect(answer("/fr/team")).toEqual({ "not-found": "/404" });
  });

  it("tells the server and static hosts (_redirects) each locale's redirects and not-found page", () => {
    const manifest = siteManifest(site.table!);
    expect(manifest.notFound.filter((n) => n.prefix.startsWith("/hi") || n.prefix === "/")).toEqual([
      { prefix: "/hi", page: "/hi/404" },
      { prefix: "/", page: "/404" },
    ]);
    const lines = redirectsFile(manifest).split("\n");
    expect(lines).toContain("/hi/about-us /hi/about 301!");
    expect(lines).toContain("/hi/* /hi/404/index.html 404");
    expect(lines).toContain("/ar/* /ar/404/index.html 404");
  });

  it("shows a translated page in its locale, and a page without a translation in fallback", () => {
    expect(site.pages.get("/hi/team")!.blocks.map((b) => b.props.title)).toEqual(["टीम से मिलिए", "इनका भरोसा", "हमसे बात करें"]);
    expect(site.pages.get("/ar/team")!.blocks.map((b) => b.props.title)).toEqual(["Meet the team", "Trusted by", "Talk to us"]);
  });
});

describe("the head of each version", () => {
  it("names its language and direction", () => {
    expect([head("/team").language?.lang, head("/team").language?.dir]).toEqual(["en", "ltr"]);
    expect([head("/hi/team").language?.lang, head("/hi/team").language?.dir]).toEqual(["hi", "ltr"]);
    expect([head("/ar/team").language?.lang, head("/ar/team").language?.dir]).toEqual(["ar", "rtl"]);
  });

  it("is canonical to itself when translated, with reciprocal alternates and x-default only between translated versions", () => {
    const alternates = [
      { hreflang: "en", href: "https://fixture.example/team" },
      { hreflang: "hi", href: "https://fixture.example/hi/team" },
      { hreflang: "x-default", href: "https://fixture.example/team" },
    ];
    expect(head("/team")).toMatchObject({ canonical: "https://fixture.example/team", noindex: false, language: { alternates } });
    expect(head("/hi/team")).toMatchObject({ canonical: "https://fixture.example/hi/team", noindex: false, language: { alternates } });
  });

  it("is noindex and canonical to its source when shown in fallback, and named in no alternates", () => {
    expect(head("/ar/team")).toMatchObject({ canonical: "https://fixture.example/team", noindex: true, language: { alternates: [] } });
    // /about's block has no key: it cannot be translated, so /hi/about is in fallback and /about has no alternates.
    expect(head("/hi/about")).toMatchObject({ canonical: "https://fixture.example/about", noindex: true });
    expect(head("/about").language?.alternates).toEqual([]);
  });

  it("says the language of its works in JSON-LD (inLanguage), not of the organisation", () => {
    const types = (p: string) => head(p).jsonLd.map((j) => `${String(j["@type"])} ${String(j.inLanguage)}`);
    expect(types("/hi/team")).toEqual(["ProfessionalService undefined", "WebPage hi"]);
    expect(types("/team")).toEqual(["ProfessionalService undefined", "WebPage en"]);
  });

  it("writes hreflang links and og:locale with its alternates, in Open Graph's language_TERRITORY form", () => {
    const tags = headTags(head("/hi/team"), "Fixture Studio");
    expect(tags.filter((t) => "hrefLang" in t)).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://fixture.example/team" },
      { tagName: "link", rel: "alternate", hrefLang: "hi", href: "https://fixture.example/hi/team" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://fixture.example/team" },
    ]);
    expect(tags.filter((t) => "property" in t && String(t.property).startsWith("og:locale"))).toEqual([
      { property: "og:locale", content: "hi_IN" },
      { property: "og:locale:alternate", content: "en_US" },
    ]);
  });

  it("takes a locale's territory from its region, else its language's likeliest (Intl)", () => {
    expect(ogLocale({ code: "en", region: "IN" })).toBe("en_IN");
    expect(ogLocale({ code: "hi" })).toBe("hi_IN");
    expect(ogLocale({ code: "pt-BR" })).toBe("pt_BR");
  });

  it("offers the language switcher the page in each locale where it is translated", () => {
    const versions = (p: string) => head(p).language?.versions.map((v) => `${v.lang} ${v.path}`);
    expect(versions("/team")).toEqual(["en /team", "hi /hi/team"]);
    expect(versions("/hi/team")).toEqual(["en /team", "hi /hi/team"]);
    // In fallback: the translated versions, and itself (where the visitor is); never another fallback.
    expect(versions("/ar/team")).toEqual(["en /team", "hi /hi/team", "ar /ar/team"]);
    expect(versions("/hi/about")).toEqual(["en /about", "hi /hi/about"]);
  });
});

describe("the sitemap", () => {
  const xml = () => sitemap(site.content!, site.table!, "2026-11-26");

  it("lists each translated version with every version as an xhtml:link alternate, both ways", () => {
    const text = xml();
    expect(text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const loc of ["https://fixture.example/team", "https://fixture.example/hi/team"]) {
      const entry = text.split("<url>").find((u) => u.startsWith(`<loc>${loc}</loc>`))!;
      expect(entry).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://fixture.example/team"/>');
      expect(entry).toContain('<xhtml:link rel="alternate" hreflang="hi" href="https://fixture.example/hi/team"/>');
      expect(entry).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://fixture.example/team"/>');
    }
  });

  it("leaves out every page shown in fallback", () => {
    const locs = [...xml().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace("https://fixture.example", ""));
    expect(locs.filter((l) => /^\/(hi|ar)(\/|$)/.test(l))).toEqual(["/hi/team"]);
  });

  it("is reciprocal over the whole site: every alternate a page names names it back", () => {
    for (const [p, data] of site.pages) {
      for (const a of data.head.language?.alternates ?? []) {
        const other = head(a.href.replace("https://fixture.example", "") || "/");
        expect(other.language?.alternates, `${a.href} names ${p}`).toEqual(data.head.language!.alternates);
      }
    }
  });
});

describe("a site built in its default locale only", () => {
  it("adds no route, no language to the head and no alternate to the sitemap", async () => {
    const draft = { ...LOCALES, locales: LOCALES.locales.map((l) => (l.code === "en" ? l : { ...l, status: "draft" })) };
    const only = await checkLocales(draft);
    expect(only.errors).toEqual([]);
    expect([...only.table!.routes.keys()].filter((p) => /^\/(hi|ar)(\/|$)/.test(p))).toEqual([]);
    expect([...only.pages.values()].filter((d) => d.head.language !== undefined)).toEqual([]);
    expect(sitemap(only.content!, only.table!, "2026-11-26")).not.toContain("xhtml");
  });
});
