/**
 * The content checker, fed broken copies of a small fixture site. Each error must say
 * exactly where it is (file, line:column, JSON pointer, a readable label) and what is wrong,
 * because that is all a marketer editing a content file gets to see.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import site from "../../src/page/site-settings.ts";
import { blockTypes } from "../../src/blocks/registry.ts";
import { checkContent } from "../../src/runtime/content/check.ts";
import { errors as catalogue } from "../../src/errors/catalogue.ts";
import type { ContentError } from "../../src/content-files/errors.ts";
import { broken, checkFixture, FIXTURES, fixtureSite } from "./site-fixture.ts";

/** The one error at a pointer in a file (failing if there is none or more than one). */
function errorAt(errors: ContentError[], file: string, pointer: string): ContentError {
  const found = errors.filter((e) => e.file === file && e.pointer === pointer);
  expect(found, `errors at ${file}#${pointer} among:\n${errors.map((e) => `${e.file}#${e.pointer} ${e.title}`).join("\n")}`).toHaveLength(1);
  return found[0]!;
}

describe("the real content", () => {
  it("passes with zero errors", async () => {
    const { errors, table } = await checkContent({ root: process.cwd() });
    expect(errors).toEqual([]);
    expect(table?.routes.has("/")).toBe(true);
  });
});

describe("the fixture site", () => {
  it("passes unchanged, so every error below comes from the broken file", async () => {
    const { errors, table } = await checkFixture();
    expect(errors).toEqual([]);
    expect([...table!.routes.keys()].sort()).toEqual(["/", "/404", "/about", "/services/cloud", "/services/web-development"]);
  });
});

describe("a link to a redirect", () => {
  it("works, but is a detour: a located warning names the page to link to", async () => {
    const withLink = { ...fixtureSite, footer: { ...fixtureSite.footer, quickLinks: [...fixtureSite.footer.quickLinks, { label: "Old", href: "/old-about" }] } };
    const { errors, warnings } = await checkFixture({
      files: { "content/site.json": JSON.stringify(withLink), "content/collections/redirects.json": JSON.stringify({ items: [{ from: "/old-about", to: "/about" }] }) },
    });
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => w.code === catalogue.LinkToRedirect.code)).toMatchObject([
      {
        message: "/old-about is a redirect to /about: visitors and search engines take a detour to get there.",
        hint: "Link to /about itself.",
        pointer: "/footer/quickLinks/1/href",
        label: "Site settings → footer.quickLinks[1].href",
      },
    ]);
  });
});

describe("a file that is not valid JSON", () => {
  it("is located at the syntax error, and pages linking to it are not reported as broken", async () => {
    const { errors } = await checkFixture({ files: { "content/pages/about.json": broken("invalid-json.json") } });
    expect(errors).toEqual([
      {
        code: "InvalidJson",
        title: "Invalid JSON",
        message: "The file is not valid JSON: comma expected.",
        hint: "Look just before this position for a missing comma, quote or bracket, or a trailing comma.",
        file: "content/pages/about.json",
        line: 4,
        column: 3,
        pointer: "",
        label: "Page About",
      },
    ]);
  });
});

describe("a template page with errors of its own", () => {
  it("keeps links to its items resolving, and only to its items", async () => {
    const { errors } = await checkFixture({
      files: {
        "content/pages/service.json": JSON.stringify({
          path: "/services/:id",
          each: { collection: "services" },
          meta: { title: "{title}", description: "{subtitle}" },
          blocks: [{ type: "cta", text: "The title is missing.", actions: [{ label: "About us", href: "/about" }] }],
        }),
        "content/pages/about.json": JSON.stringify({
          path: "/about",
          meta: { title: "About", description: "The fixture about page." },
          blocks: [
            {
              type: "cta",
              title: "Our services",
              text: "One of them, and a path below one.",
              actions: [
                { label: "Cloud", href: "/services/cloud" },
                { label: "Deeper", href: "/services/cloud/pricing" },
              ],
            },
          ],
        }),
      },
    });
    expect(errors.map((e) => `${e.file}#${e.pointer} ${e.code}`).sort()).toEqual([
      "content/pages/about.json#/blocks/0/actions/1/href BrokenLink",
      "content/pages/service.json#/blocks/0/title MissingValue",
    ]);
  });
});

