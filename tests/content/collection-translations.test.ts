/**
 * Collections and the site config translate like pages (content/translations/<locale>/
 * collections/<name>.json, …/site.json): filed by item id and by a list item's own name,
 * never by position. The checker reports each missing, stale and orphaned translation once,
 * where a person fixes it; reordering, adding and removing items in English never gives an
 * item another item's Hindi.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import site from "../../src/page/site-settings.ts";
import type { ContentError } from "../../src/content-files/errors.ts";
import { collectionTexts } from "../../src/runtime/i18n/collection-texts.ts";
import { localiseCollection, localiseSite, localiseTaxonomy } from "../../src/runtime/i18n/localise.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";
import { stubTranslation } from "../../src/runtime/content/translation-stub.ts";
import { collectionFileSchema, type CollectionItem } from "../../schemas/collections/index.ts";
import { collectionTranslationSchema, siteTranslationSchema, taxonomyTranslationSchema } from "../../schemas/translations.ts";
import { localTaxonomySchema } from "../../schemas/blog.ts";
import { checkFixture, FIXTURES } from "./site-fixture.ts";
import { readContent } from "../../src/runtime/content/read.ts";

const SERVICES = "content/collections/services.json";
const HI = "content/translations/hi/collections/services.json";
type Service = CollectionItem<"services">;
type Tree = Record<string, Record<string, Record<string, { text: string; source: string; hash: string }>>>;

const services = () => collectionFileSchema("services").parse(JSON.parse(readFileSync(path.join(FIXTURES, "site", SERVICES), "utf8"))).items as Service[];
/** What the fixture's Hindi says: the source text, marked, so each text shows where it came from. */
const hindiOf = (text: string) => `हिन्दी: ${text}`;

/** The Hindi of the fixture's services as a translator leaves it: the stub writer's entries, filled in. */
function servicesHi(items: Service[] = services()): Tree {
  const { value } = stubTranslation(undefined, collectionTexts("services", items), "../../../../schemas/json/collection-translation.schema.json");
  const tree = value as unknown as Tree;
  for (const item of Object.values(tree.items!)) for (const entry of Object.values(item)) entry.text = hindiOf(entry.source);
  return tree;
}

function check(items: Service[] = services(), hi: unknown = servicesHi()) {
  return checkFixture({ files: { [SERVICES]: JSON.stringify({ items }, null, 2), [HI]: JSON.stringify(hi, null, 2) } });
}
const onServices = (list: ContentError[]) => list.filter((e) => e.file === SERVICES || e.file === HI).map((e) => `${e.file}#${e.pointer} ${e.code}`);
const hindi = (items: Service[], hi: Tree = servicesHi()) => localiseCollection("services", items, ["hi", "en"], () => collectionTranslationSchema.parse(hi));

