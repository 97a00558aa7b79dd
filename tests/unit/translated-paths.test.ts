/**
 * A page with a path of its own in a locale (its translation's "path"): the fixture's /team is
 * /hi/hamari-team in Hindi, and its service pages /hi/sevaen/<id>. Every link, the switcher,
 * hreflang, canonical and the sitemap use it; the English path under /hi/ answers 301 to it;
 * islands find it through the patterns the page carries; the checker refuses a path that
 * cannot stand for its page or that another page of the locale has.
 */
import { sitemap } from "../../src/runtime/build.server.ts";
import type { SiteCheck } from "../../src/runtime/content/check.ts";
import { localiseLinks } from "../../src/runtime/i18n/local-links.ts";
import { localPath } from "../../src/runtime/i18n/locale-routes.ts";
import { matchPath } from "../../src/runtime/route-table.ts";
import { ownPath } from "../../src/page/local-href.ts";
import { checkFixture, translatedFixture } from "../content/site-fixture.ts";

const fixture = translatedFixture; // tests/content/fixtures/translated/<name>
const LOCALES = {
  default: "en",
  locales: [
    { code: "en", name: "English", status: "published" },
    { code: "hi", name: "हिन्दी", fallback: ["en"], status: "published" },
  ],
};
const withPath = (json: string, p: string) => JSON.stringify({ path: p, ...JSON.parse(json) });

function check(team = "/hamari-team", service = "/sevaen/:id") {
  return checkFixture({
    files: {
      "content/locales.json": JSON.stringify(LOCALES),
      "content/pages/team.json": fixture("team.json"),
      "content/translations/hi/pages/team.json": withPath(fixture("team.hi.json"), team),
      "content/translations/hi/pages/service.json": JSON.stringify({ path: service }),
      "content/translations/hi/site.json": fixture("site.hi.json"),
      "content/translations/hi/collections/services.json": fixture("services.hi.json"),
    },
  });
}

let site: SiteCheck;
beforeAll(async () => {
  site = await check();
  expect(site.errors).toEqual([]);
});

const answer = (p: string) => {
  const match = matchPath(site.table!, p);
  return match.kind === "redirect" ? { redirect: match.to } : { [match.kind]: match.entry?.path };
};

describe("a page with a path of its own in Hindi", () => {
  it("is at that path, and its English path under /hi/ redirects there", () => {
    expect(answer("/hi/hamari-team")).toEqual({ page: "/hi/hamari-team" });
    expect(answer("/hi/team")).toEqual({ redirect: "/hi/hamari-team" });
    expect(answer("/hi/sevaen/web-development")).toEqual({ page: "/hi/sevaen/web-development" });
    expect(answer("/hi/services/cloud")).toEqual({ redirect: "/hi/sevaen/cloud" });
    expect(answer("/team")).toEqual({ page: "/team" });
  });

  it("is canonical to itself, with alternates, switcher and sitemap entry at that path", () => {
    const head = site.pages.get("/hi/hamari-team")!.head;
    expect(head.canonical).toBe("https://fixture.example/hi/hamari-team");
    const alternates = head.language!.alternates.map((a) => `${a.hreflang} ${a.href.replace("https://fixture.example", "")}`);
    expect(alternates).toEqual(["en /team", "hi /hi/hamari-team", "x-default /team"]);
    expect(site.pages.get("/team")!.head.language!.alternates).toEqual(head.language!.alternates);
    expect(site.pages.get("/team")!.head.language!.versions.map((v) => v.path)).toEqual(["/team", "/hi/hamari-team"]);
    const xml = sitemap(site.content!, site.table!, "2026-11-26");
    expect(xml).toContain("<loc>https://fixture.example/hi/hamari-team</loc>");
    expect(xml).not.toContain("<loc>https://fixture.example/hi/team</loc>");
  });

  it("is where every link of a Hindi page to it leads", () => {
    const html = '<a href="/team#people">Team</a><a href="/services/cloud">Cloud</a><a href="/about">About</a>';
    expect(localiseLinks(html, (p) => localPath(site.table!, "hi", p))).toBe(
      '<a href="/hi/hamari-team#people">Team</a><a href="/hi/sevaen/cloud">Cloud</a><a href="/hi/about">About</a>',
    );
  });

  it("is named to islands by pattern, with the template's :id kept", () => {
    const paths = site.pages.get("/hi/about")!.head.language!.paths!;
    expect(paths).toEqual([
      ["/services/:id", "/hi/sevaen/:id"],
      ["/team", "/hi/hamari-team"],
    ]);
    expect(ownPath("/services/web-development?x=1", paths)).toBe("/hi/sevaen/web-development?x=1");
    expect(ownPath("/team", paths)).toBe("/hi/hamari-team");
    expect(ownPath("/about", paths)).toBeUndefined();
    expect(site.pages.get("/about")!.head.language!.paths).toBeUndefined();
  });
});

describe("the checker on translated paths", () => {
  const codes = (c: SiteCheck) => c.errors.map((e) => `${e.file}${e.pointer} ${e.code}`);

  it("refuses a path that cannot stand for its page: an :id on a page that has none, none on a template page", async () => {
    expect(codes(await check("/hamari-team/:id", "/sevaen"))).toEqual([
      "content/translations/hi/pages/service.json/path TranslatedPathInvalid",
      "content/translations/hi/pages/team.json/path TranslatedPathInvalid",
    ]);
  });

  it("refuses a path another page of the locale has, or a redirect's, once, at the translation's path", async () => {
    const taken = await check("/about");
    expect(codes(taken)).toEqual(["content/translations/hi/pages/team.json/path TranslatedPathTaken"]);
    expect(taken.errors[0]).toMatchObject({ message: expect.stringContaining("content/pages/about.json") });
    expect(codes(await check("/about-us"))).toEqual(["content/translations/hi/pages/team.json/path TranslatedPathTaken"]);
  });
});

describe("the real site's Hindi contact page", () => {
  it("is /hi/sampark (संपर्क), where /hi/contact and every Hindi link to /contact lead", async () => {
    const { keepLinksInLocale, siteContent } = await import("../../src/runtime/content.server.ts");
    const { table } = await siteContent();
    expect(table.routes.has("/hi/sampark")).toBe(true);
    expect(table.redirects.get("/hi/contact")).toBe("/hi/sampark");
    expect(await keepLinksInLocale("/hi/about", '<a href="/contact">c</a>')).toBe('<a href="/hi/sampark">c</a>');
    expect(await keepLinksInLocale("/about", '<a href="/contact">c</a>')).toBe('<a href="/contact">c</a>');
  }, 120_000);
});
