/**
 * What the studio calls documents and places (issue 36): pages by title and path, template
 * pages by what they show, lists by their label, a translation's fields in words; never a file
 * path, a pattern like "{title}" or a key.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { collectionName, documentName, pageName, pageNaming, pageShortName, pathWords } from "../../src/editor/document/names.ts";
import { fieldPathWords, linkOfText } from "../../src/editor/document/places.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const page = (name: string) => JSON.parse(readFileSync(path.join(ROOT, `content/pages/${name}.json`), "utf8")) as unknown;

test("a page by its title and path", () => {
  expect(pageName(page("about"), "about")).toBe("About Us (/about)");
  expect(documentName("page", "about", page("about"))).toBe("About Us (/about)");
  expect(pageName({ path: "/new" }, "new")).toBe("/new");
  expect(pageName(undefined, "case-studies")).toBe("/case-studies");
});

test("a page in a list on one line by its short name, as the site's breadcrumbs name it: Home, not the home page's search title", () => {
  expect(pageName(page("home"), "home")).toBe("Arcbyte Technologies | Web, Mobile, AI & Cloud Development Agency (/)");
  expect(pageShortName(page("home"), "home")).toBe("Home (/)");
  expect(pageShortName(page("about"), "about")).toBe("About Us (/about)");
  expect(pageShortName({ path: "/careers", meta: { title: "Careers | Arcbyte Technologies" } }, "careers")).toBe("Careers (/careers)");
  expect(pageShortName(page("blog-post"), "blog-post")).toBe("Blog post page (template) (/blog/…)");
  expect(pageShortName({ path: "/new" }, "new")).toBe("/new");
});

test("a template page by what it shows, its path's parameter in words, never its title pattern", () => {
  expect(pageNaming(page("blog-post"), "blog-post")).toEqual({ title: "Blog post page (template)", path: "/blog/…" });
  expect(pageNaming(page("blog-author"), "blog-author")).toEqual({ title: "Blog author page (template)", path: "/blog/author/…" });
  expect(pageNaming(page("service"), "service")).toEqual({ title: "Service page (template)", path: "/services/…" });
  expect(pathWords("/blog/tag/:id")).toBe("/blog/tag/…");
});

test("a list by its label", () => {
  expect(collectionName("faqs")).toBe("FAQs");
  expect(collectionName("seo-services")).toBe("SEO services");
  expect(documentName("collection", "values", undefined)).toBe("Values");
});

test("a translation's field in words", () => {
  expect(fieldPathWords("title")).toBe("Title");
  expect(fieldPathWords("heading.title")).toBe("Heading, Title");
  expect(fieldPathWords("items[2].text")).toBe("Item 3, Text");
  expect(fieldPathWords("navigation.links[href=/about].label")).toBe("Navigation, Link /about, Label");
});

test("the link a translated label names, where a publish gate finding about a link left without words is fixed", () => {
  const cta = { actions: [{ label: "Start Your Project" }, { label: "Contact Us", href: "/contact" }] };
  expect(linkOfText("actions[href=/contact].label")).toBe("/contact");
  expect(linkOfText("navigation.links[href=/about].label")).toBe("/about");
  expect(linkOfText("actions[1].label", cta)).toBe("/contact");
  expect(linkOfText("actions[0].label", cta)).toBeUndefined();
  expect(linkOfText("title", cta)).toBeUndefined();
  expect(fieldPathWords("items[key=b].title", { items: [{ key: "a" }, { key: "b" }] })).toBe("Item 2, Title");
});
