/**
 * Runs the content checker on a copy of the fixture site (tests/content/fixtures/site) in a
 * temporary directory, with some of its files replaced by broken ones.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { collectionNames } from "../../schemas/collections/index.ts";
import { checkContent, type SiteCheck } from "../../src/runtime/content/check.ts";
import type { SiteConfig } from "../../schemas/site.ts";

export const FIXTURES = path.join(import.meta.dirname, "fixtures");

/** The fixture site's settings (content/site.json), for a test to change and write back. */
export const fixtureSite = JSON.parse(readFileSync(path.join(FIXTURES, "site", "content", "site.json"), "utf8")) as SiteConfig & { $schema: string };

/** A broken file from tests/content/fixtures/broken/. */
export const broken = (name: string) => readFile(path.join(FIXTURES, "broken", name), "utf8");

/** A translation fixture's text from tests/content/fixtures/translated/. */
export const translatedFixture = (name: string) => readFileSync(path.join(FIXTURES, "translated", name), "utf8");

export interface FixtureOptions {
  /** Files to write over the fixture site: path relative to the site root → text. */
  files?: Record<string, string | Promise<string>>;
  /** Files of the fixture site to delete: paths relative to the site root. */
  remove?: string[];
}

export async function checkFixture({ files = {}, remove = [] }: FixtureOptions = {}): Promise<SiteCheck> {
  const root = await mkdtemp(path.join(os.tmpdir(), "content-check-"));
  try {
    await cp(path.join(FIXTURES, "site"), root, { recursive: true });
    // Collections the fixture does not use are empty, so a new collection does not break it.
    for (const name of collectionNames) {
      const file = path.join(root, "content", "collections", `${name}.json`);
      if (!existsSync(file)) await writeFile(file, '{ "items": [] }\n');
    }
    for (const file of remove) await rm(path.join(root, file), { recursive: true });
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), await text);
    }
    return await checkContent({ root });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
