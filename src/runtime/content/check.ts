/**
 * The content checker: reads every content file, validates it against its schema and
 * checks the site as a whole (unique routes, redirects, references, internal links, that
 * every block's data loads). It reports every error in one run; the build, CI and the
 * runtime all go through it, so what passes here is what the site renders.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { collectionFileSchema, collectionNames, type Collections, idField, markdownCollections } from "../../../schemas/collections/index.ts";
import { pageSchemaFor } from "../../../schemas/page.ts";
import { withKnownIds } from "../../../schemas/references.ts";
import { type SiteConfig, siteConfigSchema } from "../../../schemas/site.ts";
import { blocks, blockTypes, isBlockType } from "../../blocks/registry.ts";
import { buildRouteTable, closestHint, type RouteTable } from "../route-table.ts";
import { pageData } from "../page-data.ts";
import { type ContentError, toPointer } from "./errors.ts";
import { dotted, issueToError, itemLabeller, type Labeller } from "./issues.ts";
import type { PageFile, SiteContent } from "./model.ts";
import { locateByKeys, parseJsonSource, type SourceFile } from "./source.ts";
import { readMarkdownCollection } from "./markdown.ts";
import { checkLocalBlog } from "./blog.ts";
import type { BlogIndex } from "../../../schemas/blog.ts";

export interface CheckOptions {
  /** Project root holding content/ and site.config.ts. */
  root: string;
  /** The site config object (site.config.ts's default export). */
  site: unknown;
  /** The blog from a remote source (WordPress), loaded by the caller; the local blog's files are checked either way. */
  blog?: BlogIndex;
}

export interface CheckResult {
  content?: SiteContent;
  table?: RouteTable;
  errors: ContentError[];
}

const SITE_CONFIG = "site.config.ts";

