/**
 * A localised route shows its locale's content all through: its blocks load the locale's
 * collections (the services' Hindi titles) and its shell the locale's site config (the Hindi
 * navigation), made once per locale; and a page counts as in fallback when the collections or
 * site texts it shows fall back, not only its own.
 */
import site from "../../src/page/site-settings.ts";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { checkSite, type SiteCheck } from "../../src/runtime/content/check.ts";
import { readContent, type ContentFiles, withFile } from "../../src/runtime/content/read.ts";
import { type CheckedSite, contentAt } from "../../src/runtime/content.server.ts";

const HINDI = "content/translations/hi/site.json";
/** The content with Hindi's status set, whatever content/locales.json says now. */
const withHindi = (files: ContentFiles, status: "draft" | "published") =>
  withFile(files, "content/locales.json", files.json.get("content/locales.json")!.replace(/("code": "hi".*"status": )"\w+"/, `$1"${status}"`));
const published = (files: ContentFiles) => withHindi(files, "published");

let files: ContentFiles;
let checked: SiteCheck;
let english: SiteCheck;
beforeAll(async () => {
  files = await readContent(process.cwd());
  english = await checkSite(withHindi(files, "draft"));
  expect(english.table!.routes.has("/hi")).toBe(false);
  checked = await checkSite(published(files));
  expect(checked.errors).toEqual([]);
}, 120_000);

const asChecked = (c: SiteCheck): CheckedSite => ({ content: c.content!, table: c.table!, pages: c.pages, localised: c.localised! });
const json = (value: unknown) => JSON.stringify(value);

describe("a Hindi route's content", () => {
  it("loads its blocks from the Hindi collections: the services list shows the Hindi titles", () => {
    const page = json(checked.pages.get("/hi/services")!.blocks);
    expect(page).toContain("वेब डेवलपमेंट");
    expect(page).not.toContain('"title":"Web Development"');
    expect(json(checked.pages.get("/services")!.blocks)).toContain('"title":"Web Development"');
  });

  it("renders a Hindi service page for the service in Hindi: its title, in the head too", () => {
    expect(checked.pages.get("/hi/services/web-development")!.head.title).toBe("वेब डेवलपमेंट | Arcbyte Technologies");
    expect(checked.table!.routes.get("/hi/services/web-development")!.item?.title).toBe("वेब डेवलपमेंट");
    expect(checked.pages.get("/services/web-development")!.head.title).toBe("Web Development | Arcbyte Technologies");
  });

  it("gives the shell the Hindi site config and services, made once for the whole locale", () => {
    const at = (path: string) => contentAt(asChecked(checked), path);
    expect(at("/hi/about").site.navigation.links.map((l) => l.label)).toContain("हमारे बारे में");
    expect(at("/hi/about").collections.services.map((s) => s.title)).toContain("वेब डेवलपमेंट");
    expect(at("/hi/no-such-page")).toBe(at("/hi"));
    expect(at("/hi/services/web-development")).toBe(at("/hi"));
    expect(at("/about")).toBe(checked.content);
    expect(at("/about").site.navigation.links.map((l) => l.label)).toContain("About");
  });

  it("gives the contact form Hindi choices that send the English options the server's form has", () => {
    const block = checked.pages.get("/hi/sampark")!.blocks.find((b) => b.type === "form")!;
    const service = (block.data as { form: ResolvedForm }).form.fields.find((f) => f.name === "service")!;
    expect(service.options).toEqual([...checked.content!.collections.services.map((s) => s.title), "Other"]);
    expect(service.optionLabels).toContain("वेब डेवलपमेंट");
  });

  it("names the local blog's terms in Hindi on the blog's pages", () => {
    const hindi = json(contentAt(asChecked(checked), "/hi/blog").blog.categories.map((c) => c.name));
    expect(hindi).not.toEqual(json(checked.content!.blog.categories.map((c) => c.name)));
  });

  it("leaves every English page's blocks and their data as they were (its head gains the alternates)", () => {
    for (const [path, data] of english.pages) expect(checked.pages.get(path)?.blocks, path).toEqual(data.blocks);
  });
});

describe("a site text not translated", () => {
  it("makes no page of the locale a fallback: the shell shows it marked, and the checker lists it", async () => {
    const site = JSON.parse(files.json.get(HINDI)!) as { fields: Record<string, unknown> };
    delete site.fields["footer.copyright"];
    const partial = await checkSite(withFile(published(files), HINDI, JSON.stringify(site)));
    expect(partial.errors).toEqual([]);
    expect(partial.pages.get("/hi/about")!.head.noindex).toBe(false);
    expect(partial.localised!.get("hi")!.siteLanguages).toEqual({ "footer.copyright": "en" });
    expect(partial.warnings.map((w) => w.code)).toContain("SharedTextsUntranslated");
  });
});
