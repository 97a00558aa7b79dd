/**
 * Reads a Markdown collection (content/{name}/{id}.md): YAML frontmatter validated against
 * the collection's schema, then the text. Every problem comes back as a located content
 * error: YAML syntax, frontmatter values, an empty text, a # heading (the page has its own
 * h1), and {placeholders} that name nothing in the site settings. A locale's translations of
 * the collection (content/translations/<locale>/{name}/{id}.md) are read the same way, with
 * `dir`, `label` and their own frontmatter schema.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { slug } from "../../../schemas/fields.ts";
import type { SiteConfig } from "../../../schemas/site.ts";
import { unknownPlaceholders } from "../../blocks/legal-document/markdown.ts";
import { errors as catalogue, type ErrorData } from "../../errors/catalogue.ts";
import { at as atPosition, type ContentError } from "../../content-files/errors.ts";
import { frontMatterError, readFrontMatter } from "../../content-files/frontmatter.ts";
import { fileLabeller, issueToError } from "../../content-files/issues.ts";
import { locateByKeys, positionAt, type SourceFile } from "../../content-files/source.ts";

export async function readMarkdownCollection(
  root: string,
  name: string,
  frontmatter: z.ZodType,
  site: unknown,
  { dir = path.posix.join("content", name), label: labelOf = (id: string) => `${name[0]!.toUpperCase()}${name.slice(1)} document ${id}` } = {},
): Promise<{ items: Record<string, unknown>[]; errors: ContentError[] }> {
  const files = (await readdir(path.join(root, dir)).catch(() => [] as string[])).filter((f) => f.endsWith(".md")).sort();
  const items: Record<string, unknown>[] = [];
  const errors: ContentError[] = [];
  for (const fileName of files) {
    const file = path.posix.join(dir, fileName);
    const id = fileName.replace(/\.md$/, "");
    const label = labelOf(id);
    const text = await readFile(path.join(root, file), "utf8");
    const at = (offset: number, e: ErrorData, pointer = ""): ContentError => atPosition(file, positionAt(text, offset), label, e, pointer);

    if (!slug.safeParse(id).success) {
      errors.push(at(0, catalogue.InvalidFileName(fileName, "an id", "privacy.md")));
      continue;
    }
    const parsed = readFrontMatter(text);
    if (!parsed.ok) {
      errors.push(at(parsed.problem.offset, frontMatterError(parsed.problem, "the title, summary and lastUpdated lines")));
      continue;
    }

    const source: SourceFile = { file, text, data: parsed.data, locate: (p) => locateByKeys(text, p) };
    const result = frontmatter.safeParse(parsed.data);
    if (!result.success) {
      errors.push(...result.error.issues.map((i) => issueToError(i, source, fileLabeller(label))));
    }

    const { body, bodyOffset } = parsed;
    if (body.trim() === "") {
      errors.push(at(text.length, catalogue.EmptyDocument(), "/body"));
    }
    for (const m of body.matchAll(/^# /gm)) {
      errors.push(at(bodyOffset + m.index, catalogue.TopLevelHeading(), "/body"));
    }
    // Frontmatter texts (the summary) may use placeholders too.
    for (const p of unknownPlaceholders(text, site as SiteConfig)) {
      errors.push(at(p.offset, catalogue.UnknownPlaceholder(p.name)));
    }
    if (result.success) items.push({ ...(result.data as object), id, body });
  }
  return { items, errors };
}
