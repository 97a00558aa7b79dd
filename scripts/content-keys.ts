/**
 * npm run content:keys — gives every block of every page in content/pages/ a key where it has
 * none, and every item of a keyed list (cards, steps, figures) too
 * (src/runtime/content/block-keys.ts), so its text can be translated and its translations
 * follow it when it moves. Changes nothing else in the files; run it after adding blocks or
 * items by hand, then npm run content:check.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { registeredPageSchema } from "../src/blocks/page-schema.ts";
import { addBlockKeys, addItemKeys } from "../src/runtime/content/block-keys.ts";
import { PAGES_DIR } from "../src/runtime/content/read.ts";
import { keyedLists } from "../schemas/keyed-lists.ts";

const dir = path.join(process.cwd(), PAGES_DIR);
const schema = await registeredPageSchema();
let total = 0;
for (const name of (await readdir(dir)).filter((f) => f.endsWith(".json")).sort()) {
  const file = path.join(dir, name);
  const blocks = addBlockKeys(await readFile(file, "utf8"));
  const items = addItemKeys(blocks.text, keyedLists(schema, JSON.parse(blocks.text)));
  const added = [...blocks.added, ...items.added];
  if (added.length === 0) continue;
  await writeFile(file, items.text);
  total += added.length;
  console.log(`${PAGES_DIR}/${name}: ${added.join(", ")}`);
}
console.log(total === 0 ? "✔ Every block and list item has a key" : `✔ Added ${total} key${total === 1 ? "" : "s"}`);
