/**
 * What the services, contact, careers and legal pages load at build time from the real
 * content: structured data, per-service sections, the legal HTML; and the helpers behind
 * them (Markdown rendering, opening-hours text).
 */
import site from "../../src/page/site-settings.ts";
import { checkContent } from "../../src/runtime/content/check.ts";
import type { SiteContent } from "../../src/runtime/content/model.ts";
import { asNotFound, type PageData } from "../../src/runtime/page-data.ts";
import { renderMarkdown } from "../../src/blocks/legal-document/markdown.ts";
import { matchPath, type RouteTable } from "../../src/runtime/route-table.ts";
import { clockTime, hoursSummary } from "../../src/ui/hours.ts";

let content: SiteContent;
let table: RouteTable;
let pages: ReadonlyMap<string, PageData>;
beforeAll(async () => {
  const result = await checkContent({ root: process.cwd() });
  expect(result.errors).toEqual([]);
  ({ content, table, pages } = result as Required<typeof result>);
});

async function dataFor(path: string): Promise<PageData> {
  const match = matchPath(table, path);
  if (match.kind === "redirect") throw new Error(`${path} redirects`);
  const data = pages.get(match.entry!.path)!;
  return match.kind === "not-found" ? asNotFound(data) : data;
}
const jsonLdOfType = (data: PageData, type: string) => data.head.jsonLd.filter((j) => j["@type"] === type);
const blockData = (data: PageData, type: string) => data.blocks.find((b) => b.type === type)?.data;

describe("service pages", () => {
  it("exist for the 14 catalogue services; SEO Services has its own page", () => {
    // The English ones: each has its Hindi version under /hi too.
    const servicePaths = [...table.routes.values()].filter((e) => e.file.page.path === "/services/:id" && !e.locale).map((e) => e.path);
    expect(servicePaths).toHaveLength(14);
    expect(servicePaths).not.toContain("/services/seo-services");
    expect(table.routes.get("/services/seo-services")?.file.source.file).toBe("content/pages/seo-services.json");
  });

  it("take title and description from the service", async () => {
    const data = await dataFor("/services/web-development");
    expect(data.head.title).toBe("Web Development | Arcbyte Technologies");
    expect(data.head.description).toBe(content.collections.services.find((s) => s.id === "web-development")!.subtitle);
  });

  it("publish Service JSON-LD provided by the organization, and Home → Our Services → service breadcrumbs", async () => {
    const data = await dataFor("/services/web-development");
    expect(jsonLdOfType(data, "Service")).toEqual([
      expect.objectContaining({
        "@id": "https://www.arcbyte.in/services/web-development#service",
        name: "Web Development",
        url: "https://www.arcbyte.in/services/web-development",
        provider: { "@id": "https://www.arcbyte.in/#organization" },
      }),
    ]);
    expect(jsonLdOfType(data, "ProfessionalService")[0]!["@id"]).toBe("https://www.arcbyte.in/#organization");
    expect(jsonLdOfType(data, "BreadcrumbList")[0]!.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.arcbyte.in/" },
      { "@type": "ListItem", position: 2, name: "Our Services", item: "https://www.arcbyte.in/services" },
      { "@type": "ListItem", position: 3, name: "Web Development", item: "https://www.arcbyte.in/services/web-development" },
    ]);
  });

  it("show the extra section only for AI/ML Development, Web Development, Software Development and Cloud & DevOps", async () => {
    const withHighlights: string[] = [];
    for (const s of content.collections.services.filter((s) => s.id !== "seo-services")) {
      if (blockData(await dataFor(`/services/${s.id}`), "service-highlights")) withHighlights.push(s.title);
    }
    expect(withHighlights.sort()).toEqual(["AI/ML Development", "Cloud & DevOps", "Software Development", "Web Development"]);
  });

  it("show pricing tiers (basic, standard, premium) where the service has them", async () => {
    expect(blockData(await dataFor("/services/cloud-devops"), "service-pricing")).toEqual([
      expect.objectContaining({ tier: "basic", name: "DevOps Setup", price: { amount: "5000 USD", startingAt: true } }),
      expect.objectContaining({ tier: "standard", name: "Cloud Migration", price: { amount: "15000 USD", startingAt: true } }),
      expect.objectContaining({ tier: "premium", name: "Managed DevOps", price: { amount: "8000 USD", startingAt: true, per: "month" } }),
    ]);
    expect(blockData(await dataFor("/services/web-development"), "service-pricing")).toBeNull();
  });

  it("number the service's own process steps", async () => {
    const steps = blockData(await dataFor("/services/web-development"), "process-steps") as { title: string }[];
    expect(steps.map((s) => s.title)).toEqual(content.collections.services.find((s) => s.id === "web-development")!.process);
  });

  it("an unknown service id gets Service Not Found, without structured data", async () => {
    const data = await dataFor("/services/unknown-id");
    expect(data.notFound).toBe(true);
    expect(data.blocks[0]!.props).toMatchObject({ title: "Service Not Found", back: { label: "Back to Services", href: "/services" } });
    expect(data.head.jsonLd).toEqual([]);
  });

  it("the SEO page describes itself as a Service of the organization", async () => {
    const [service] = jsonLdOfType(await dataFor("/services/seo-services"), "Service");
    expect(service).toMatchObject({ name: "SEO Services", provider: { "@id": `${site.url}/#organization` } });
  });
});

