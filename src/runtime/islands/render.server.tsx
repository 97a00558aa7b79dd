/**
 * Build time (and the dev server): a page is rendered with its islands left empty; then each
 * island is rendered as a React root of its own (IslandRoot, exactly the tree the browser
 * hydrates) and written into its element. Islands found in an island's static children are
 * rendered the same way, after it. Every render shares the page's Emotion cache, so a style
 * is written once per page (head-styles.ts later moves them all into <head>), and each
 * island's useId values carry its own prefix, so no two roots of a page share an id.
 */
import type { EmotionCache } from "@emotion/cache";
import type { ComponentType, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IslandStyles, PageStyleCache, StyleProvider } from "../../styles/provider.tsx";
import { type IslandCollector, IslandCollectorContext, IslandRoot, type PendingIsland, ServerSlot } from "../../page/Island.tsx";
import { ATTR, ISLAND_TAG } from "../../page/island-markup.ts";
import type { IslandRegistry } from "../../page/define-island.ts";

export interface PageIslands extends IslandCollector {
  /** The page's Emotion cache, shared with the islands' renders. */
  cache: EmotionCache;
  /** The islands noted since the last call. */
  take(): PendingIsland[];
}

export function collectIslands(cache: EmotionCache): PageIslands {
  let pending: PendingIsland[] = [];
  let count = 0;
  return {
    cache,
    add(island) {
      const id = `i${++count}-`;
      pending.push({ ...island, id });
      return id;
    },
    take() {
      const batch = pending;
      pending = [];
      return batch;
    },
  };
}

/** Loads every island's module, so none suspends while a page renders. */
export const preloadIslands = (islands: IslandRegistry) => Promise.all([...islands.values()].map((island) => island.load()));

/** Renders the page's islands into its HTML (`html` is the page rendered with them empty). */
export function renderIslands(html: string, page: PageIslands): string {
  let out = html;
  // A root of its own has no <head>: React writes what an island preloads (react-dom's
  // `preload`: a listing's first picture, ui/Picture.tsx) at the start of the island's HTML,
  // where the parser finds it no sooner than the picture itself. It goes into the page's <head>,
  // once: two islands, or an island and the page, may preload the same picture.
  const headEnd = html.indexOf("</head>");
  const preloads = new Set<string>();
  for (let batch = page.take(); batch.length > 0; batch = page.take()) {
    for (const island of batch) {
      const markup = renderIsland(island, page);
      const hoisted = headEnd === -1 ? "" : (PRELOADS.exec(markup)?.[0] ?? "");
      for (const link of hoisted.match(PRELOAD) ?? []) preloads.add(link);
      out = fill(out, island.id, markup.slice(hoisted.length));
    }
  }
  const head = html.slice(0, headEnd);
  const links = [...preloads].filter((link) => !head.includes(link)).join("");
  if (!links) return out;
  // Early in <head>, beside the page's own preloads: after the viewport's <meta>, where React
  // writes them, else at its end (the islands are all after it: the position still holds).
  const viewport = /<meta name="viewport"[^>]*>/.exec(html);
  const at = viewport && viewport.index < headEnd ? viewport.index + viewport[0].length : headEnd;
  return out.slice(0, at) + links + out.slice(at);
}

const PRELOAD = /<link rel="preload"[^>]*>/g;
const PRELOADS = /^(?:<link rel="preload"[^>]*>)+/;

function renderIsland({ id, definition, props, children }: PendingIsland, page: PageIslands): string {
  const Component = definition.current as ComponentType<Record<string, unknown>> | undefined;
  if (!Component) throw new Error(`Island "${definition.name}" was rendered before its module loaded (preloadIslands).`);
  // A styled island renders within the Chakra system; a plain one only needs it for its static children.
  const slot: ReactNode =
    children === undefined ? undefined : <ServerSlot>{definition.styled ? children : <StyleProvider globals={false}>{children}</StyleProvider>}</ServerSlot>;
  return renderToString(
    <IslandCollectorContext value={page}>
      <PageStyleCache value={page.cache}>
        <IslandRoot Component={Component} props={props} slot={slot} Wrap={definition.styled ? IslandStyles : undefined} />
      </PageStyleCache>
    </IslandCollectorContext>,
    { identifierPrefix: id },
  );
}

/** Writes an island's HTML into its (so far empty) element. */
function fill(html: string, id: string, inner: string): string {
  const start = new RegExp(`<${ISLAND_TAG}\\b[^>]*\\s${ATTR.id}="${id}"[^>]*>`).exec(html);
  const close = `</${ISLAND_TAG}>`;
  if (!start || !html.startsWith(close, start.index + start[0].length)) {
    throw new Error(`The element of island ${id} is missing from the page, or not empty.`);
  }
  const at = start.index + start[0].length;
  return html.slice(0, at) + inner + html.slice(at);
}
