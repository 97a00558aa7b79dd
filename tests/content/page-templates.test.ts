/**
 * Page templates (content/page-templates/): starting points New page offers. Each is checked as
 * a page's blocks and meta are, with located errors, its links with the pages'; none is a page
 * of the site.
 */
import path from "node:path";
import site from "../../src/page/site-settings.ts";
import { errors as catalogue } from "../../src/errors/catalogue.ts";
import { checkSite } from "../../src/runtime/content/check.ts";
import { type ContentFiles, PAGE_TEMPLATES_DIR, readContent, templateFiles, withFile } from "../../src/runtime/content/read.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LANDING = `${PAGE_TEMPLATES_DIR}/landing.json`;

let files: ContentFiles;
beforeAll(async () => {
  files = await readContent(ROOT);
});

const landingWith = (change: (template: { blocks: Record<string, unknown>[] }) => void) => {
  const template = JSON.parse(files.json.get(LANDING)!) as { blocks: Record<string, unknown>[] };
  change(template);
  return withFile(files, LANDING, JSON.stringify(template, null, 2));
};
const found = (errors: { code: string; file: string; pointer: string }[]) => errors.filter((e) => e.file.startsWith(PAGE_TEMPLATES_DIR)).map(({ code, file, pointer }) => ({ code, file, pointer }));

test("the site offers a landing page, a service page, an article-style page and a legal page, all valid, none of them a page of the site", async () => {
  expect(templateFiles(files).map((f) => path.basename(f, ".json")).sort()).toEqual(["article", "landing", "legal", "service"]);
  const { errors, table } = await checkSite(files);
  expect(found(errors)).toEqual([]);
  expect([...table!.routes.values()].filter((entry) => entry.file.source.file.startsWith(PAGE_TEMPLATES_DIR))).toEqual([]);
});

test("a template's mistakes are located in its file, as a page's are", async () => {
  const { errors } = await checkSite(
    landingWith((t) => {
      t.blocks[0]!.title = "x".repeat(200);
      t.blocks.splice(1, 0, { type: "pricing-wheel" });
    }),
  );
  expect(found(errors)).toEqual([
    { code: catalogue.UnknownBlockType.code, file: LANDING, pointer: "/blocks/1/type" },
    { code: catalogue.TooLong.code, file: LANDING, pointer: "/blocks/0/title" },
  ]);
});

test("a template's links are checked with the pages': a link to a page that does not exist is broken", async () => {
  const { errors } = await checkSite(landingWith((t) => ((t.blocks[0]!.actions as { href: string }[])[0]!.href = "/contcat")));
  expect(found(errors)).toEqual([{ code: catalogue.BrokenLink.code, file: LANDING, pointer: "/blocks/0/actions/0/href" }]);
  expect(errors.find((e) => e.file === LANDING)?.hint).toContain("/contact");
});
