/** A localised page's links stay in its locale; UI messages fill in placeholders, plurals and selects per locale. */
import { localiseLinks } from "../../src/runtime/i18n/local-links.ts";
import { casesWithoutOther, formatMessage, messagePlaceholders } from "../../src/page/messages.ts";

describe("localiseLinks", () => {
  const pages = new Map([
    ["/", "/hi"],
    ["/about", "/hi/about"],
    ["/services/web-development", "/hi/services/web-development"],
    ["/seo-services", "/hi/seo-services"],
    // A post translated with a slug of its own: the English post's link leads to it.
    ["/blog/core-web-vitals", "/hi/blog/core-web-vitals-guide"],
  ]);
  const local = (html: string) => localiseLinks(html, (p) => pages.get(p));

  it("moves links to pages and redirects under the locale's prefix, with their query and fragment", () => {
    expect(local('<a href="/">Home</a><a class="x" href="/about#team">About</a><a href="/seo-services?ref=nav">SEO</a>')).toBe(
      '<a href="/hi">Home</a><a class="x" href="/hi/about#team">About</a><a href="/hi/seo-services?ref=nav">SEO</a>',
    );
  });

  it("moves a link to the page's version in the locale where it has another path", () => {
    expect(local('<a href="/blog/core-web-vitals#inp">Vitals</a>')).toBe('<a href="/hi/blog/core-web-vitals-guide#inp">Vitals</a>');
  });

  it("moves the links an island is given in its props", () => {
    expect(local('<site-island data-props="{&quot;href&quot;:&quot;/services/web-development&quot;}"></site-island>')).toBe(
      '<site-island data-props="{&quot;href&quot;:&quot;/hi/services/web-development&quot;}"></site-island>',
    );
  });

  it("leaves files, the API, other sites, unknown paths and links that name their language alone", () => {
    const html =
      '<a href="/assets/x.pdf">PDF</a><a href="/api/contact">API</a><a href="https://example.com/about">Out</a>' +
      '<a href="/nowhere">?</a><a href="/about" hreflang="en" lang="en">English</a><link rel="canonical" href="/about"/><a href="#main">Skip</a>';
    expect(local(html)).toBe(html);
  });
});

describe("formatMessage", () => {
  const posts = "{count, plural, =0 {no posts} one {# post} other {# posts}}";

  it("fills in placeholders, and leaves one without a value as written", () => {
    expect(formatMessage("Hello {name}, {missing}", "en", { name: "Asha" })).toBe("Hello Asha, {missing}");
  });

  it("picks a plural case by the locale's rules, an exact =n first, with # as the number in the locale's digits", () => {
    expect([0, 1, 2, 1200].map((count) => formatMessage(posts, "en", { count }))).toEqual(["no posts", "1 post", "2 posts", "1,200 posts"]);
    // Hindi: "one" is 0 and 1 by its plural rules; Indian digit grouping.
    const hi = "{count, plural, one {# लेख} other {# लेख}}";
    expect(formatMessage(hi, "hi", { count: 123456 })).toBe("1,23,456 लेख");
    expect(new Intl.PluralRules("ar").select(3)).toBe("few");
    expect(formatMessage("{n, plural, few {# قليلة} other {# أخرى}}", "ar", { n: 3 })).toBe("3 قليلة");
  });

  it("picks a select case by value, other when none names it, and nests", () => {
    const msg = "{kind, select, job {Apply for {title}} other {Ask about {title}}}";
    expect(formatMessage(msg, "en", { kind: "job", title: "QA" })).toBe("Apply for QA");
    expect(formatMessage(msg, "en", { kind: "service", title: "SEO" })).toBe("Ask about SEO");
  });

  it("names its placeholders and the choices without other, for the checker", () => {
    expect(messagePlaceholders(posts)).toEqual(["count"]);
    expect(messagePlaceholders("{kind, select, job {Apply for {title}} other {x}}")).toEqual(["kind", "title"]);
    expect(casesWithoutOther(posts)).toEqual([]);
    expect(casesWithoutOther("{count, plural, one {# post}}")).toEqual(["count"]);
  });
});
