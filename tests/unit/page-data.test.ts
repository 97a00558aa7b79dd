/** Head tags of a page: title, canonical URL, robots and JSON-LD, as search engines see them. */
import type { SiteContent } from "../../src/runtime/content/model.ts";
import { headTags } from "../../src/runtime/head.ts";
import { pageData } from "../../src/runtime/page-data.ts";
import { matchPath, type RouteTable } from "../../src/runtime/route-table.ts";
import { checkFixture } from "../content/site-fixture.ts";

let content: SiteContent;
let table: RouteTable;
beforeAll(async () => {
  const result = await checkFixture({
    files: {
      // A services list, so service pages have a middle breadcrumb.
      "content/pages/services.json": JSON.stringify({
        path: "/services",
        meta: { title: "Our Services", description: "Everything we do." },
        blocks: [{ type: "service-grid" }],
      }),
    },
  });
  expect(result.errors).toEqual([]);
  ({ content, table } = result as Required<typeof result>);
});

async function dataFor(path: string) {
  const match = matchPath(table, path);
  if (match.kind === "redirect") throw new Error(`${path} redirects`);
  return pageData(match.entry!, content, table, { notFound: match.kind === "not-found" });
}

describe("page title", () => {
  it("gets the site name as suffix", async () => {
    expect((await dataFor("/about")).head.title).toBe("About | Fixture Studio");
  });

  it("is left alone when it already names the site", async () => {
    expect((await dataFor("/")).head.title).toBe("Fixture Studio");
  });

  it("is filled from the item on template pages", async () => {
    const { head } = await dataFor("/services/cloud");
    expect(head.title).toBe("Cloud | Fixture Studio");
    expect(head.description).toBe("Cloud platforms that scale.");
  });
});

describe("canonical URL", () => {
  it("is the site origin plus the path, with a slash for home", async () => {
    expect((await dataFor("/")).head.canonical).toBe("https://fixture.example/");
    expect((await dataFor("/about")).head.canonical).toBe("https://fixture.example/about");
    expect((await dataFor("/about/")).head.canonical).toBe("https://fixture.example/about");
  });
});

describe("not-found pages", () => {
  it("are noindex and carry no structured data", async () => {
    const data = await dataFor("/no-such-page");
    expect(data.notFound).toBe(true);
    expect(data.head.noindex).toBe(true);
    expect(data.head.jsonLd).toEqual([]);
    expect(headTags(data.head, "Fixture Studio")).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("while normal pages are indexable", async () => {
    const { head } = await dataFor("/about");
    expect(head.noindex).toBe(false);
    expect(headTags(head, "Fixture Studio")).not.toContainEqual(expect.objectContaining({ name: "robots" }));
  });
});

describe("JSON-LD", () => {
  it("describes the organisation on every page", async () => {
    const [org] = (await dataFor("/")).head.jsonLd;
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProfessionalService",
      "@id": "https://fixture.example/#organization",
      name: "Fixture Studio",
      url: "https://fixture.example/",
      email: "hello@fixture.example",
      telephone: "+919829000000",
      address: { "@type": "PostalAddress", addressLocality: "Jaipur", addressCountry: "IN" },
      openingHoursSpecification: [
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
      ],
      sameAs: ["https://github.com/fixture"],
    });
  });

  it("adds a BreadcrumbList below the top level only", async () => {
    expect((await dataFor("/about")).head.jsonLd.map((j) => j["@type"])).not.toContain("BreadcrumbList");
    const crumbs = (await dataFor("/services/web-development")).head.jsonLd.find((j) => j["@type"] === "BreadcrumbList");
    expect(crumbs).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://fixture.example/" },
        { "@type": "ListItem", position: 2, name: "Our Services", item: "https://fixture.example/services" },
        { "@type": "ListItem", position: 3, name: "Web Development", item: "https://fixture.example/services/web-development" },
      ],
    });
  });

  it("becomes one ld+json script per object in the head tags", async () => {
    const { head } = await dataFor("/services/cloud");
    const scripts = headTags(head, "Fixture Studio").filter((t) => "script:ld+json" in t);
    expect(scripts).toHaveLength(head.jsonLd.length);
  });
});

describe("Open Graph and Twitter", () => {
  it("repeat the title, description, URL and an absolute image", async () => {
    const { head } = await dataFor("/about");
    const tags = headTags(head, "Fixture Studio");
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: "About | Fixture Studio" },
        { tagName: "link", rel: "canonical", href: "https://fixture.example/about" },
        { property: "og:title", content: "About | Fixture Studio" },
        { property: "og:url", content: "https://fixture.example/about" },
        // The site's default card image, as an absolute URL.
        { property: "og:image", content: expect.stringMatching(/^https:\/\/fixture\.example\/og\/default\.\w+$/) },
        { name: "twitter:card", content: "summary_large_image" },
      ]),
    );
  });
});