describe("contact page", () => {
  it("publishes its six questions as FAQPage JSON-LD", async () => {
    const [faq] = jsonLdOfType(await dataFor("/contact"), "FAQPage");
    const questions = faq!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions).toHaveLength(6);
    expect(questions.map((q) => q.name)).toEqual(content.collections.faqs.map((f) => f.question));
    expect(questions[0]!.acceptedAnswer.text).toBe(content.collections.faqs[0]!.answer);
  });
});

describe("legal pages", () => {
  it("render the privacy policy's sections in order, with the date written out", async () => {
    const doc = blockData(await dataFor("/privacy"), "legal-document") as { toc: { text: string }[]; lastUpdatedText: string; html: string };
    expect(doc.lastUpdatedText).toBe("January 15, 2024");
    expect(doc.toc.map((t) => t.text)).toEqual([
      "Information We Collect",
      "How We Use Your Information",
      "Information Sharing",
      "Data Security",
      "Your Rights",
      "Contact Us",
      "Cookies",
      "Data Retention",
      "Changes to This Privacy Policy",
    ]);
  });

  it("fill the legal contact address from the site settings", async () => {
    const doc = blockData(await dataFor("/terms"), "legal-document") as { html: string };
    expect(doc.html).toContain(`<a href="mailto:${site.contact.legalEmail}">${site.contact.legalEmail}</a>`);
    expect(doc.html).not.toMatch(/\{[a-z.]+\}/i);
  });
});

describe("renderMarkdown", () => {
  it("shows raw HTML as text instead of rendering it", () => {
    const { html } = renderMarkdown('Hello <script>alert(1)</script> and <img src=x onerror="alert(1)">\n\n<div>block</div>\n', site);
    expect(html).not.toMatch(/<script|<img|<div/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;div&gt;block&lt;/div&gt;");
  });

  it("keeps the text of links with unsafe protocols but not the link", () => {
    const { html } = renderMarkdown("[click](javascript:alert(1)) [data](data:text/html,x) [ok](https://example.com)", site);
    expect(html).not.toMatch(/javascript:|data:/);
    expect(html).toContain("click");
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
  });

  it("gives headings unique ids and lists the ## sections as the table of contents", () => {
    const { html, toc } = renderMarkdown("## Payment Terms\n\n### Details\n\n## Payment Terms\n", site);
    expect(toc).toEqual([
      { id: "payment-terms", text: "Payment Terms" },
      { id: "payment-terms-2", text: "Payment Terms" },
    ]);
    expect(html).toContain('<h3 id="details">Details</h3>');
  });
});

describe("opening hours text", () => {
  it("writes the weekday hours the way the Working Hours card shows them", () => {
    expect(hoursSummary(site.hours[0]!)).toBe("Mon - Fri 8:00 AM - 5:00 PM");
    expect(hoursSummary({ label: "Sunday Closed", days: ["Su"] })).toBe("Sun Closed");
  });

  it("uses a 12-hour clock", () => {
    expect([clockTime("00:30"), clockTime("09:05"), clockTime("12:00"), clockTime("17:00")]).toEqual(["12:30 AM", "9:05 AM", "12:00 PM", "5:00 PM"]);
  });

  it("writes them in the page's locale through Intl, with the locale's word for closed", () => {
    expect(hoursSummary(site.hours[0]!, "hi", "बंद")).toBe("सोम - शुक्र 8:00 am - 5:00 pm");
    expect(hoursSummary({ label: "रविवार बंद", days: ["Su"] }, "hi", "बंद")).toBe("रवि बंद");
  });
});