describe("block errors in a page (home-block-errors.json)", () => {
  const file = "content/pages/home.json";
  let errors: ContentError[];
  beforeAll(async () => {
    ({ errors } = await checkFixture({ files: { [file]: broken("home-block-errors.json") } }));
  });

  it("an unknown block type lists the valid types", () => {
    expect(errorAt(errors, file, "/blocks/4/type")).toEqual({
      code: "UnknownBlockType",
      title: "Unknown block type",
      message: 'There is no block type "heroo".',
      hint: `Expected type to be ${blockTypes.map((t) => `'${t}'`).join(" | ")}.`,
      file,
      line: 20,
      column: 7,
      pointer: "/blocks/4/type",
      label: "Page Home → block 5 (heroo) → type",
    });
    // Sorted, quoted and joined the way a TypeScript union reads.
    expect(errorAt(errors, file, "/blocks/4/type").hint).toMatch(/^Expected type to be ('[a-z-]+' \| )+'[a-z-]+'\.$/);
    expect(blockTypes).toEqual([...blockTypes].sort());
    // The unknown block's own props are not reported on top of its type.
    expect(errors.filter((e) => e.pointer.startsWith("/blocks/4/") && e.pointer !== "/blocks/4/type")).toEqual([]);
  });

  it("a missing required prop is reported at the block that lacks it", () => {
    expect(errorAt(errors, file, "/blocks/3/subtitle")).toEqual({
      code: "MissingValue",
      title: "Missing value",
      message: "This required value is missing (expected string).",
      hint: 'Add it; your editor suggests the allowed properties when the file\'s "$schema" is set.',
      file,
      line: 13,
      column: 5,
      pointer: "/blocks/3/subtitle",
      label: "Page Home → block 4 (hero) → subtitle",
    });
  });

  it("an unknown property (blocks are strict) is located at the property itself", () => {
    expect(errorAt(errors, file, "/blocks/3/subtitel")).toEqual({
      code: "UnknownProperty",
      title: "Unknown property",
      message: 'Unknown property: "subtitel".',
      hint: "Remove it or fix its spelling; only properties in the schema are used.",
      file,
      line: 16,
      column: 7,
      pointer: "/blocks/3/subtitel",
      label: "Page Home → block 4 (hero) → subtitel",
    });
  });

  it("a value of the wrong type says what was expected", () => {
    expect(errorAt(errors, file, "/blocks/3/showClaims")).toEqual({
      code: "WrongType",
      title: "Wrong type",
      message: "Invalid input: expected boolean, received string",
      hint: "Write a boolean here.",
      file,
      line: 17,
      column: 7,
      pointer: "/blocks/3/showClaims",
      label: "Page Home → block 4 (hero) → showClaims",
    });
  });

  it("a text over its limit is too long", () => {
    expect(errorAt(errors, file, "/blocks/3/title")).toEqual({
      code: "TooLong",
      title: "Too long",
      message: "Must be at most 120 characters",
      hint: "Shorten the text.",
      file,
      line: 15,
      column: 7,
      pointer: "/blocks/3/title",
      label: "Page Home → block 4 (hero) → title",
    });
  });

  it("a value outside an enum lists the allowed ones", () => {
    expect(errorAt(errors, file, "/blocks/3/actions/0/variant")).toEqual({
      code: "NotAnOption",
      title: "Invalid value",
      message: 'Invalid option: expected one of "solid"|"outline"',
      hint: 'Use one of: "solid", "outline".',
      file,
      line: 18,
      column: 60,
      pointer: "/blocks/3/actions/0/variant",
      label: "Page Home → block 4 (hero) → actions[0].variant",
    });
  });

  it("a broken internal link suggests the closest path, even when the page has other errors", () => {
    expect(errorAt(errors, file, "/blocks/2/actions/0/href")).toEqual({
      code: "BrokenLink",
      title: "Broken link",
      message: "No page or redirect has the path /abuot.",
      hint: "Did you mean /about?",
      file,
      line: 11,
      column: 42,
      pointer: "/blocks/2/actions/0/href",
      label: "Page Home → block 3 (hero) → actions[0].href",
    });
  });

  it("a reference to an unknown collection id names the known ids", () => {
    expect(errorAt(errors, file, "/blocks/1/ids/1")).toEqual({
      code: "UnknownReference",
      title: "Unknown reference",
      message: 'No item of the services collection has the id "web-develop".',
      hint: "Known ids: web-development, cloud",
      file,
      line: 6,
      column: 58,
      pointer: "/blocks/1/ids/1",
      label: "Page Home → block 2 (service-grid) → ids[1]",
    });
  });

  it("reports nothing else: links to this page from other files still resolve", () => {
    expect(errors.map((e) => e.pointer).sort()).toEqual([
      "/blocks/1/ids/1",
      "/blocks/2/actions/0/href",
      "/blocks/3/actions/0/variant",
      "/blocks/3/showClaims",
      "/blocks/3/subtitel",
      "/blocks/3/subtitle",
      "/blocks/3/title",
      "/blocks/4/type",
    ]);
  });
});

