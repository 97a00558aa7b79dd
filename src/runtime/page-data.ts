/**
 * What a route's loader returns: the page's head tags and its blocks with their loaded
 * data. Computed at build time for every prerendered route, and by the checker for every
 * route, so a block whose data cannot load fails the build rather than a visitor.
 */
import { blocks, type BlockType } from "../blocks/registry.ts";
import type { SiteContent } from "./content/model.ts";
import type { RouteEntry, RouteTable } from "./route-table.ts";
import { breadcrumbList, organization } from "./structured-data.ts";

export interface RenderedBlock {
  type: BlockType;
  props: Record<string, unknown>;
  data: unknown;
}

export interface Head {
  title: string;
  description: string;
  canonical: string;
  image: string;
  noindex: boolean;
  jsonLd: Record<string, unknown>[];
}

export interface PageData {
  path: string;
  notFound: boolean;
  /** Stands in for a path the build did not know (page-context.tsx): its blocks may look it up in the browser. */
  pending: boolean;
  head: Head;
  blocks: RenderedBlock[];
}

export async function pageData(entry: RouteEntry, content: SiteContent, table: RouteTable, { notFound = false, pending = false } = {}): Promise<PageData> {
  const { page } = entry.file;
  const { site } = content;
  const context = { site, collections: content.collections, item: entry.item, path: entry.path, blog: content.blog };
  const rendered = await Promise.all(
    page.blocks.map(async ({ type, ...props }) => {
      const definition = await blocks[type as BlockType].definition();
      const data = definition.load ? await definition.load(props as never, context) : undefined;
      const jsonLd = definition.jsonLd?.(props as never, data as never, context) ?? [];
      return { block: { type: type as BlockType, props, data }, jsonLd };
    }),
  );
  const title = fill(page.meta.title, entry);
  const noindex = notFound || page.meta.noindex === true || page.notFoundFor !== undefined;
  return {
    path: entry.path,
    notFound,
    pending,
    head: {
      title: title.includes(site.name) ? title : `${title} | ${site.name}`,
      description: fill(page.meta.description, entry),
      canonical: site.url + (entry.path === "/" ? "/" : entry.path),
      image: absolute(site.url, page.meta.image ?? "/og/default.jpg"),
      noindex,
      jsonLd: noindex
        ? []
        : [
            organization(site),
            ...breadcrumbList(entry.path, site, (p) => titleOf(table, p)),
            ...rendered.flatMap((r) => r.jsonLd),
            ...(page.meta.jsonLd ?? []),
          ],
    },
    blocks: rendered.map((r) => r.block),
  };
}

const absolute = (origin: string, url: string) => (url.startsWith("/") ? origin + url : url);

/** Fills {field} placeholders from the template item; an unknown field is a content error. */
function fill(text: string, entry: RouteEntry): string {
  return text.replace(/\{(\w+)\}/g, (_, field: string) => {
    const value = entry.item?.[field];
    if (typeof value !== "string") {
      throw new Error(`"{${field}}" in ${entry.file.source.file} is not a text field of the page's item.`);
    }
    return value;
  });
}

function titleOf(table: RouteTable, path: string): string | undefined {
  const entry = table.routes.get(path);
  if (!entry) return undefined;
  return fill(entry.file.page.meta.title, entry).split(" | ")[0];
}
