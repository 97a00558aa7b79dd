/**
 * npm run content:keys — gives every block of every page in content/pages/ a key where it has
 * none (src/runtime/content/block-keys.ts), so its text can be translated. Changes nothing
 * else in the files; run it after adding blocks by hand, then npm run content:check.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { addBlockKeys } from "../src/runtime/content/block-keys.ts";
import { PAGES_DIR } from "../src/runtime/content/read.ts";

const dir = path.join(process.cwd(), PAGES_DIR);
let total = 0;
for (const name of (await readdir(dir)).filter((f) => f.endsWith(".json")).sort()) {
  const file = path.join(dir, name);
  const { text, added } = addBlockKeys(await readFile(file, "utf8"));
  if (added.length === 0) continue;
  await writeFile(file, text);
  total += added.length;
  console.log(`${PAGES_DIR}/${name}: ${added.join(", ")}`);
}
console.log(total === 0 ? "✔ Every block has a key" : `✔ Added ${total} block key${total === 1 ? "" : "s"}`);