describe("a block's own rules", () => {
  it("are checked inside a page (a card grid needs exactly one of items or collection)", async () => {
    const { errors } = await checkFixture({
      files: {
        "content/pages/grid.json": `{
  "path": "/grid",
  "meta": { "title": "Grid", "description": "A grid." },
  "blocks": [
    { "type": "card-grid", "collection": "values", "items": [{ "title": "A", "text": "B" }] }
  ]
}
`,
      },
    });
    expect(errors).toEqual([
      {
        code: "InvalidValue",
        title: "Invalid value",
        message: "A card grid needs exactly one of items or collection",
        hint: "See the message for what is expected.",
        file: "content/pages/grid.json",
        line: 5,
        column: 5,
        pointer: "/blocks/0",
        label: "Page Grid → block 1 (card-grid)",
      },
    ]);
  });
});

describe("whole-site checks", () => {
  it("a second page with the same path is a duplicate route", async () => {
    const { errors } = await checkFixture({ files: { "content/pages/team.json": broken("duplicate-route.json") } });
    expect(errors).toEqual([
      {
        code: "DuplicateRoute",
        title: "Duplicate route",
        message: "The path /about is already used by content/pages/about.json.",
        hint: "Give one of the pages another path, or list the item under the template's each.except.",
        file: "content/pages/team.json",
        line: 2,
        column: 3,
        pointer: "/path",
        label: "Page Team → path",
      },
    ]);
  });

  it("two collection items with the same id are reported once, at the second", async () => {
    const { errors } = await checkFixture({ files: { "content/collections/services.json": broken("duplicate-service-id.json") } });
    expect(errors).toEqual([
      {
        code: "DuplicateId",
        title: "Duplicate id",
        message: 'Another item of services already has the id "web-development".',
        hint: "Ids are how other content refers to an item: make each id unique.",
        file: "content/collections/services.json",
        line: 4,
        column: 6,
        pointer: "/items/1/id",
        label: "Services → item 2 (web-development) → id",
      },
    ]);
  });

  it("a template page needs an each section", async () => {
    const { errors } = await checkFixture({ files: { "content/pages/service.json": broken("template-without-each.json") } });
    expect(errors).toEqual([
      {
        code: "InvalidValue",
        title: "Invalid value",
        message: 'A template page needs both a path with ":id" and an "each" section',
        hint: "See the message for what is expected.",
        file: "content/pages/service.json",
        // "each" is missing, so it is reported at the object that should hold it.
        line: 1,
        column: 1,
        pointer: "/each",
        label: "Page Service → each",
      },
    ]);
  });

  describe("redirects (redirects.json)", () => {
    const file = "content/collections/redirects.json";
    let errors: ContentError[];
    beforeAll(async () => {
      ({ errors } = await checkFixture({ files: { [file]: broken("redirects.json") } }));
    });

    it("a target that is no page is missing", () => {
      expect(errorAt(errors, file, "/items/1/to")).toEqual({
        code: "RedirectTargetMissing",
        title: "Redirect target missing",
        message: "No page has the path /nowhere.",
        hint: "Use the path of an existing page or redirect (see the route list printed by npm run content:check -- --routes).",
        file,
        line: 4,
        column: 28,
        pointer: "/items/1/to",
        label: "Redirects → item 2 (/old-home) → to",
      });
    });

    it("a redirect to a redirect is a chain, with the final target in the hint", () => {
      expect(errorAt(errors, file, "/items/2/to")).toEqual({
        code: "RedirectChain",
        title: "Redirect chain",
        message: "/team → /about-us → /about → /.",
        hint: "Point /team straight at /.",
        file,
        line: 5,
        column: 24,
        pointer: "/items/2/to",
        label: "Redirects → item 3 (/team) → to",
      });
    });

    it("redirects that lead back to themselves are a loop, reported on each", () => {
      expect(errorAt(errors, file, "/items/3/to")).toMatchObject({
        code: "RedirectLoop",
        title: "Redirect loop",
        message: "/ping → /pong → /ping never reaches a page.",
        hint: "Point one of these redirects at a real page.",
        line: 6,
        column: 24,
        label: "Redirects → item 4 (/ping) → to",
      });
      expect(errorAt(errors, file, "/items/4/to")).toMatchObject({ title: "Redirect loop", message: "/pong → /ping → /pong never reaches a page.", line: 7 });
    });

    it("a redirect from a page's path would hide the page", () => {
      expect(errorAt(errors, file, "/items/5/from")).toEqual({
        code: "RedirectHidesPage",
        title: "Redirect hides a page",
        message: "/about is a page (content/pages/about.json), so this redirect would make it unreachable.",
        hint: "Remove the redirect or change the page's path.",
        file,
        line: 8,
        column: 7,
        pointer: "/items/5/from",
        label: "Redirects → item 6 (/about) → from",
      });
    });
  });
});

