/**
 * The JSON Schema files in schemas/json/ are generated from the zod schemas and committed,
 * so editors find them in a fresh checkout. These tests keep them in step with the zod
 * schemas and keep every content file pointing at the right one.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { JSON_SCHEMA_DIR, renderJsonSchemas, schemaTargets } from "../../src/runtime/content/json-schema.ts";

const root = process.cwd();
const STALE = "schemas/json is out of date with the zod schemas: run `npm run content:schema` and commit the result.";

describe("generated JSON Schema", () => {
  it("matches the committed files in schemas/json/", async () => {
    const generated = await renderJsonSchemas();
    for (const [file, text] of generated) {
      const committed = existsSync(path.join(root, file)) ? await readFile(path.join(root, file), "utf8") : undefined;
      expect(committed, `${file}: ${STALE}`).toBe(text);
    }
    const onDisk = (await readdir(path.join(root, JSON_SCHEMA_DIR), { recursive: true }))
      .map((f) => path.posix.join(JSON_SCHEMA_DIR, f.split(path.sep).join("/")))
      .filter((f) => f.endsWith(".schema.json"));
    expect(onDisk.filter((f) => !generated.has(f)), `files no schema produces any more: ${STALE}`).toEqual([]);
  });

  it("offers every registered block type, with defaulted props optional and descriptions kept", async () => {
    const page = JSON.parse((await renderJsonSchemas()).get(`${JSON_SCHEMA_DIR}/page.schema.json`)!);
    const variants: { properties: Record<string, { const?: string; description?: string }>; required?: string[] }[] =
      page.properties.blocks.items.oneOf;
    const types = variants.map((v) => v.properties.type!.const);
    expect(types).toEqual([...types].sort());
    expect(types).toEqual(expect.arrayContaining(["hero", "stats", "service-grid", "testimonials", "cta", "not-found"]));

    const hero = variants.find((v) => v.properties.type!.const === "hero")!;
    expect(hero.required).toEqual(expect.arrayContaining(["type", "title", "subtitle"]));
    // actions and showClaims have defaults: an editor must not demand them.
    expect(hero.required).not.toContain("actions");
    expect(hero.required).not.toContain("showClaims");
    expect(hero.properties.showClaims!.description).toBe("Show the site's four headline figures under the text");
  });
});

/** Every content file (a JSON file under content/), relative to the root with forward slashes. */
async function contentFiles(): Promise<string[]> {
  const all = await readdir(path.join(root, "content"), { recursive: true });
  return all
    .map((f) => `content/${f.split(path.sep).join("/")}`)
    .filter((f) => f.endsWith(".json"))
    // Temporary placeholders kept out of git while pages are being built.
    .filter((f) => !path.posix.basename(f).startsWith("_tmp-"))
    .sort();
}

describe('content files\' "$schema"', async () => {
  const files = await contentFiles();

  it("finds the content files", () => {
    expect(files).toEqual(expect.arrayContaining(["content/pages/home.json", "content/collections/services.json"]));
  });

  it.each(files)("%s points at its generated schema", async (file) => {
    const targets = schemaTargets.filter((t) => t.content?.test(file));
    expect(targets.map((t) => t.file), `exactly one generated schema describes ${file}`).toHaveLength(1);
    const expected = path.posix.relative(path.posix.dirname(file), `${JSON_SCHEMA_DIR}/${targets[0]!.file}`);
    const data = JSON.parse(await readFile(path.join(root, file), "utf8")) as { $schema?: unknown };
    expect(data.$schema, `${file} should start with "$schema": "${expected}"`).toBe(expected);
    expect(existsSync(path.join(root, path.dirname(file), expected)), `${expected} exists`).toBe(true);
  });
});
