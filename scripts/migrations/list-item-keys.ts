/**
 * One-off (run once, kept for the record): gives every item of a keyed list (schemas/fields.ts
 * keyedList: cards, steps, figures) in content/pages/ and content/page-templates/ a key, and
 * moves each translation filed under the item's position (items[0].title) to its key
 * (items[key=our-mission].title) in every locale, its text, source and hash unchanged, so
 * `npm run content:check` reports no new stale or missing text afterwards.
 *   tsx scripts/migrations/list-item-keys.ts
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { findNodeAtLocation, parseTree } from "jsonc-parser";
import { registeredPageSchema } from "../../src/blocks/page-schema.ts";
import { addItemKeys } from "../../src/runtime/content/block-keys.ts";
import { keyedLists } from "../../schemas/keyed-lists.ts";
import { pageTexts } from "../../src/runtime/i18n/page-texts.ts";
import type { Page } from "../../schemas/page.ts";

const root = process.cwd();
const schema = await registeredPageSchema();
const jsonIn = async (dir: string) => (await readdir(path.join(root, dir)).catch(() => [])).filter((f) => f.endsWith(".json")).sort();
const locales = (await readdir(path.join(root, "content/translations"), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);

for (const dir of ["content/pages", "content/page-templates"]) {
  for (const name of await jsonIn(dir)) {
    const file = path.join(root, dir, name);
    const before = await readFile(file, "utf8");
    const page = JSON.parse(before) as Pick<Page, "meta" | "blocks">;
    const { text: after, added } = addItemKeys(before, keyedLists(schema, page));
    if (added.length === 0) continue;
    await writeFile(file, after);
    console.log(`${dir}/${name}: ${added.length} item keys`);
    if (dir !== "content/pages") continue;
    // Each text's slot before and after, by its place in the page.
    const slotOf = (p: typeof page) => new Map(pageTexts(schema, { ...p, meta: p.meta ?? {} } as Page).map((t) => [JSON.stringify(t.path), t.slot]));
    const old = slotOf(page);
    const renamed = [...slotOf(JSON.parse(after))].flatMap(([at, slot]) => {
      const was = old.get(at);
      return slot && was && slot.join() !== was.join() ? [{ was, slot }] : [];
    });
    for (const locale of locales) {
      const translation = path.join(root, "content/translations", locale, "pages", name);
      let text = await readFile(translation, "utf8").catch(() => undefined);
      if (text === undefined) continue;
      const tree = parseTree(text)!;
      // Each entry's name replaced where it is, last first, so offsets stay right.
      const edits = renamed.flatMap(({ was, slot }) => {
        const name = findNodeAtLocation(tree, [...was])?.parent?.children?.[0];
        return name ? [{ offset: name.offset, length: name.length, to: JSON.stringify(slot.at(-1)) }] : [];
      });
      for (const e of edits.sort((a, b) => b.offset - a.offset)) text = text.slice(0, e.offset) + e.to + text.slice(e.offset + e.length);
      await writeFile(translation, text);
      console.log(`  content/translations/${locale}/pages/${name}: ${edits.length} texts moved to their item's key`);
    }
  }
}