describe("the site settings", () => {
  it("are located in the text of content/site.json", async () => {
    const { errors } = await checkFixture({ files: { "content/site.json": broken("site.json") } });
    expect(errors).toEqual([
      {
        code: "InvalidFormat",
        title: "Invalid format",
        message: "Invalid email address",
        hint: "Follow the format in the message.",
        file: "content/site.json",
        line: 9,
        column: 5,
        pointer: "/contact/email",
        label: "Site settings → contact.email",
      },
      {
        code: "TooShort",
        title: "Too short",
        message: "Too small: expected array to have exactly 4 items",
        hint: "Add the missing entries.",
        file: "content/site.json",
        line: 42,
        column: 3,
        pointer: "/claims",
        label: "Site settings → claims",
      },
    ]);
  });

  it("keep their links checked while they have errors", async () => {
    const brokenSite = { ...fixtureSite, name: "", footer: { ...fixtureSite.footer, quickLinks: [{ label: "Team", href: "/tema" }] } };
    const { errors } = await checkFixture({ files: { "content/site.json": JSON.stringify(brokenSite, null, 2) } });
    expect(errors.map((e) => [e.title, e.label])).toEqual([
      ["Empty value", "Site settings → name"],
      ["Broken link", "Site settings → footer.quickLinks[0].href"],
    ]);
  });

  it("refuse a brand colour that white button text cannot be read on, located at the colour", async () => {
    const pale = { ...fixtureSite, theme: { ...fixtureSite.theme, brand: "#93b4fd" } };
    const { errors } = await checkFixture({ files: { "content/site.json": JSON.stringify(pale, null, 2) } });
    expect(errors).toEqual([
      expect.objectContaining({
        code: "LowContrastColour",
        file: "content/site.json",
        pointer: "/theme/brand",
        label: "Site settings → theme.brand",
        message: "#93b4fd behind the white text of buttons and numbered steps has a contrast of 2.06:1; text needs at least 4.5:1 to be read by everyone (WCAG AA).",
      }),
    ]);
    expect(errors[0]!.line).toBe(129);
  });
});

