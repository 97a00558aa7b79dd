/**
 * Reads a Markdown collection (content/{name}/{id}.md): YAML frontmatter validated against
 * the collection's schema, then the text. Every problem comes back as a located content
 * error: YAML syntax, frontmatter values, an empty text, a # heading (the page has its own
 * h1), and {placeholders} that name nothing in site.config.ts.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { slug } from "../../../schemas/fields.ts";
import type { SiteConfig } from "../../../schemas/site.ts";
import { unknownPlaceholders } from "../markdown.ts";
import type { ContentError } from "./errors.ts";
import { invalidFrontMatter, readFrontMatter } from "./frontmatter.ts";
import { dotted, issueToError } from "./issues.ts";
import { locateByKeys, positionAt, type SourceFile } from "./source.ts";

export async function readMarkdownCollection(
  root: string,
  name: string,
  frontmatter: z.ZodType,
  site: unknown,
): Promise<{ items: Record<string, unknown>[]; errors: ContentError[] }> {
  const dir = path.posix.join("content", name);
  const files = (await readdir(path.join(root, dir)).catch(() => [] as string[])).filter((f) => f.endsWith(".md")).sort();
  const items: Record<string, unknown>[] = [];
  const errors: ContentError[] = [];
  for (const fileName of files) {
    const file = path.posix.join(dir, fileName);
    const id = fileName.replace(/\.md$/, "");
    const label = `${name[0]!.toUpperCase()}${name.slice(1)} document ${id}`;
    const text = await readFile(path.join(root, file), "utf8");
    const at = (offset: number, e: Pick<ContentError, "title" | "message" | "hint">, pointer = ""): ContentError => ({
      ...e,
      file,
      ...positionAt(text, offset),
      pointer,
      label,
    });

    if (!slug.safeParse(id).success) {
      errors.push(at(0, { title: "Invalid file name", message: `"${fileName}" cannot be an id.`, hint: "Name the file with lowercase letters, digits and single hyphens, e.g. privacy.md." }));
      continue;
    }
    const parsed = readFrontMatter(text);
    if (!parsed.ok) {
      const { problem } = parsed;
      errors.push(
        problem.kind === "missing"
          ? at(0, { title: "Missing frontmatter", message: problem.message, hint: "Start the file with ---, the title, summary and lastUpdated lines, and another ---." })
          : at(problem.offset, invalidFrontMatter(problem)),
      );
      continue;
    }

    const source: SourceFile = { file, text, data: parsed.data, locate: (p) => locateByKeys(text, p) };
    const result = frontmatter.safeParse(parsed.data);
    if (!result.success) {
      errors.push(...result.error.issues.map((i) => issueToError(i, source, (p) => [label, dotted(p)].filter(Boolean).join(" → "))));
    }

    const { body, bodyOffset } = parsed;
    if (body.trim() === "") {
      errors.push(at(text.length, { title: "Empty document", message: "There is no text after the frontmatter.", hint: "Write the document below the closing ---." }, "/body"));
    }
    for (const m of body.matchAll(/^# /gm)) {
      errors.push(at(bodyOffset + m.index, { title: "Top-level heading", message: "A # heading would be a second page title.", hint: "Use ## for sections and ### below them; the page shows the frontmatter title as its heading." }, "/body"));
    }
    // Frontmatter texts (the summary) may use placeholders too.
    for (const p of unknownPlaceholders(text, site as SiteConfig)) {
      errors.push(at(p.offset, {
        title: "Unknown placeholder",
        message: `{${p.name}} does not name a text value of site.config.ts.`,
        hint: "Use a path into the site config such as {contact.legalEmail}, {contact.email}, {contact.phone} or {name}.",
      }));
    }
    if (result.success) items.push({ ...(result.data as object), id, body });
  }
  return { items, errors };
}