export async function checkContent({ root, site, blog }: CheckOptions): Promise<CheckResult> {
  const errors: ContentError[] = [];
  const rel = (...parts: string[]) => path.posix.join(...parts);

  // Site config.
  const siteText = await readFile(path.join(root, SITE_CONFIG), "utf8").catch(() => "");
  const siteSource: SourceFile = { file: SITE_CONFIG, text: siteText, data: site, locate: (p) => locateByKeys(siteText, p) };
  const siteResult = siteConfigSchema.safeParse(site);
  if (!siteResult.success) {
    errors.push(...siteResult.error.issues.map((i) => issueToError(i, siteSource, (p) => ["Site config", dotted(p)].filter(Boolean).join(" → "))));
  }

  // Collections, each one file of { items: [...] }.
  const collections = {} as Collections;
  const collectionSources: SiteContent["collectionSources"] = {};
  for (const name of collectionNames) {
    const frontmatter = markdownCollections[name];
    if (frontmatter) {
      const markdown = await readMarkdownCollection(root, name, frontmatter, site);
      errors.push(...markdown.errors);
      (collections as Record<string, unknown[]>)[name] = markdown.items;
      continue;
    }
    const file = rel("content", "collections", `${name}.json`);
    const label = titleCase(name);
    const text = await readFile(path.join(root, file), "utf8").catch(() => undefined);
    (collections as Record<string, unknown[]>)[name] = [];
    if (text === undefined) {
      errors.push({ title: "Missing collection file", message: `${file} does not exist.`, hint: `Create it with { "items": [] } at least.`, file, line: 1, column: 1, pointer: "", label });
      continue;
    }
    const { source, errors: syntax } = parseJsonSource(file, text, label);
    errors.push(...syntax);
    if (!source) continue;
    collectionSources[name] = source;
    const key = idField(name);
    const labeller = itemLabeller(label, (source.data as { items?: unknown })?.items, "items", key);
    const parsed = collectionFileSchema(name).safeParse(source.data);
    if (!parsed.success) {
      errors.push(...parsed.error.issues.map((i) => issueToError(i, source, labeller)));
      continue;
    }
    if (name === "redirects") {
      // The route table reports a redirect listed twice, and locates redirects by index.
      (collections as Record<string, unknown[]>)[name] = parsed.data.items;
      continue;
    }
    const seen = new Set<string>();
    // A duplicate is reported once, here, and left out of the site, so it does not also
    // show up as a duplicate route.
    const unique = parsed.data.items.filter((item, i) => {
      const id = (item as Record<string, string>)[key]!;
      if (seen.has(id)) {
        errors.push(located(source, ["items", i, key], labeller, { title: "Duplicate id", message: `Another item of ${name} already has the ${key} "${id}".`, hint: `Ids are how other content refers to an item: make each ${key} unique.` }));
        return false;
      }
      seen.add(id);
      return true;
    });
    (collections as Record<string, unknown[]>)[name] = unique;
  }

  // The local blog (content/blog/): always checked, used unless a remote blog was loaded.
  const localBlog = await checkLocalBlog(root);
  errors.push(...localBlog.errors);

  // Pages.
  const knownIds = Object.fromEntries(
    collectionNames.map((n) => [n, new Set(collections[n].map((item) => (item as Record<string, string>)[idField(n)]!))]),
  );
  const definitions = Object.fromEntries(await Promise.all(blockTypes.map(async (t) => [t, await blocks[t].definition()] as const)));
  const pageSchema = pageSchemaFor(Object.fromEntries(blockTypes.map((t) => [t, definitions[t]!.schema])));
  const pages: PageFile[] = [];
  // Pages that failed to parse or validate still have a path: links to it are not broken,
  // and links inside them are still checked, so one mistake does not hide or fake others.
  const invalidPages: InvalidPage[] = [];
  const pageDir = path.join(root, "content", "pages");
  const pageFiles = (await readdir(pageDir).catch(() => [])).filter((f) => f.endsWith(".json")).sort();
  for (const name of pageFiles) {
    const file = rel("content", "pages", name);
    const label = `Page ${titleCase(name.replace(/\.json$/, ""))}`;
    const text = await readFile(path.join(pageDir, name), "utf8");
    const { source, errors: syntax } = parseJsonSource(file, text, label);
    errors.push(...syntax);
    if (!source) {
      invalidPages.push({ path: /"path"\s*:\s*"([^"]*)"/.exec(text)?.[1], notFoundFor: /"notFoundFor"\s*:\s*"([^"]*)"/.exec(text)?.[1], label });
      continue;
    }
    const labeller = pageLabeller(label, source.data);
    const unknownBlocks = new Set<number>();
    const rawBlocks = (source.data as { blocks?: unknown })?.blocks;
    if (Array.isArray(rawBlocks)) {
      rawBlocks.forEach((b, i) => {
        const type = (b as { type?: unknown } | null)?.type;
        if (!isBlockType(type)) {
          unknownBlocks.add(i);
          errors.push(located(source, ["blocks", i, "type"], labeller, {
            title: "Unknown block type",
            message: type === undefined ? "This block has no type." : `There is no block type ${JSON.stringify(type)}.`,
            hint: `Expected type to be ${blockTypes.map((t) => `'${t}'`).join(" | ")}.`,
          }));
        }
      });
    }
    const parsed = withKnownIds(knownIds, () => pageSchema.safeParse(source.data));
    if (!parsed.success) {
      const issues = parsed.error.issues.filter((i) => !(i.path[0] === "blocks" && unknownBlocks.has(i.path[1] as number)));
      errors.push(...issues.map((i) => issueToError(i, source, labeller)));
      const raw = source.data as { path?: unknown; notFoundFor?: unknown } | null;
      const str = (v: unknown) => (typeof v === "string" ? v : undefined);
      invalidPages.push({ path: str(raw?.path), notFoundFor: str(raw?.notFoundFor), source, label });
      continue;
    }
    pages.push({ label, page: parsed.data, source });
  }

  // The whole site. With an invalid site config, links and routes are still checked; only
  // rendering needs a valid one.
  const content: SiteContent = { site: siteResult.success ? siteResult.data : (site as SiteConfig), collections, pages, collectionSources, siteSource, blog: blog ?? localBlog.index };
  const { table, errors: routeErrors } = buildRouteTable(content);
  const pending = pendingPaths(invalidPages);
  errors.push(...routeErrors.filter((e) => !(e.title === "Redirect target missing" && pending(redirectTarget(content, e)))));
  if (!table.notFound.some((n) => n.prefix === "/") && !invalidPages.some((p) => p.notFoundFor === "/")) {
    errors.push({ title: "No not-found page", message: 'No page has "notFoundFor": "/".', hint: "Add content/pages/404.json with a not-found block and \"notFoundFor\": \"/\".", file: "content/pages", line: 1, column: 1, pointer: "", label: "Pages" });
  }
  errors.push(...checkLinks(content, table, invalidPages, pending));
  if (!siteResult.success) return { table, errors };
  errors.push(...(await checkBlockData(content, table)));
  return { content, table, errors };
}