describe("a translated collection", () => {
  it("is 100 % translated with no warning once the stub writer's entries are filled in", async () => {
    const { errors, warnings, completeness } = await check();
    expect(errors).toEqual([]);
    expect(onServices(warnings)).toEqual([]);
    expect(completeness.find((c) => c.page === SERVICES)).toMatchObject({ locale: "hi", translationFile: HI, percent: 100 });
  });

  it("reports a missing text once, at the English text, naming the file and slot to add; an unfilled stub entry is missing too", async () => {
    const hi = servicesHi();
    delete hi.items!.cloud!.title;
    hi.items!["web-development"]!["features[1]"]!.text = "";
    const { warnings, completeness } = await check(services(), hi);
    expect(onServices(warnings)).toEqual([`${SERVICES}#/items/0/features/1 TranslationMissing`, `${SERVICES}#/items/1/title TranslationMissing`]);
    expect(warnings.find((w) => w.pointer === "/items/1/title")?.hint).toBe(`Add "cloud → title" to ${HI}.`);
    expect(completeness.find((c) => c.page === SERVICES)!.percent).toBeLessThan(100);
    const { value, fallbacks } = hindi(services(), hi);
    expect(value[1]!.title).toBe("Cloud");
    expect(fallbacks.map((f) => f.path.join("/"))).toEqual(["items/0/features/1", "items/1/title"]);
  });

  it("reports a translation whose English changed as stale, at the translation, with the old and the new English", async () => {
    const items = services();
    items[1]!.title = "Cloud & DevOps";
    const { warnings } = await check(items);
    expect(onServices(warnings)).toEqual([`${HI}#/items/cloud/title TranslationStale`]);
    const stale = warnings.find((w) => w.code === "TranslationStale")!;
    expect(stale.message).toBe('The हिन्दी (hi) translation was made from "Cloud", and the text is now "Cloud & DevOps".');
    expect(stale.hint).toContain(sourceHash("Cloud & DevOps"));
  });

  it("reports a removed item's translation once as orphaned, and a field the item no longer has", async () => {
    const hi = servicesHi();
    hi.items!["web-development"]!["subtitle-old"] = { text: "पुराना", source: "Old", hash: sourceHash("Old") };
    const { warnings } = await check(services().slice(0, 1), hi);
    expect(onServices(warnings)).toEqual([`${HI}#/items/web-development/subtitle-old TranslationOrphanedItem`, `${HI}#/items/cloud TranslationOrphanedItem`]);
    expect(warnings.find((w) => w.pointer === "/items/cloud")?.message).toBe('The item "cloud" translates a text the file no longer has.');
  });

  it("keeps every item's Hindi on its item when the items are reordered, one is added and one removed", async () => {
    const [web, cloud] = services();
    const added: Service = { ...structuredClone(cloud!), id: "ai", title: "AI" };
    const items = [added, cloud!, web!];
    const hi = servicesHi();
    const { errors, warnings, completeness } = await check(items, hi);
    expect(errors).toEqual([]);
    // Only the new item asks for translation; nothing is stale or orphaned.
    expect(new Set(onServices(warnings).map((w) => w.replace(/\/items\/(\d+)\/.*? /, "/items/$1 ")))).toEqual(new Set([`${SERVICES}#/items/0 TranslationMissing`]));
    expect(completeness.find((c) => c.page === SERVICES)!.translated).toBe(collectionTexts("services", [cloud!, web!]).length);
    const { value } = hindi(items, hi);
    expect(value.map((s) => [s.id, s.title])).toEqual([["ai", "AI"], ["cloud", hindiOf("Cloud")], ["web-development", hindiOf("Web Development")]]);
  });

  it("moves a plain text of a list (a feature) with its translation when the list is reordered: no stale, no wrong text", async () => {
    const items = services();
    const features = items[0]!.features;
    items[0]!.features = [...features].reverse();
    const { warnings } = await check(items);
    expect(onServices(warnings)).toEqual([]);
    expect(hindi(items).value[0]!.features).toEqual([...features].reverse().map(hindiOf));
  });
});

describe("npm run content:translate -- hi --stub", () => {
  it("adds an empty entry with its source and hash for each text without one, and leaves translated, stale and unfilled entries as they are", () => {
    const items = services();
    const hi = servicesHi();
    delete hi.items!.cloud!.title;
    hi.items!["web-development"]!.subtitle!.text = "";
    items[0]!.title = "Web Development & Apps";
    const before = structuredClone(hi);
    const { value, added } = stubTranslation(hi as never, collectionTexts("services", items), "unused");
    const after = value as unknown as Tree;
    expect(added).toBe(1);
    expect(after.items!.cloud!.title).toEqual({ text: "", source: "Cloud", hash: sourceHash("Cloud") });
    expect(after.items!["web-development"]!.title).toEqual(before.items!["web-development"]!.title);
    expect(after.items!["web-development"]!.subtitle).toEqual(before.items!["web-development"]!.subtitle);
    expect(hi).toEqual(before);
  });
});

