/**
 * npm run content:schema — writes JSON Schema for every content file type into schemas/json/,
 * generated from the zod schemas (see src/runtime/content/json-schema.ts). Run it after
 * changing a schema or adding a block; a test fails while the committed files are stale.
 */
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { JSON_SCHEMA_DIR, renderJsonSchemas } from "../src/runtime/content/json-schema.ts";

const root = process.cwd();
const files = await renderJsonSchemas();

// Files no target produces any more (a removed collection) would mislead editors.
const existing = await readdir(path.join(root, JSON_SCHEMA_DIR), { recursive: true }).catch(() => [] as string[]);
for (const rel of existing) {
  const file = path.posix.join(JSON_SCHEMA_DIR, rel.split(path.sep).join("/"));
  if (file.endsWith(".schema.json") && !files.has(file)) {
    await rm(path.join(root, file));
    console.log(`removed ${file}`);
  }
}
for (const [file, text] of files) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}
console.log(`✔ Wrote ${files.size} JSON Schema files to ${JSON_SCHEMA_DIR}/`);
