/**
 * Every error content:check reports appears in the page editor on the right field: a corpus
 * of broken pages and collections (every kind of mistake a marketer makes in a content file)
 * is written into the editor's content root, the checker is run on it as the command line
 * runs it, and each error must be shown at the element that edits its JSON pointer, with the
 * same code, message and hint, and nothing else shown: zero mismatches.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { checkContent } from "../../src/runtime/content/check.ts";
import type { ContentError } from "../../src/content-files/errors.ts";
import { type AdminServer, expect as baseExpect, test, waitForHydration } from "./admin-server.ts";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.afterEach(({ admin }) => admin.reset());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Case {
  name: string;
  /** The file the editor opens (its errors are compared). */
  file: string;
  /** Writes the broken content into the root. */
  write: (root: string) => void;
}

const read = (root: string, file: string): Json => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const write = (root: string, file: string, data: unknown) => writeFileSync(path.join(root, file), `${JSON.stringify(data, null, 2)}\n`);
const change = (file: string, mutate: (data: Json) => void) => (root: string) => {
  const data = read(root, file);
  mutate(data);
  write(root, file, data);
};

const corpus: Case[] = [
  {
    name: "block props: missing, unknown, wrong type, too long, not an option, broken link, unknown reference, a block's own rule, unknown type, data that cannot load",
    file: "content/pages/about.json",
    write: change("content/pages/about.json", (page) => {
      const [hero, cards, values, , why, cta] = page.blocks;
      delete hero.title;
      hero.titel = "A typo";
      hero.subtitle = 42;
      hero.eyebrow = "x".repeat(61);
      cards.columns = 5;
      values.items = [{ title: "Both", text: "Items and a collection at once." }];
      why.tone = "dark";
      cta.actions[0].href = "/contcat";
      cta.actions.push({ label: "Nowhere" });
      page.blocks.push({ type: "heroo", title: "Unknown" });
      page.blocks.push({ type: "faq-list", ids: ["project-cost", "pricing"] });
      page.blocks.push({ type: "form", form: "contact", prefill: [{ field: "nope", param: "x" }] });
    }),
  },
  {
    name: "page settings: empty title, long description, bad image, bad path, unknown property",
    file: "content/pages/about.json",
    write: change("content/pages/about.json", (page) => {
      page.meta.title = "";
      page.meta.description = "y".repeat(201);
      page.meta.image = "ftp://example.com/a.png";
      page.meta.noindex = "yes";
      page.titel = "misplaced";
    }),
  },
  {
    name: "a page with no blocks and no description, at a path another page has",
    file: "content/pages/team.json",
    write: (root) => write(root, "content/pages/team.json", { path: "/about", meta: { title: "Team" }, blocks: [] }),
  },
  {
    name: "a template page without each, and a placeholder its item does not have",
    file: "content/pages/case.json",
    write: (root) => {
      write(root, "content/pages/case.json", { path: "/cases/:id", meta: { title: "Case", description: "One case study." }, blocks: [{ type: "hero", title: "Case", subtitle: "A case." }] });
      change("content/pages/service.json", (page) => (page.meta.title = "{nonexistent} | Services"))(root);
    },
  },
  {
    name: "a placeholder a template page's item does not have",
    file: "content/pages/service.json",
    write: change("content/pages/service.json", (page) => (page.meta.title = "{nonexistent} | Services")),
  },
  {
    name: "a page that is not valid JSON",
    file: "content/pages/about.json",
    write: (root) => writeFileSync(path.join(root, "content/pages/about.json"), readFileSync(path.join(root, "content/pages/about.json"), "utf8").replace('"path": "/about",', '"path": "/about",,')),
  },
  {
    name: "faqs: empty question, missing answer, unknown property",
    file: "content/collections/faqs.json",
    write: change("content/collections/faqs.json", (file) => {
      file.items[0].question = "";
      delete file.items[1].answer;
      file.items[2].anwser = "typo";
    }),
  },
  {
    name: "faqs: an id given twice",
    file: "content/collections/faqs.json",
    write: change("content/collections/faqs.json", (file) => (file.items[3].id = file.items[0].id)),
  },
  {
    name: "redirects: a chain, a loop, a missing target, one hiding a page, one listed twice",
    file: "content/collections/redirects.json",
    write: change("content/collections/redirects.json", (file) => {
      file.items.push({ from: "/old-about", to: "/app-development" });
      file.items.push({ from: "/ping", to: "/pong" }, { from: "/pong", to: "/ping" });
      file.items.push({ from: "/gone", to: "/no-such-page" });
      file.items.push({ from: "/about", to: "/contact" });
      file.items.push({ from: "/ping", to: "/contact" });
    }),
  },
  {
    name: "services: too few features, an icon not in the set, a root property that is no collection's",
    file: "content/collections/services.json",
    write: change("content/collections/services.json", (file) => {
      file.items[0].features = ["Only one"];
      file.items[1].icon = "unicorn";
      file.itemz = [];
    }),
  },
];