describe("one run", () => {
  it("reports every error in every file", async () => {
    const { errors } = await checkFixture({
      files: {
        "content/pages/home.json": broken("home-block-errors.json"),
        "content/pages/about.json": broken("invalid-json.json"),
        "content/pages/team.json": broken("duplicate-route.json").then((t) => t.replace('"/about"', '"/team"').replace('"/"', '"/abuot"')),
        "content/collections/redirects.json": broken("redirects.json"),
        "content/collections/services.json": broken("duplicate-service-id.json"),
      },
    });
    const byFile: Record<string, ContentError[]> = {};
    for (const e of errors) (byFile[e.file] ??= []).push(e);
    expect(Object.keys(byFile).sort()).toEqual([
      "content/collections/redirects.json",
      "content/collections/services.json",
      "content/pages/about.json",
      "content/pages/home.json",
      "content/pages/team.json",
    ]);
    expect(byFile["content/pages/home.json"]).toHaveLength(8);
    expect(byFile["content/pages/about.json"]!.map((e) => e.title)).toEqual(["Invalid JSON"]);
    expect(byFile["content/pages/team.json"]!.map((e) => [e.title, e.message])).toEqual([["Broken link", "No page or redirect has the path /abuot."]]);
    expect(byFile["content/collections/services.json"]!.map((e) => e.title)).toEqual(["Duplicate id"]);
    expect(byFile["content/collections/redirects.json"]!.map((e) => e.title).sort()).toEqual([
      "Redirect chain",
      "Redirect chain",
      "Redirect hides a page",
      "Redirect loop",
      "Redirect loop",
      "Redirect target missing",
    ]);
  });
});

describe("links", () => {
  it("a protocol-relative URL is no site path: the checker fails it as a broken link", async () => {
    const about = readFileSync(path.join(FIXTURES, "site/content/pages/about.json"), "utf8");
    const { errors } = await checkFixture({ files: { "content/pages/about.json": about.replace('"href": "/"', '"href": "//evil.example"') } });
    expect(errors.map((e) => [e.title, e.label, e.message])).toEqual([
      ["Broken link", "Page About → block 1 (cta) → actions[0].href", "No page or redirect has the path //evil.example."],
    ]);
  });

  it("a query or fragment is ignored when resolving a site path", async () => {
    const about = readFileSync(path.join(FIXTURES, "site/content/pages/about.json"), "utf8");
    const { errors } = await checkFixture({ files: { "content/pages/about.json": about.replace('"href": "/"', '"href": "/services/cloud?ref=about#top"') } });
    expect(errors).toEqual([]);
  });
});

describe("every error of every broken fixture", () => {
  it("carries the code of a catalogue entry, and that entry's title", async () => {
    const targets: Record<string, string> = {
      "duplicate-route.json": "content/pages/team.json",
      "duplicate-service-id.json": "content/collections/services.json",
      "faqs.json": "content/collections/faqs.json",
      "forms-field-names.json": "content/collections/forms.json",
      "home-block-errors.json": "content/pages/home.json",
      "invalid-json.json": "content/pages/about.json",
      "jobs.json": "content/collections/jobs.json",
      "legal-body.md": "content/legal/privacy.md",
      "legal-frontmatter.md": "content/legal/privacy.md",
      "legal-page.json": "content/pages/privacy.json",
      "legal-yaml.md": "content/legal/privacy.md",
      "redirects.json": "content/collections/redirects.json",
      "seo-services.json": "content/collections/seo-services.json",
      "services-highlights.json": "content/collections/services.json",
      "template-without-each.json": "content/pages/service.json",
      "site.json": "content/site.json",
    };
    const names = readdirSync(path.join(FIXTURES, "broken"));
    expect(names.sort()).toEqual(Object.keys(targets).sort());
    let seen = 0;
    for (const name of names) {
      const { errors } = await checkFixture({ files: { [targets[name]!]: broken(name) } });
      expect(errors.length, name).toBeGreaterThan(0);
      for (const e of errors) {
        const entry = catalogue[e.code as keyof typeof catalogue];
        expect(entry, `${name}: ${e.code}`).toBeDefined();
        expect(e.title).toBe(entry.title);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(30);
  });
});
