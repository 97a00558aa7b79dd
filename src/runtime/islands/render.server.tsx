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
  for (let batch = page.take(); batch.length > 0; batch = page.take()) {
    for (const island of batch) out = fill(out, island.id, renderIsland(island, page));
  }
  return out;
}

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