/** The errors shown in a part of the editor: the pointer of the field each sits in, its code and its words. */
async function shown(scope: Locator): Promise<string[]> {
  return scope.locator("[data-error-code]").evaluateAll((els) =>
    els.map((el) => `${el.closest("[data-pointer]")?.getAttribute("data-pointer")} ${(el as HTMLElement).dataset.errorCode} ${el.textContent}`),
  );
}
const expected = (errors: ContentError[]) => errors.map((e) => `${e.pointer} ${e.code} ${e.title}${e.message}Hint: ${e.hint}`);

async function open(page: Page, admin: AdminServer, file: string) {
  const query = file.startsWith("content/pages/") ? `?page=${path.basename(file, ".json")}` : `?collection=${path.basename(file, ".json")}`;
  await page.goto(`${admin.url}/admin/pages${query}`);
  await waitForHydration(page);
  await expect(page.getByTestId("editor").or(page.getByTestId("editor-unreadable"))).toBeVisible({ timeout: 60_000 });
}

for (const c of corpus) {
  test(`${c.name}: every error content:check reports is on its field in the editor`, async ({ page, admin }) => {
    c.write(admin.root);
    const all = (await checkContent({ root: admin.root })).errors;
    const errors = all.filter((e) => e.file === c.file);
    expect(errors.length, `the corpus case must break ${c.file}`).toBeGreaterThan(0);
    await open(page, admin, c.file);

    if (await page.getByTestId("editor-unreadable").isVisible()) {
      expect(await shown(page.getByTestId("editor-unreadable"))).toEqual(expected(errors));
      return;
    }
    const editor = page.getByTestId("editor");
    await expect(editor).not.toHaveAttribute("data-checking", "true");
    const list = c.file.startsWith("content/pages/") ? "blocks" : "items";
    const entryOf = (e: ContentError) => /^\/(?:blocks|items)\/(\d+)(?:\/|$)/.exec(e.pointer)?.[1];
    const mismatches: string[] = [];
    const compare = (view: string, got: string[], want: string[]) => {
      const missing = want.filter((w) => !got.includes(w));
      const extra = got.filter((g) => !want.includes(g));
      for (const m of missing) mismatches.push(`${view}: not shown: ${m}`);
      for (const x of extra) mismatches.push(`${view}: shown but not reported: ${x}`);
    };

    // The list itself (a page needs a block).
    compare("outline", await shown(page.getByTestId("outline").locator("..").locator(`[data-pointer="/${list}"]`)), expected(errors.filter((e) => e.pointer === `/${list}`)));
    // Each block or item, selected in the outline, with its error count there.
    const items = page.getByTestId("outline-item");
    const count = await items.count();
    for (let i = 0; i < count; i++) {
      const want = errors.filter((e) => entryOf(e) === String(i));
      const badge = items.nth(i).getByTestId("error-count");
      if (want.length > 0) await expect(badge).toHaveText(`${want.length} error${want.length === 1 ? "" : "s"}`);
      else await expect(badge).toHaveCount(0);
      await items.nth(i).getByTestId("outline-select").click();
      // Selected: the fields are this block's or item's (named by its label, as the outline names it).
      await expect(items.nth(i).getByTestId("outline-select")).toHaveAttribute("aria-current", "true");
      compare(`${list} ${i + 1}`, await shown(page.getByTestId("fields")), expected(want));
    }
    // The page's settings (or the collection file): everything outside the list.
    await page.getByTestId("outline-settings").click();
    const rest = errors.filter((e) => entryOf(e) === undefined && e.pointer !== `/${list}`);
    compare("settings", await shown(page.getByTestId("fields")), expected(rest));
    expect(mismatches).toEqual([]);
  });
}