/** Matches the paths of pages that exist but have errors of their own (":id" matches any item). */
function pendingPaths(invalid: InvalidPage[]): (path: string | undefined) => boolean {
  const patterns = invalid
    .map((p) => p.path)
    .filter((p): p is string => typeof p === "string" && p.startsWith("/"))
    .map((p) => new RegExp(`^${p.split(":id").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")}$`));
  return (path) => path !== undefined && patterns.some((re) => re.test(path));
}

function redirectTarget(content: SiteContent, e: ContentError): string | undefined {
  const index = Number(/^\/items\/(\d+)\/to$/.exec(e.pointer)?.[1]);
  return Number.isInteger(index) ? content.collections.redirects[index]?.to : undefined;
}

/** A page file with errors of its own: what could still be read of it. */
interface InvalidPage {
  label: string;
  path?: string;
  notFoundFor?: string;
  /** Missing when the file is not valid JSON. */
  source?: SourceFile;
}

function located(source: SourceFile, p: readonly PropertyKey[], label: Labeller, e: Pick<ContentError, "title" | "message" | "hint">): ContentError {
  return { ...e, file: source.file, ...source.locate(p), pointer: toPointer(p), label: label(p) };
}

function pageLabeller(root: string, data: unknown): Labeller {
  return itemLabeller(root, (data as { blocks?: unknown })?.blocks, "blocks", "type", "block");
}

const titleCase = (s: string) => s.split(/[-_]/).map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(" ");

/** Every `href` that is a site path must lead to a page or a redirect. */
function checkLinks(
  content: SiteContent,
  table: RouteTable,
  invalidPages: InvalidPage[],
  pending: (path: string) => boolean,
): ContentError[] {
  const errors: ContentError[] = [];
  const known = [...table.routes.keys(), ...table.redirects.keys()];
  const visit = (value: unknown, p: PropertyKey[], source: SourceFile, label: Labeller) => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...p, i], source, label));
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (k === "href" && typeof v === "string" && v.startsWith("/")) {
          const target = v.replace(/[?#].*$/, "") || "/";
          if (!table.routes.has(target) && !table.redirects.has(target) && !pending(target)) {
            errors.push(located(source, [...p, k], label, { title: "Broken link", message: `No page or redirect has the path ${target}.`, hint: closestHint(target, known) }));
          }
        } else visit(v, [...p, k], source, label);
      }
    }
  };
  visit(content.site, [], content.siteSource, (p) => ["Site config", dotted(p)].filter(Boolean).join(" → "));
  for (const file of [...content.pages, ...invalidPages]) {
    if (file.source) visit(file.source.data, [], file.source, pageLabeller(file.label, file.source.data));
  }
  for (const [name, source] of Object.entries(content.collectionSources)) {
    visit(source.data, [], source, itemLabeller(titleCase(name), (source.data as { items?: unknown }).items, "items", idField(name as keyof Collections)));
  }
  return errors;
}

/** Runs every block's data loader for every route, as the build will. */
async function checkBlockData(content: SiteContent, table: RouteTable): Promise<ContentError[]> {
  const errors: ContentError[] = [];
  for (const entry of table.routes.values()) {
    try {
      await pageData(entry, content, table);
    } catch (error) {
      errors.push({
        title: "Block data failed to load",
        message: `Rendering ${entry.path}: ${error instanceof Error ? error.message : String(error)}`,
        hint: "Check the block's props and the collection items it refers to.",
        file: entry.file.source.file,
        line: 1,
        column: 1,
        pointer: "/blocks",
        label: `${entry.file.label} → blocks`,
      });
    }
  }
  return errors;
}
