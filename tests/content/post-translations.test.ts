/**
 * A locale's own blog posts (content/blog/posts/<locale>/), one file per translation linked to
 * the English post by a shared key: Hindi's lists show its own posts only, each translation is
 * an indexable version of its English post (reciprocal hreflang, the sitemap's alternates, the
 * switcher), the English posts it has not translated stay in fallback, and the checker reports
 * a key no English post has, two translations of one post, and a post at another's slug.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import site from "../../src/page/site-settings.ts";
import { sitemap } from "../../src/runtime/build.server.ts";
import { checkContent, type SiteCheck } from "../../src/runtime/content/check.ts";
import { keepLinksInLocale } from "../../src/runtime/content.server.ts";
import { matchPath } from "../../src/runtime/route-table.ts";

const HINDI = ["core-web-vitals-field-guide", "image-optimisation-that-pays-off", "progressive-web-apps-for-field-teams"];

/** The real content in a temporary copy, with some files written over (null: removed). */
async function checkWith(files: Record<string, string | null>): Promise<SiteCheck> {
  const root = await mkdtemp(path.join(os.tmpdir(), "post-translations-"));
  try {
    await cp("content", path.join(root, "content"), { recursive: true });
    await cp("public/blog", path.join(root, "public/blog"), { recursive: true });
    for (const [file, text] of Object.entries(files)) {
      if (text === null) await rm(path.join(root, file));
      else {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFile(path.join(root, file), text);
      }
    }
    return await checkContent({ root });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

const hindiPost = (slug: string) => readFile(`content/blog/posts/hi/${slug}.md`, "utf8");
/** The posts a page lists (its blog-list or blog-archive block). */
const listed = (check: SiteCheck, page: string) => {
  const block = check.pages.get(page)!.blocks.find((b) => b.type === "blog-list" || b.type === "blog-archive")!;
  return (block.data as { posts: { id: string; title: string }[] }).posts;
};

let real: SiteCheck;
beforeAll(async () => {
  real = await checkContent({ root: process.cwd() });
  expect(real.errors).toEqual([]);
}, 120_000);

describe("Hindi's own posts on the real site", () => {
  it("/hi/blog lists the Hindi posts only, in Hindi; /blog lists none of them", () => {
    const hi = listed(real, "/hi/blog");
    expect(hi.map((p) => p.id).sort()).toEqual(HINDI);
    for (const post of hi) expect(post.title).toMatch(/[\u0900-\u097F]/);
    expect(listed(real, "/blog").some((p) => /[\u0900-\u097F]/.test(p.title))).toBe(false);
  });

  it("serves a Hindi post indexable, canonical to itself, with reciprocal alternates to its English source", () => {
    const hi = real.pages.get("/hi/blog/core-web-vitals-field-guide")!.head;
    const en = real.pages.get("/blog/core-web-vitals-field-guide")!.head;
    expect(hi.noindex).toBe(false);
    expect(hi.title).toMatch(/^2025 में Core Web Vitals/);
    expect(hi.canonical).toBe(`${site.url}/hi/blog/core-web-vitals-field-guide`);
    const alternates = [
      { hreflang: "en", href: `${site.url}/blog/core-web-vitals-field-guide` },
      { hreflang: "hi", href: `${site.url}/hi/blog/core-web-vitals-field-guide` },
      { hreflang: "x-default", href: `${site.url}/blog/core-web-vitals-field-guide` },
    ];
    expect(hi.language?.alternates).toEqual(alternates);
    expect(en.language?.alternates).toEqual(alternates);
    expect(en.language?.versions.map((v) => v.path)).toEqual(["/blog/core-web-vitals-field-guide", "/hi/blog/core-web-vitals-field-guide"]);
    expect(hi.jsonLd.find((j) => j["@type"] === "BlogPosting")).toMatchObject({ inLanguage: "hi", mainEntityOfPage: hi.canonical });
    expect(en.jsonLd.find((j) => j["@type"] === "BlogPosting")).toMatchObject({ inLanguage: "en", mainEntityOfPage: en.canonical });
  });

  it("speaks the page's language in its breadcrumbs and Open Graph locale", () => {
    const hi = real.pages.get("/hi/blog/core-web-vitals-field-guide")!.head;
    const en = real.pages.get("/blog/core-web-vitals-field-guide")!.head;
    const home = (head: typeof hi) => (head.jsonLd.find((j) => j["@type"] === "BreadcrumbList")!.itemListElement as { name: string }[])[0]!.name;
    expect([home(hi), home(en)]).toEqual(["होम", "Home"]);
    expect([hi.language?.og, en.language?.og]).toEqual([
      { locale: "hi_IN", alternates: ["en_IN"] },
      { locale: "en_IN", alternates: ["hi_IN"] },
    ]);
  });

  it("keeps an English post with no translation in fallback under /hi/; its switcher leads to the Hindi blog, the nearest Hindi page", () => {
    const head = real.pages.get("/hi/blog/checkout-friction-audit")!.head;
    expect(head.noindex).toBe(true);
    expect(head.canonical).toBe(`${site.url}/blog/checkout-friction-audit`);
    const versions = (page: string) => real.pages.get(page)!.head.language?.versions.map((v) => `${v.lang} ${v.path}`);
    expect(versions("/blog/checkout-friction-audit")).toEqual(["en /blog/checkout-friction-audit", "hi /hi/blog"]);
  });

  it("offers the home page of each language from a not-found page", () => {
    const versions = (page: string) => real.pages.get(page)!.head.language?.versions.map((v) => `${v.lang} ${v.path}`);
    expect(versions("/404")).toEqual(["en /", "hi /hi"]);
    expect(versions("/hi/404")).toEqual(["en /", "hi /hi"]);
  });

  it("lists each Hindi post in the sitemap with its English version, and no untranslated post under /hi/", () => {
    const xml = sitemap(real.content!, real.table!, "2026-11-26");
    const entry = (loc: string) => new RegExp(`<url><loc>${site.url}${loc}</loc>[^]*?</url>`).exec(xml)?.[0];
    for (const slug of HINDI) {
      expect(entry(`/hi/blog/${slug}`)).toContain(`hreflang="en" href="${site.url}/blog/${slug}"`);
      expect(entry(`/blog/${slug}`)).toContain(`hreflang="hi" href="${site.url}/hi/blog/${slug}"`);
    }
    expect(entry("/hi/blog/checkout-friction-audit")).toBeUndefined();
  });

  it("lists only Hindi posts on /hi/'s category, tag and author pages, which are indexable in Hindi", () => {
    for (const page of ["/hi/blog/category/web-development", "/hi/blog/tag/performance", "/hi/blog/author/arjun-mehta"]) {
      const posts = listed(real, page);
      expect(posts.length, page).toBeGreaterThan(0);
      expect(posts.filter((p) => !HINDI.includes(p.id)), page).toEqual([]);
    }
    const head = real.pages.get("/hi/blog/category/web-development")!.head;
    expect(head.noindex).toBe(false);
    expect(head.title).toMatch(/वेब डेवलपमेंट/);
  });
});

describe("a translation with a slug of its own", () => {
  let check: SiteCheck;
  beforeAll(async () => {
    const post = await hindiPost("core-web-vitals-field-guide");
    check = await checkWith({
      "content/blog/posts/hi/core-web-vitals-field-guide.md": null,
      "content/blog/posts/hi/core-web-vitals-hindi-guide.md": post.replace("---\n", "---\ntranslationKey: core-web-vitals-field-guide\n"),
    });
    expect(check.errors).toEqual([]);
  }, 120_000);

  it("is at /hi/blog/<its slug>, a version of the English post, whose slug under /hi/ redirects to it", () => {
    const head = check.pages.get("/hi/blog/core-web-vitals-hindi-guide")!.head;
    expect(head.noindex).toBe(false);
    expect(head.language?.alternates.map((a) => new URL(a.href).pathname)).toEqual(["/blog/core-web-vitals-field-guide", "/hi/blog/core-web-vitals-hindi-guide", "/blog/core-web-vitals-field-guide"]);
    expect(check.pages.get("/blog/core-web-vitals-field-guide")!.head.language?.versions.map((v) => v.path)).toEqual(["/blog/core-web-vitals-field-guide", "/hi/blog/core-web-vitals-hindi-guide"]);
    expect(matchPath(check.table!, "/hi/blog/core-web-vitals-field-guide")).toEqual({ kind: "redirect", to: "/hi/blog/core-web-vitals-hindi-guide" });
  });
});

describe("the checker on post translations", () => {
  const codes = (check: SiteCheck) => check.errors.map((e) => `${e.file}:${e.line}:${e.column}${e.pointer} ${e.code}`);

  it("reports a translationKey no English post has, at the key", async () => {
    const post = await hindiPost("image-optimisation-that-pays-off");
    const check = await checkWith({ "content/blog/posts/hi/image-optimisation-that-pays-off.md": post.replace("---\n", "---\ntranslationKey: image-optimisation\n") });
    expect(codes(check)).toEqual(["content/blog/posts/hi/image-optimisation-that-pays-off.md:2:1/translationKey UnknownPostTranslationKey"]);
    expect(check.errors[0]!.message).toContain('"image-optimisation"');
  }, 120_000);

  it("reports two Hindi translations of one English post once, at the second", async () => {
    const post = await hindiPost("image-optimisation-that-pays-off");
    const check = await checkWith({ "content/blog/posts/hi/images-that-pay-off.md": post.replace("---\n", "---\ntranslationKey: image-optimisation-that-pays-off\n") });
    expect(codes(check)).toEqual(["content/blog/posts/hi/images-that-pay-off.md:2:1/translationKey DuplicatePostTranslation"]);
    expect(check.errors[0]!.message).toContain("content/blog/posts/hi/image-optimisation-that-pays-off.md");
  }, 120_000);

  it("reports a Hindi post at the slug of an English post it does not translate", async () => {
    const post = await hindiPost("image-optimisation-that-pays-off");
    const check = await checkWith({
      "content/blog/posts/hi/image-optimisation-that-pays-off.md": null,
      "content/blog/posts/hi/checkout-friction-audit.md": post.replace("---\n", "---\ntranslationKey: image-optimisation-that-pays-off\n"),
    });
    expect(codes(check)).toEqual(["content/blog/posts/hi/checkout-friction-audit.md:2:1/translationKey PostAddressTaken"]);
    expect(check.errors[0]!.message).toContain("content/blog/posts/checkout-friction-audit.md");
  }, 120_000);

  it("lists a Hindi post only in Hindi, with no English version", async () => {
    const post = await hindiPost("image-optimisation-that-pays-off");
    const check = await checkWith({ "content/blog/posts/hi/jaipur-mein-ecommerce.md": post });
    expect(check.errors).toEqual([]);
    expect(listed(check, "/hi/blog").map((p) => p.id)).toContain("jaipur-mein-ecommerce");
    expect(check.table!.routes.has("/blog/jaipur-mein-ecommerce")).toBe(false);
    expect(check.pages.get("/hi/blog/jaipur-mein-ecommerce")!.head.language?.alternates).toEqual([]);
  }, 120_000);
});

describe("links in a Hindi page", () => {
  it("lead to the Hindi post where there is one, and to the fallback elsewhere", async () => {
    const html = '<a href="/blog/core-web-vitals-field-guide">a</a><a href="/blog/checkout-friction-audit">b</a>';
    expect(await keepLinksInLocale("/hi/blog", html)).toBe('<a href="/hi/blog/core-web-vitals-field-guide">a</a><a href="/hi/blog/checkout-friction-audit">b</a>');
  });
});