describe("the site config and forms in Hindi", () => {
  const siteHi = siteTranslationSchema.parse(JSON.parse(readFileSync("content/translations/hi/site.json", "utf8")));
  const formsHi = collectionTranslationSchema.parse(JSON.parse(readFileSync("content/translations/hi/collections/forms.json", "utf8")));

  it("keeps each navigation and footer link's label on its link (by href) when the links are reordered", () => {
    const reordered = structuredClone(site);
    reordered.navigation.links.reverse();
    reordered.footer.quickLinks.reverse();
    const { value, fallbacks } = localiseSite(reordered, ["hi", "en"], () => siteHi);
    expect(fallbacks).toEqual([]);
    expect(value.navigation.links.map((l) => [l.href, l.label])).toEqual([
      ["/contact", "संपर्क"],
      ["/blog", "ब्लॉग"],
      ["/services", "सेवाएँ"],
      ["/about", "हमारे बारे में"],
      ["/", "होम"],
    ]);
    expect(value.footer.quickLinks.at(-1)).toEqual({ label: "होम", href: "/" });
    expect(value.name).toBe(site.name);
  });

  it("keeps each form field's label on its field (by name) when the fields are reordered", async () => {
    const forms = collectionFileSchema("forms").parse(JSON.parse(readFileSync("content/collections/forms.json", "utf8"))).items;
    const contact = structuredClone(forms.find((f) => f.id === "contact")!);
    contact.fields.reverse();
    const { value, fallbacks } = localiseCollection("forms", [contact], ["hi", "en"], () => formsHi);
    expect(fallbacks).toEqual([]);
    const byName = Object.fromEntries(value[0]!.fields.map((f) => [f.name, f.label]));
    expect(byName).toMatchObject({ name: "पूरा नाम", email: "ईमेल पता", phone: "फ़ोन नंबर", message: "संदेश" });
    expect(value[0]!.fields[0]!.name).toBe(contact.fields[0]!.name);
  });
});

describe("a locale's own blog posts", () => {
  it("are read from content/blog/posts/hi/, one file per translation named as the English post, and never listed in English", async () => {
    const files = await readContent(process.cwd());
    const hi = files.localeBlogs?.hi;
    expect(hi?.errors).toEqual([]);
    const english = new Set(files.localBlog.index.posts.map((p) => p.id));
    expect(hi!.index.posts.length).toBeGreaterThanOrEqual(3);
    for (const post of hi!.index.posts) {
      expect(english.has(post.id)).toBe(true);
      expect(post.title).toMatch(/[\u0900-\u097F]/);
      expect(files.localBlog.index.posts.find((p) => p.id === post.id)!.title).not.toBe(post.title);
    }
  });

  it("are filed under categories, tags and authors named in Hindi, each by its slug whatever the order", () => {
    const taxonomy = localTaxonomySchema.parse(JSON.parse(readFileSync("content/blog/taxonomy.json", "utf8")));
    const hi = taxonomyTranslationSchema.parse(JSON.parse(readFileSync("content/translations/hi/blog-taxonomy.json", "utf8")));
    taxonomy.categories.reverse();
    const { value, fallbacks } = localiseTaxonomy(taxonomy, ["hi", "en"], () => hi);
    expect(fallbacks).toEqual([]);
    const name = (slug: string) => value.categories.find((c) => c.slug === slug)!.name;
    expect([name("web-development"), name("ecommerce"), name("security")]).toEqual(["वेब डेवलपमेंट", "ई-कॉमर्स", "सिक्योरिटी"]);
    expect(value.authors.find((a) => a.slug === "arjun-mehta")!.name).toBe("अर्जुन मेहता");
    // An empty description has nothing to translate, and stays empty.
    expect(value.categories.find((c) => c.slug === "cloud-devops")!.description).toBe("");
  });

  it("are checked like English posts, and a folder that is not a locale is an error", async () => {
    // Without its featured image, which the fixture's media library does not have.
    const post = readFileSync("content/blog/posts/hi/core-web-vitals-field-guide.md", "utf8").replace(/^image: .*\n/m, "");
    const { errors } = await checkFixture({
      files: {
        "content/blog/taxonomy.json": readFileSync("content/blog/taxonomy.json", "utf8"),
        "content/blog/posts/hi/core-web-vitals-field-guide.md": post.replace("author: arjun-mehta", "author: nobody"),
        "content/blog/posts/xx/core-web-vitals-field-guide.md": post,
      },
    });
    const blog = errors.filter((e) => e.file.startsWith("content/blog/"));
    // The shared taxonomy's own problems (the fixture's media library has none of the portraits) are reported once, not once per locale.
    expect(blog.filter((e) => e.file === "content/blog/taxonomy.json").map((e) => e.pointer)).toEqual(["/authors/0/avatar/asset", "/authors/1/avatar/asset", "/authors/2/avatar/asset"]);
    expect(blog.filter((e) => e.file !== "content/blog/taxonomy.json").map((e) => `${e.file}#${e.pointer} ${e.code}`)).toEqual([
      "content/blog/posts/hi/core-web-vitals-field-guide.md#/author UnknownTerm",
      "content/blog/posts/xx# UnknownBlogLocale",
    ]);
  });
});
