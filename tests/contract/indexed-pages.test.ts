// @vitest-environment jsdom
/**
 * What a search engine is given, over the built site (docs/i18n.md "What a page says about its
 * language"): every sitemap URL is an indexable page canonical to itself; a Hindi page's main
 * text is Hindi, anything else in it marked with its own lang; no category, tag or author page
 * without posts; hreflang alternates reciprocal; structured data's page URL the canonical one;
 * every sitemap URL answered 200 and no page's link answered by a redirect, as a host serving
 * the build answers them (./static-host.ts, held to the server's answers); every form a Hindi
 * page posts records its locale.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { builtPages, ensureBuild } from "../site-build.ts";
import { staticHost } from "./static-host.ts";

interface Built {
  url: string;
  doc: Document;
}

let pages: Built[];
let client: string;
let host: ReturnType<typeof staticHost>;
beforeAll(async () => {
  client = path.join(await ensureBuild(), "client");
  host = staticHost(client);
  const urls = [...readFileSync(path.join(client, "sitemap.xml"), "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  pages = urls.map((url) => ({ url, doc: new DOMParser().parseFromString(readFileSync(path.join(client, new URL(url).pathname, "index.html"), "utf8"), "text/html") }));
}, 600_000);

const alternatesOf = (doc: Document) => [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`).sort();

/** The share of a page's main letters that are Devanagari, leaving out what is marked as in another language. */
function devanagariShare(doc: Document): number {
  const main = doc.querySelector("main")!.cloneNode(true) as HTMLElement;
  for (const other of main.querySelectorAll('[lang]:not([lang="hi"])')) other.remove();
  const letters = main.textContent!.match(/\p{L}/gu) ?? [];
  return letters.filter((l) => /[\u0900-\u097F]/.test(l)).length / Math.max(1, letters.length);
}

/** A structured data URL's page, without its fragment (https://…/services/x#service → https://…/services/x). */
const pageOf = (value: unknown) => (typeof value === "string" && value.startsWith("http") ? value.replace(/#.*$/, "") : undefined);
/** The organisation is the site's, named by its home page on every page. */
const isSiteWide = (item: Record<string, unknown>) => String(item["@id"]).endsWith("/#organization");

it("lists only indexable pages, each canonical to itself", () => {
  expect(pages.length).toBeGreaterThan(100);
  for (const { url, doc } of pages) {
    expect(doc.querySelector('meta[name="robots"]'), url).toBeNull();
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href"), url).toBe(url);
  }
});

it("has every Hindi page's main text in Devanagari, what is not marked with its own lang", () => {
  const hindi = pages.filter(({ doc }) => doc.documentElement.lang === "hi");
  expect(hindi.length).toBeGreaterThan(20);
  // Hindi IT writing keeps product and technology names in Latin letters (React, AWS): a service
  // page with its technologies is about 61 % Devanagari, a page in English about 0 %.
  for (const { url, doc } of hindi) expect(devanagariShare(doc), url).toBeGreaterThan(0.5);
});

it("has no category, tag or author page without posts", () => {
  for (const { url, doc } of pages.filter((p) => /\/blog\/(category|tag|author)\//.test(p.url))) {
    expect(doc.querySelectorAll('[data-testid="post-card"]').length, url).toBeGreaterThan(0);
  }
});

it("pairs versions reciprocally, and structured data names the page's own URL", () => {
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  for (const { url, doc } of pages) {
    const alternates = alternatesOf(doc);
    for (const alternate of alternates) {
      const other = byUrl.get(alternate.split(" ")[1]!);
      expect(other, `${url} → ${alternate}`).toBeDefined();
      expect(alternatesOf(other!.doc), `${url} ↔ ${alternate}`).toEqual(alternates);
    }
    for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
      const items = [JSON.parse(script.textContent!)].flat() as Record<string, unknown>[];
      for (const item of items) if ("mainEntityOfPage" in item) expect(item.mainEntityOfPage, url).toBe(url);
      // What is about this page (a service, its offers) is named by this page's URL, never its other version's.
      for (const item of items) for (const key of ["url", "@id"]) if (pageOf(item[key]) !== undefined && !isSiteWide(item)) expect(pageOf(item[key]), `${url} ${key}`).toBe(url);
    }
  }
});

it("answers every sitemap URL 200, and links no page through a redirect", async () => {
  for (const { url } of pages) expect(host.answer(new URL(url).pathname).status, url).toBe(200);
  const detours: string[] = [];
  for (const { page, html } of await builtPages()) {
    if (page.startsWith("client/admin/")) continue;
    for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="(\/[^"]*)"/g)) {
      const { status, headers } = host.answer(href!.replaceAll("&amp;", "&"));
      if (status >= 300 && status < 400) detours.push(`${page}: ${href} → ${headers.location}`);
    }
  }
  expect(detours).toEqual([]);
});

it("names PNG icons the host serves, and the organisation's logo among them", () => {
  for (const { url, doc } of pages) {
    const icons = [...doc.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]')].map((l) => l.getAttribute("href")!);
    expect(icons, url).toEqual(["/favicon-32.png", "/apple-touch-icon.png"]);
  }
  const manifest = JSON.parse(readFileSync(path.join(client, host.answer("/site.webmanifest").file!), "utf8")) as { icons: { src: string }[] };
  const logos = pages.flatMap(({ doc }) => [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => JSON.stringify(JSON.parse(s.textContent!)).match(/"logo":"[^"]+"/g) ?? []));
  expect(new Set(logos)).toEqual(new Set(['"logo":"https://www.arcbyte.in/icon-512.png"']));
  for (const src of ["/favicon-32.png", "/apple-touch-icon.png", ...manifest.icons.map((i) => i.src), "/icon-512.png"]) expect(host.answer(src).file, src).toBe(src.slice(1));
});

it("records the page's locale with every form a Hindi page posts, the footer's newsletter included", async () => {
  const hindi = (await builtPages()).filter(({ page }) => page.startsWith("client/hi/"));
  const forms = hindi.flatMap(({ page, html }) => [...html.matchAll(/<form\b[^>]*\bmethod="post"[^>]*>/g)].map(([form]) => ({ page, form })));
  expect(forms.filter(({ form }) => form.includes('data-form="newsletter"')).length).toBeGreaterThan(20);
  for (const { page, form } of forms) expect(form, page).toMatch(/\baction="\/api\/[\w-]+\?locale=hi"/);
});
